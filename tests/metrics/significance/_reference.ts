/**
 * The scipy reference data of the significance tests.
 *
 * tests/testdata/significance/reference.json was written by a Python script
 * kept outside the repository (make_reference.py, scipy 1.17.1, numpy 2.4.6).
 * Its inputs: the per-query ndcg@10, ap and P@5 of examples/run.hybrid.txt
 * and examples/run.bm25.txt (from `cli.ts eval -c -q --format json`), and
 * synthetic score vectors drawn with numpy's seeded generator (smooth Beta
 * scores, and scores on a coarse grid so that ties and zero differences occur
 * as they do with IR metrics). For each case it stores, for d = a - b:
 * - `t`: `scipy.stats.ttest_rel(a, b)` and its 95% confidence interval;
 * - `wilcoxon`: `scipy.stats.wilcoxon(a, b)` with defaults, the method scipy's
 *   `auto` chose, and with `correction=True` when the normal approximation
 *   applies;
 * - `permutation`: `scipy.stats.permutation_test((d,), mean,
 *   permutation_type="samples")` with every sign vector when at most 22
 *   differences are non-zero (exact), else with 400000 random ones (and the
 *   standard deviation of that estimate);
 * - `bootstrap`: the mean and standard deviation of 60
 *   `scipy.stats.bootstrap(..., method="percentile", n_resamples=10000)`
 *   intervals, and the shift-method p-value from 400000 numpy resamples;
 * - `effect_size`: mean(d) / std(d, ddof=1); `mean_ci`: `scipy.stats.t.interval`
 *   of each system's mean.
 * `correction` holds a Holm and Bonferroni adjustment (written out by hand in
 * numpy) of the cases' t-test p-values; `xoshiro128` the first outputs of an
 * independent Python xoshiro128** with SplitMix32 seeding.
 *
 * @module
 */

/** One case of the reference data. */
export interface ReferenceCase {
  name: string;
  a: number[];
  b: number[];
  t: { statistic: number; pvalue: number; df: number; ci: [number, number] };
  wilcoxon: {
    statistic: number;
    pvalue: number;
    method: "exact" | "permutation" | "normal";
    pvalue_corrected?: number;
  };
  permutation: { pvalue: number; exact: boolean; reference_sd?: number };
  bootstrap: {
    ci: [number, number];
    ci_sd: [number, number];
    pvalue: number;
    pvalue_sd: number;
  };
  effect_size: number | null;
  mean_ci: [[number, number], [number, number]];
}

/** The whole reference file. */
export interface Reference {
  resamples: number;
  cases: ReferenceCase[];
  correction: { pvalues: number[]; holm: number[]; bonferroni: number[] };
  xoshiro128: Record<string, number[]>;
}

/** The reference data. */
export const REFERENCE: Reference = JSON.parse(
  await Deno.readTextFile(
    new URL(
      "../../testdata/significance/reference.json",
      import.meta.url,
    ),
  ),
);

/** d = a - b of a case. */
export function differencesOf(c: ReferenceCase): number[] {
  return c.a.map((x, i) => x - c.b[i]);
}
