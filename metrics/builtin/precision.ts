/**
 * Precision at a cutoff, as trec_eval's `P`.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { levelOf, REL_PARAM, relevantIn } from "./_shared.ts";

/**
 * P@k: relevant documents in the top k, divided by k even when fewer than k
 * were retrieved (trec_eval). Without a cutoff: relevant retrieved over
 * retrieved (trec_eval `set_P`).
 */
export const precision: MetricDefinition = {
  name: "P",
  aliases: ["precision", "P_", "set_P"],
  description: "precision: relevant docs in the top k over k (trec_eval P)",
  params: { rel: REL_PARAM },
  readsToCutoff: true,
  create: (params, cutoff) => (ranking) => {
    const level = levelOf(params, ranking);
    const n = ranking.grades.length;
    const depth = cutoff === undefined ? n : Math.min(cutoff, n);
    const found = relevantIn(ranking.grades, depth, level);
    const denominator = cutoff ?? n;
    return denominator === 0 ? 0 : found / denominator;
  },
};
