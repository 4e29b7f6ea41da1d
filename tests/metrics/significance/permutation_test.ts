import {
  assertAlmostEquals,
  assertEquals,
  assertThrows,
} from "../../assert.ts";
import { permutationTest } from "../../../metrics/significance/permutation.ts";
import { differencesOf, REFERENCE } from "./_reference.ts";

Deno.test("permutationTest is exactly scipy's full enumeration when few queries differ", () => {
  let exact = 0;
  for (const c of REFERENCE.cases) {
    if (!c.permutation.exact) continue;
    const result = permutationTest(differencesOf(c));
    assertEquals(result.exact, true, c.name);
    // A count over 2^m vectors: equal to the last bit.
    assertEquals(result.pValue, c.permutation.pvalue, c.name);
    exact++;
  }
  assertEquals(exact >= 5, true);
});

Deno.test("permutationTest enumerates up to maxExact via meet in the middle", () => {
  // The n=22 case enumerated by scipy (4 million vectors) also comes out
  // exactly with two halves of 2^11.
  const c = REFERENCE.cases.find((c) => c.name === "graded n=22")!;
  const result = permutationTest(differencesOf(c), { maxExact: 22 });
  assertEquals(result.pValue, c.permutation.pvalue);
});

Deno.test("sampled permutationTest is within Monte Carlo error of scipy", () => {
  const R = REFERENCE.resamples;
  let sampled = 0;
  for (const c of REFERENCE.cases) {
    // Forced sampling on exact cases compares with the exact p; the others
    // (more than 30 non-zero differences) sample by default.
    const result = permutationTest(differencesOf(c), {
      maxExact: c.permutation.exact ? 0 : 30,
      seed: 7,
    });
    assertEquals(result.exact, false, c.name);
    assertEquals(result.resamples, R);
    const p = c.permutation.pvalue;
    const sd = Math.sqrt(p * (1 - p) / R) + (c.permutation.reference_sd ?? 0);
    assertAlmostEquals(result.pValue, p, 4 * sd + 1 / R, c.name);
    sampled++;
  }
  assertEquals(sampled, REFERENCE.cases.length);
});

Deno.test("permutationTest is deterministic for a seed and p is never 0 when sampled", () => {
  const d = Array.from({ length: 40 }, (_, i) => 0.1 + (i % 7) / 100);
  const one = permutationTest(d, { seed: 3 });
  assertEquals(permutationTest(d, { seed: 3 }), one);
  assertEquals(one.pValue, 1 / 10001);
});

Deno.test("permutationTest hand-worked values", () => {
  // d = (1, 2, -3): sums over 8 sign vectors are ±0, ±2, ±4, ±6 once each;
  // |0| ≥ 0 for every vector, and 2 of 8 reach |6|.
  assertEquals(permutationTest([1, 2, -3]).pValue, 1);
  assertEquals(permutationTest([1, 2, 3]).pValue, 2 / 8);
  // Zero differences are not flipped and do not change p.
  assertEquals(permutationTest([1, 0, 2, 0, 3]).pValue, 2 / 8);
  // A tie with the observed sum counts: d = (0.1, 0.2, 0.3) has
  // 0.1 + 0.2 - 0.3 = 5.6e-17, not 0, in floating point; flipped sums
  // ±0.6 and ±(0.2 + 0.3 - 0.1) = 0.4 ... only ±0.6 reach 0.6.
  assertEquals(permutationTest([0.1, 0.2, 0.3]).pValue, 0.25);
  assertEquals(permutationTest([0.1, 0.2, -0.3]).pValue, 1);
  assertThrows(() => permutationTest([1], { maxExact: 45 }), RangeError, "45");
  assertThrows(() => permutationTest([NaN]), RangeError, "NaN");
});
