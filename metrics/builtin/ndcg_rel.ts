/**
 * nDCG averaged at relevant documents, as trec_eval's experimental
 * `ndcg_rel`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { GAIN_PARAM } from "./_trec.ts";
import { finiteSum, gainFunction, idealGains } from "./_gain.ts";
import { gained } from "./_trec_eval.ts";

/**
 * The mean of nDCG taken at each retrieved document with a positive gain;
 * each relevant document not retrieved contributes the final DCG over the
 * full ideal DCG. The mean is over the judged documents with positive gain.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { ndcgAtRelevant } from "./ndcg_rel.ts";
 * const r = JudgedRanking.from("q", ["a", "b"], new Map([["a", 1], ["b", 1]]));
 * console.log(ndcgAtRelevant(r, (g) => Math.max(g, 0))); // 1
 * ```
 *
 * @param ranking The ranking.
 * @param gain Grade to gain.
 * @returns ndcg_rel.
 */
export function ndcgAtRelevant(
  ranking: JudgedRanking,
  gain: (grade: number) => number,
): number {
  const ideal = idealGains(ranking, gain);
  const grades = ranking.grades;
  const n = grades.length;
  let dcg = 0, idcg = 0, sum = 0, relevant = 0, found = 0;
  for (let i = 0; i < n; i++) {
    const g = gain(grades[i]);
    if (g !== 0) dcg += g / Math.log2(i + 2);
    if (i < ideal.length) {
      relevant++;
      idcg += ideal[i] / Math.log2(i + 2);
    }
    if (g > 0) {
      sum += dcg / idcg;
      found++;
    }
  }
  for (let i = n; i < ideal.length; i++) {
    relevant++;
    idcg += ideal[i] / Math.log2(i + 2);
  }
  // The sums only grow: finite at the end, finite all along.
  finiteSum(ranking, gain, dcg + idcg);
  sum += (relevant - found) * dcg / idcg;
  return sum > 0 ? sum / relevant : 0;
}

/** `ndcg_rel(gain=...)`: nDCG averaged over relevant documents. */
export const ndcgRel: MetricDefinition = {
  name: "ndcg_rel",
  peers: ["trec_eval"],
  description:
    "nDCG averaged at each relevant doc, missed ones at the final nDCG (trec_eval ndcg_rel)",
  params: { gain: GAIN_PARAM },
  cutoff: "none",
  trecEval: [
    {
      name: "ndcg_rel",
      params: "pairs",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "ndcg_rel(gain={level:gain,...})",
      bind: gained(ndcgAtRelevant),
    },
  ],
  create: (params) => {
    const gain = gainFunction(params.gain);
    return (ranking) => ndcgAtRelevant(ranking, gain);
  },
};
