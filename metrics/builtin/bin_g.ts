/**
 * Binary G, as trec_eval's experimental `binG`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { single } from "./_trec_eval.ts";

/**
 * The sum over relevant retrieved documents of 1 / log2(2 + the nonrelevant
 * documents ranked above it), divided by R.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { binaryG } from "./bin_g.ts";
 * const r = JudgedRanking.from("q", ["x", "a"], new Map([["a", 1]]));
 * console.log(binaryG(r)); // 0.6309297535714575
 * ```
 *
 * @param ranking The ranking.
 * @returns binG.
 */
export function binaryG(ranking: JudgedRanking): number {
  const level = ranking.relevanceLevel;
  const grades = ranking.grades;
  let relSoFar = 0, sum = 0;
  for (let i = 0; i < grades.length; i++) {
    if (grades[i] >= level) {
      relSoFar++;
      sum += 1 / Math.log2(3 + i - relSoFar);
    }
  }
  return relSoFar ? sum / ranking.numRel(level) : 0;
}

/** `binG`: binary G. */
export const binG: MetricDefinition = {
  name: "binG",
  peers: ["trec_eval"],
  aliases: ["bin_g"],
  description:
    "mean over relevant docs of 1/log2(2 + nonrelevant above it) (trec_eval binG)",
  cutoff: "none",
  trecEval: [
    {
      name: "binG",
      params: "none",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "binG",
      bind: single(binaryG),
    },
  ],
  create: () => binaryG,
};
