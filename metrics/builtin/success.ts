/**
 * Success at a cutoff, as trec_eval's `success`.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf, levelOf, REL_PARAM } from "./_shared.ts";
import { atCutoffs } from "./_trec_eval.ts";

/** Success@k: 1 when a relevant document is in the top k, else 0 (hit rate). */
export const success: MetricDefinition = {
  name: "success",
  peers: ["trec_eval", "ir_measures"],
  aliases: [
    { name: "success_", peer: "trec_eval" },
    { name: "hit_rate", peer: "ranx" },
    "hit",
  ],
  description:
    "1 if a relevant doc is in the top k, else 0 (trec_eval success, hit rate)",
  params: { rel: REL_PARAM },
  readsToCutoff: true,
  trecEval: [
    {
      name: "success",
      params: "long_cutoffs",
      defaults: [1, 5, 10],
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "success@k",
      bind: atCutoffs((k) => success.create({}, k)),
    },
  ],
  create: (params, cutoff) => (ranking) => {
    const level = levelOf(params, ranking);
    const depth = depthOf(ranking, cutoff);
    const grades = ranking.grades;
    for (let i = 0; i < depth; i++) if (grades[i] >= level) return 1;
    return 0;
  },
};
