/**
 * Relative precision, as trec_eval's `relative_P` and `set_relative_P`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { atLevel, levelOf, REL_PARAM, relevantIn } from "./_shared.ts";
import { relevantRetrieved } from "./_trec.ts";
import { atCutoffs, single, STANDARD_CUTOFFS } from "./_trec_eval.ts";

/**
 * Precision relative to the best possible: relevant documents in the top k
 * over min(k, R). Without a cutoff, relevant retrieved over min(n, R)
 * (trec_eval `set_relative_P`). 0 when R (or n) is 0.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { relativePrecision } from "./relative_precision.ts";
 * const r = JudgedRanking.from("q", ["a", "x", "y"], new Map([["a", 1], ["b", 1]]));
 * console.log(relativePrecision(r, 3)); // 0.5
 * console.log(relativePrecision(r, 1)); // 1
 * ```
 *
 * @param ranking The ranking.
 * @param cutoff k, or none for the whole ranking.
 * @returns Relative precision.
 */
export function relativePrecision(
  ranking: JudgedRanking,
  cutoff: number | undefined,
): number {
  const level = ranking.relevanceLevel;
  const numRel = ranking.numRel(level);
  const n = ranking.grades.length;
  if (cutoff === undefined) {
    return n && numRel
      ? relevantRetrieved(ranking, level) / Math.min(n, numRel)
      : 0;
  }
  if (numRel === 0) return 0;
  const found = relevantIn(ranking.grades, Math.min(cutoff, n), level);
  return found / (cutoff > numRel ? numRel : cutoff);
}

/** `relative_P@k`: precision over the best possible precision at k. */
export const relativeP: MetricDefinition = {
  name: "relative_P",
  peers: ["trec_eval"],
  aliases: [
    { name: "relative_P_", peer: "trec_eval" },
    { name: "set_relative_P", peer: "trec_eval" },
    "relative_precision",
    { name: "SetRelP", peer: "ir_measures" },
  ],
  description:
    "relevant docs in the top k over min(k, R) (trec_eval relative_P; no cutoff: set_relative_P)",
  params: { rel: REL_PARAM },
  trecEval: [
    {
      name: "relative_P",
      params: "long_cutoffs",
      defaults: STANDARD_CUTOFFS,
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "relative_P@k",
      bind: atCutoffs((k) => (r) => relativePrecision(r, k)),
    },
    {
      name: "set_relative_P",
      params: "none",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "relative_P",
      bind: single((r) => relativePrecision(r, undefined)),
    },
  ],
  create: (params, cutoff) => (ranking) =>
    relativePrecision(atLevel(ranking, levelOf(params, ranking)), cutoff),
};
