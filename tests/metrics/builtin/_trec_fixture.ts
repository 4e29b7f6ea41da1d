/**
 * The ranking the kernel tests work by hand: six retrieved documents with
 * grades 1, unjudged, 0, 2, negative (pooled unjudged), 1; three more judged
 * documents not retrieved (grades 1, 0, 3). With relevance level 1: R = 5,
 * relevant retrieved at ranks 1, 4 and 6, judged grades 3 2 1 1 1 0 0.
 *
 * @module
 */

import { JudgedRanking } from "../../../model/judged_ranking.ts";

/** The hand-worked ranking. */
export const RANKING: JudgedRanking = JudgedRanking.from(
  "q",
  ["d1", "d2", "d3", "d4", "d5", "d6"],
  new Map([
    ["d1", 1],
    ["d3", 0],
    ["d4", 2],
    ["d5", -1],
    ["d6", 1],
    ["d7", 1],
    ["d8", 0],
    ["d9", 3],
  ]),
);

/** A ranking with nothing retrieved (trec_eval `-J` can leave one). */
export const EMPTY: JudgedRanking = JudgedRanking.from(
  "e",
  [],
  new Map([["a", 1]]),
);

/** Linear gains, 0 for negative grades. */
export const linear = (g: number): number => (g > 0 ? g : 0);
