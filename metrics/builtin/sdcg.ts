/**
 * Scaled DCG: DCG@k over the DCG of k documents of full gain, cwl_eval's
 * `NDCG-k` and ir_measures' `SDCG`.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import {
  checkGainRange,
  cwlGains,
  expectedUtility,
  MAX_REL_PARAM,
  MIN_REL_PARAM,
} from "./_cwl.ts";

/**
 * `sdcg(min_rel=0,max_rel)@k`: C_i = log(i+1) / log(i+2) for ranks i < k,
 * so W is the log2 discount scaled to sum to 1 over the top k.
 */
export const sdcg: MetricDefinition = {
  name: "sdcg",
  peers: ["ir_measures"],
  description:
    "scaled DCG: DCG@k over the DCG of k fully relevant docs (cwl_eval NDCG-k, gains scaled by max_rel)",
  params: {
    min_rel: MIN_REL_PARAM,
    max_rel: MAX_REL_PARAM,
    dcg: {
      type: "string",
      description: "the discount, log2 (ir_measures' only choice)",
      default: "log2",
      choices: ["log2"],
    },
  },
  cutoff: "required",
  create: (params, cutoff) => {
    checkGainRange("sdcg", params);
    const k = cutoff!;
    return (ranking) =>
      expectedUtility(
        cwlGains(ranking, params),
        (i) => i + 1 < k ? Math.log(i + 2) / Math.log(i + 3) : 0,
      );
  },
};
