/**
 * The paired sign-flip permutation test of the mean difference: exact by
 * enumeration when few queries differ, Monte Carlo with a seed otherwise.
 *
 * @module
 */

import { type Alternative, checkedAlternative } from "./alternative.ts";
import { checkedDifferences, mean } from "./differences.ts";
import { Xoshiro128 } from "./prng.ts";

/** Options of {@linkcode permutationTest}. */
export interface PermutationOptions {
  /** Random sign vectors drawn when the test is not exact. Default: 10000. */
  resamples?: number;
  /** The seed of the generator, an integer in [0, 2^32). Default: 42. */
  seed?: number;
  /**
   * Enumerate all 2^m sign vectors when at most this many differences are
   * non-zero (at most 44). Default: 30.
   */
  maxExact?: number;
  /** The alternative hypothesis. Default: `two-sided`, as scipy. */
  alternative?: Alternative;
}

/** The result of {@linkcode permutationTest}. */
export interface PermutationResult {
  /** The observed mean difference. */
  readonly statistic: number;
  /** The p-value under the alternative. */
  readonly pValue: number;
  /** Whether every sign vector was enumerated. */
  readonly exact: boolean;
  /** Sign vectors sampled (0 when exact). */
  readonly resamples: number;
}

/** Default number of Monte Carlo sign vectors. */
export const DEFAULT_RESAMPLES = 10000;
/** Default seed of sampled tests. */
export const DEFAULT_SEED = 42;
const MAX_EXACT_LIMIT = 44;

/**
 * The smallest absolute flipped sum that counts as at least as extreme as
 * the observed one: |Σ d| less a tolerance of 1e-10 Σ|d|, because sums of
 * the same numbers in another order differ in the last bits and a tie must
 * count.
 *
 * @param d The differences.
 * @returns The threshold; not positive when the observed sum is 0.
 */
export function signFlipThreshold(d: Float64Array): number {
  const { sum, tolerance } = sumAndTolerance(d);
  return Math.abs(sum) - tolerance;
}

/**
 * The observed sum and the tolerance, 1e-10 Σ|d|, within which a flipped
 * sum counts as equal to it (sums of the same numbers in another order
 * differ in the last bits, and a tie must count).
 */
function sumAndTolerance(
  d: Float64Array,
): { sum: number; tolerance: number } {
  let sum = 0, scale = 0;
  for (const x of d) {
    sum += x;
    scale += Math.abs(x);
  }
  return { sum, tolerance: 1e-10 * scale };
}

/**
 * The bound a flipped sum S is compared with for an alternative, and how:
 * `greater` counts S >= bound, `less` S <= bound, `two-sided` |S| >= bound.
 *
 * @param d The differences.
 * @param alternative The alternative.
 * @returns The bound, with the tolerance on the counting side.
 */
export function signFlipBound(
  d: Float64Array,
  alternative: Alternative,
): number {
  const { sum, tolerance } = sumAndTolerance(d);
  if (alternative === "greater") return sum - tolerance;
  if (alternative === "less") return sum + tolerance;
  return Math.abs(sum) - tolerance;
}

function nonZero(d: Float64Array): Float64Array {
  return d.filter((x) => x !== 0);
}

/**
 * How many of the 2^m sign vectors s give |Σ s_i d_i| >= threshold, counted
 * exactly by meeting in the middle: the sums of each half's 2^(m/2) sign
 * vectors, sorted, then paired with two pointers.
 */
function exactCount(
  d: Float64Array,
  bound: number,
  alternative: Alternative,
): number {
  const half = d.length >> 1;
  const left = halfSums(d.subarray(0, half));
  const right = halfSums(d.subarray(half));
  // Pairs with x + y >= bound, and pairs with x + y <= the lower bound.
  let atLeast = 0;
  let j = right.length;
  for (let i = 0; i < left.length; i++) {
    while (j > 0 && left[i] + right[j - 1] >= bound) j--;
    atLeast += right.length - j;
  }
  if (alternative === "greater") return atLeast;
  const lower = alternative === "less" ? bound : -bound;
  let atMost = 0;
  j = 0;
  for (let i = left.length - 1; i >= 0; i--) {
    while (j < right.length && left[i] + right[j] <= lower) j++;
    atMost += j;
  }
  return alternative === "less" ? atMost : atLeast + atMost;
}

function halfSums(d: Float64Array): Float64Array {
  const sums = new Float64Array(1 << d.length);
  for (const x of d) sums[0] += x;
  for (let mask = 1; mask < sums.length; mask++) {
    const low = mask & -mask;
    sums[mask] = sums[mask ^ low] - 2 * d[31 - Math.clz32(low)];
  }
  return sums.sort();
}

