/**
 * INST (Moffat et al., 2015) and INSQ (Moffat, Scholer and Thomas, 2012),
 * adaptive C/W/L metrics, as cwl_eval computes them.
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
 * `inst(T=1,min_rel=0,max_rel)`: C_i = ((i + T + T_i - 1) / (i + T +
 * T_i))^2 with T_i = T minus the gain up to rank i.
 */
export const inst: MetricDefinition = {
  name: "inst",
  peers: ["ir_measures"],
  description:
    "INST: C/W/L user who wants T units of gain (cwl_eval INST, gains scaled by max_rel)",
  params: { T: T_PARAM, min_rel: MIN_REL_PARAM, max_rel: MAX_REL_PARAM },
  cutoff: "none",
  create: (params) => {
    checkGainRange("inst", params);
    const t = params.T as number;
    return (ranking) => {
      let gained = 0;
      return expectedUtility(cwlGains(ranking, params), (i, gains) => {
        gained += gains[i];
        const ti = t - gained;
        return ((i + 1 + t + ti - 1) / (i + 1 + t + ti)) ** 2;
      });
    };
  },
};

/** `insq(T=1,min_rel=0,max_rel)`: C_i = ((i + 2T - 1) / (i + 2T))^2. */
export const insq: MetricDefinition = {
  name: "insq",
  peers: ["ir_measures"],
  description:
    "INSQ: C/W/L user whose patience grows with T (cwl_eval INSQ, gains scaled by max_rel)",
  params: { T: T_PARAM, min_rel: MIN_REL_PARAM, max_rel: MAX_REL_PARAM },
  cutoff: "none",
  create: (params) => {
    checkGainRange("insq", params);
    const t = params.T as number;
    return (ranking) =>
      expectedUtility(
        cwlGains(ranking, params),
        (i) => ((i + 1 + 2 * t - 1) / (i + 1 + 2 * t)) ** 2,
      );
  },
};
