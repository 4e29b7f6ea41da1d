/**
 * Parameter specs and helpers shared by the built-in metric definitions.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { Params, ParamSpec } from "../metric.ts";

/** The `rel` parameter: the grade from which a document counts as relevant. */
export const REL_PARAM: ParamSpec = {
  type: "number",
  description:
    "grade from which a document is relevant (default: the evaluation's relevance level, 1)",
  // Below 0 a level would count unjudged documents (grades -1 and -2) as
  // relevant in the ranking but not in R: recall and AP above 1.
  min: 0,
};

/**
 * The relevance threshold a metric uses: its own `rel`, else the ranking's.
 *
 * @param params The bound parameters.
 * @param ranking The ranking.
 * @returns The threshold.
 */
export function levelOf(params: Params, ranking: JudgedRanking): number {
  const rel = params.rel;
  return typeof rel === "number" ? rel : ranking.relevanceLevel;
}

/**
 * How many ranked documents a cutoff keeps.
 *
 * @param ranking The ranking.
 * @param cutoff The cutoff, if any.
 * @returns min(n, k), or n without a cutoff.
 */
export function depthOf(
  ranking: JudgedRanking,
  cutoff: number | undefined,
): number {
  const n = ranking.grades.length;
  return cutoff === undefined || cutoff > n ? n : cutoff;
}

/**
 * The number of relevant documents in the top `depth` ranks.
 *
 * @param grades Grades in rank order.
 * @param depth How many ranks to look at.
 * @param level The relevance threshold.
 * @returns The count.
 */
export function relevantIn(
  grades: Float64Array,
  depth: number,
  level: number,
): number {
  let count = 0;
  for (let i = 0; i < depth; i++) if (grades[i] >= level) count++;
  return count;
}
