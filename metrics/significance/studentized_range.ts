/**
 * The studentized range distribution, the null distribution of Tukey's HSD
 * test.
 *
 * @module
 */

import { normalCdf, normalSf } from "./special.ts";

/** Past this many degrees of freedom, scipy uses the infinite-df form. */
const ASYMPTOTIC_DF = 100000;
/** Gauss–Legendre nodes per panel. */
const NODES = 20;
/** The inner integral over z covers [-Z_LIMIT, Z_LIMIT]; φ(8.5) < 1e-16. */
const Z_LIMIT = 8.5;
const Z_PANELS = 8;
/** The outer density is cut where its log falls below this (e^-38 ≈ 3e-17). */
const LOG_DENSITY_CUT = -38;
/** Outer panels are this wide on the standardized log-s scale. */
const T_PANEL = 2;
/**
 * P(W > w) is interpolated on [0, W_NEGLIGIBLE] through this many + 1
 * Chebyshev points; it is analytic in w, and 192 keep the interpolation
 * error under 2e-15 for k <= 50 (3e-14 at k = 100).
 */
const CHEBYSHEV_DEGREE = 192;
/**
 * P(range of k normals > w) is below k² e^(-w²/4) / 2; past this w it is
 * under 1e-30 for every k up to 10^7, and counted as 0.
 */
const W_NEGLIGIBLE = 17;

/** Gauss–Legendre nodes and weights on [-1, 1], found by Newton's method. */
function gaussLegendre(n: number): { x: Float64Array; w: Float64Array } {
  const x = new Float64Array(n), w = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let z = Math.cos(Math.PI * (i + 0.75) / (n + 0.5));
    let derivative = 0;
    for (let iteration = 0; iteration < 100; iteration++) {
      // Legendre P_n(z) and P_n'(z) by the three-term recurrence.
      let p0 = 1, p1 = z;
      for (let j = 2; j <= n; j++) {
        const p2 = ((2 * j - 1) * z * p1 - (j - 1) * p0) / j;
        p0 = p1;
        p1 = p2;
      }
      derivative = n * (z * p1 - p0) / (z * z - 1);
      const step = p1 / derivative;
      z -= step;
      if (Math.abs(step) < 1e-16) break;
    }
    x[i] = z;
    w[i] = 2 / ((1 - z * z) * derivative * derivative);
  }
  return { x, w };
}

const RULE = gaussLegendre(NODES);

/** Composite Gauss–Legendre nodes and weights over `panels` equal panels of [a, b]. */
function compositeRule(
  a: number,
  b: number,
  panels: number,
): { x: Float64Array; w: Float64Array } {
  const x = new Float64Array(panels * NODES);
  const w = new Float64Array(panels * NODES);
  const half = (b - a) / panels / 2;
  for (let p = 0; p < panels; p++) {
    const mid = a + (2 * p + 1) * half;
    for (let i = 0; i < NODES; i++) {
      x[p * NODES + i] = mid + half * RULE.x[i];
      w[p * NODES + i] = half * RULE.w[i];
    }
  }
  return { x, w };
}

/** The inner rule over z with Φ(z) and P(Z > z) at its nodes, shared by every w. */
interface InnerRule {
  readonly z: Float64Array;
  /** Weight times k φ(z). */
  readonly weight: Float64Array;
  readonly cdf: Float64Array;
  readonly sf: Float64Array;
}

const INNER_BASE = compositeRule(-Z_LIMIT, Z_LIMIT, Z_PANELS);
let innerRule: InnerRule | undefined;

function inner(): InnerRule {
  if (innerRule) return innerRule;
  const { x, w } = INNER_BASE;
  innerRule = {
    z: x,
    weight: w.map((wi, i) =>
      wi * Math.exp(-x[i] * x[i] / 2) / Math.sqrt(2 * Math.PI)
    ),
    cdf: x.map(normalCdf),
    sf: x.map(normalSf),
  };
  return innerRule;
}

