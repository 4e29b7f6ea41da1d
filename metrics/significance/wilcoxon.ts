/**
 * The Wilcoxon signed-rank test, as scipy 1.17's `scipy.stats.wilcoxon`.
 *
 * @module
 */

import {
  type Alternative,
  checkedAlternative,
  pValueOfTails,
} from "./alternative.ts";
import { checkedDifferences } from "./differences.ts";
import { normalCdf, normalSf } from "./special.ts";

/** How {@linkcode wilcoxonSignedRank} computed its p-value. */
export type WilcoxonMethod = "exact" | "permutation" | "normal";

/** The zero methods of {@linkcode wilcoxonSignedRank}, scipy's `zero_method` values. */
export const ZERO_METHODS = ["wilcox", "pratt", "zsplit"] as const;

/**
 * How zero differences are treated, as scipy's `zero_method`: `wilcox`
 * drops them before ranking; `pratt` ranks them (they take the lowest
 * ranks) but adds their ranks to neither sum, and the normal approximation
 * removes them from the mean and variance (Cureton, 1967); `zsplit` ranks
 * them and adds half of their ranks to each sum.
 */
export type ZeroMethod = typeof ZERO_METHODS[number];

/** Options of {@linkcode wilcoxonSignedRank}. */
export interface WilcoxonOptions {
  /**
   * `auto` (the default) picks as scipy 1.17's `method="auto"`: `normal`
   * for more than 50 differences (zeros included); else `exact` without
   * zeros or tied magnitudes; else `permutation` for at most 13 differences;
   * else `normal`. `asymptotic` is scipy's name for `normal`.
   *
   * `exact` is the distribution of R+ over the ranks 1..n without ties, as
   * scipy: with ties or zeros it is not exact, and the statistic is rounded
   * up for `less` and down for `greater` (the conservative side).
   * `permutation` enumerates every sign vector of the actual (average)
   * ranks, which is exact with ties and zeros too: scipy's
   * `method=PermutationMethod()` when it can enumerate (2^n resamples).
   */
  method?: "auto" | "asymptotic" | WilcoxonMethod;
  /** The zero method. Default: `wilcox`, as scipy. */
  zeroMethod?: ZeroMethod;
  /** The alternative hypothesis. Default: `two-sided`, as scipy. */
  alternative?: Alternative;
  /**
   * Move the normal z by 0.5 / se toward 0 (two-sided) or against the
   * alternative (one-sided), scipy's `correction=True`. Only the normal
   * method uses it. Default: false, as scipy.
   */
  continuityCorrection?: boolean;
}

/** The result of {@linkcode wilcoxonSignedRank}. */
export interface WilcoxonResult {
  /**
   * As scipy: min(R+, R-) for the two-sided test, R+ (the rank sum of the
   * positive differences) for a one-sided one.
   */
  readonly statistic: number;
  /** The p-value under the alternative. */
  readonly pValue: number;
  /** How the p-value was computed. */
  readonly method: WilcoxonMethod;
  /**
   * The normal z (after any continuity correction) for the `normal` method:
   * -|z| for the two-sided test, as scipy's `zstatistic`.
   */
  readonly z?: number;
  /** Differences ranked: the non-zero ones for `wilcox`, all for the others. */
  readonly n: number;
}

/** At most this many differences in all, the `auto` method may be exact. */
const EXACT_LIMIT = 50;
/** At most this many differences in all, `auto` enumerates zeros or ties. */
const PERMUTATION_LIMIT = 13;
/** The enumerated methods cost n³ steps; past this many ranks they refuse. */
const ENUMERATION_LIMIT = 1000;

const METHODS = ["auto", "asymptotic", "exact", "permutation", "normal"];

