/**
 * ranx's `hits`: the number of relevant documents in the top k, averaged
 * over queries (trec_eval's `num_rel_ret` is the same count, summed).
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf, levelOf, REL_PARAM, relevantIn } from "./_shared.ts";

/** `hits[@k]`: relevant documents retrieved, a mean over queries. */
export const hits: MetricDefinition = {
  name: "hits",
  peers: ["ranx"],
  description:
    "number of relevant docs in the top k, averaged over queries (ranx hits)",
  params: { rel: REL_PARAM },
  readsToCutoff: true,
  create: (params, cutoff) => (ranking) =>
    relevantIn(
      ranking.grades,
      depthOf(ranking, cutoff),
      levelOf(params, ranking),
    ),
};
