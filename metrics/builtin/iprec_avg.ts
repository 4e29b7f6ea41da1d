/**
 * Average interpolated precision over recall levels, as trec_eval's
 * `11pt_avg`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import {
  interpolatedPrecision,
  type InterpolationOptions,
} from "./iprec_at_recall.ts";
import { ELEVEN_POINTS } from "./_trec_eval.ts";

/**
 * The mean of the interpolated precisions at the given recall levels,
 * summed from the last level to the first as trec_eval does.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { elevenPointAverage } from "./iprec_avg.ts";
 * const r = JudgedRanking.from("q", ["a", "b"], new Map([["a", 1]]));
 * console.log(elevenPointAverage(r)); // 1
 * ```
 *
 * @param ranking The ranking.
 * @param recalls The recall levels. Default: the 11 standard ones.
 * @param options Cutoff rounding.
 * @returns The average.
 */
export function elevenPointAverage(
  ranking: JudgedRanking,
  recalls: readonly number[] = ELEVEN_POINTS,
  options: InterpolationOptions = {},
): number {
  const values = interpolatedPrecision(ranking, recalls, options);
  let sum = 0;
  for (let i = values.length - 1; i >= 0; i--) sum += values[i];
  return sum / recalls.length;
}

/**
 * `iprec_avg`: 11-point interpolated average precision; 0 for an empty
 * ranking, as `iprec_at_recall`.
 */
export const iprecAvg: MetricDefinition = {
  name: "iprec_avg",
  peers: ["trec_eval"],
  aliases: ["eleven_pt_avg", "ipr_avg"],
  description:
    "interpolated precision averaged over recall 0.0, 0.1, ..., 1.0 (trec_eval 11pt_avg)",
  cutoff: "none",
  trecEval: [
    {
      name: "11pt_avg",
      params: "doubles",
      defaults: ELEVEN_POINTS,
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "iprec_avg",
      bind: ({ numbers, legacyCutoffs }) => (r) => [
        elevenPointAverage(r, numbers, { legacyCutoffs }),
      ],
    },
  ],
  create: () => (ranking) =>
    ranking.grades.length === 0 ? 0 : elevenPointAverage(ranking),
};
