import {
  assertAlmostEquals,
  assertEquals,
  assertThrows,
} from "../../assert.ts";
import { adjustPValues } from "../../../metrics/significance/correction.ts";
import { REFERENCE } from "./_reference.ts";

Deno.test("adjustPValues matches the reference Holm and Bonferroni adjustments", () => {
  const { pvalues, holm, bonferroni } = REFERENCE.correction;
  adjustPValues(pvalues, "holm").forEach((p, i) =>
    assertAlmostEquals(p, holm[i], 1e-15)
  );
  adjustPValues(pvalues, "bonferroni").forEach((p, i) =>
    assertAlmostEquals(p, bonferroni[i], 1e-15)
  );
  assertEquals(adjustPValues(pvalues, "none"), pvalues);
});

Deno.test("adjustPValues hand-worked Holm steps and NaN handling", () => {
  // Sorted 0.005, 0.02, 0.03, 0.5 times 4, 3, 2, 1: 0.02, 0.06, 0.06, 0.5.
  assertEquals(adjustPValues([0.5, 0.02, 0.005, 0.03], "holm"), [
    0.5,
    0.06,
    0.02,
    0.06,
  ]);
  // A NaN is not a test: the family has two members.
  assertEquals(adjustPValues([0.01, NaN, 0.2], "bonferroni"), [0.02, NaN, 0.4]);
  assertThrows(() => adjustPValues([1.5], "holm"), RangeError, "1.5");
  assertThrows(
    // @ts-expect-error: an unknown method
    () => adjustPValues([0.1], "fdr"),
    TypeError,
    '"fdr"',
  );
});
