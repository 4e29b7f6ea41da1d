/**
 * The count of judged nonrelevant documents retrieved, as trec_eval's
 * `num_nonrel_judged_ret`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { relevantRetrieved } from "./_trec.ts";
import { single } from "./_trec_eval.ts";

/**
 * Retrieved documents judged (grade 0 or more) but below the relevance level.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { nonrelevantJudgedRetrieved } from "./num_nonrel_judged_ret.ts";
 * const r = JudgedRanking.from("q", ["a", "b", "x"], new Map([["a", 1], ["b", 0]]));
 * console.log(nonrelevantJudgedRetrieved(r)); // 1
 * ```
 *
 * @param ranking The ranking.
 * @returns The count.
 */
export function nonrelevantJudgedRetrieved(ranking: JudgedRanking): number {
  let judged = 0;
  for (const grade of ranking.grades) if (grade >= 0) judged++;
  return judged - relevantRetrieved(ranking, ranking.relevanceLevel);
}

/** `num_nonrel_judged_ret`: judged nonrelevant documents retrieved; summed over queries. */
export const numNonrelJudgedRet: MetricDefinition = {
  name: "num_nonrel_judged_ret",
  peers: ["trec_eval"],
  description:
    "number of judged nonrelevant docs retrieved; summed over queries",
  cutoff: "none",
  aggregate: "sum",
  trecEval: [
    {
      name: "num_nonrel_judged_ret",
      params: "none",
      print: "long",
      summary: "sum",
      perTopic: true,
      spec: "num_nonrel_judged_ret",
      bind: single(nonrelevantJudgedRetrieved),
    },
  ],
  create: () => nonrelevantJudgedRetrieved,
};