/**
 * How many of `resamples` random sign vectors give a flipped sum S at least
 * as extreme as the bound: |S| >= threshold for `two-sided` (the default),
 * S >= threshold for `greater`, S <= threshold for `less` (see
 * {@linkcode signFlipBound}). Each 32-bit draw supplies the signs of 32
 * differences.
 *
 * @param d The differences.
 * @param threshold The bound.
 * @param resamples How many sign vectors to draw.
 * @param seed The generator seed.
 * @param alternative Which side counts.
 * @returns The count.
 */
export function sampledSignFlipCount(
  d: Float64Array,
  threshold: number,
  resamples: number,
  seed: number,
  alternative: Alternative = "two-sided",
): number {
  const rng = new Xoshiro128(seed);
  let count = 0;
  for (let r = 0; r < resamples; r++) {
    let sum = 0, bits = 0;
    for (let i = 0; i < d.length; i++) {
      if ((i & 31) === 0) bits = rng.nextUint32();
      sum += (bits & 1) ? -d[i] : d[i];
      bits >>>= 1;
    }
    if (
      alternative === "greater"
        ? sum >= threshold
        : alternative === "less"
        ? sum <= threshold
        : Math.abs(sum) >= threshold
    ) count++;
  }
  return count;
}

/**
 * Validates a count of resamples.
 *
 * @param resamples The count.
 * @returns The count.
 * @throws {RangeError} If it is not a positive integer.
 */
export function checkedResamples(resamples: number): number {
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new RangeError(
      `Resamples must be a positive integer, got ${resamples}`,
    );
  }
  return resamples;
}

/**
 * The paired permutation (sign-flip) test of H0 "the two systems are
 * exchangeable on every query": under H0 each difference is as likely to
 * have either sign, and the two-sided p-value is the share of the 2^n sign
 * vectors whose mean difference is at least as far from 0 as the observed
 * one. One-sided, as `scipy.stats.permutation_test(..., alternative=...)`:
 * `greater` is the share whose mean is at least the observed one, `less`
 * the share whose mean is at most it.
 *
 * Zero differences do not change any flipped sum, so only the m non-zero
 * ones are flipped. When m <= `maxExact` all 2^m vectors are counted (meet
 * in the middle: 2 x 2^(m/2) sums), the p-value of
 * `scipy.stats.permutation_test(..., permutation_type="samples")` with
 * every permutation; otherwise `resamples` vectors are drawn from a seeded
 * {@linkcode Xoshiro128} and p = (b + 1) / (R + 1) (b of R at least as
 * extreme), as scipy's randomized test, which is never 0.
 *
 * @example An exact test
 * ```ts
 * import { permutationTest } from "./permutation.ts";
 * const result = permutationTest([0.2, 0.1, 0.3, 0.05]);
 * console.log(result.exact, result.pValue); // true 0.125
 * const greater = permutationTest([0.2, 0.1, 0.3, 0.05], { alternative: "greater" });
 * console.log(greater.pValue); // 0.0625
 * ```
 *
 * @param differences Per-query differences `a - b`.
 * @param options Resamples, seed, the exact limit and the alternative.
 * @returns The mean difference and p-value.
 * @throws {RangeError} If a difference is not finite or an option is out of
 * range.
 * @throws {TypeError} If the alternative is unknown.
 */
export function permutationTest(
  differences: ArrayLike<number>,
  options: PermutationOptions = {},
): PermutationResult {
  const resamples = checkedResamples(options.resamples ?? DEFAULT_RESAMPLES);
  const maxExact = options.maxExact ?? 30;
  if (
    !Number.isInteger(maxExact) || maxExact < 0 || maxExact > MAX_EXACT_LIMIT
  ) {
    throw new RangeError(
      `maxExact must be an integer in [0, ${MAX_EXACT_LIMIT}], got ${maxExact}`,
    );
  }
  const alternative = checkedAlternative(options.alternative);
  const d = checkedDifferences(differences);
  const statistic = mean(d);
  const flipped = nonZero(d);
  const bound = signFlipBound(d, alternative);
  if (flipped.length === 0 || (alternative === "two-sided" && bound <= 0)) {
    return { statistic, pValue: 1, exact: true, resamples: 0 };
  }
  if (flipped.length <= maxExact) {
    return {
      statistic,
      pValue: Math.min(
        1,
        exactCount(flipped, bound, alternative) / 2 ** flipped.length,
      ),
      exact: true,
      resamples: 0,
    };
  }
  const seed = options.seed ?? DEFAULT_SEED;
  const count = sampledSignFlipCount(
    flipped,
    bound,
    resamples,
    seed,
    alternative,
  );
  return {
    statistic,
    pValue: (count + 1) / (resamples + 1),
    exact: false,
    resamples,
  };
}
