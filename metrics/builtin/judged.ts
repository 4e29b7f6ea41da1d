/**
 * The share of judged documents in the top k.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf } from "./_shared.ts";
import { NOT_POOLED } from "../../model/judged_ranking.ts";

/**
 * Judged@k: the share of the top k documents that have a judgement of any
 * grade, 0 and negative ones included, as ir_measures' `Judged`. The denominator is the number of documents actually in
 * the top k, so a short ranking is not penalized; an empty one gives 0.
 */
export const judged: MetricDefinition = {
  name: "judged",
  peers: ["ir_measures"],
  description:
    "share of the top k docs that are judged (any grade, 0 included)",
  readsToCutoff: true,
  create: (_params, cutoff) => (ranking) => {
    const depth = depthOf(ranking, cutoff);
    if (depth === 0) return 0;
    const grades = ranking.grades;
    let count = 0;
    // A negative judgement is a judgement: ir_measures counts every
    // document of the qrels.
    for (let i = 0; i < depth; i++) if (grades[i] !== NOT_POOLED) count++;
    return count / depth;
  },
};
