/**
 * Binary preference, as trec_eval's `bpref`.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf, levelOf, REL_PARAM } from "./_shared.ts";
import { singleOf } from "./_trec_eval.ts";

/**
 * bpref: unjudged documents are skipped; each relevant document adds
 * 1 - min(nonrelevant above it, R) / min(N, R), N the judged nonrelevant
 * documents of the query; the sum is divided by R.
 */
export const bpref: MetricDefinition = {
  name: "bpref",
  peers: ["trec_eval", "ranx", "ir_measures"],
  description:
    "binary preference: relevant docs ranked above judged nonrelevant ones (trec_eval bpref)",
  params: { rel: REL_PARAM },
  readsToCutoff: true,
  trecEval: [
    {
      name: "bpref",
      params: "none",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "bpref",
      bind: singleOf(() => bpref.create({}, undefined)),
    },
  ],
  create: (params, cutoff) => (ranking) => {
    const level = levelOf(params, ranking);
    const numRel = ranking.numRel(level);
    const numNonRel = ranking.numNonRel(level);
    const depth = depthOf(ranking, cutoff);
    const grades = ranking.grades;
    let nonRelSoFar = 0, sum = 0;
    for (let i = 0; i < depth; i++) {
      const g = grades[i];
      if (g < 0) continue;
      if (g < level) nonRelSoFar++;
      else if (nonRelSoFar > 0) {
        sum += 1 - Math.min(nonRelSoFar, numRel) / Math.min(numNonRel, numRel);
      } else sum += 1;
    }
    return numRel ? sum / numRel : sum;
  },
};
