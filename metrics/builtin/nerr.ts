/**
 * The Not (but Nearly) ERR metrics of Azzopardi, Mackenzie and Moffat
 * (2021), equations 8 to 11, as cwl_eval computes them: C/W/L metrics whose
 * user stops at a document with a chance equal to its gain.
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

const GAIN_PARAMS = { min_rel: MIN_REL_PARAM, max_rel: MAX_REL_PARAM };

/** `nerr8(min_rel=0,max_rel)@k`: C_i = 1 - g_i for ranks below k. */
export const nerr8: MetricDefinition = {
  name: "nerr8",
  peers: ["ir_measures"],
  description:
    "NERR eq. 8: stop at a doc with chance its gain, truncated at k (cwl_eval NERR-EQ8)",
  params: GAIN_PARAMS,
  cutoff: "required",
  create: (params, cutoff) => {
    checkGainRange("nerr8", params);
    const k = cutoff!;
    return (ranking) =>
      expectedUtility(
        cwlGains(ranking, params),
        (i, g) => i < k - 1 ? 1 - g[i] : 0,
      );
  },
};

/** `nerr9(min_rel=0,max_rel)@k`: C_i = i/(i+1) (1 - g_i) for ranks below k. */
export const nerr9: MetricDefinition = {
  name: "nerr9",
  peers: ["ir_measures"],
  description:
    "NERR eq. 9: stop at a doc with chance its gain, reciprocal-rank discount, truncated at k (cwl_eval NERR-EQ9)",
  params: GAIN_PARAMS,
  cutoff: "required",
  create: (params, cutoff) => {
    checkGainRange("nerr9", params);
    const k = cutoff!;
    return (ranking) =>
      expectedUtility(
        cwlGains(ranking, params),
        (i, g) => i < k - 1 ? ((i + 1) / (i + 2)) * (1 - g[i]) : 0,
      );
  },
};

/** `nerr10(p=0.9,min_rel=0,max_rel)`: C_i = p (1 - g_i). */
export const nerr10: MetricDefinition = {
  name: "nerr10",
  peers: ["ir_measures"],
  description:
    "NERR eq. 10: stop at a doc with chance its gain, RBP patience p (cwl_eval NERR-EQ10)",
  params: {
    p: {
      type: "number",
      description: "persistence: chance of going on past a doc of no gain",
      default: 0.9,
      min: 0,
      max: 1,
    },
    ...GAIN_PARAMS,
  },
  cutoff: "none",
  create: (params) => {
    checkGainRange("nerr10", params);
    const p = params.p as number;
    return (ranking) =>
      expectedUtility(cwlGains(ranking, params), (i, g) => p * (1 - g[i]));
  },
};

/** `nerr11(T=1,min_rel=0,max_rel)`: C_i = ((i + 2T - 1)/(i + 2T))^2 (1 - g_i). */
export const nerr11: MetricDefinition = {
  name: "nerr11",
  peers: ["ir_measures"],
  description:
    "NERR eq. 11: stop at a doc with chance its gain, INSQ patience T (cwl_eval NERR-EQ11)",
  params: { T: T_PARAM, ...GAIN_PARAMS },
  cutoff: "none",
  create: (params) => {
    checkGainRange("nerr11", params);
    const t = params.T as number;
    return (ranking) =>
      expectedUtility(
        cwlGains(ranking, params),
        (i, g) => ((i + 1 + 2 * t - 1) / (i + 1 + 2 * t)) ** 2 * (1 - g[i]),
      );
  },
};