/**
 * P(W > w) for W the range of k independent standard normals:
 * k ∫ φ(z) [Φ(z)^(k-1) - (Φ(z) - Φ(z - w))^(k-1)] dz, each bracket computed
 * without cancellation (from the tail that is small), so that small tail
 * probabilities keep their digits.
 */
function rangeSf(w: number, k: number): number {
  if (!(w > 0)) return 1;
  if (w >= W_NEGLIGIBLE) return 0;
  const { z, weight, cdf, sf } = inner();
  const m = k - 1;
  let sum = 0;
  for (let j = 0; j < z.length; j++) {
    const a = cdf[j];
    const power = a ** m;
    if (power === 0) continue;
    const shifted = z[j] - w;
    let bracket: number;
    if (shifted >= 0) {
      // Φ(z - w) >= 1/2: the difference of the upper tails is accurate,
      // and the ratio is at most 1/2.
      const ratio = (normalSf(shifted) - sf[j]) / a;
      bracket = 1 - ratio ** m;
    } else {
      // 1 - (1 - b/a)^m with b = Φ(z - w) from its (small) lower tail.
      bracket = -Math.expm1(
        m * Math.log1p(-Math.min(1, normalCdf(shifted) / a)),
      );
    }
    sum += weight[j] * power * bracket;
  }
  return k * sum;
}

/** P(W > w) through Chebyshev points, evaluated by the barycentric formula. */
interface RangeInterpolant {
  readonly x: Float64Array;
  readonly f: Float64Array;
  readonly weight: Float64Array;
}

const interpolants = new Map<number, RangeInterpolant>();

/**
 * The interpolant of {@linkcode rangeSf} for k means: the outer integral
 * needs P(W > w) at hundreds of w per value of q, and the interpolant
 * costs 193 direct evaluations once per k.
 */
function interpolant(k: number): RangeInterpolant {
  const cached = interpolants.get(k);
  if (cached) return cached;
  const n = CHEBYSHEV_DEGREE;
  const x = new Float64Array(n + 1);
  const f = new Float64Array(n + 1);
  const weight = new Float64Array(n + 1);
  for (let j = 0; j <= n; j++) {
    x[j] = (Math.cos(Math.PI * j / n) + 1) / 2 * W_NEGLIGIBLE;
    f[j] = rangeSf(x[j], k);
    weight[j] = (j % 2 ? -1 : 1) * (j === 0 || j === n ? 0.5 : 1);
  }
  const made = { x, f, weight };
  if (interpolants.size > 64) interpolants.clear();
  interpolants.set(k, made);
  return made;
}

function interpolatedRangeSf(w: number, table: RangeInterpolant): number {
  if (!(w > 0)) return 1;
  if (w >= W_NEGLIGIBLE) return 0;
  const { x, f, weight } = table;
  let numerator = 0, denominator = 0;
  for (let j = 0; j < x.length; j++) {
    const gap = w - x[j];
    if (gap === 0) return f[j];
    const t = weight[j] / gap;
    numerator += t * f[j];
    denominator += t;
  }
  return numerator / denominator;
}

/** The outer rule over s = e^u, u = t / √(2ν): nodes and (unnormalized) density weights. */
interface OuterRule {
  readonly s: Float64Array;
  readonly weight: Float64Array;
  readonly total: number;
}

const outerRules = new Map<number, OuterRule>();

/**
 * The density of s = χ_ν / √ν, written in t = √(2ν) log s, up to a
 * constant: exp(-ν (e^(2u) - 1 - 2u) / 2), 1 at the mode s = 1. The rule
 * is normalized by its own sum, so no gamma function enters and the
 * quadrature errors of numerator and denominator largely cancel.
 */
