/**
 * The C/W/L framework as cwl_eval computes it (Moffat et al.; Azzopardi,
 * Thomas and Moffat, 2019), the kernel of the user-model metrics ir_measures
 * takes from cwl_eval: INST, INSQ, BPM, SDCG and the NERR family.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { Params, ParamSpec } from "../metric.ts";

/** cwl_eval's ranking depth: rankings are cut or padded (gain 0) to it. */
export const CWL_DEPTH = 1000;

/** The `max_rel` parameter: the grade of full gain (required). */
export const MAX_REL_PARAM: ParamSpec = {
  type: "number",
  description: "grade of full gain, 1 (required)",
};

/** The `min_rel` parameter: the grade of no gain. */
export const MIN_REL_PARAM: ParamSpec = {
  type: "number",
  description: "grade of no gain; lower grades gain nothing too",
  default: 0,
};

/** The `T` parameter: the gain the user wants. */
export const T_PARAM: ParamSpec = {
  type: "number",
  description: "total gain the user wants (in units of max_rel)",
  default: 1,
  min: 0,
  exclusiveMin: true,
};

/**
 * The gains cwl_eval reads, through ir_measures: negative grades count as
 * 0, grades are clipped to [min_rel, max_rel] and scaled to [0, 1];
 * unjudged documents gain 0; the vector is cut or padded to 1000 ranks.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { cwlGains } from "./_cwl.ts";
 * const r = JudgedRanking.from("q", ["a", "x", "b"], new Map([["a", 2], ["b", 1]]));
 * console.log(Array.from(cwlGains(r, { min_rel: 0, max_rel: 2 }).slice(0, 3))); // [1, 0, 0.5]
 * ```
 *
 * @param ranking The ranking.
 * @param params `min_rel` and `max_rel`.
 * @returns The gain of each of the 1000 ranks.
 */
export function cwlGains(ranking: JudgedRanking, params: Params): Float64Array {
  const min = params.min_rel as number, max = params.max_rel as number;
  const gains = new Float64Array(CWL_DEPTH);
  const n = Math.min(ranking.grades.length, CWL_DEPTH);
  for (let i = 0; i < n; i++) {
    const grade = ranking.grades[i];
    // -1 (no judgement) gains cwl_eval's min_gain, 0, unscaled.
    if (grade === -1) continue;
    const clipped = Math.min(Math.max(Math.max(grade, 0), min), max);
    gains[i] = (clipped - min) / (max - min);
  }
  return gains;
}

/**
 * Checks `min_rel` and `max_rel` once, when the metric is bound.
 *
 * @param name The metric, for the message.
 * @param params The parameters.
 * @throws {RangeError} If `max_rel` is missing or not above `min_rel`.
 */
export function checkGainRange(name: string, params: Params): void {
  const min = params.min_rel as number, max = params.max_rel;
  if (typeof max !== "number") {
    throw new RangeError(
      `Metric "${name}" needs max_rel, the grade of full gain, such as ${name}(max_rel=3)`,
    );
  }
  if (!(min < max)) {
    throw new RangeError(
      `Metric "${name}": min_rel must be below max_rel, got min_rel=${min} and max_rel=${max}`,
    );
  }
}

/**
 * Expected utility per item: sum over ranks of W_i g_i, with W the
 * examination weights the continuation probabilities C imply (W_1 = 1 /
 * sum of the products of C before each rank, over 1000 ranks).
 *
 * @example RBP with p = 0.5 on one relevant document at the top
 * ```ts
 * import { CWL_DEPTH, expectedUtility } from "./_cwl.ts";
 * const gains = new Float64Array(CWL_DEPTH);
 * gains[0] = 1;
 * console.log(expectedUtility(gains, () => 0.5).toFixed(3)); // "0.500"
 * ```
 *
 * @param gains The gain of each rank, in [0, 1].
 * @param continuation C at a 0-based rank, given the gains.
 * @returns The expected utility.
 */
export function expectedUtility(
  gains: Float64Array,
  continuation: (i: number, gains: Float64Array) => number,
): number {
  let reach = 1, total = 0, utility = 0;
  for (let i = 0; i < gains.length; i++) {
    total += reach;
    utility += reach * gains[i];
    reach *= continuation(i, gains);
  }
  return utility / total;
}
