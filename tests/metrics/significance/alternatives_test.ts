import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { pairedTTest } from "../../../metrics/significance/paired_t.ts";
import { wilcoxonSignedRank } from "../../../metrics/significance/wilcoxon.ts";
import { ALTERNATIVES_REFERENCE, num } from "./_alternatives.ts";

const TOLERANCE = 1e-12;
const differences = (c: { a: number[]; b: number[] }) =>
  c.a.map((x, i) => x - c.b[i]);
const allZero = (c: { a: number[]; b: number[] }) =>
  differences(c).every((x) => x === 0);

function assertClose(actual: number, expected: number, message: string) {
  if (Number.isNaN(expected) || !Number.isFinite(expected)) {
    assertEquals(actual, expected, message);
  } else {
    assertAlmostEquals(actual, expected, TOLERANCE, message);
  }
}

Deno.test("the reference data are scipy 1.17's", () => {
  assertEquals(ALTERNATIVES_REFERENCE.scipy.startsWith("1.17."), true);
});

Deno.test("pairedTTest matches scipy.stats.ttest_rel to 1e-12 for every alternative", () => {
  let rows = 0;
  for (const c of ALTERNATIVES_REFERENCE.cases) {
    if (allZero(c)) continue; // scipy: NaN; here p = 1 (below).
    for (const [alternative, want] of Object.entries(c.ttest_rel)) {
      const name = `${c.name} ${alternative}`;
      const got = pairedTTest(differences(c), {
        alternative: alternative as "less",
      });
      assertEquals(got.df, num(want.df), name);
      assertClose(got.statistic, num(want.statistic), name);
      assertClose(got.pValue, num(want.pvalue), name);
      // Equal differences (se = 0): scipy's one-sided bound on the open
      // side is NaN (∞ · 0); it is infinite here.
      const [low, high] = want.ci.map(num);
      assertClose(got.ci[0], Number.isNaN(low) ? -Infinity : low, name);
      assertClose(got.ci[1], Number.isNaN(high) ? Infinity : high, name);
      rows++;
    }
  }
  assertEquals(rows, 3 * (ALTERNATIVES_REFERENCE.cases.length - 2));
});

Deno.test("wilcoxonSignedRank matches scipy.stats.wilcoxon to 1e-12 for every alternative, zero method, method and correction", () => {
  const seen = new Set<string>();
  for (const c of ALTERNATIVES_REFERENCE.cases) {
    if (allZero(c)) continue;
    const d = differences(c);
    for (const row of c.wilcoxon) {
      const name =
        `${c.name} ${row.zero_method} ${row.alternative} ${row.method} correction=${row.correction}`;
      const got = wilcoxonSignedRank(d, {
        zeroMethod: row.zero_method,
        alternative: row.alternative,
        method: row.method,
        continuityCorrection: row.correction,
      });
      const method = row.method === "auto" ? row.chosen! : row.method;
      assertEquals(
        got.method,
        method === "asymptotic" ? "normal" : method,
        name,
      );
      assertEquals(got.statistic, num(row.statistic), name);
      assertClose(got.pValue, num(row.pvalue), name);
      if (row.zstatistic !== undefined) {
        assertClose(got.z!, num(row.zstatistic), name);
      }
      seen.add(
        `${row.zero_method} ${row.alternative} ${method} ${
          d.length > 50 ? "large" : "small"
        } ${row.correction}`,
      );
    }
  }
  // Every zero method and alternative, each method, small and large samples.
  for (const zeroMethod of ["wilcox", "pratt", "zsplit"]) {
    for (const alternative of ["two-sided", "less", "greater"]) {
      for (
        const key of [
          "exact small false",
          "exact large false",
          "permutation small false",
          "asymptotic small false",
          "asymptotic small true",
          "asymptotic large false",
          "asymptotic large true",
        ]
      ) {
        const want = `${zeroMethod} ${alternative} ${key}`;
        assertEquals(seen.has(want), true, want);
      }
    }
  }
});

Deno.test("every difference 0: p = 1 where scipy gives NaN", () => {
  const c = ALTERNATIVES_REFERENCE.cases.find(allZero)!;
  const d = differences(c);
  assertEquals(num(c.ttest_rel["two-sided"]!.pvalue), NaN);
  for (const alternative of ["two-sided", "less", "greater"] as const) {
    assertEquals(pairedTTest(d, { alternative }).pValue, 1);
    for (const zeroMethod of ["wilcox", "pratt", "zsplit"] as const) {
      for (const method of ["auto", "exact", "normal"] as const) {
        assertEquals(
          wilcoxonSignedRank(d, { alternative, zeroMethod, method }).pValue,
          1,
        );
      }
    }
  }
});