/**
 * The Wilcoxon signed-rank test of H0 "the differences are symmetric about
 * 0", matching `scipy.stats.wilcoxon(a, b, zero_method, correction,
 * alternative, method)` of scipy 1.17 on `differences = a - b`, with scipy's
 * defaults (`zero_method="wilcox"`, `correction=False`,
 * `alternative="two-sided"`, `method="auto"`). Tied magnitudes get average
 * ranks; the normal approximation subtracts Σ(t³ - t)/48 from the variance
 * for the ties (for `pratt`, not for the tie of the zeros).
 *
 * Where scipy gives NaN or an arbitrary value because every difference is 0,
 * the p-value here is 1 (no evidence of any difference). Without any
 * difference the statistic and p-value are NaN, as scipy.
 *
 * @example
 * ```ts
 * import { wilcoxonSignedRank } from "./wilcoxon.ts";
 * const d = [0.3, -0.1, 0.25, 0.4, 0.05, 0.2];
 * const result = wilcoxonSignedRank(d);
 * console.log(result.method, result.statistic, result.pValue); // "exact" 2 0.09375
 * console.log(wilcoxonSignedRank(d, { alternative: "greater" }).pValue); // 0.046875
 * ```
 *
 * @param differences Per-query differences `a - b`.
 * @param options Method, zero method, alternative and continuity correction.
 * @returns The statistic and p-value.
 * @throws {RangeError} If a difference is not finite, or an enumerated
 * method is asked for more than 1000 ranks.
 * @throws {TypeError} If an option is not one of its values.
 */
export function wilcoxonSignedRank(
  differences: ArrayLike<number>,
  options: WilcoxonOptions = {},
): WilcoxonResult {
  const alternative = checkedAlternative(options.alternative);
  const zeroMethod = options.zeroMethod ?? "wilcox";
  if (!(ZERO_METHODS as readonly string[]).includes(zeroMethod)) {
    throw new TypeError(
      `Unknown zero method "${zeroMethod}"; expected one of ${
        ZERO_METHODS.join(", ")
      }`,
    );
  }
  const asked = options.method ?? "auto";
  if (!METHODS.includes(asked)) {
    throw new TypeError(
      `Unknown Wilcoxon method "${asked}"; expected one of ${
        METHODS.join(", ")
      }`,
    );
  }
  const all = checkedDifferences(differences);
  const ranked = zeroMethod === "wilcox" ? all.filter((x) => x !== 0) : all;
  const n = ranked.length;
  const zeros = all.length - all.filter((x) => x !== 0).length;
  const ranks = signedRanks(ranked, zeroMethod === "pratt");
  const rPlus = ranks.plus2 / 2 +
    (zeroMethod === "zsplit" ? ranks.zero2 / 4 : 0);
  const rMinus = ranks.minus2 / 2 +
    (zeroMethod === "zsplit" ? ranks.zero2 / 4 : 0);
  const statistic = all.length === 0
    ? NaN
    : alternative === "two-sided"
    ? Math.min(rPlus, rMinus)
    : rPlus;
  let method: WilcoxonMethod;
  if (asked === "auto") {
    if (all.length > EXACT_LIMIT) method = "normal";
    else if (!ranks.ties && zeros === 0) method = "exact";
    else if (all.length <= PERMUTATION_LIMIT) method = "permutation";
    else method = "normal";
  } else {
    method = asked === "asymptotic" ? "normal" : asked;
  }
  if (all.length === 0) return { statistic, pValue: NaN, method, n };
  if (zeros === all.length) return { statistic, pValue: 1, method, n };
  if (method !== "normal" && n > ENUMERATION_LIMIT) {
    throw new RangeError(
      `The ${method} Wilcoxon method enumerates at most ${ENUMERATION_LIMIT} ranks, got ${n}; use the normal method`,
    );
  }
  if (method === "exact") {
    // scipy's distribution of R+ over the ranks 1..n, whatever the ties.
    const dist = rankSumDistribution(
      Float64Array.from({ length: n }, (_, i) => i + 1),
    );
    const lower = sumUpTo(dist, Math.ceil(rPlus));
    const upper = sumFrom(dist, Math.floor(rPlus));
    return {
      statistic,
      pValue: pValueOfTails(lower, upper, alternative),
      method,
      n,
    };
  }
  if (method === "permutation") {
    // Zeros add a constant to R+ under every sign vector (0 or half their
    // ranks), so only the non-zero doubled ranks are flipped.
    const dist = rankSumDistribution(ranks.nonZeroRank2);
    const lower = sumUpTo(dist, ranks.plus2);
    const upper = sumFrom(dist, ranks.plus2);
    return {
      statistic,
      pValue: pValueOfTails(lower, upper, alternative),
      method,
      n,
    };
  }
  let mean = n * (n + 1) / 4;
  let variance24 = n * (n + 1) * (2 * n + 1);
  if (zeroMethod === "pratt") {
    mean -= zeros * (zeros + 1) / 4;
    variance24 -= zeros * (zeros + 1) * (2 * zeros + 1);
  }
  const se = Math.sqrt((variance24 - ranks.tieTerm / 2) / 24);
  let z = (rPlus - mean) / se;
  if (options.continuityCorrection) {
    const sign = alternative === "greater"
      ? 1
      : alternative === "less"
      ? -1
      : Math.sign(z);
    z -= sign * 0.5 / se;
  }
  const pValue = alternative === "less"
    ? normalCdf(z)
    : alternative === "greater"
    ? normalSf(z)
    : 2 * normalSf(Math.abs(z));
  return {
    statistic,
    pValue,
    method,
    z: alternative === "two-sided" ? -Math.abs(z) : z,
    n,
  };
}

