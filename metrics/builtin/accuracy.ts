/**
 * ir_measures' `Accuracy`: the chance that a relevant document is ranked
 * above a nonrelevant one, among the retrieved documents.
 *
 * @module
 */

import { type JudgedRanking, NOT_POOLED } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { depthOf, levelOf, REL_PARAM } from "./_shared.ts";

/**
 * Counts, within the top k, how many nonrelevant documents rank above each
 * relevant one. Relevant means a grade of at least `rel`; every other
 * retrieved document, unjudged ones included, is nonrelevant.
 */
function pairs(
  ranking: JudgedRanking,
  level: number,
  cutoff: number | undefined,
): { relevant: number; nonrelevant: number; above: number } {
  const depth = depthOf(ranking, cutoff);
  let relevant = 0, nonrelevant = 0, above = 0;
  for (let i = 0; i < depth; i++) {
    // ir_measures reads an unjudged document as grade 0 (relevant at rel=0).
    const grade = ranking.grades[i] === NOT_POOLED ? 0 : ranking.grades[i];
    if (grade >= level) {
      relevant++;
      above += nonrelevant;
    } else nonrelevant++;
  }
  return { relevant, nonrelevant, above };
}

/**
 * `accuracy(rel=1)[@k]`: 1 - (nonrelevant documents above each relevant
 * one, summed) / (relevant x nonrelevant documents retrieved). Defined only
 * for a query with a relevant and a nonrelevant document in the top k:
 * ir_measures reports no value for the others (and stops with a division
 * by zero when nothing nonrelevant is retrieved), so they are left out of
 * the mean.
 */
export const accuracy: MetricDefinition = {
  name: "accuracy",
  peers: ["ir_measures"],
  description:
    "pairwise accuracy: chance a retrieved relevant doc ranks above a retrieved nonrelevant one; queries without both left out (ir_measures Accuracy)",
  params: { rel: REL_PARAM },
  readsToCutoff: true,
  createAppliesTo: (params, cutoff) => (ranking) => {
    const { relevant, nonrelevant } = pairs(
      ranking,
      levelOf(params, ranking),
      cutoff,
    );
    return relevant > 0 && nonrelevant > 0;
  },
  create: (params, cutoff) => (ranking) => {
    const { relevant, nonrelevant, above } = pairs(
      ranking,
      levelOf(params, ranking),
      cutoff,
    );
    return 1 - above / (nonrelevant * relevant);
  },
};
