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

// scipy 1.17.1's `bootstrap(..., method="percentile", n_resamples=10000)`
// intervals of these two vectors of 20,000 differences (mean and standard
// deviation over 12 seeds), and the shift-method two-sided p-value from
// 20,000 numpy resamples; by a Python script kept outside the repository.
// At 20,000 x 10,000 draws bootstrapTest takes its large-sample path.
const LARGE = 20000;
const LARGE_CASES = [
  {
    name: "sparse (1 query in 97 differs)",
    d: Float64Array.from(
      { length: LARGE },
      (_, i) => i % 97 === 0 ? ((i * 7919) % 13) / 13 - 0.4 : 0,
    ),
    ci: [0.00024884134615384606, 0.0010727692307692307],
    ciSd: [4.355913951191891e-06, 7.366660317867134e-06],
    pValue: 0.0022,
  },
  {
    name: "grid",
    d: Float64Array.from(
      { length: LARGE },
      (_, i) => ((i * 7919) % 1000) / 1000 - 0.4975,
    ),
    ci: [-0.0020426331249999968, 0.006009962291666667],
    ciSd: [5.181898907851566e-05, 4.424249688838232e-05],
    pValue: 0.3267,
  },
];

Deno.test("bootstrapTest past maxDraws is within Monte Carlo error of scipy's resampling", () => {
  for (const c of LARGE_CASES) {
    for (const seed of [5, 6]) {
      const result = bootstrapTest(c.d, { seed });
      for (const side of [0, 1]) {
        assertAlmostEquals(
          result.ci[side],
          c.ci[side],
          5 * c.ciSd[side],
          `${c.name} ci[${side}]`,
        );
      }
      const sd = Math.sqrt(c.pValue * (1 - c.pValue) / 10000) +
        Math.sqrt(c.pValue * (1 - c.pValue) / 20000);
      assertAlmostEquals(result.pValue, c.pValue, 4 * sd, c.name);
    }
  }
  // The limit of a constant is that constant.
  assertEquals(
    bootstrapTest(new Float64Array(LARGE).fill(0.5)).ci,
    [0.5, 0.5],
  );
  assertThrows(
    () => bootstrapTest([1, 2], { maxDraws: -1 }),
    RangeError,
    "got -1",
  );
});
