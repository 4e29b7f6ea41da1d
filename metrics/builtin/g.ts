/**
 * Normalized gain G, as trec_eval's experimental `G`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { GAIN_PARAM } from "./_trec.ts";
import { finiteSum, gainFunction, idealGains } from "./_gain.ts";
import { gained } from "./_trec_eval.ts";

/**
 * G: each retrieved document adds its gain / log2(2 + cost − gain so far),
 * where the cost grows by the ideal gain at that rank (at least 1); the sum
 * is divided by the total ideal gain.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { normalizedGain } from "./g.ts";
 * const r = JudgedRanking.from("q", ["a", "b"], new Map([["a", 2], ["b", 1]]));
 * console.log(normalizedGain(r, (g) => Math.max(g, 0))); // 1
 * ```
 *
 * @param ranking The ranking.
 * @param gain Grade to gain.
 * @returns G.
 */
export function normalizedGain(
  ranking: JudgedRanking,
  gain: (grade: number) => number,
): number {
  const ideal = idealGains(ranking, gain);
  const grades = ranking.grades;
  let total = 0, gained = 0, cost = 0;
  for (let i = 0; i < grades.length; i++) {
    const g = gain(grades[i]);
    gained += g;
    const best = i < ideal.length ? ideal[i] : 0;
    cost += best >= 1 ? best : 1;
    if (g !== 0) total += g / Math.log2(2 + cost - gained);
  }
  let idealTotal = 0;
  for (const g of ideal) idealTotal += g;
  return idealTotal > 0
    ? finiteSum(ranking, gain, total) / finiteSum(ranking, gain, idealTotal)
    : 0;
}

/** `G(gain=...)`: normalized gain. */
export const gMetric: MetricDefinition = {
  name: "G",
  peers: ["trec_eval"],
  description:
    "gain discounted by the shortfall from the ideal gain so far (trec_eval G)",
  params: { gain: GAIN_PARAM },
  cutoff: "none",
  trecEval: [
    {
      name: "G",
      params: "pairs",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "G(gain={level:gain,...})",
      bind: gained(normalizedGain),
    },
  ],
  create: (params) => {
    const gain = gainFunction(params.gain);
    return (ranking) => normalizedGain(ranking, gain);
  },
};
