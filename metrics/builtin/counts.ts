/**
 * The count measures of trec_eval: `num_ret`, `num_rel`, `num_rel_ret`.
 * Their aggregate is a sum, not a mean.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf, levelOf, REL_PARAM, relevantIn } from "./_shared.ts";
import { single } from "./_trec_eval.ts";
import { relevantRetrieved } from "./_trec.ts";

/** The number of documents retrieved (within the cutoff). */
export const numRet: MetricDefinition = {
  name: "num_ret",
  peers: ["trec_eval"],
  aliases: [{ name: "NumRet", peer: "ir_measures" }],
  description:
    "number of documents retrieved (with rel, of at least that grade, as ir_measures NumRet(rel=1)); summed over queries",
  params: {
    rel: {
      ...REL_PARAM,
      description:
        "count only documents of at least this grade (default: every document)",
    },
  },
  aggregate: "sum",
  readsToCutoff: true,
  trecEval: [
    {
      name: "num_ret",
      params: "none",
      print: "long",
      summary: "sum",
      perTopic: true,
      spec: "num_ret",
      bind: single((r) => r.numRet),
    },
  ],
  create: (params, cutoff) => (ranking) =>
    typeof params.rel === "number"
      ? relevantIn(ranking.grades, depthOf(ranking, cutoff), params.rel)
      : depthOf(ranking, cutoff),
};

/** The number of relevant judged documents, R. */
export const numRel: MetricDefinition = {
  name: "num_rel",
  peers: ["trec_eval"],
  aliases: [{ name: "NumRel", peer: "ir_measures" }],
  description: "number of relevant judged documents (R); summed over queries",
  params: { rel: REL_PARAM },
  cutoff: "none",
  aggregate: "sum",
  readsToCutoff: true,
  trecEval: [
    {
      name: "num_rel",
      params: "none",
      print: "long",
      summary: "num_rel",
      perTopic: true,
      spec: "num_rel",
      bind: single((r) => r.numRel(r.relevanceLevel)),
    },
  ],
  create: (params) => (ranking) => ranking.numRel(levelOf(params, ranking)),
};

/** The number of relevant documents retrieved (within the cutoff). */
export const numRelRet: MetricDefinition = {
  name: "num_rel_ret",
  peers: ["trec_eval"],
  aliases: [{ name: "NumRelRet", peer: "ir_measures" }],
  description: "number of relevant documents retrieved; summed over queries",
  params: { rel: REL_PARAM },
  aggregate: "sum",
  readsToCutoff: true,
  trecEval: [
    {
      name: "num_rel_ret",
      params: "none",
      print: "long",
      summary: "sum",
      perTopic: true,
      spec: "num_rel_ret",
      bind: single((r) => relevantRetrieved(r, r.relevanceLevel)),
    },
  ],
  create: (params, cutoff) => (ranking) =>
    relevantIn(
      ranking.grades,
      depthOf(ranking, cutoff),
      levelOf(params, ranking),
    ),
};
