/**
 * Fisher's randomization test as IR evaluation uses it (Smucker, Allan and
 * Carterette, 2007; ranx's `fisher`): always sampled.
 *
 * @module
 */

import { type Alternative, checkedAlternative } from "./alternative.ts";
import { checkedDifferences, mean } from "./differences.ts";
import {
  checkedResamples,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  sampledSignFlipCount,
  signFlipBound,
} from "./permutation.ts";

/** Options of {@linkcode fisherRandomizationTest}. */
export interface FisherOptions {
  /** Random label swaps drawn. Default: 10000. */
  resamples?: number;
  /** The seed of the generator, an integer in [0, 2^32). Default: 42. */
  seed?: number;
  /**
   * The alternative hypothesis: `greater` counts the trials whose mean
   * difference is at least the observed one, `less` at most it. Default:
   * `two-sided`.
   */
  alternative?: Alternative;
}

/** The result of {@linkcode fisherRandomizationTest}. */
export interface FisherResult {
  /** The observed mean difference. */
  readonly statistic: number;
  /** The p-value under the alternative, b / R. */
  readonly pValue: number;
  /** Label swaps drawn. */
  readonly resamples: number;
}

/**
 * Fisher's randomization test: for each of R random trials, swap the two
 * systems' scores on each query with probability 1/2 (a sign flip of the
 * difference) and count the trials whose absolute mean difference is at
 * least the observed one; p = b / R, the estimator of Smucker et al. and
 * ranx. It samples even when few queries would allow enumeration (use
 * {@linkcode permutationTest} for the exact test) and may report p = 0.
 *
 * @example
 * ```ts
 * import { fisherRandomizationTest } from "./fisher.ts";
 * const result = fisherRandomizationTest([0.2, 0.1, 0.3, 0.05, 0.1, 0.2], { seed: 7 });
 * console.log(result.pValue > 0 && result.pValue < 0.1); // true
 * ```
 *
 * @param differences Per-query differences `a - b`.
 * @param options Resamples, seed and alternative.
 * @returns The mean difference and p-value.
 * @throws {RangeError} If a difference is not finite or an option is out of
 * range.
 * @throws {TypeError} If the alternative is unknown.
 */
export function fisherRandomizationTest(
  differences: ArrayLike<number>,
  options: FisherOptions = {},
): FisherResult {
  const resamples = checkedResamples(options.resamples ?? DEFAULT_RESAMPLES);
  const alternative = checkedAlternative(options.alternative);
  const d = checkedDifferences(differences);
  const statistic = mean(d);
  const flipped = d.filter((x) => x !== 0);
  const bound = signFlipBound(d, alternative);
  if (flipped.length === 0 || (alternative === "two-sided" && bound <= 0)) {
    return { statistic, pValue: 1, resamples };
  }
  const count = sampledSignFlipCount(
    flipped,
    bound,
    resamples,
    options.seed ?? DEFAULT_SEED,
    alternative,
  );
  return { statistic, pValue: count / resamples, resamples };
}
