/**
 * Recall at a cutoff, as trec_eval's `recall`.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf, levelOf, REL_PARAM, relevantIn } from "./_shared.ts";
import { atCutoffs, single, STANDARD_CUTOFFS } from "./_trec_eval.ts";
import { relevantRetrieved } from "./_trec.ts";

/** R@k: relevant documents in the top k over R, all relevant judged documents. No relevant: 0. */
export const recall: MetricDefinition = {
  name: "recall",
  peers: ["trec_eval", "ranx"],
  aliases: [
    { name: "R", peer: "ir_measures" },
    { name: "recall_", peer: "trec_eval" },
    { name: "set_recall", peer: "trec_eval" },
    { name: "SetR", peer: "ir_measures" },
  ],
  description:
    "relevant docs in the top k over all relevant judged docs (trec_eval recall)",
  params: { rel: REL_PARAM },
  readsToCutoff: true,
  trecEval: [
    {
      name: "recall",
      params: "long_cutoffs",
      defaults: STANDARD_CUTOFFS,
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "recall@k",
      bind: atCutoffs((k) => recall.create({}, k)),
    },
    {
      name: "set_recall",
      params: "none",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "recall",
      bind: // num_rel_ret / num_rel, as set_P.
        single((r) => {
          const numRel = r.numRel();
          return numRel ? relevantRetrieved(r, r.relevanceLevel) / numRel : 0;
        }),
    },
  ],
  create: (params, cutoff) => (ranking) => {
    const level = levelOf(params, ranking);
    const numRel = ranking.numRel(level);
    if (numRel === 0) return 0;
    return relevantIn(ranking.grades, depthOf(ranking, cutoff), level) / numRel;
  },
};

/** recall_all@k: 1 when every relevant judged document is in the top k, else 0 (no relevant: 0). */
export const recallAll: MetricDefinition = {
  name: "recall_all",
  aliases: ["all_relevant", "complete_recall"],
  description: "1 if every relevant judged doc is in the top k, else 0",
  params: { rel: REL_PARAM },
  readsToCutoff: true,
  create: (params, cutoff) => (ranking) => {
    const level = levelOf(params, ranking);
    const numRel = ranking.numRel(level);
    if (numRel === 0) return 0;
    return relevantIn(ranking.grades, depthOf(ranking, cutoff), level) ===
        numRel
      ? 1
      : 0;
  },
};
