/**
 * The static Bejeweled Player Model (Zhang et al., 2017), as cwl_eval
 * computes it.
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
  T_PARAM,
} from "./_cwl.ts";

/**
 * `bpm(T=1,min_rel=0,max_rel)@k`: the user goes on while the gain so far is
 * below T and fewer than k documents were read (every document costs 1).
 */
export const bpm: MetricDefinition = {
  name: "bpm",
  peers: ["ir_measures"],
  description:
    "Bejeweled Player Model: stop at T units of gain or k documents (cwl_eval BPM-Static)",
  params: { T: T_PARAM, min_rel: MIN_REL_PARAM, max_rel: MAX_REL_PARAM },
  cutoff: "required",
  create: (params, cutoff) => {
    checkGainRange("bpm", params);
    const t = params.T as number, k = cutoff!;
    return (ranking) => {
      let gained = 0;
      return expectedUtility(cwlGains(ranking, params), (i, gains) => {
        gained += gains[i];
        return gained < t && i + 1 < k ? 1 : 0;
      });
    };
  },
};
