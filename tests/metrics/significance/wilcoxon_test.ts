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
  // scipy's exact method with ties: R+ = 1.5 + 1.5 + 3 = 6, the largest of
  // the untied ranks 1..3, reached by 1 of 8 sign vectors: p = 2/8.
  const tied = wilcoxonSignedRank([0.1, 0.1, 0.2], { method: "exact" });
  assertEquals([tied.statistic, tied.pValue], [0, 0.25]);
  // One-sided: R+ is the statistic; greater is P(R+ >= 10) = 1/16.
  const greater = wilcoxonSignedRank([0.1, 0.2, 0.3, 0.4], {
    alternative: "greater",
  });
  assertEquals([greater.statistic, greater.pValue], [10, 0.0625]);
  assertEquals(Number.isNaN(wilcoxonSignedRank([]).pValue), true);
  assertThrows(
    () => wilcoxonSignedRank([0.1], { zeroMethod: "drop" as "wilcox" }),
    TypeError,
    'Unknown zero method "drop"',
  );
  assertThrows(
    () => wilcoxonSignedRank([0.1], { alternative: "bigger" as "less" }),
    TypeError,
    'Unknown alternative "bigger"',
  );
  assertThrows(
    () =>
      wilcoxonSignedRank(Array.from({ length: 1001 }, (_, i) => i + 1), {
        method: "exact",
      }),
    RangeError,
    "at most 1000 ranks, got 1001",
  );
});
