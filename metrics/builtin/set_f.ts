/**
 * The F measure of the retrieved set, as trec_eval's `set_F`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { relevantRetrieved } from "./_trec.ts";
import { atLevel, levelOf, REL_PARAM } from "./_shared.ts";

/**
 * (x + 1)·P·R / (x·P + R) with P and R the set precision and recall; x is
 * the weight of recall against precision (β² of the usual F_β). 0 when
 * nothing relevant is retrieved.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { setF } from "./set_f.ts";
 * const r = JudgedRanking.from("q", ["a", "x"], new Map([["a", 1], ["b", 1]]));
 * console.log(setF(r, 1)); // 0.5
 * ```
 *
 * @param ranking The ranking.
 * @param x The weight of recall (β²).
 * @returns set_F.
 */
export function setF(ranking: JudgedRanking, x: number): number {
  const level = ranking.relevanceLevel;
  const k = relevantRetrieved(ranking, level);
  if (!k) return 0;
  const precision = k / ranking.grades.length;
  const recall = k / ranking.numRel(level);
  return (x + 1) * precision * recall / (x * precision + recall);
}

/** `set_F(beta2=1)`: F measure of the retrieved set. */
export const setFMetric: MetricDefinition = {
  name: "set_F",
  peers: ["trec_eval"],
  aliases: [
    "set_f1",
    { name: "SetF", peer: "ir_measures", paramNames: { beta: "beta2" } },
  ],
  description:
    "F measure of the retrieved set, beta2 weighting recall (trec_eval set_F)",
  params: {
    beta2: {
      type: "number",
      description: "weight of recall against precision (beta squared)",
      default: 1,
      min: 0,
    },
    rel: REL_PARAM,
  },
  cutoff: "none",
  trecEval: [
    {
      name: "set_F",
      params: "doubles",
      defaults: [1],
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "set_F(beta2=x)",
      bind: ({ numbers }) => (r) => [setF(r, numbers[0])],
    },
  ],
  create: (params) => {
    const x = params.beta2 as number;
    return (ranking) => setF(atLevel(ranking, levelOf(params, ranking)), x);
  },
};
