/**
 * nDCG averaged at the R-level boundaries, as trec_eval's experimental
 * `Rndcg`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { GAIN_PARAM } from "./_trec.ts";
import { finiteSum, gainFunction, idealGains } from "./_gain.ts";
import { gained } from "./_trec_eval.ts";

/**
 * The mean of nDCG taken at each rank where the ideal gain changes (the
 * R levels of each grade) and at the end of the ranking. 0 without relevant
 * documents; NaN (as trec_eval) when relevant documents all have gain 0.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { ndcgAtRLevels } from "./rndcg.ts";
 * const r = JudgedRanking.from("q", ["a", "b"], new Map([["a", 2], ["b", 1]]));
 * console.log(ndcgAtRLevels(r, (g) => Math.max(g, 0))); // 1
 * ```
 *
 * @param ranking The ranking.
 * @param gain Grade to gain.
 * @returns Rndcg.
 */
export function ndcgAtRLevels(
  ranking: JudgedRanking,
  gain: (grade: number) => number,
): number {
  if (ranking.numRel(ranking.relevanceLevel) === 0) return 0;
  const ideal = idealGains(ranking, gain);
  const grades = ranking.grades;
  const n = grades.length;
  let dcg = 0, idcg = 0, sum = 0, boundaries = 0;
  let best = ideal.length ? ideal[0] : 0;
  let previous = best;
  const boundary = () => {
    if (previous !== best) {
      if (idcg > 0) {
        sum += dcg / idcg;
        boundaries++;
      }
      previous = best;
    }
  };
  let i = 0;
  for (; i < n && best > 0; i++) {
    const g = gain(grades[i]);
    best = i < ideal.length ? ideal[i] : 0;
    boundary();
    if (g !== 0) dcg += g / Math.log2(i + 2);
    if (best > 0) idcg += best / Math.log2(i + 2);
  }
  if (i < n) {
    for (; i < n; i++) {
      const g = gain(grades[i]);
      if (g !== 0) dcg += g / Math.log2(i + 2);
    }
    if (idcg > 0) {
      sum += dcg / idcg;
      boundaries++;
    }
  }
  for (; best > 0; i++) {
    best = i < ideal.length ? ideal[i] : 0;
    boundary();
    if (best > 0) idcg += best / Math.log2(i + 2);
  }
  // The sums only grow: finite at the end, finite all along.
  finiteSum(ranking, gain, dcg + idcg);
  return sum / boundaries;
}

/** `rndcg(gain=...)`: nDCG averaged at R levels. */
export const rndcg: MetricDefinition = {
  name: "rndcg",
  peers: ["trec_eval"],
  description:
    "nDCG averaged where the ideal gain changes and at the end (trec_eval Rndcg)",
  params: { gain: GAIN_PARAM },
  cutoff: "none",
  trecEval: [
    {
      name: "Rndcg",
      params: "pairs",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "rndcg(gain={level:gain,...})",
      bind: gained(ndcgAtRLevels),
    },
  ],
  create: (params) => {
    const gain = gainFunction(params.gain);
    return (ranking) => ndcgAtRLevels(ranking, gain);
  },
};
