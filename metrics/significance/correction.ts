/**
 * Multiple-comparison corrections of p-values.
 *
 * @module
 */

/** The corrections {@linkcode adjustPValues} knows. */
export const CORRECTIONS = ["holm", "bonferroni", "none"] as const;
/** One of {@linkcode CORRECTIONS}. */
export type Correction = typeof CORRECTIONS[number];

/**
 * Adjusts a family of p-values so that comparing each with α controls the
 * family-wise error rate: Bonferroni multiplies by the family size; Holm's
 * step-down multiplies the i-th smallest by (m - i + 1) and keeps the
 * adjusted values monotone, which rejects everything Bonferroni rejects and
 * often more. Adjusted values are capped at 1. NaN p-values (tests that could
 * not be run) stay NaN and do not count in the family size.
 *
 * @example
 * ```ts
 * import { adjustPValues } from "./correction.ts";
 * console.log(adjustPValues([0.01, 0.04, 0.03], "holm")); // [0.03, 0.06, 0.06]
 * console.log(adjustPValues([0.01, 0.04, 0.03], "bonferroni")); // [0.03, 0.12, 0.09]
 * ```
 *
 * @param pValues The raw p-values.
 * @param method `holm`, `bonferroni` or `none`.
 * @returns The adjusted p-values, aligned with the input.
 * @throws {TypeError} If the method is unknown.
 * @throws {RangeError} If a p-value is outside [0, 1].
 */
export function adjustPValues(
  pValues: readonly number[],
  method: Correction,
): number[] {
  if (!CORRECTIONS.includes(method)) {
    throw new TypeError(
      `Unknown correction "${method}"; expected one of ${
        CORRECTIONS.join(", ")
      }`,
    );
  }
  for (const p of pValues) {
    if (p < 0 || p > 1) {
      throw new RangeError(`A p-value must be in [0, 1], got ${p}`);
    }
  }
  const tested = pValues.map((p, i) => [p, i] as const).filter(([p]) =>
    !Number.isNaN(p)
  );
  const m = tested.length;
  const out = [...pValues];
  if (method === "none") return out;
  if (method === "bonferroni") {
    for (const [p, i] of tested) out[i] = Math.min(1, p * m);
    return out;
  }
  tested.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let running = 0;
  tested.forEach(([p, i], rank) => {
    running = Math.max(running, Math.min(1, p * (m - rank)));
    out[i] = running;
  });
  return out;
}