function outer(df: number): OuterRule {
  const cached = outerRules.get(df);
  if (cached) return cached;
  const scale = 1 / Math.sqrt(2 * df);
  const logDensity = (t: number) => {
    const u = t * scale;
    return -df * (Math.expm1(2 * u) - 2 * u) / 2;
  };
  let low = 0, high = 0;
  while (logDensity(low) > LOG_DENSITY_CUT) low -= T_PANEL;
  while (logDensity(high) > LOG_DENSITY_CUT) high += T_PANEL;
  const { x, w } = compositeRule(low, high, Math.round((high - low) / T_PANEL));
  const weight = x.map((t, i) => w[i] * Math.exp(logDensity(t)));
  let total = 0;
  for (const v of weight) total += v;
  const rule = { s: x.map((t) => Math.exp(t * scale)), weight, total };
  if (outerRules.size > 64) outerRules.clear();
  outerRules.set(df, rule);
  return rule;
}

/**
 * The upper tail P(Q > q) of the studentized range distribution with `k`
 * means and `df` degrees of freedom: Q = W / s for W the range of k
 * standard normals and s² an independent χ²_df / df.
 *
 * Computed as the double integral ∫ f_df(s) P(W > q s) ds by composite
 * Gauss–Legendre rules (20 nodes a panel; the inner over z in [-8.5, 8.5],
 * the outer on a standardized log s scale out to where the density falls
 * below e^-38 of its mode), with P(W > w) interpolated through 193
 * Chebyshev points of [0, 17] once per k. Across k = 2..20, df = 1..250000
 * and q = 0.05..12 its absolute error is below 1e-14 where the value is
 * known (k = 2, a t tail), and it is within 6e-15 of the same integral on
 * a four times finer grid without interpolation; it differs from
 * `scipy.stats.studentized_range.sf` by less than 1e-12 for df <= 1000 and
 * by up to 7e-11 for larger df, scipy's own quadrature error. As scipy, for df >= 100000 it uses the
 * infinite-df form P(W > q) (Lund and Lund, 1983).
 *
 * @example
 * ```ts
 * import { studentizedRangeSf } from "./studentized_range.ts";
 * console.log(studentizedRangeSf(3.5, 3, 10).toFixed(10)); // "0.0771033108"
 * ```
 *
 * @param q The value, at least 0.
 * @param k The number of means, at least 2.
 * @param df The degrees of freedom, positive.
 * @returns P(Q > q); 1 for q <= 0.
 * @throws {RangeError} If k is not an integer of at least 2 or df is not
 * positive.
 */
export function studentizedRangeSf(q: number, k: number, df: number): number {
  if (!Number.isInteger(k) || k < 2) {
    throw new RangeError(
      `The number of means must be an integer >= 2, got ${k}`,
    );
  }
  if (!(df > 0)) {
    throw new RangeError(`Degrees of freedom must be positive, got ${df}`);
  }
  if (Number.isNaN(q)) return NaN;
  if (q <= 0) return 1;
  if (q === Infinity) return 0;
  if (df >= ASYMPTOTIC_DF) return Math.min(1, Math.max(0, rangeSf(q, k)));
  const { s, weight, total } = outer(df);
  const table = interpolant(k);
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const w = q * s[i];
    if (w >= W_NEGLIGIBLE) continue;
    sum += weight[i] * interpolatedRangeSf(w, table);
  }
  return Math.min(1, Math.max(0, sum / total));
}

/**
 * The CDF P(Q <= q) of the studentized range distribution, 1 - {@linkcode studentizedRangeSf}.
 *
 * @example
 * ```ts
 * import { studentizedRangeCdf } from "./studentized_range.ts";
 * console.log(studentizedRangeCdf(3.5, 3, 10).toFixed(10)); // "0.9228966892"
 * ```
 *
 * @param q The value.
 * @param k The number of means, at least 2.
 * @param df The degrees of freedom, positive.
 * @returns P(Q <= q).
 * @throws {RangeError} If k is not an integer of at least 2 or df is not
 * positive.
 */
export function studentizedRangeCdf(q: number, k: number, df: number): number {
  return 1 - studentizedRangeSf(q, k, df);
}
