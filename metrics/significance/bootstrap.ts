/**
 * The bootstrap of the mean paired difference: a percentile confidence
 * interval and a p-value, seeded.
 *
 * @module
 */

import { type Alternative, checkedAlternative } from "./alternative.ts";
import { checkedDifferences, mean } from "./differences.ts";
import {
  checkedResamples,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
} from "./permutation.ts";
import { Xoshiro128 } from "./prng.ts";

/** Options of {@linkcode bootstrapTest}. */
export interface BootstrapOptions {
  /** Bootstrap resamples drawn. Default: 10000. */
  resamples?: number;
  /** The seed of the generator, an integer in [0, 2^32). Default: 42. */
  seed?: number;
  /** The confidence level of the interval. Default: 0.95. */
  confidence?: number;
  /**
   * The alternative hypothesis of the p-value (the interval stays
   * two-sided). Default: `two-sided`.
   */
  alternative?: Alternative;
  /**
   * The most index draws (differences x resamples) the resampling makes.
   * Past it, each resampled mean is drawn from its large-sample
   * distribution instead (see {@linkcode bootstrapTest}), which takes time
   * in the resamples, not in the differences. Default:
   * {@linkcode MAX_RESAMPLED_DRAWS}.
   */
  maxDraws?: number;
}

/**
 * The default `maxDraws` of {@linkcode bootstrapTest}: 2^26, 6,710 queries at
 * 10,000 resamples (a fifth of a second here). A million queries would take
 * 10^10 draws, minutes for each interval.
 */
export const MAX_RESAMPLED_DRAWS = 2 ** 26;

/** The result of {@linkcode bootstrapTest}. */
export interface BootstrapResult {
  /** The observed mean difference. */
  readonly statistic: number;
  /** The percentile confidence interval of the mean difference. */
  readonly ci: readonly [number, number];
  /** The p-value of the shifted (null) bootstrap under the alternative. */
  readonly pValue: number;
  /** Resamples drawn. */
  readonly resamples: number;
}

/**
 * Resamples the queries with replacement R times and takes the mean
 * difference of each resample.
 *
 * The interval is the percentile interval: the (1 - c)/2 and (1 + c)/2
 * quantiles of the R means, interpolated linearly between order statistics
 * (`numpy.percentile`'s default), as
 * `scipy.stats.bootstrap(..., method="percentile")`.
 *
 * The p-value tests H0 "the mean difference is 0" by the shift method
 * (Efron and Tibshirani, 1993, §16.4): the resampled means, shifted by the
 * observed mean so that H0 holds, are as extreme as the observed mean in
 * b of R resamples, and p = (b + 1) / (R + 1). "As extreme" is
 * |m* - m| >= |m| two-sided, m* - m >= m for `greater` and m* - m <= m for
 * `less` (m the observed mean, m* a resampled one).
 *
 * Past `maxDraws` draws (n x R), the resampled means are drawn from the
 * distribution the resampled mean tends to as n grows, with the bootstrap's
 * own moments: mean m, variance m2 / n and skewness g / sqrt(n) (m2 and g the
 * variance and skewness of the differences, over n), through the
 * Cornish-Fisher expansion m* = m + sqrt(m2 / n) (z + g (z^2 - 1) /
 * (6 sqrt(n))), z standard normal (Box-Muller on the same seeded
 * generator). Its quantiles are the resampling's to O(1/n), well within the
 * Monte Carlo error of R resamples at that size; interval and p-value are
 * then taken from the R means as above.
 *
 * @example
 * ```ts
 * import { bootstrapTest } from "./bootstrap.ts";
 * const result = bootstrapTest([0.2, 0.1, 0.3, 0.05, 0.1, 0.2], { seed: 1 });
 * console.log(result.ci[0] > 0 && result.ci[1] < 0.31); // true
 * ```
 *
 * @param differences Per-query differences `a - b`.
 * @param options Resamples, seed, confidence and alternative.
 * @returns The interval and p-value.
 * @throws {RangeError} If a difference is not finite, there are none, or an
 * option is out of range.
 * @throws {TypeError} If the alternative is unknown.
 */