/** Signed rank sums, doubled so that average ranks are integers. */
interface SignedRanks {
  /** Twice the rank sum of the positive differences. */
  readonly plus2: number;
  /** Twice the rank sum of the negative differences. */
  readonly minus2: number;
  /** Twice the rank sum of the zeros. */
  readonly zero2: number;
  /** Twice the ranks of the non-zero differences. */
  readonly nonZeroRank2: Float64Array;
  /** Σ(t³ - t) over groups of tied magnitudes. */
  readonly tieTerm: number;
  /** Whether any magnitudes are tied (zeros included). */
  readonly ties: boolean;
}

/**
 * Ranks the magnitudes (average ranks for ties) and sums them by sign.
 * `skipZeroTies` leaves the group of zeros out of the tie term, as scipy's
 * `pratt`.
 */
function signedRanks(d: Float64Array, skipZeroTies: boolean): SignedRanks {
  const n = d.length;
  const order = [...d.keys()].sort((i, j) => Math.abs(d[i]) - Math.abs(d[j]));
  const rank2 = new Float64Array(n);
  let tieTerm = 0;
  let ties = false;
  for (let start = 0; start < n;) {
    let end = start + 1;
    const magnitude = Math.abs(d[order[start]]);
    while (end < n && Math.abs(d[order[end]]) === magnitude) end++;
    const t = end - start;
    for (let k = start; k < end; k++) rank2[order[k]] = start + end + 1;
    if (t > 1) ties = true;
    if (!(skipZeroTies && magnitude === 0)) tieTerm += t * t * t - t;
    start = end;
  }
  let plus2 = 0, minus2 = 0, zero2 = 0;
  const nonZero: number[] = [];
  for (let i = 0; i < n; i++) {
    if (d[i] > 0) plus2 += rank2[i];
    else if (d[i] < 0) minus2 += rank2[i];
    else zero2 += rank2[i];
    if (d[i] !== 0) nonZero.push(rank2[i]);
  }
  return {
    plus2,
    minus2,
    zero2,
    nonZeroRank2: Float64Array.from(nonZero),
    tieTerm,
    ties,
  };
}

/**
 * The null distribution of Σ s_i r_i over the 2^n sign vectors s ∈ {0, 1}^n
 * of integer ranks r: entry s is P(sum = s). Each step halves, so for
 * n <= 53 every probability is exact (a multiple of 2^-n).
 */
function rankSumDistribution(ranks: Float64Array): Float64Array {
  let max = 0;
  for (const r of ranks) max += r;
  let dist = new Float64Array(max + 1);
  dist[0] = 1;
  let reach = 0;
  for (const r of ranks) {
    const next = new Float64Array(max + 1);
    for (let s = 0; s <= reach; s++) {
      const half = dist[s] * 0.5;
      next[s] += half;
      next[s + r] += half;
    }
    reach += r;
    dist = next;
  }
  return dist;
}

function sumUpTo(dist: Float64Array, k: number): number {
  let sum = 0;
  for (let s = 0; s <= Math.min(k, dist.length - 1); s++) sum += dist[s];
  return sum;
}

function sumFrom(dist: Float64Array, k: number): number {
  let sum = 0;
  for (let s = Math.max(0, k); s < dist.length; s++) sum += dist[s];
  return sum;
}
