/**
 * The count measures of trec_eval: `num_ret`, `num_rel`, `num_rel_ret`.
 * Their aggregate is a sum, not a mean.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf, levelOf, REL_PARAM, relevantIn } from "./_shared.ts";

/** The number of documents retrieved (within the cutoff). */
export const numRet: MetricDefinition = {
  name: "num_ret",
  aliases: ["NumRet"],
  description: "number of documents retrieved; summed over queries",
  aggregate: "sum",
  readsToCutoff: true,
  create: (_params, cutoff) => (ranking) => depthOf(ranking, cutoff),
};

/** The number of relevant judged documents, R. */
export const numRel: MetricDefinition = {
  name: "num_rel",
  aliases: ["NumRel"],
  description: "number of relevant judged documents (R); summed over queries",
  params: { rel: REL_PARAM },
  cutoff: "none",
  aggregate: "sum",
  readsToCutoff: true,
  create: (params) => (ranking) => ranking.numRel(levelOf(params, ranking)),
};

/** The number of relevant documents retrieved (within the cutoff). */
export const numRelRet: MetricDefinition = {
  name: "num_rel_ret",
  aliases: ["NumRelRet"],
  description: "number of relevant documents retrieved; summed over queries",
  params: { rel: REL_PARAM },
  aggregate: "sum",
  readsToCutoff: true,
  create: (params, cutoff) => (ranking) =>
    relevantIn(
      ranking.grades,
      depthOf(ranking, cutoff),
      levelOf(params, ranking),
    ),
};
