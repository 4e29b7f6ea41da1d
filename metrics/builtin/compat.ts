/**
 * Compatibility (Clarke, Vtyurina and Smucker, 2021): the rank-biased
 * overlap of a ranking with an ideal ranking of the relevant documents, as
 * ir_measures' `Compat` computes it.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";

/**
 * RBO(ranking, ideal) / RBO(ideal, ideal) to depth max(n, R+), with R+ the
 * documents graded above 0. The ideal orders them by grade, highest first,
 * and within a grade puts the retrieved ones first in rank order (ir_measures
 * orders them by run score, which is the rank order but for ties and
 * negative scores).
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { compatibility } from "./compat.ts";
 * const r = JudgedRanking.from("q", ["a", "b"], new Map([["a", 1], ["b", 1]]));
 * console.log(compatibility(r, 0.95, true)); // 1
 * ```
 *
 * @param ranking The ranking.
 * @param p The persistence.
 * @param normalize Divide by the ideal's own overlap.
 * @returns Compatibility.
 */
export function compatibility(
  ranking: JudgedRanking,
  p: number,
  normalize: boolean,
): number {
  const grades = ranking.grades;
  const n = grades.length;
  // Relevant judged documents graded above each grade: where its group
  // starts in the ideal ranking.
  const relevant = ranking.judgedGrades.filter((g) => g > 0);
  const idealLength = relevant.length;
  const groupStart = new Map<number, number>();
  for (let i = idealLength - 1; i >= 0; i--) groupStart.set(relevant[i], i);
  // A retrieved relevant document is in both prefixes of length d once d
  // passes its rank and its ideal position.
  const depth = Math.max(n, idealLength);
  const joins = new Float64Array(depth + 1);
  const seenInGroup = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const g = grades[i];
    if (!(g > 0)) continue;
    const seen = seenInGroup.get(g) ?? 0;
    seenInGroup.set(g, seen + 1);
    const idealPos = groupStart.get(g)! + seen;
    joins[Math.max(i, idealPos)]++;
  }
  let score = 0, normalizer = 0, best = 0, weight = 1, overlap = 0;
  for (let i = 0; i < depth; i++) {
    overlap += joins[i];
    score += weight * overlap / (i + 1);
    best += weight * Math.min(i + 1, idealLength) / (i + 1);
    normalizer += weight;
    weight *= p;
  }
  // Nothing retrieved and nothing relevant: no overlap to measure.
  if (depth === 0) return 0;
  const rbo = score / normalizer;
  if (!normalize) return rbo;
  const ideal = best / normalizer;
  return ideal > 0 ? rbo / ideal : rbo;
}

/** `compat(p=0.95,normalize=True)`. */
export const compat: MetricDefinition = {
  name: "compat",
  peers: ["ir_measures"],
  description:
    "compatibility: rank-biased overlap with the ideal ranking of the relevant docs (Clarke et al. 2021)",
  params: {
    p: {
      type: "number",
      description: "persistence of the rank-biased overlap",
      default: 0.95,
      min: 0,
      max: 1,
      exclusiveMin: true,
      exclusiveMax: true,
    },
    normalize: {
      type: "boolean",
      description: "divide by the ideal ranking's own overlap",
      default: true,
    },
  },
  cutoff: "none",
  create: (params) => {
    const p = params.p as number;
    const normalize = params.normalize === true;
    return (ranking) => compatibility(ranking, p, normalize);
  },
};
