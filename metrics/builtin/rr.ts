/**
 * Reciprocal rank, as trec_eval's `recip_rank`.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf, levelOf, REL_PARAM } from "./_shared.ts";
import { singleOf } from "./_trec_eval.ts";

/** RR@k: 1 / the rank of the first relevant document within k, else 0. The mean is MRR. */
export const rr: MetricDefinition = {
  name: "rr",
  aliases: [
    { name: "RR", peer: "ir_measures" },
    { name: "mrr", peer: ["ranx", "ir_measures"] },
    { name: "recip_rank", peer: "trec_eval" },
  ],
  description:
    "reciprocal rank of the first relevant document (trec_eval recip_rank)",
  params: { rel: REL_PARAM },
  readsToCutoff: true,
  trecEval: [
    {
      name: "recip_rank",
      params: "none",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "rr",
      bind: singleOf(() => rr.create({}, undefined)),
    },
  ],
  create: (params, cutoff) => (ranking) => {
    const level = levelOf(params, ranking);
    const depth = depthOf(ranking, cutoff);
    const grades = ranking.grades;
    for (let i = 0; i < depth; i++) if (grades[i] >= level) return 1 / (i + 1);
    return 0;
  },
};
