/**
 * Paired per-query differences: what every significance test consumes.
 *
 * @module
 */

/**
 * The differences `a[i] - b[i]` of two systems' per-query scores.
 *
 * @example
 * ```ts
 * import { pairedDifferences } from "./differences.ts";
 * console.log([...pairedDifferences([0.5, 1], [0.25, 1])]); // [0.25, 0]
 * ```
 *
 * @param a The first system's scores.
 * @param b The second system's scores, aligned with `a`.
 * @returns The differences.
 * @throws {RangeError} If the lengths differ or a score is not finite.
 */
export function pairedDifferences(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
): Float64Array {
  if (a.length !== b.length) {
    throw new RangeError(
      `Paired scores must have equal lengths, got ${a.length} and ${b.length}`,
    );
  }
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] - b[i];
  return checkedDifferences(out);
}

/**
 * Copies differences into a `Float64Array`, rejecting any that is not a
 * finite number.
 *
 * @example
 * ```ts
 * import { checkedDifferences } from "./differences.ts";
 * console.log(checkedDifferences([1, -2]).length); // 2
 * ```
 *
 * @param differences The differences.
 * @returns A typed copy.
 * @throws {RangeError} If a difference is not finite.
 */
export function checkedDifferences(
  differences: ArrayLike<number>,
): Float64Array {
  const out = Float64Array.from(differences);
  for (let i = 0; i < out.length; i++) {
    if (!Number.isFinite(out[i])) {
      throw new RangeError(
        `Paired differences must be finite, got ${out[i]} at position ${i}`,
      );
    }
  }
  return out;
}

/**
 * The mean, summed in order.
 *
 * @example
 * ```ts
 * import { mean } from "./differences.ts";
 * console.log(mean([1, 2, 6])); // 3
 * ```
 *
 * @param values The values.
 * @returns Their mean, NaN when there are none.
 */
export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return values.length ? sum / values.length : NaN;
}

/**
 * The sample standard deviation (divisor n - 1), two-pass.
 *
 * @example
 * ```ts
 * import { sampleStandardDeviation } from "./differences.ts";
 * console.log(sampleStandardDeviation([1, 2, 3])); // 1
 * ```
 *
 * @param values The values.
 * @returns Their standard deviation, NaN for fewer than two.
 */
export function sampleStandardDeviation(values: ArrayLike<number>): number {
  if (values.length < 2) return NaN;
  const m = mean(values);
  let ss = 0;
  for (let i = 0; i < values.length; i++) ss += (values[i] - m) ** 2;
  return Math.sqrt(ss / (values.length - 1));
}
