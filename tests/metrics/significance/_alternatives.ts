/**
 * The scipy reference data of every alternative, zero method, method and
 * continuity correction of the paired t and Wilcoxon tests.
 *
 * tests/testdata/significance/alternatives.json was written by a Python
 * script kept outside the repository (make_alternatives.py, scipy 1.17.1,
 * numpy 2.4.6). Its inputs: the example cases of reference.json (the
 * per-query ndcg@10, ap and P@5 of the two example runs), and score vectors
 * drawn with numpy's `default_rng(20261201)`: smooth Beta scores (no ties)
 * of 1 to 400 queries, scores rounded to a grid of 0.25 or 0.1 (ties and
 * zero differences, as IR metrics have), a vector with six zero
 * differences, strongly one-sided vectors and an all-zero one. For each
 * case it stores:
 * - `ttest_rel[alternative]`: `scipy.stats.ttest_rel(a, b, alternative)`,
 *   its statistic, p-value, df and `confidence_interval(0.95)`;
 * - `wilcoxon`: `scipy.stats.wilcoxon(a, b, zero_method, correction,
 *   alternative, method)` for every zero method and alternative, with
 *   `method` `auto` (and `chosen`, the branch scipy's auto rule takes, read
 *   off its source: more than 50 values, asymptotic; no zeros or ties,
 *   exact; at most 13, permutation; else asymptotic), `exact`,
 *   `asymptotic` (with `zstatistic`), each with and without `correction`
 *   where it matters, and for 2 to 16 values
 *   `PermutationMethod(n_resamples=2**n)` (every sign vector).
 * A second throwaway script (add_resampling.py, numpy `default_rng(20261202)`)
 * added, for the cases of at least two values and every alternative:
 * - `permutation[alternative]`: `scipy.stats.permutation_test((d,), mean,
 *   permutation_type="samples", alternative)`, with every sign vector for
 *   at most 20 values (`exact`), else with 400000 random ones (and the
 *   standard deviation of that estimate);
 * - `bootstrap[alternative]`: the shift-method p-value (b + 1) / (R + 1)
 *   from 400000 numpy resamples of d, "as extreme" being |m* - m| >= |m|,
 *   m* - m >= m (`greater`) or m* - m <= m (`less`), and its standard
 *   deviation.
 * Infinite and NaN values are stored as the strings "Infinity", "-Infinity"
 * and "NaN".
 *
 * @module
 */

/** A number as stored: a JSON number, or "Infinity", "-Infinity", "NaN". */
export type Stored = number | "Infinity" | "-Infinity" | "NaN";

/** A stored number as a number. */
export function num(x: Stored): number {
  return typeof x === "number" ? x : Number(x);
}

/** One `ttest_rel` call. */
export interface TTestRow {
  statistic: Stored;
  pvalue: Stored;
  df: Stored;
  ci: [Stored, Stored];
}

/** One `wilcoxon` call. */
export interface WilcoxonRow {
  zero_method: "wilcox" | "pratt" | "zsplit";
  alternative: "two-sided" | "less" | "greater";
  method: "auto" | "exact" | "asymptotic" | "permutation";
  correction: boolean;
  statistic: Stored;
  pvalue: Stored;
  chosen?: "exact" | "asymptotic" | "permutation";
  zstatistic?: Stored;
}

/** One case: two systems' per-query scores and scipy's results. */
export interface AlternativesCase {
  name: string;
  a: number[];
  b: number[];
  ttest_rel: Partial<Record<"two-sided" | "less" | "greater", TTestRow>>;
  wilcoxon: WilcoxonRow[];
  permutation?: Record<
    "two-sided" | "less" | "greater",
    { pvalue: number; exact: boolean; reference_sd?: number }
  >;
  bootstrap?: Record<
    "two-sided" | "less" | "greater",
    { pvalue: number; reference_sd: number }
  >;
}

/** The whole file. */
export interface Alternatives {
  scipy: string;
  numpy: string;
  cases: AlternativesCase[];
}

/** The reference data. */
export const ALTERNATIVES_REFERENCE: Alternatives = JSON.parse(
  await Deno.readTextFile(
    new URL(
      "../../testdata/significance/alternatives.json",
      import.meta.url,
    ),
  ),
);
