/**
 * The effect size of a paired comparison.
 *
 * @module
 */

import {
  checkedDifferences,
  mean,
  sampleStandardDeviation,
} from "./differences.ts";

/**
 * Cohen's d for paired data (d_z): the mean difference divided by the sample
 * standard deviation (n - 1) of the differences. It is the t statistic over
 * √n, so it does not grow with the number of queries. 0.2, 0.5 and 0.8 are
 * Cohen's "small", "medium" and "large".
 *
 * @example
 * ```ts
 * import { pairedEffectSize } from "./effect_size.ts";
 * console.log(pairedEffectSize([1, 2, 3])); // 2
 * ```
 *
 * @param differences Per-query differences `a - b`.
 * @returns d_z; NaN for fewer than two differences or when all are 0;
 * ±Infinity when they are equal and not 0.
 * @throws {RangeError} If a difference is not finite.
 */
export function pairedEffectSize(differences: ArrayLike<number>): number {
  const d = checkedDifferences(differences);
  const m = mean(d);
  const sd = sampleStandardDeviation(d);
  if (sd === 0) return m === 0 ? NaN : m > 0 ? Infinity : -Infinity;
  return m / sd;
}
