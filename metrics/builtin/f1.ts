/**
 * ranx's `f1`: the harmonic mean of precision@k and recall@k.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf, levelOf, REL_PARAM, relevantIn } from "./_shared.ts";

/**
 * F1@k = 2 P R / (P + R) with P = hits@k / k and R = hits@k / R (ranx's
 * definition: P divides by k even when fewer documents were retrieved).
 * Without a cutoff, k is the number retrieved. No relevant document, or
 * nothing retrieved: 0.
 */
export const f1: MetricDefinition = {
  name: "f1",
  peers: ["ranx"],
  description:
    "harmonic mean of precision@k and recall@k (ranx f1; no cutoff: the retrieved set)",
  params: { rel: REL_PARAM },
  readsToCutoff: true,
  create: (params, cutoff) => (ranking) => {
    const level = levelOf(params, ranking);
    const numRel = ranking.numRel(level);
    const k = cutoff ?? ranking.grades.length;
    if (numRel === 0 || k === 0) return 0;
    const found = relevantIn(ranking.grades, depthOf(ranking, cutoff), level);
    const p = found / k, r = found / numRel;
    return p + r === 0 ? 0 : 2 * (p * r / (p + r));
  },
};
