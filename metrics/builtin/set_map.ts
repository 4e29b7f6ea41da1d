/**
 * Unranked set average precision, as trec_eval's `set_map`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { relevantRetrieved } from "./_trec.ts";
import { atLevel, levelOf, REL_PARAM } from "./_shared.ts";
import { single } from "./_trec_eval.ts";

/**
 * Set precision times set recall, k² / (n·R): k relevant retrieved, n
 * retrieved, R relevant judged. 0 when n or R is 0.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { setMap } from "./set_map.ts";
 * const r = JudgedRanking.from("q", ["a", "x"], new Map([["a", 1], ["b", 1]]));
 * console.log(setMap(r)); // 0.25
 * ```
 *
 * @param ranking The ranking.
 * @returns set_map.
 */
export function setMap(ranking: JudgedRanking): number {
  const level = ranking.relevanceLevel;
  const n = ranking.grades.length;
  const numRel = ranking.numRel(level);
  if (!n || !numRel) return 0;
  const k = relevantRetrieved(ranking, level);
  return (k * k) / (n * numRel);
}

/** `set_map`: unranked average precision of the retrieved set. */
export const setMapMetric: MetricDefinition = {
  name: "set_map",
  peers: ["trec_eval"],
  aliases: [{ name: "SetAP", peer: "ir_measures" }],
  description: "set precision times set recall, k^2/(n R) (trec_eval set_map)",
  params: { rel: REL_PARAM },
  cutoff: "none",
  trecEval: [
    {
      name: "set_map",
      params: "none",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "set_map",
      bind: single(setMap),
    },
  ],
  create: (params) => (ranking) =>
    setMap(atLevel(ranking, levelOf(params, ranking))),
};
