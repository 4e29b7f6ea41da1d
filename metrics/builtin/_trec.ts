/**
 * Helpers shared by the metrics that mirror trec_eval's arithmetic.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { ParamSpec } from "../metric.ts";

/**
 * trec_eval's `num_rel_ret`: ranked documents with a judged grade (0 or
 * more) of at least `level`.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { relevantRetrieved } from "./_trec.ts";
 * const r = JudgedRanking.from("q", ["a", "x", "b"], new Map([["a", 1], ["b", 0]]));
 * console.log(relevantRetrieved(r, 1)); // 1
 * ```
 *
 * @param ranking The ranking.
 * @param level The relevance threshold.
 * @returns The count.
 */
export function relevantRetrieved(
  ranking: JudgedRanking,
  level: number,
): number {
  const grades = ranking.grades;
  let count = 0;
  for (let i = 0; i < grades.length; i++) {
    if (grades[i] >= 0 && grades[i] >= level) count++;
  }
  return count;
}

/**
 * C `lround`: the nearest integer, halves away from zero.
 *
 * @example
 * ```ts
 * import { lround } from "./_trec.ts";
 * console.log(lround(2.5), lround(-2.5), lround(0.49999999999999994)); // 3 -3 0
 * ```
 *
 * @param x The number.
 * @returns The rounded integer.
 */
export function lround(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** The `gain` parameter of the gain-based metrics, as `ndcg` takes it. */
export const GAIN_PARAM: ParamSpec = {
  type: "gains",
  description: "linear (grade), exp (2^grade-1) or a map {grade:gain,...}",
  default: "linear",
  choices: ["linear", "exp"],
};

/** The persistence parameter of the RBP variants that mirror trec_eval. */
export const PERSISTENCE_PARAM: ParamSpec = {
  type: "number",
  description: "persistence: chance of looking at the next document",
  default: 0.9,
  min: 0,
  max: 1,
  exclusiveMin: true,
  exclusiveMax: true,
};
