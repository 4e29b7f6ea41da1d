/**
 * How per-query values combine into one number: the one aggregator behind
 * `evaluate`, saved baselines and trec_eval's summary lines.
 *
 * @module
 */

import type { Aggregate } from "./metric.ts";

/**
 * The floor of a value in a geometric mean, as trec_eval's `gm_map`: a
 * query scoring 0 would otherwise make the mean 0.
 */
export const GEOMETRIC_FLOOR = 0.00001;

/**
 * The log a value adds to a geometric mean, floored at
 * {@linkcode GEOMETRIC_FLOOR}.
 *
 * @example
 * ```ts
 * import { geometricTerm } from "./aggregate.ts";
 * console.log(geometricTerm(0) === Math.log(0.00001)); // true
 * ```
 *
 * @param value A per-query value.
 * @returns Its floored log.
 */
export function geometricTerm(value: number): number {
  return Math.log(Math.max(value, GEOMETRIC_FLOOR));
}

/**
 * Combines per-query values, summed in the order given (trec_eval sums in
 * query id order, so the last digit matches). Over no value nothing was
 * measured: NaN, never a 0 that reads as a result.
 *
 * @example
 * ```ts
 * import { aggregateValues } from "./aggregate.ts";
 * console.log(aggregateValues("mean", [0.5, 1])); // 0.75
 * console.log(aggregateValues("geometric", [1, 1])); // 1
 * console.log(aggregateValues("mean", [])); // NaN
 * ```
 *
 * @param aggregate How to combine: `mean`, `sum` or `geometric`.
 * @param values The per-query values.
 * @param skipNaN Leave NaN out, for a metric undefined for some queries.
 * Default: false.
 * @returns The aggregate.
 * @throws {TypeError} For `corpus`, which scores inputs, not values.
 */
export function aggregateValues(
  aggregate: Aggregate,
  values: Iterable<number>,
  skipNaN = false,
): number {
  if (aggregate === "corpus") {
    throw new TypeError("A corpus metric is not an aggregate of values");
  }
  let sum = 0;
  let count = 0;
  for (const value of values) {
    if (skipNaN && Number.isNaN(value)) continue;
    sum += aggregate === "geometric" ? geometricTerm(value) : value;
    count++;
  }
  if (count === 0) return NaN;
  return aggregate === "sum"
    ? sum
    : aggregate === "geometric"
    ? Math.exp(sum / count)
    : sum / count;
}
