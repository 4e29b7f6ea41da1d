/**
 * The share of judged documents in the top k.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf } from "./_shared.ts";

/**
 * Judged@k: the share of the top k documents that have a judgement of any
 * grade, 0 included. The denominator is the number of documents actually in
 * the top k, so a short ranking is not penalized; an empty one gives 0.
 */
export const judged: MetricDefinition = {
  name: "judged",
  aliases: ["Judged"],
  description:
    "share of the top k docs that are judged (any grade, 0 included)",
  readsToCutoff: true,
  create: (_params, cutoff) => (ranking) => {
    const depth = depthOf(ranking, cutoff);
    if (depth === 0) return 0;
    const grades = ranking.grades;
    let count = 0;
    for (let i = 0; i < depth; i++) if (grades[i] >= 0) count++;
    return count / depth;
  },
};
