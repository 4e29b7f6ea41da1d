/**
 * Normalized discounted cumulative gain, as trec_eval's `ndcg` and `ndcg_cut`.
 *
 * @module
 */

import type { JudgedRanking } from "../judged_ranking.ts";
import type { GainMap, MetricDefinition, ParamValue } from "../metric.ts";
import { depthOf } from "./_shared.ts";
import { GAIN_PARAM } from "./_trec.ts";

const linearGain = (g: number): number => (g > 0 ? g : 0);

/**
 * Turns a `gain` parameter into a grade-to-gain function. `linear` is the
 * grade itself (trec_eval), `exp` is 2^grade - 1 (Burges et al.); a map gives
 * each listed grade its gain and every other grade its own value. Negative
 * grades always gain 0.
 *
 * @example
 * ```ts
 * import { gainFunction } from "./ndcg.ts";
 * console.log(gainFunction("exp")(3)); // 7
 * console.log(gainFunction({ "1": 3 })(1)); // 3
 * ```
 *
 * @param gain `linear`, `exp` or a gain map.
 * @returns The gain function.
 */
export function gainFunction(gain: ParamValue): (grade: number) => number {
  if (gain === "linear") return linearGain;
  if (gain === "exp") return (g) => (g > 0 ? 2 ** g - 1 : 0);
  const map = gain as GainMap;
  return (g) => {
    if (g < 0) return 0;
    const mapped = map[String(g)];
    return mapped === undefined ? g : mapped;
  };
}

/**
 * nDCG of a ranking: DCG of its top `cutoff` over the DCG of the ideal
 * order of every judged document of the query, cut at the same depth.
 * Summed in rank order, as trec_eval does, so the last digit matches.
 *
 * @example
 * ```ts
 * import { ndcgOf } from "./ndcg.ts";
 * import { JudgedRanking } from "../judged_ranking.ts";
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
  const depth = depthOf(ranking, cutoff);
  const grades = ranking.grades;
  let dcg = 0;
  for (let i = 0; i < depth; i++) {
    const g = gain(grades[i]);
    if (g !== 0) dcg += g / Math.log2(i + 2);
  }
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
  return idcg > 0 ? dcg / idcg : 0;
}

/**
 * The positive gains of every judged document, highest first.
 *
 * @param ranking The ranking.
 * @param gain The grade-to-gain function.
 * @returns The ideal gain vector.
 */
export function idealGains(
  ranking: JudgedRanking,
  gain: (grade: number) => number,
): Float64Array {
  const gains: number[] = [];
  for (const grade of ranking.judgedGrades) {
    const g = gain(grade);
    if (g > 0) gains.push(g);
  }
  return Float64Array.from(gains).sort().reverse();
}

/** `ndcg[(gain=linear|exp|{grade:gain,...})][@k]`. */
export const ndcg: MetricDefinition = {
  name: "ndcg",
  aliases: [
    "nDCG",
    "ndcg_cut_",
    { name: "ndcg_burges", params: { gain: "exp" } },
  ],
  description:
    "normalized discounted cumulative gain; ideal from all judged documents (trec_eval ndcg, ndcg_cut)",
  params: { gain: GAIN_PARAM },
  readsToCutoff: true,
  create: (params, cutoff) => {
    const gain = gainFunction(params.gain);
    return (ranking) => ndcgOf(ranking, cutoff, gain);
  },
};
