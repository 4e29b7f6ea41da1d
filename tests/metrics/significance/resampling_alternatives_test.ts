import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { bootstrapTest } from "../../../metrics/significance/bootstrap.ts";
import { fisherRandomizationTest } from "../../../metrics/significance/fisher.ts";
import { permutationTest } from "../../../metrics/significance/permutation.ts";
import { ALTERNATIVES_REFERENCE } from "./_alternatives.ts";

const ALTERNATIVES = ["two-sided", "less", "greater"] as const;
const R = 10000;
const differences = (c: { a: number[]; b: number[] }) =>
  c.a.map((x, i) => x - c.b[i]);
/**
 * Whether the observed sum is 0 up to rounding (within 1e-10 Σ|d|, the
 * tolerance of the sign-flip tests). scipy's tolerance, 100 eps |observed|,
 * then misses the flipped sums that tie with it, so its p-value depends on
 * rounding noise; these cases are checked by exact integer enumeration.
 */
const tiesAtZero = (d: number[]) =>
  Math.abs(d.reduce((x, y) => x + y, 0)) <=
    1e-10 * d.reduce((x, y) => x + Math.abs(y), 0);

/** P(S <= 0), P(S >= 0) and P(|S| >= 0) by integer enumeration (grid data). */
function enumeratedAtZero(d: number[]): Record<string, number> {
  const units = d.map((x) => Math.round(x * 1e6));
  let below = 0, above = 0;
  for (let mask = 0; mask < 2 ** units.length; mask++) {
    let sum = 0;
    units.forEach((u, i) => sum += (mask >> i) & 1 ? -u : u);
    if (sum <= 0) below++;
    if (sum >= 0) above++;
  }
  const all = 2 ** units.length;
  return { "two-sided": 1, less: below / all, greater: above / all };
}

/** Four standard deviations of a p-value estimated from R draws, and of the reference. */
const slack = (p: number, referenceSd = 0) =>
  4 * (Math.sqrt(p * (1 - p) / R) + referenceSd) + 1 / R;

Deno.test("exact permutationTest equals scipy.stats.permutation_test's full enumeration for every alternative", () => {
  let rows = 0;
  for (const c of ALTERNATIVES_REFERENCE.cases) {
    for (const alternative of ALTERNATIVES) {
      const want = c.permutation?.[alternative];
      if (!want?.exact) continue;
      const d = differences(c);
      const got = permutationTest(d, { alternative });
      assertEquals(got.exact, true);
      // Counts over 2^n vectors: equal to the last bit.
      assertEquals(
        got.pValue,
        tiesAtZero(d) ? enumeratedAtZero(d)[alternative] : want.pvalue,
        `${c.name} ${alternative}`,
      );
      rows++;
    }
  }
  assertEquals(rows, 48);
});

Deno.test("sampled permutation and Fisher tests are within Monte Carlo error of scipy for every alternative", () => {
  let rows = 0;
  for (const c of ALTERNATIVES_REFERENCE.cases) {
    for (const alternative of ALTERNATIVES) {
      const want = c.permutation?.[alternative];
      if (!want || tiesAtZero(differences(c))) continue;
      const name = `${c.name} ${alternative}`;
      const tolerance = slack(want.pvalue, want.reference_sd);
      const sampled = permutationTest(differences(c), {
        alternative,
        maxExact: 0,
        seed: 11,
      });
      assertEquals(sampled.exact, false);
      assertAlmostEquals(sampled.pValue, want.pvalue, tolerance, name);
      const fisher = fisherRandomizationTest(differences(c), {
        alternative,
        seed: 12,
      });
      assertAlmostEquals(fisher.pValue, want.pvalue, tolerance, name);
      rows++;
    }
  }
  assertEquals(rows, 75);
});

Deno.test("bootstrapTest's p-value is within Monte Carlo error of the shift method for every alternative", () => {
  let rows = 0;
  for (const c of ALTERNATIVES_REFERENCE.cases) {
    for (const alternative of ALTERNATIVES) {
      const want = c.bootstrap?.[alternative];
      if (!want) continue;
      const got = bootstrapTest(differences(c), { alternative, seed: 13 });
      assertAlmostEquals(
        got.pValue,
        want.pvalue,
        slack(want.pvalue, want.reference_sd),
        `${c.name} ${alternative}`,
      );
      rows++;
    }
  }
  assertEquals(rows, 84);
});

Deno.test("one-sided resampling tests, hand-worked", () => {
  // d = (1, 2, -3): flipped sums ±0, ±2, ±4, ±6 once each over 8 vectors;
  // the observed sum 0 is reached or exceeded by 5 of 8 and undercut by
  // 5 of 8 (0 counts on both sides).
  assertEquals(
    permutationTest([1, 2, -3], { alternative: "greater" }).pValue,
    0.625,
  );
  assertEquals(
    permutationTest([1, 2, -3], { alternative: "less" }).pValue,
    0.625,
  );
  // d = (1, 2, 3): only the observed vector reaches 6.
  assertEquals(
    permutationTest([1, 2, 3], { alternative: "greater" }).pValue,
    0.125,
  );
  assertEquals(permutationTest([1, 2, 3], { alternative: "less" }).pValue, 1);
  assertEquals(permutationTest([0, 0], { alternative: "less" }).pValue, 1);
});
