/**
 * R-precision, as trec_eval's `Rprec`.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { levelOf, REL_PARAM, relevantIn } from "./_shared.ts";
import { singleOf } from "./_trec_eval.ts";

/** Relevant documents in the top R over R, R the number of relevant judged documents. */
export const rprec: MetricDefinition = {
  name: "rprec",
  aliases: [
    { name: "Rprec", peer: ["trec_eval", "ir_measures"] },
    { name: "r-precision", peer: "ranx" },
    "r_precision",
  ],
  description:
    "precision at rank R, the number of relevant judged docs (trec_eval Rprec)",
  params: { rel: REL_PARAM },
  cutoff: "none",
  readsToCutoff: true,
  trecEval: [
    {
      name: "Rprec",
      params: "none",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "rprec",
      bind: singleOf(() => rprec.create({}, undefined)),
    },
  ],
  create: (params) => (ranking) => {
    const level = levelOf(params, ranking);
    const numRel = ranking.numRel(level);
    const depth = Math.min(ranking.grades.length, numRel);
    if (depth === 0) return 0;
    return relevantIn(ranking.grades, depth, level) / numRel;
  },
};
