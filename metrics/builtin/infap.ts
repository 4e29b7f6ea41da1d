/**
 * Inferred average precision, as trec_eval's `infAP`.
 *
 * @module
 */

import { POOLED_UNJUDGED } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { depthOf, levelOf, REL_PARAM } from "./_shared.ts";
import { singleOf } from "./_trec_eval.ts";

const EPSILON = 0.00001;

/**
 * infAP (Yilmaz and Aslam, 2006): AP estimated from a sampled pool. Documents
 * outside the pool are skipped; negative judgements mark pooled documents
 * left unjudged.
 */
export const infAP: MetricDefinition = {
  name: "infap",
  aliases: [{ name: "infAP", peer: ["trec_eval", "ir_measures"] }, "inf_ap"],
  description:
    "inferred AP for sampled judgements; negative grades are pooled-unjudged (trec_eval infAP)",
  params: { rel: REL_PARAM },
  readsToCutoff: true,
  trecEval: [
    {
      name: "infAP",
      params: "none",
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "infap",
      bind: singleOf(() => infAP.create({}, undefined)),
    },
  ],
  create: (params, cutoff) => (ranking) => {
    const level = levelOf(params, ranking);
    const depth = depthOf(ranking, cutoff);
    const grades = ranking.grades;
    let rel = 0, nonRel = 0, unjudged = 0, sum = 0;
    for (let j = 0; j < depth; j++) {
      const g = grades[j];
      if (g < 0) {
        if (g === POOLED_UNJUDGED) unjudged++;
        continue;
      }
      if (g < level) {
        nonRel++;
        continue;
      }
      rel++;
      if (j === 0) sum += 1;
      else {
        sum += 1 / (j + 1) +
          (j / (j + 1)) * ((rel - 1 + nonRel + unjudged) / j) *
            ((rel - 1 + EPSILON) / (rel - 1 + nonRel + 2 * EPSILON));
      }
    }
    const numRel = ranking.numRel(level);
    return numRel ? sum / numRel : sum;
  },
};