export function bootstrapTest(
  differences: ArrayLike<number>,
  options: BootstrapOptions = {},
): BootstrapResult {
  const resamples = checkedResamples(options.resamples ?? DEFAULT_RESAMPLES);
  const confidence = options.confidence ?? 0.95;
  const alternative = checkedAlternative(options.alternative);
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`Confidence must be in (0, 1), got ${confidence}`);
  }
  const d = checkedDifferences(differences);
  const n = d.length;
  if (n === 0) {
    throw new RangeError("The bootstrap needs at least one difference");
  }
  const statistic = mean(d);
  const seed = options.seed ?? DEFAULT_SEED;
  const maxDraws = options.maxDraws ?? MAX_RESAMPLED_DRAWS;
  if (!(maxDraws >= 0)) {
    throw new RangeError(`Most draws must be at least 0, got ${maxDraws}`);
  }
  const means = n * resamples > maxDraws
    ? limitMeans(d, statistic, seed, resamples)
    : resampledMeans(d, seed, resamples);
  let extreme = 0;
  // The same last-bits tolerance as the sign-flip tests.
  const tolerance = 1e-10 * Math.abs(statistic);
  const r = means.length;
  if (alternative === "greater") {
    const bound = statistic - tolerance;
    for (let i = 0; i < r; i++) if (means[i] - statistic >= bound) extreme++;
  } else if (alternative === "less") {
    const bound = statistic + tolerance;
    for (let i = 0; i < r; i++) if (means[i] - statistic <= bound) extreme++;
  } else {
    const bound = Math.abs(statistic) - tolerance;
    for (let i = 0; i < r; i++) {
      if (Math.abs(means[i] - statistic) >= bound) extreme++;
    }
  }
  const alpha = (1 - confidence) / 2;
  return {
    statistic,
    ci: quantiles(means, alpha, 1 - alpha),
    pValue: (extreme + 1) / (resamples + 1),
    resamples,
  };
}

/** The mean of each of R resamples of the differences, drawn with replacement. */
function resampledMeans(
  d: ArrayLike<number>,
  seed: number,
  resamples: number,
): Float64Array {
  const n = d.length;
  const means = new Float64Array(resamples);
  const drawn = resampleIndices(seed, n, resamples);
  if (drawn) {
    for (let r = 0, at = 0; r < resamples; r++) {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += d[drawn[at++]];
      means[r] = sum / n;
    }
  } else {
    const rng = new Xoshiro128(seed);
    for (let r = 0; r < resamples; r++) {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += d[rng.nextInt(n)];
      means[r] = sum / n;
    }
  }
  return means;
}

/**
 * R means drawn from the large-sample distribution of the resampled mean:
 * the Cornish-Fisher expansion of its first three moments.
 */
function limitMeans(
  d: ArrayLike<number>,
  statistic: number,
  seed: number,
  resamples: number,
): Float64Array {
  const n = d.length;
  let m2 = 0, m3 = 0;
  for (let i = 0; i < n; i++) {
    const e = d[i] - statistic;
    m2 += e * e;
    m3 += e * e * e;
  }
  m2 /= n;
  m3 /= n;
  const means = new Float64Array(resamples);
  if (!(m2 > 0)) return means.fill(statistic);
  const spread = Math.sqrt(m2 / n);
  // The skewness of the resampled mean over 6: the second-order term.
  const skew = m3 / (m2 * Math.sqrt(m2) * Math.sqrt(n)) / 6;
  const rng = new Xoshiro128(seed);
  for (let r = 0; r < resamples; r += 2) {
    // Box-Muller: two independent standard normals from two uniforms in (0, 1].
    const u = (rng.nextUint32() + 1) / 2 ** 32;
    const v = (rng.nextUint32() + 1) / 2 ** 32;
    const radius = Math.sqrt(-2 * Math.log(u));
    const z0 = radius * Math.cos(2 * Math.PI * v);
    means[r] = statistic + spread * (z0 + skew * (z0 * z0 - 1));
    if (r + 1 < resamples) {
      const z1 = radius * Math.sin(2 * Math.PI * v);
      means[r + 1] = statistic + spread * (z1 + skew * (z1 * z1 - 1));
    }
  }
  return means;
}

/** The most indices {@linkcode resampleIndices} keeps (8 MiB as 16 bits). */
const MAX_KEPT_INDICES = 1 << 22;

