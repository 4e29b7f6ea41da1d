/**
 * The scipy reference data of the studentized range distribution and of
 * Tukey's HSD test.
 *
 * tests/testdata/significance/tukey.json was written by a Python script kept
 * outside the repository (make_tukey.py, scipy 1.17.1, numpy 2.4.6):
 * - `studentized_range`: `scipy.stats.studentized_range.sf(q, k, df)` and
 *   `.cdf` for k in 2, 3, 4, 6, 10, 20, df from 1 to 250000 (on both sides
 *   of scipy's switch to the infinite-df form at 100000) and q from 0.05
 *   to 12;
 * - `tukey_hsd`: `scipy.stats.tukey_hsd(*groups)`'s statistic and p-value
 *   matrices for the example runs' per-query ndcg@10, ap and P@5 (hybrid,
 *   bm25, and hybrid again as a third system), scipy's documented example,
 *   and groups drawn with numpy's `default_rng(20261203)`: 2 to 10 groups
 *   of 5 to 1000 Beta-like scores, graded scores with ties, and groups of
 *   unequal sizes (Tukey–Kramer).
 *
 * @module
 */

/** One point of the studentized range distribution. */
export interface StudentizedRangePoint {
  q: number;
  k: number;
  df: number;
  sf: number;
  cdf: number;
}

/** One `tukey_hsd` call. */
export interface TukeyCase {
  name: string;
  groups: number[][];
  statistic: number[][];
  pvalue: number[][];
}

/** The whole file. */
export interface TukeyReference {
  scipy: string;
  studentized_range: StudentizedRangePoint[];
  tukey_hsd: TukeyCase[];
}

/** The reference data. */
export const TUKEY_REFERENCE: TukeyReference = JSON.parse(
  await Deno.readTextFile(
    new URL("../../testdata/significance/tukey.json", import.meta.url),
  ),
);
