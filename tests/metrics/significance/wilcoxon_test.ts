import {
  assertAlmostEquals,
  assertEquals,
  assertThrows,
} from "../../assert.ts";
import { wilcoxonSignedRank } from "../../../metrics/significance/wilcoxon.ts";
import { differencesOf, REFERENCE } from "./_reference.ts";

Deno.test("wilcoxonSignedRank matches scipy.stats.wilcoxon defaults to 1e-10", () => {
  const methods = new Set<string>();
  for (const c of REFERENCE.cases) {
    const result = wilcoxonSignedRank(differencesOf(c));
    assertEquals(result.method, c.wilcoxon.method, c.name);
    assertEquals(result.statistic, c.wilcoxon.statistic, c.name);
    assertAlmostEquals(result.pValue, c.wilcoxon.pvalue, 1e-10, c.name);
    methods.add(result.method);
    if (c.wilcoxon.pvalue_corrected !== undefined) {
      const corrected = wilcoxonSignedRank(differencesOf(c), {
        continuityCorrection: true,
      });
      assertAlmostEquals(
        corrected.pValue,
        c.wilcoxon.pvalue_corrected,
        1e-10,
        c.name,
      );
    }
  }
  // The data exercise every branch of scipy's "auto".
  assertEquals([...methods].sort(), ["exact", "normal", "permutation"]);
});

Deno.test("wilcoxonSignedRank hand-worked values", () => {
  // Ranks 1..4 all positive: only 1 of 16 sign vectors has R+ = 10, and one
  // has R+ = 0, so p = 2/16.
  const all = wilcoxonSignedRank([0.1, 0.2, 0.3, 0.4]);
  assertEquals([all.method, all.statistic, all.pValue], ["exact", 0, 0.125]);
  assertEquals(wilcoxonSignedRank([0, 0]).pValue, 1);
  assertThrows(
    () => wilcoxonSignedRank([0.1, 0.1, 0.2], { method: "exact" }),
    RangeError,
    "without zeros or ties",
  );
});
