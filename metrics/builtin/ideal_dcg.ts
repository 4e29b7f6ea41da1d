/**
 * Ideal discounted cumulative gain, as trec_eval's `ideal_dcg`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { GAIN_PARAM } from "./_trec.ts";
import { finiteSum, gainFunction, idealGains } from "./_gain.ts";
import { gained } from "./_trec_eval.ts";

/**
 * The DCG of the best possible ranking of every judged document (positive
 * gains, highest first), cut at `cutoff`.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { idealDcgOf } from "./ideal_dcg.ts";
 * const r = JudgedRanking.from("q", [], new Map([["a", 1], ["b", 1]]));
 * console.log(idealDcgOf(r, undefined, (g) => Math.max(g, 0))); // 1.6309297535714575
 * ```
 *
 * @param ranking The ranking (only its judgements matter).
 * @param cutoff The depth, if any.
 * @param gain Grade to gain.
 * @returns The ideal DCG.
 */
export function idealDcgOf(
  ranking: JudgedRanking,
  cutoff: number | undefined,
  gain: (grade: number) => number,
): number {
  const ideal = idealGains(ranking, gain);
  const depth = cutoff === undefined || cutoff > ideal.length
    ? ideal.length
    : cutoff;
  let sum = 0;
  for (let i = 0; i < depth; i++) sum += ideal[i] / Math.log2(i + 2);
  return finiteSum(ranking, gain, sum);
}

/** `ideal_dcg(gain=...)@k`: the DCG of the ideal ranking. */
export const idealDcg: MetricDefinition = {
  name: "ideal_dcg",
  peers: ["trec_eval"],
  aliases: ["idcg"],
  description:
    "DCG of the ideal ordering of all judged docs (trec_eval ideal_dcg)",
  params: { gain: GAIN_PARAM },
  trecEval: [
    {
      name: "ideal_dcg",
      params: "pairs",
      print: "double",
      summary: "mean",
      perTopic: true,
      since10: true,
      spec: "ideal_dcg(gain={level:gain,...})",
      bind: gained((r, gains) => idealDcgOf(r, undefined, gains)),
    },
  ],
  create: (params, cutoff) => {
    const gain = gainFunction(params.gain);
    return (ranking) => idealDcgOf(ranking, cutoff, gain);
  },
};
