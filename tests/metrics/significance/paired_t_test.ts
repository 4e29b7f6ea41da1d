import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { pairedTTest } from "../../../metrics/significance/paired_t.ts";
import { differencesOf, REFERENCE } from "./_reference.ts";

Deno.test("pairedTTest matches scipy.stats.ttest_rel to 1e-10", () => {
  for (const c of REFERENCE.cases) {
    const result = pairedTTest(differencesOf(c));
    assertEquals(result.df, c.t.df, c.name);
    assertAlmostEquals(result.statistic, c.t.statistic, 1e-10, c.name);
    assertAlmostEquals(result.pValue, c.t.pvalue, 1e-10, c.name);
    assertAlmostEquals(result.ci[0], c.t.ci[0], 1e-10, c.name);
    assertAlmostEquals(result.ci[1], c.t.ci[1], 1e-10, c.name);
  }
});

Deno.test("pairedTTest handles degenerate differences", () => {
  assertEquals(pairedTTest([0, 0, 0]).pValue, 1);
  const constant = pairedTTest([0.5, 0.5, 0.5]);
  assertEquals([constant.statistic, constant.pValue], [Infinity, 0]);
  assertEquals(Number.isNaN(pairedTTest([0.5]).pValue), true);
});
