/**
 * The Wilcoxon signed-rank test, with scipy's defaults.
 *
 * @module
 */

import { checkedDifferences } from "./differences.ts";
import { normalSf } from "./special.ts";

/** How {@linkcode wilcoxonSignedRank} computed its p-value. */
export type WilcoxonMethod = "exact" | "permutation" | "normal";

/** Options of {@linkcode wilcoxonSignedRank}. */
export interface WilcoxonOptions {
  /**
   * `auto` (the default) picks as scipy 1.17's `method="auto"`: `exact` for
   * at most 50 differences without zeros or tied magnitudes; `permutation`
   * (every sign vector of the ranks, exact too) for at most 13 with zeros or
   * ties; `normal` otherwise.
   */
  method?: "auto" | WilcoxonMethod;
  /** Apply the 0.5 continuity correction to the normal z. Default: false, as scipy. */
  continuityCorrection?: boolean;
}

/** The result of {@linkcode wilcoxonSignedRank}. */
export interface WilcoxonResult {
  /** min(R+, R-), the smaller signed-rank sum, as scipy's two-sided statistic. */
  readonly statistic: number;
  /** The two-sided p-value. */
  readonly pValue: number;
  /** How the p-value was computed. */
  readonly method: WilcoxonMethod;
  /** The normal z (without sign, as scipy: -|z|), for the `normal` method. */
  readonly z?: number;
  /** Non-zero differences ranked. */
  readonly n: number;
}

/** At most this many differences in all, the `auto` method may be exact. */
const EXACT_LIMIT = 50;
/** At most this many differences in all, zeros or ties are enumerated. */
const PERMUTATION_LIMIT = 13;

/**
 * The two-sided Wilcoxon signed-rank test of H0 "the differences are
 * symmetric about 0", matching `scipy.stats.wilcoxon(d)` with its defaults
 * (`zero_method="wilcox"`: zero differences are dropped before ranking;
 * `correction=False`; `method="auto"`). Tied magnitudes get average ranks;
 * the normal approximation subtracts Σ(t³ - t)/48 from the variance for the
 * ties. Where scipy gives NaN because every difference is 0, the p-value here
 * is 1.
 *
 * @example
 * ```ts
 * import { wilcoxonSignedRank } from "./wilcoxon.ts";
 * const result = wilcoxonSignedRank([0.3, -0.1, 0.25, 0.4, 0.05, 0.2]);
 * console.log(result.method, result.statistic, result.pValue); // "exact" 2 0.09375
 * ```
 *
 * @param differences Per-query differences `a - b`.
 * @param options Method and continuity correction.
 * @returns The statistic and p-value.
 * @throws {RangeError} If a difference is not finite, or `exact` is asked
 * for with ties or zeros, or `exact`/`permutation` for too many differences.
 */
export function wilcoxonSignedRank(
  differences: ArrayLike<number>,
  options: WilcoxonOptions = {},
): WilcoxonResult {
  const all = checkedDifferences(differences);
  const d = all.filter((x) => x !== 0);
  const n = d.length;
  const zeros = all.length - n;
  const order = [...d.keys()].sort((i, j) => Math.abs(d[i]) - Math.abs(d[j]));
  // Twice the average ranks, so every rank and rank sum is an integer.
  const rank2 = new Float64Array(n);
  let tieTerm = 0;
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && Math.abs(d[order[end]]) === Math.abs(d[order[start]])) {
      end++;
    }
    const t = end - start;
    for (let k = start; k < end; k++) rank2[order[k]] = start + end + 1;
    tieTerm += t * t * t - t;
    start = end;
  }
  let plus2 = 0;
  for (let i = 0; i < n; i++) if (d[i] > 0) plus2 += rank2[i];
  const total2 = n * (n + 1);
  const rPlus = plus2 / 2;
  const statistic = Math.min(rPlus, (total2 - plus2) / 2);
  let method = options.method ?? "auto";
  if (method === "auto") {
    if (all.length > EXACT_LIMIT) method = "normal";
    else if (tieTerm === 0 && zeros === 0) method = "exact";
    else if (all.length <= PERMUTATION_LIMIT) method = "permutation";
    else method = "normal";
  }
  if (n === 0) return { statistic, pValue: 1, method, n };
  if (method === "exact" || method === "permutation") {
    if (method === "exact" && (tieTerm !== 0 || zeros !== 0)) {
      throw new RangeError(
        "The exact Wilcoxon distribution needs differences without zeros or ties; use the permutation or normal method",
      );
    }
    if (n > EXACT_LIMIT) {
      throw new RangeError(
        `The ${method} Wilcoxon method enumerates at most ${EXACT_LIMIT} differences, got ${n}`,
      );
    }
    return { statistic, pValue: signedRankP(rank2, plus2), method, n };
  }
  const meanRank = n * (n + 1) / 4;
  const se = Math.sqrt((n * (n + 1) * (2 * n + 1) - tieTerm / 2) / 24);
  let z = (rPlus - meanRank) / se;
  if (options.continuityCorrection) z -= Math.sign(z) * 0.5 / se;
  return {
    statistic,
    pValue: Math.min(1, 2 * normalSf(Math.abs(z))),
    method,
    z: -Math.abs(z),
    n,
  };
}

/**
 * The two-sided p-value of a doubled signed-rank sum under every sign
 * vector: 2 min(P(R+ <= r), P(R+ >= r)), capped at 1, counting the 2^n
 * vectors by dynamic programming over the (integer) doubled rank sums.
 */
function signedRankP(rank2: Float64Array, plus2: number): number {
  let max = 0;
  for (const r of rank2) max += r;
  // counts[s] = sign vectors whose doubled positive rank sum is s; every
  // count is at most 2^50, exact in a double.
  let counts = new Float64Array(max + 1);
  counts[0] = 1;
  let reach = 0;
  for (const r of rank2) {
    const next = new Float64Array(max + 1);
    for (let s = 0; s <= reach; s++) {
      if (counts[s] === 0) continue;
      next[s] += counts[s];
      next[s + r] += counts[s];
    }
    reach += r;
    counts = next;
  }
  let below = 0, above = 0;
  for (let s = 0; s <= max; s++) {
    if (s <= plus2) below += counts[s];
    if (s >= plus2) above += counts[s];
  }
  return Math.min(1, 2 * Math.min(below, above) / 2 ** rank2.length);
}
