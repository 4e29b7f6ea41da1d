import { assertAlmostEquals, assertEquals, assertThrows } from "../assert.ts";
import { rbo } from "../../metrics/rbo.ts";

Deno.test("rbo is 1 for identical rankings and 0 for disjoint ones", () => {
  assertAlmostEquals(rbo(["a", "b", "c", "d"], ["a", "b", "c", "d"]), 1, 1e-15);
  assertEquals(rbo(["a", "b"], ["c", "d"]), 0);
  assertEquals(rbo([], []), 1);
  assertEquals(rbo(["a"], []), 0);
});

Deno.test("rbo matches RBO_ext worked by hand", () => {
  // Same length 2, p = 0.5: X1 = 0, X2 = 2.
  // RBO_ext = (1-p)/p * (0/1 * p + 2/2 * p^2) + (X2/2) * p^2 = 1 * 0.25 + 0.25 = 0.5
  assertAlmostEquals(rbo(["a", "b"], ["b", "a"], { p: 0.5 }), 0.5, 1e-15);
  // Uneven: L = [a, b, c], S = [a], p = 0.5; s = 1, l = 3, X1 = X2 = X3 = 1.
  // sum d=1..3 X_d/d p^d = 0.5 + 0.125 + 0.041666.. ; extra d=2,3: X_s (d-s)/(s d) p^d = 0.125 + 0.083333..
  // tail = ((X_l - X_s)/l + X_s/s) p^l = 0.125
  const expected = (0.5 / 0.5) * (0.5 + 0.125 + 1 / 24 + 0.125 + 1 / 12) +
    0.125;
  assertAlmostEquals(rbo(["a", "b", "c"], ["a"], { p: 0.5 }), expected, 1e-15);
  assertAlmostEquals(rbo(["a"], ["a", "b", "c"], { p: 0.5 }), expected, 1e-15);
});

Deno.test("rbo is symmetric and rejects a bad persistence", () => {
  const a = ["a", "b", "c", "d", "e"], b = ["c", "a", "f", "b"];
  assertAlmostEquals(rbo(a, b), rbo(b, a), 1e-15);
  assertThrows(() => rbo(a, b, { p: 1 }), RangeError, "got 1");
});

Deno.test("rbo rejects repeated ids and a depth that is not a positive integer", () => {
  // A repeated "a" was counted twice in the overlap: 1, as for equal rankings.
  assertThrows(
    () => rbo(["a", "a", "c"], ["a", "b", "c"]),
    TypeError,
    'Invalid rbo input: "a" appears twice in the first ranking',
  );
  assertThrows(
    () => rbo(["a", "b"], ["b", "b"]),
    TypeError,
    "in the second ranking",
  );
  // Below the depth a repeat is never read.
  assertEquals(rbo(["a", "b", "a"], ["a", "b"], { depth: 2 }), 1);
  // A NaN depth compared two empty prefixes: 1 for disjoint rankings.
  for (const depth of [NaN, 0, -1, 1.5]) {
    assertThrows(
      () => rbo(["a", "b"], ["c", "d"], { depth }),
      RangeError,
      `expected a positive integer, got ${depth}`,
    );
  }
});
