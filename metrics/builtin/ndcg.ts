/**
 * Normalized discounted cumulative gain, as trec_eval's `ndcg` and `ndcg_cut`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import {
  dcgOf,
  finiteSum,
  gainFunction,
  idealGains,
  linearGain,
} from "./_gain.ts";
import { GAIN_PARAM } from "./_trec.ts";
import { atCutoffs, STANDARD_CUTOFFS } from "./_trec_eval.ts";

/**
 * nDCG of a ranking: DCG of its top `cutoff` over the DCG of the ideal
 * order of every judged document of the query, cut at the same depth.
 * Summed in rank order, as trec_eval does, so the last digit matches.
 *
 * @example
 * ```ts
 * import { ndcgOf } from "./ndcg.ts";
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * const r = JudgedRanking.from("q", ["a", "b"], new Map([["a", 0], ["b", 1]]));
 * console.log(ndcgOf(r, undefined, (g) => g).toFixed(4)); // "0.6309"
 * ```
 *
 * @param ranking The ranking.
 * @param cutoff The depth, if any.
 * @param gain The grade-to-gain function.
 * @returns nDCG, 0 when the ideal DCG is 0.
 */
export function ndcgOf(
  ranking: JudgedRanking,
  cutoff: number | undefined,
  gain: (grade: number) => number,
): number {
  const dcg = dcgOf(ranking, cutoff, gain);
  if (dcg === 0) return 0;
  const ideal = gain === linearGain
    ? ranking.judgedGrades
    : idealGains(ranking, gain);
  const idealDepth = cutoff === undefined || cutoff > ideal.length
    ? ideal.length
    : cutoff;
  let idcg = 0;
  // judgedGrades may end in zeros, which add nothing.
  for (let i = 0; i < idealDepth && ideal[i] > 0; i++) {
    idcg += ideal[i] / Math.log2(i + 2);
  }
  return idcg > 0 ? dcg / finiteSum(ranking, gain, idcg) : 0;
}

/** `ndcg[(gain=linear|exp|{grade:gain,...})][@k]`. */
export const ndcg: MetricDefinition = {
  name: "ndcg",
  peers: ["trec_eval", "ranx"],
  aliases: [
    { name: "nDCG", peer: "ir_measures", paramNames: { gains: "gain" } },
    { name: "ndcg_cut_", peer: "trec_eval" },
    { name: "ndcg_burges", peer: "ranx", params: { gain: "exp" } },
  ],
  description:
    "normalized discounted cumulative gain; ideal from all judged documents (trec_eval ndcg, ndcg_cut)",
  params: {
    gain: GAIN_PARAM,
    dcg: {
      type: "string",
      description:
        "log2 (the gain parameter) or exp-log2 (gain 2^grade-1, gdeval's, as ir_measures' nDCG(dcg='exp-log2'))",
      default: "log2",
      choices: ["log2", "exp-log2"],
    },
  },
  readsToCutoff: true,
  trecEval: [
    {
      name: "ndcg",
      params: "pairs",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "ndcg(gain={level:gain,...})",
      bind: ({ gain }) => {
        const score = ndcg.create({ gain }, undefined);
        return (r) => [score(r)];
      },
    },
    {
      name: "ndcg_cut",
      params: "long_cutoffs",
      defaults: STANDARD_CUTOFFS,
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "ndcg@k",
      bind: atCutoffs((k) => ndcg.create({ gain: "linear" }, k)),
    },
  ],
  create: (params, cutoff) => {
    if (params.dcg === "exp-log2" && params.gain !== "linear") {
      throw new RangeError(
        `Metric "ndcg" takes a gain or dcg=exp-log2, not both, got gain=${
          JSON.stringify(params.gain)
        }`,
      );
    }
    const gain = gainFunction(params.dcg === "exp-log2" ? "exp" : params.gain);
    return (ranking) => ndcgOf(ranking, cutoff, gain);
  },
};
