/**
 * Precision at a cutoff, as trec_eval's `P`.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { atLevel, levelOf, REL_PARAM, relevantIn } from "./_shared.ts";
import { relativePrecision } from "./relative_precision.ts";
import { atCutoffs, single, STANDARD_CUTOFFS } from "./_trec_eval.ts";
import { relevantRetrieved } from "./_trec.ts";

/**
 * P@k: relevant documents in the top k, divided by k even when fewer than k
 * were retrieved (trec_eval). Without a cutoff: relevant retrieved over
 * retrieved (trec_eval `set_P`).
 */
export const precision: MetricDefinition = {
  name: "P",
  peers: ["trec_eval", "ir_measures"],
  aliases: [
    { name: "precision", peer: ["ranx", "ir_measures"] },
    { name: "P_", peer: "trec_eval" },
    { name: "set_P", peer: "trec_eval" },
    { name: "SetP", peer: "ir_measures" },
  ],
  description: "precision: relevant docs in the top k over k (trec_eval P)",
  params: {
    rel: REL_PARAM,
    relative: {
      type: "boolean",
      description:
        "over min(k, R) instead of k, as relative_P (ir_measures SetP(relative=True))",
      default: false,
    },
  },
  readsToCutoff: true,
  trecEval: [
    {
      name: "P",
      params: "long_cutoffs",
      defaults: STANDARD_CUTOFFS,
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "P@k",
      bind: atCutoffs((k) => precision.create({}, k)),
    },
    {
      name: "set_P",
      params: "none",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "P",
      bind: // num_rel_ret / num_ret: only judged documents count as relevant, which
        // differs from P at a relevance level below 0 (-l -1).
        single((r) =>
          r.numRet ? relevantRetrieved(r, r.relevanceLevel) / r.numRet : 0
        ),
    },
  ],
  create: (params, cutoff) => (ranking) => {
    if (params.relative === true) {
      return relativePrecision(
        atLevel(ranking, levelOf(params, ranking)),
        cutoff,
      );
    }
    const level = levelOf(params, ranking);
    const n = ranking.grades.length;
    const depth = cutoff === undefined ? n : Math.min(cutoff, n);
    const found = relevantIn(ranking.grades, depth, level);
    const denominator = cutoff ?? n;
    return denominator === 0 ? 0 : found / denominator;
  },
};
