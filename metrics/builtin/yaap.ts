/**
 * Yet another average precision (Robertson, 2012), as trec_eval's `yaap`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { single } from "./_trec_eval.ts";

/**
 * log((1 + S) / (1 + R − S)), S the sum of precision at each relevant
 * retrieved document (AP before dividing by R).
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { yetAnotherAp } from "./yaap.ts";
 * const r = JudgedRanking.from("q", ["a"], new Map([["a", 1]]));
 * console.log(yetAnotherAp(r)); // 0.6931471805599453
 * ```
 *
 * @param ranking The ranking.
 * @returns yaap.
 */
export function yetAnotherAp(ranking: JudgedRanking): number {
  const level = ranking.relevanceLevel;
  const grades = ranking.grades;
  let found = 0, sum = 0;
  for (let i = 0; i < grades.length; i++) {
    if (grades[i] >= level) sum += ++found / (i + 1);
  }
  return Math.log((1 + sum) / (1 + ranking.numRel(level) - sum));
}

/** `yaap`: a log-odds form of AP that averages better over queries. */
export const yaap: MetricDefinition = {
  name: "yaap",
  peers: ["trec_eval"],
  description: "log((1+S)/(1+R-S)), S the unnormalized AP sum (trec_eval yaap)",
  cutoff: "none",
  trecEval: [
    {
      name: "yaap",
      params: "none",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "yaap",
      bind: single(yetAnotherAp),
    },
  ],
  create: () => yetAnotherAp,
};
