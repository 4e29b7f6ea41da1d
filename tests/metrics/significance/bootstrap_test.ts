import {
  assertAlmostEquals,
  assertEquals,
  assertThrows,
} from "../../assert.ts";
import { bootstrapTest } from "../../../metrics/significance/bootstrap.ts";
import { differencesOf, REFERENCE } from "./_reference.ts";

Deno.test("bootstrapTest interval and p-value are within Monte Carlo error of scipy", () => {
  for (const c of REFERENCE.cases) {
    const result = bootstrapTest(differencesOf(c), {
      resamples: REFERENCE.resamples,
      seed: 5,
    });
    // ci_sd is the spread of one 10000-resample estimate over 60 scipy runs.
    for (const side of [0, 1]) {
      assertAlmostEquals(
        result.ci[side],
        c.bootstrap.ci[side],
        5 * c.bootstrap.ci_sd[side] + 1e-12,
        `${c.name} ci[${side}]`,
      );
    }
    const p = c.bootstrap.pvalue;
    const sd = Math.sqrt(p * (1 - p) / REFERENCE.resamples) +
      c.bootstrap.pvalue_sd;
    assertAlmostEquals(
      result.pValue,
      p,
      4 * sd + 2 / REFERENCE.resamples,
      c.name,
    );
  }
});

Deno.test("bootstrapTest is deterministic for a seed", () => {
  const d = [0.1, -0.2, 0.3, 0.05, 0.4];
  assertEquals(bootstrapTest(d, { seed: 9 }), bootstrapTest(d, { seed: 9 }));
  // One difference: every resample is that difference.
  const one = bootstrapTest([0.25]);
  assertEquals(one.ci, [0.25, 0.25]);
  assertThrows(() => bootstrapTest([]), RangeError, "at least one");
  assertThrows(
    () => bootstrapTest([1], { confidence: 1 }),
    RangeError,
    "got 1",
  );
});
