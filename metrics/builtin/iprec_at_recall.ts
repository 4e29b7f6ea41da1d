/**
 * Interpolated precision at recall levels, as trec_eval's `iprec_at_recall`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { lround, relevantRetrieved } from "./_trec.ts";
import { atLevel, levelOf, REL_PARAM } from "./_shared.ts";
import { ELEVEN_POINTS } from "./_trec_eval.ts";

/** Options of {@linkcode interpolatedPrecision}. */
export interface InterpolationOptions {
  /**
   * Turn a recall level x into a number of relevant documents as trec_eval
   * 9 did, `(long)(x * R + 0.9)`, instead of 10's `lround(x * R)`.
   * Default: false.
   */
  legacyCutoffs?: boolean;
}

/**
 * Interpolated precision at each recall level: the highest precision at or
 * after the rank where that share of the R relevant documents has been
 * retrieved (0 when it never is). Computed in one backward pass, as
 * trec_eval does, so the levels may come in any order. An empty ranking
 * gives NaN (trec_eval's 0/0 with `-J`).
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { interpolatedPrecision } from "./iprec_at_recall.ts";
 * const r = JudgedRanking.from("q", ["a", "b", "c"], new Map([["b", 1], ["c", 1]]));
 * console.log(Array.from(interpolatedPrecision(r, [0, 0.5, 1]))); // [0.6666666666666666, 0.6666666666666666, 0.6666666666666666]
 * ```
 *
 * @param ranking The ranking.
 * @param recalls The recall levels.
 * @param options Cutoff rounding.
 * @returns One value per level.
 */
export function interpolatedPrecision(
  ranking: JudgedRanking,
  recalls: readonly number[],
  options: InterpolationOptions = {},
): Float64Array {
  const level = ranking.relevanceLevel;
  const grades = ranking.grades;
  const n = grades.length;
  const numRel = ranking.numRel(level);
  const relRet = relevantRetrieved(ranking, level);
  const cutoffs = recalls.map((x) =>
    options.legacyCutoffs ? Math.trunc(x * numRel + 0.9) : lround(x * numRel)
  );
  const values = new Float64Array(recalls.length);
  let cut = recalls.length - 1;
  while (cut >= 0 && cutoffs[cut] > relRet) cut--;
  let best = relRet / n;
  let relSoFar = relRet;
  for (let i = n; i > 0 && relSoFar > 0; i--) {
    const precision = relSoFar / i;
    if (best < precision) best = precision;
    if (grades[i - 1] >= level) {
      while (cut >= 0 && relSoFar === cutoffs[cut]) values[cut--] = best;
      relSoFar--;
    }
  }
  while (cut >= 0) values[cut--] = best;
  return values;
}

/**
 * `iprec_at_recall(recall=x)`: interpolated precision at recall level x. An
 * empty ranking (a query the run missed, scored with `averageOverQrels`)
 * scores 0, as trec_eval `-c` scores it, not the kernel's NaN.
 */
export const iprecAtRecall: MetricDefinition = {
  name: "iprec_at_recall",
  peers: ["trec_eval"],
  aliases: [
    "ipr",
    "interpolated_precision",
    { name: "iprec_at_recall_", peer: "trec_eval", suffixParam: "recall" },
    { name: "IPrec", peer: "ir_measures", atParam: "recall" },
  ],
  description:
    "interpolated precision at a recall level, e.g. iprec_at_recall(recall=0.1) (trec_eval iprec_at_recall)",
  params: {
    recall: {
      type: "number",
      description: "recall level, 0 to 1 (required)",
      min: 0,
      max: 1,
    },
    rel: REL_PARAM,
  },
  cutoff: "none",
  trecEval: [
    {
      name: "iprec_at_recall",
      params: "double_cutoffs",
      defaults: ELEVEN_POINTS,
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "iprec_at_recall(recall=x)",
      bind: ({ numbers, legacyCutoffs }) => (r) =>
        interpolatedPrecision(r, numbers, { legacyCutoffs }),
    },
  ],
  create: (params) => {
    const recall = params.recall;
    if (typeof recall !== "number") {
      throw new RangeError(
        'Metric "iprec_at_recall" needs a recall level such as iprec_at_recall(recall=0.1)',
      );
    }
    const point = ELEVEN_POINTS.indexOf(recall);
    return (ranking) => {
      if (ranking.grades.length === 0) return 0;
      const leveled = atLevel(ranking, levelOf(params, ranking));
      return point >= 0
        ? elevenPoints(leveled)[point]
        : interpolatedPrecision(leveled, [recall])[0];
    };
  },
};

/**
 * The eleven points of the last ranking asked for: the official measures
 * ask for all eleven of each ranking in turn, which one backward pass
 * gives, as trec_eval's one measure does. A ranking does not change once
 * made (it also keeps its count of relevant documents).
 */
let lastRanking: JudgedRanking | undefined;
let lastPoints: Float64Array = new Float64Array(0);

function elevenPoints(ranking: JudgedRanking): Float64Array {
  if (ranking !== lastRanking) {
    lastPoints = interpolatedPrecision(ranking, ELEVEN_POINTS);
    lastRanking = ranking;
  }
  return lastPoints;
}
