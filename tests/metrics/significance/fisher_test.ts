import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { fisherRandomizationTest } from "../../../metrics/significance/fisher.ts";
import { differencesOf, REFERENCE } from "./_reference.ts";

Deno.test("fisherRandomizationTest is within Monte Carlo error of scipy", () => {
  const R = 20000;
  for (const c of REFERENCE.cases) {
    const result = fisherRandomizationTest(differencesOf(c), {
      resamples: R,
      seed: 11,
    });
    assertEquals(result.resamples, R);
    const p = c.permutation.pvalue;
    const sd = Math.sqrt(p * (1 - p) / R) + (c.permutation.reference_sd ?? 0);
    assertAlmostEquals(result.pValue, p, 4 * sd + 1 / R, c.name);
  }
});

Deno.test("fisherRandomizationTest reports b / R, which may be 0", () => {
  const d = Array.from({ length: 40 }, () => 0.25);
  const result = fisherRandomizationTest(d, { resamples: 500 });
  assertEquals(result.pValue, 0);
  assertEquals(fisherRandomizationTest([0, 0, 0]).pValue, 1);
  // Two of the four sign vectors of (1, 1) reach |2|.
  const small = fisherRandomizationTest([1, 1], { resamples: 20000, seed: 5 });
  assertAlmostEquals(small.pValue, 0.5, 4 * Math.sqrt(0.25 / 20000));
});
