/**
 * Rank-biased precision with graded gains, as trec_eval's `rbp`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition, ParamValue } from "../metric.ts";
import { GAIN_PARAM, PERSISTENCE_PARAM } from "./_trec.ts";
import { gainFunction } from "./_gain.ts";

/**
 * (1 − p)·Σ g_i·p^(i−1) over the whole ranking. Gains are those of `ndcg`;
 * when the gain table (grades 0 to the highest judged grade, plus grades a
 * gain map names) leaves [0, 1] they are min-max normalised, so default
 * gains become grade / top grade. Unjudged documents gain 0. This is the
 * formula trec_eval 10 documents; its `rbp` reads uninitialised memory.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { gradedRbp } from "./rbp_trec.ts";
 * const r = JudgedRanking.from("q", ["a", "b"], new Map([["a", 2], ["b", 1]]));
 * console.log(gradedRbp(r, 0.5, "linear")); // 0.625
 * ```
 *
 * @param ranking The ranking.
 * @param p The persistence.
 * @param gain `linear`, `exp` or a gain map.
 * @returns RBP.
 */
export function gradedRbp(
  ranking: JudgedRanking,
  p: number,
  gain: ParamValue,
): number {
  const gainOf = gainFunction(gain);
  let min = Infinity, max = -Infinity;
  const consider = (g: number) => {
    if (g < min) min = g;
    if (g > max) max = g;
  };
  const top = ranking.judgedGrades.length ? ranking.judgedGrades[0] : -1;
  for (let level = 0; level <= top; level++) consider(gainOf(level));
  if (typeof gain === "object") {
    for (const [grade, g] of Object.entries(gain)) {
      if (Number(grade) >= 0 && Number.isInteger(Number(grade))) consider(g);
    }
  }
  const normalize = min < 0 || max > 1;
  const grades = ranking.grades;
  let sum = 0, weight = 1;
  for (let i = 0; i < grades.length; i++) {
    const grade = grades[i];
    let g = grade < 0 ? 0 : gainOf(grade);
    if (normalize && grade >= 0) g = (g - min) / (max - min);
    if (g !== 0) sum += g * weight;
    weight = weight * p;
  }
  return (1 - p) * sum;
}

/** `rbp_trec(p=0.9, gain=...)`: graded RBP as trec_eval defines it. */
export const rbpTrec: MetricDefinition = {
  name: "rbp_trec",
  aliases: ["rbp_graded"],
  description:
    "graded RBP over the whole ranking, gains normalised to [0,1] (trec_eval rbp)",
  params: { p: PERSISTENCE_PARAM, gain: GAIN_PARAM },
  cutoff: "none",
  trecEval: [
    {
      name: "rbp",
      params: "pairs",
      print: "double",
      summary: "mean",
      perTopic: true,
      since10: true,
      spec: "rbp_trec(p=x,gain={level:gain,...})",
      bind: ({ persistence, gain }) => (r) => [gradedRbp(r, persistence, gain)],
    },
  ],
  create: (params) => {
    const p = params.p as number;
    return (ranking) => gradedRbp(ranking, p, params.gain);
  },
};