let kept:
  | {
    seed: number;
    n: number;
    resamples: number;
    indices: Uint16Array | Int32Array;
  }
  | undefined;

/**
 * The query indices of every resample, as the generator draws them from a
 * fresh seed: the same for every bootstrap of the same seed, size and
 * resamples (`compare` runs one per metric, run and pair), so they are drawn
 * once and kept, when they fit in {@linkcode MAX_KEPT_INDICES}; otherwise
 * undefined, and the caller draws them as it goes.
 */
function resampleIndices(
  seed: number,
  n: number,
  resamples: number,
): Uint16Array | Int32Array | undefined {
  if (n * resamples > MAX_KEPT_INDICES) return undefined;
  if (kept?.seed === seed && kept.n === n && kept.resamples === resamples) {
    return kept.indices;
  }
  const rng = new Xoshiro128(seed);
  const indices = n <= 0x10000
    ? new Uint16Array(n * resamples)
    : new Int32Array(n * resamples);
  for (let at = 0; at < indices.length; at++) indices[at] = rng.nextInt(n);
  kept = { seed, n, resamples, indices };
  return indices;
}

/**
 * numpy's default (linear) quantiles `low <= high` of the values, which it
 * reorders: the four order statistics they need are selected, not sorted
 * for (a sort of 10,000 doubles took longer than the resampling, and
 * `compare` makes sixty). The selected values are the sorted array's but
 * for the sign of a zero, which the interpolation below cannot show
 * (`-0 + x` is `+0` for every zero `x`); a NaN, which the selection could
 * not place, makes it sort.
 */
function quantiles(
  values: Float64Array,
  low: number,
  high: number,
): [number, number] {
  const n = values.length;
  const at = (q: number) => {
    const position = (n - 1) * q;
    const lo = Math.floor(position);
    return [lo, Math.min(lo + 1, n - 1), position - lo] as const;
  };
  const [lo1, hi1, f1] = at(low), [lo2, hi2, f2] = at(high);
  let l1, h1, l2, h2;
  if (values.some(Number.isNaN)) {
    values.sort();
    [l1, h1, l2, h2] = [values[lo1], values[hi1], values[lo2], values[hi2]];
  } else if (hi1 < lo2) {
    // Two selections and two short scans: each quantile's neighbour is the
    // largest value below the one selected, or the smallest above it, and
    // the tails are short (250 of 10,000 means at 95%).
    select(values, hi1, 0, n - 1);
    h1 = values[hi1];
    l1 = lo1 < hi1 ? largest(values, 0, hi1) : h1;
    select(values, lo2, hi1 + 1, n - 1);
    l2 = values[lo2];
    h2 = hi2 > lo2 ? smallest(values, lo2 + 1, n) : l2;
  } else {
    let from = 0;
    for (const k of [lo1, hi1, lo2, hi2]) {
      if (k < from) continue;
      select(values, k, from, n - 1);
      from = k + 1;
    }
    [l1, h1, l2, h2] = [values[lo1], values[hi1], values[lo2], values[hi2]];
  }
  return [l1 + (h1 - l1) * f1, l2 + (h2 - l2) * f2];
}

function largest(x: Float64Array, from: number, to: number): number {
  let best = x[from];
  for (let i = from + 1; i < to; i++) if (x[i] > best) best = x[i];
  return best;
}

function smallest(x: Float64Array, from: number, to: number): number {
  let best = x[from];
  for (let i = from + 1; i < to; i++) if (x[i] < best) best = x[i];
  return best;
}

/**
 * Reorders `x[from..to]` so that `x[k]` holds the value a sort would put
 * there, no greater value before it and no smaller one after it (Hoare's
 * partition around a median of three, which also splits runs of equal
 * values evenly).
 */
function select(x: Float64Array, k: number, from: number, to: number): void {
  let lo = from, hi = to;
  while (lo < hi) {
    const a = x[lo], b = x[(lo + hi) >> 1], c = x[hi];
    const pivot = a < b
      ? (b < c ? b : a < c ? c : a)
      : (a < c ? a : b < c ? c : b);
    let i = lo, j = hi;
    while (i <= j) {
      while (x[i] < pivot) i++;
      while (x[j] > pivot) j--;
      if (i <= j) {
        const t = x[i];
        x[i++] = x[j];
        x[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}
