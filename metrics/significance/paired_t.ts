/**
 * The paired (dependent samples) Student t-test.
 *
 * @module
 */

import { type Alternative, checkedAlternative } from "./alternative.ts";
import {
  checkedDifferences,
  mean,
  sampleStandardDeviation,
} from "./differences.ts";
import { studentTCdf, studentTQuantile, studentTTwoSided } from "./special.ts";

/** The result of {@linkcode pairedTTest}. */
export interface PairedTTestResult {
  /** The t statistic: mean difference over its standard error. */
  readonly statistic: number;
  /** Degrees of freedom, n - 1. */
  readonly df: number;
  /** The p-value under the alternative. */
  readonly pValue: number;
  /** The mean difference. */
  readonly meanDifference: number;
  /**
   * The t confidence interval of the mean difference: two-sided, or
   * one-sided (`[-Infinity, upper]` for `less`, `[lower, Infinity]` for
   * `greater`), as scipy's `confidence_interval()`.
   */
  readonly ci: readonly [number, number];
}

/** Options of {@linkcode pairedTTest}. */
export interface PairedTTestOptions {
  /** The confidence level of `ci`. Default: 0.95. */
  confidence?: number;
  /** The alternative hypothesis. Default: `two-sided`, as scipy. */
  alternative?: Alternative;
}

/**
 * The paired t-test of H0 "the mean difference is 0", as
 * `scipy.stats.ttest_rel(a, b, alternative=...)` on `differences = a - b`:
 * `two-sided` (the default) P(|T| >= |t|), `less` P(T <= t), `greater`
 * P(T >= t), with T ~ Student t on n - 1 degrees of freedom.
 *
 * Where scipy returns NaN: when every difference is 0 the p-value is 1 (no
 * evidence of any difference); with fewer than two differences it is NaN.
 * When the differences are equal but not 0 the statistic is infinite and the
 * p-value 0 (1 for the alternative on the other side), as scipy.
 *
 * @example
 * ```ts
 * import { pairedTTest } from "./paired_t.ts";
 * const result = pairedTTest([0.1, 0.2, 0.3, -0.1]);
 * console.log(result.df, result.pValue.toFixed(4)); // 3 "0.2394"
 * const greater = pairedTTest([0.1, 0.2, 0.3, -0.1], { alternative: "greater" });
 * console.log(greater.pValue.toFixed(4), greater.ci[1]); // "0.1197" Infinity
 * ```
 *
 * @param differences Per-query differences `a - b`.
 * @param options The confidence level and alternative.
 * @returns The statistic, p-value and interval.
 * @throws {RangeError} If a difference is not finite or the confidence is
 * not in (0, 1).
 * @throws {TypeError} If the alternative is unknown.
 */
export function pairedTTest(
  differences: ArrayLike<number>,
  options: PairedTTestOptions = {},
): PairedTTestResult {
  const confidence = options.confidence ?? 0.95;
  const alternative = checkedAlternative(options.alternative);
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`Confidence must be in (0, 1), got ${confidence}`);
  }
  const d = checkedDifferences(differences);
  const n = d.length;
  const m = mean(d);
  const df = n - 1;
  if (n < 2) {
    return {
      statistic: NaN,
      df,
      pValue: NaN,
      meanDifference: m,
      ci: [NaN, NaN],
    };
  }
  const se = sampleStandardDeviation(d) / Math.sqrt(n);
  if (se === 0) {
    return {
      statistic: m === 0 ? NaN : m > 0 ? Infinity : -Infinity,
      df,
      pValue: m === 0
        ? 1
        : alternative === "two-sided" || (m > 0) === (alternative === "greater")
        ? 0
        : 1,
      meanDifference: m,
      ci: alternative === "less"
        ? [-Infinity, m]
        : alternative === "greater"
        ? [m, Infinity]
        : [m, m],
    };
  }
  const statistic = m / se;
  if (alternative === "two-sided") {
    const half = studentTQuantile(0.5 + confidence / 2, df) * se;
    return {
      statistic,
      df,
      pValue: studentTTwoSided(statistic, df),
      meanDifference: m,
      ci: [m - half, m + half],
    };
  }
  const bound = studentTQuantile(confidence, df) * se;
  const less = alternative === "less";
  return {
    statistic,
    df,
    pValue: less ? studentTCdf(statistic, df) : studentTCdf(-statistic, df),
    meanDifference: m,
    ci: less ? [-Infinity, m + bound] : [m - bound, Infinity],
  };
}
