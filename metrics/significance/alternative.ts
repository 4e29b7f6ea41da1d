/**
 * The alternative hypothesis of a paired test, as scipy names it.
 *
 * @module
 */

/** The alternatives every paired test takes, scipy's `alternative` values. */
export const ALTERNATIVES = ["two-sided", "less", "greater"] as const;

/**
 * One of {@linkcode ALTERNATIVES}. For differences `d = a - b`:
 * `two-sided`, the location of `d` is not 0; `less`, it is below 0 (`a`
 * scores lower); `greater`, it is above 0 (`a` scores higher).
 */
export type Alternative = typeof ALTERNATIVES[number];

/**
 * Validates an alternative, `two-sided` when undefined.
 *
 * @example
 * ```ts
 * import { checkedAlternative } from "./alternative.ts";
 * console.log(checkedAlternative(undefined)); // "two-sided"
 * console.log(checkedAlternative("greater")); // "greater"
 * ```
 *
 * @param alternative The value.
 * @returns The alternative.
 * @throws {TypeError} If it is not one of {@linkcode ALTERNATIVES}.
 */
export function checkedAlternative(
  alternative: string | undefined,
): Alternative {
  const value = alternative ?? "two-sided";
  if (!(ALTERNATIVES as readonly string[]).includes(value)) {
    throw new TypeError(
      `Unknown alternative "${value}"; expected one of ${
        ALTERNATIVES.join(", ")
      }`,
    );
  }
  return value as Alternative;
}

/**
 * The p-value of a test from its two one-sided tails, as scipy's
 * `permutation_test` and the exact Wilcoxon test combine them: `less` is
 * P(T <= t), `greater` is P(T >= t), and `two-sided` is twice the smaller,
 * capped at 1.
 *
 * @example
 * ```ts
 * import { pValueOfTails } from "./alternative.ts";
 * console.log(pValueOfTails(0.1, 0.95, "two-sided")); // 0.2
 * console.log(pValueOfTails(0.1, 0.95, "greater")); // 0.95
 * ```
 *
 * @param lower P(T <= t) under the null hypothesis.
 * @param upper P(T >= t) under the null hypothesis.
 * @param alternative The alternative.
 * @returns The p-value.
 */
export function pValueOfTails(
  lower: number,
  upper: number,
  alternative: Alternative,
): number {
  if (alternative === "less") return lower;
  if (alternative === "greater") return upper;
  return Math.min(1, 2 * Math.min(lower, upper));
}
