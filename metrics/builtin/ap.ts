/**
 * Average precision, as trec_eval's `map` and `map_cut`.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf, levelOf, REL_PARAM } from "./_shared.ts";
import {
  atCutoffs,
  geometric,
  singleOf,
  STANDARD_CUTOFFS,
} from "./_trec_eval.ts";

/**
 * AP@k: the sum of P@i over relevant documents at ranks i <= k, divided by
 * R, the number of relevant judged documents of the query (retrieved or
 * not). No relevant documents: 0. The mean over queries is MAP.
 */
export const ap: MetricDefinition = {
  name: "ap",
  aliases: [
    { name: "AP", peer: "ir_measures" },
    { name: "map", peer: ["trec_eval", "ranx", "ir_measures"] },
    { name: "map_cut_", peer: "trec_eval" },
  ],
  description:
    "average precision over R, all relevant judged docs (trec_eval map, map_cut)",
  params: { rel: REL_PARAM },
  readsToCutoff: true,
  trecEval: [
    {
      name: "map",
      params: "none",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "ap",
      bind: singleOf(() => ap.create({}, undefined)),
    },
    {
      name: "map_cut",
      params: "long_cutoffs",
      defaults: STANDARD_CUTOFFS,
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "ap@k",
      bind: atCutoffs((k) => ap.create({}, k)),
    },
  ],
  create: (params, cutoff) => (ranking) => {
    const level = levelOf(params, ranking);
    const numRel = ranking.numRel(level);
    if (numRel === 0) return 0;
    const depth = depthOf(ranking, cutoff);
    const grades = ranking.grades;
    let found = 0, sum = 0;
    for (let i = 0; i < depth; i++) {
      if (grades[i] >= level) sum += ++found / (i + 1);
    }
    return sum / numRel;
  },
};

/**
 * The geometric mean of AP over queries (trec_eval `gm_map`): per-query AP
 * whose aggregate is exp(mean(log(max(AP, 1e-5)))).
 */
export const gmMap: MetricDefinition = {
  ...ap,
  name: "gm_map",
  peers: ["trec_eval"],
  aliases: ["gm_ap"],
  aggregate: "geometric",
  trecEval: [
    {
      name: "gm_map",
      params: "none",
      print: "double",
      summary: "geometric",
      perTopic: false,
      spec: "gm_map",
      bind: geometric(() => ap.create({}, undefined)),
    },
  ],
  description: "geometric mean of average precision (trec_eval gm_map)",
};
