/**
 * Tukey's honestly significant difference test of several systems at once.
 *
 * @module
 */

import { mean } from "./differences.ts";
import { studentizedRangeSf } from "./studentized_range.ts";

/** The result of {@linkcode tukeyHsd}. */
export interface TukeyHsdResult {
  /** `statistic[i][j]`: mean of group i minus mean of group j, as scipy. */
  readonly statistic: readonly (readonly number[])[];
  /**
   * `pValue[i][j]`: the p-value of groups i and j, adjusted for every pair
   * of the k groups by the studentized range (1 on the diagonal).
   */
  readonly pValue: readonly (readonly number[])[];
  /** Degrees of freedom of the error, N - k. */
  readonly df: number;
  /** The pooled within-group variance (mean square error). */
  readonly meanSquareError: number;
}

/**
 * Tukey's HSD test (Tukey–Kramer for unequal sizes), as
 * `scipy.stats.tukey_hsd(*groups)`: the groups are treated as independent
 * samples with a common variance, the mean square error
 * Σ (n_i - 1) s_i² / (N - k); for groups i and j the statistic
 * |mean_i - mean_j| / √(MSE (1/n_i + 1/n_j) / 2) is referred to the
 * studentized range distribution with k means and N - k degrees of freedom
 * ({@linkcode studentizedRangeSf}). This is how ranx's `tukey` test
 * compares systems on per-query scores: it does not use the pairing of
 * queries.
 *
 * When every group is constant (MSE = 0), a pair with equal means has
 * p = 1 and one with different means p = 0, where scipy gives NaN for the
 * first.
 *
 * @example scipy's documented example
 * ```ts
 * import { tukeyHsd } from "./tukey_hsd.ts";
 * const result = tukeyHsd([
 *   [24.5, 23.5, 26.4, 27.1, 29.9],
 *   [28.4, 34.2, 29.5, 32.2, 30.1],
 *   [26.1, 28.3, 24.3, 26.2, 27.8],
 * ]);
 * console.log(result.statistic[0][1].toFixed(2), result.pValue[0][1].toFixed(3)); // "-4.60" "0.014"
 * ```
 *
 * @param groups Two or more groups of at least two finite values each.
 * @returns The mean differences and p-values of every pair.
 * @throws {RangeError} If there are fewer than two groups, a group has
 * fewer than two values, or a value is not finite.
 */
export function tukeyHsd(
  groups: readonly ArrayLike<number>[],
): TukeyHsdResult {
  const k = groups.length;
  if (k < 2) {
    throw new RangeError(`Tukey's HSD needs at least two groups, got ${k}`);
  }
  groups.forEach((group, i) => {
    if (group.length < 2) {
      throw new RangeError(
        `Tukey's HSD needs at least two values in each group, got ${group.length} in group ${i}`,
      );
    }
    for (let j = 0; j < group.length; j++) {
      if (!Number.isFinite(group[j])) {
        throw new RangeError(
          `Tukey's HSD values must be finite, got ${
            group[j]
          } at position ${j} of group ${i}`,
        );
      }
    }
  });
  const sizes = groups.map((g) => g.length);
  const means = groups.map(mean);
  const total = sizes.reduce((x, y) => x + y, 0);
  const df = total - k;
  let squares = 0;
  groups.forEach((g, i) => {
    for (let j = 0; j < g.length; j++) squares += (g[j] - means[i]) ** 2;
  });
  const meanSquareError = squares / df;
  const equal = sizes.every((n) => n === sizes[0]);
  const statistic: number[][] = [];
  const pValue: number[][] = [];
  const cache = new Map<number, number>();
  for (let i = 0; i < k; i++) {
    statistic.push([]);
    pValue.push([]);
    for (let j = 0; j < k; j++) {
      const difference = means[i] - means[j];
      statistic[i].push(difference);
      const normalize = equal ? 2 / sizes[0] : 1 / sizes[i] + 1 / sizes[j];
      const standardError = Math.sqrt(normalize * meanSquareError / 2);
      let p: number;
      if (standardError === 0) p = difference === 0 ? 1 : 0;
      else {
        const q = Math.abs(difference) / standardError;
        p = cache.get(q) ?? studentizedRangeSf(q, k, df);
        cache.set(q, p);
      }
      pValue[i].push(p);
    }
  }
  return { statistic, pValue, df, meanSquareError };
}
