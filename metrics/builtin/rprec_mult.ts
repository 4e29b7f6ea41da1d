/**
 * Precision at multiples of R, as trec_eval's `Rprec_mult`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { relevantRetrieved } from "./_trec.ts";

/**
 * Precision at rank c = (long)(m * R + 0.9) for each multiple m of R (the
 * relevant judged documents); ranks past the end of the ranking count as
 * non-relevant, and c = 0 gives 0. One backward pass, as trec_eval, so the
 * multiples must be in increasing order.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { precisionAtRMultiples } from "./rprec_mult.ts";
 * const r = JudgedRanking.from("q", ["a", "x", "b"], new Map([["a", 1], ["b", 1]]));
 * console.log(Array.from(precisionAtRMultiples(r, [0.5, 1, 2]))); // [1, 0.5, 0.5]
 * ```
 *
 * @param ranking The ranking.
 * @param multiples The multiples of R, increasing.
 * @returns One value per multiple.
 */
export function precisionAtRMultiples(
  ranking: JudgedRanking,
  multiples: readonly number[],
): Float64Array {
  const level = ranking.relevanceLevel;
  const grades = ranking.grades;
  const n = grades.length;
  const numRel = ranking.numRel(level);
  const relRet = relevantRetrieved(ranking, level);
  const cutoffs = multiples.map((m) => Math.trunc(m * numRel + 0.9));
  const values = new Float64Array(multiples.length);
  let cut = multiples.length - 1;
  while (cut >= 0 && cutoffs[cut] > n) {
    values[cut] = relRet / cutoffs[cut];
    cut--;
  }
  let relSoFar = relRet;
  for (let i = n; i > 0 && relSoFar > 0; i--) {
    const precision = relSoFar / i;
    while (cut >= 0 && i === cutoffs[cut]) values[cut--] = precision;
    if (grades[i - 1] >= level) relSoFar--;
  }
  return values;
}

/** `rprec_mult(mult=m)`: precision at rank m * R. */
/** trec_eval's default multiples of R for `Rprec_mult`. */
const R_MULTIPLES = [0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0];

export const rprecMult: MetricDefinition = {
  name: "rprec_mult",
  peers: ["trec_eval"],
  aliases: [{ name: "Rprec_mult_", peer: "trec_eval", suffixParam: "mult" }],
  description:
    "precision at a multiple of R, e.g. rprec_mult(mult=0.2) (trec_eval Rprec_mult)",
  params: {
    mult: {
      type: "number",
      description: "multiple of R, the number of relevant docs (required)",
      min: 0,
      exclusiveMin: true,
    },
  },
  cutoff: "none",
  trecEval: [
    {
      name: "Rprec_mult",
      params: "double_cutoffs",
      defaults: R_MULTIPLES,
      print: "double",
      summary: "mean",
      perTopic: true,
      spec: "rprec_mult(mult=x)",
      bind: ({ numbers }) => (r) => precisionAtRMultiples(r, numbers),
    },
  ],
  create: (params) => {
    const mult = params.mult;
    if (typeof mult !== "number") {
      throw new RangeError(
        'Metric "rprec_mult" needs a multiple such as rprec_mult(mult=0.2)',
      );
    }
    return (ranking) => precisionAtRMultiples(ranking, [mult])[0];
  },
};
