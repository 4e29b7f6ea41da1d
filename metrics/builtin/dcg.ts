/**
 * Discounted cumulative gain, as trec_eval's `dcg`.
 *
 * @module
 */

import type { JudgedRanking } from "../judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { depthOf } from "./_shared.ts";
import { GAIN_PARAM } from "./_trec.ts";
import { gainFunction } from "./ndcg.ts";

/**
 * DCG of the top `cutoff` documents: the sum of gain / log2(rank + 1), in
 * rank order.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../judged_ranking.ts";
 * import { dcgOf } from "./dcg.ts";
 * const r = JudgedRanking.from("q", ["a", "b"], new Map([["a", 0], ["b", 1]]));
 * console.log(dcgOf(r, undefined, (g) => Math.max(g, 0))); // 0.6309297535714575
 * ```
 *
 * @param ranking The ranking.
 * @param cutoff The depth, if any.
 * @param gain Grade to gain.
 * @returns DCG.
 */
export function dcgOf(
  ranking: JudgedRanking,
  cutoff: number | undefined,
  gain: (grade: number) => number,
): number {
  const depth = depthOf(ranking, cutoff);
  const grades = ranking.grades;
  let dcg = 0;
  for (let i = 0; i < depth; i++) {
    const g = gain(grades[i]);
    if (g !== 0) dcg += g / Math.log2(i + 2);
  }
  return dcg;
}

/** `dcg(gain=...)@k`: discounted cumulative gain. */
export const dcg: MetricDefinition = {
  name: "dcg",
  aliases: ["DCG"],
  description: "discounted cumulative gain, gain/log2(rank+1) (trec_eval dcg)",
  params: { gain: GAIN_PARAM },
  create: (params, cutoff) => {
    const gain = gainFunction(params.gain);
    return (ranking) => dcgOf(ranking, cutoff, gain);
  },
};
