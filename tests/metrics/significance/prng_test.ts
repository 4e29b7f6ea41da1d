import { assertEquals, assertThrows } from "../../assert.ts";
import { Xoshiro128 } from "../../../metrics/significance/prng.ts";
import { REFERENCE } from "./_reference.ts";

Deno.test("Xoshiro128 reproduces an independent Python xoshiro128**", () => {
  for (const [seed, outputs] of Object.entries(REFERENCE.xoshiro128)) {
    const rng = new Xoshiro128(Number(seed));
    assertEquals(outputs.map(() => rng.nextUint32()), outputs, seed);
  }
});

Deno.test("Xoshiro128.nextInt is uniform and in range", () => {
  const rng = new Xoshiro128(1);
  const counts = new Array(6).fill(0);
  for (let i = 0; i < 60000; i++) counts[rng.nextInt(6)]++;
  // Each count is Binomial(60000, 1/6): sd ≈ 91; 5 sd either way.
  for (const c of counts) assertEquals(Math.abs(c - 10000) < 460, true);
  assertThrows(() => new Xoshiro128(-1), RangeError, "-1");
  assertThrows(() => new Xoshiro128(1.5), RangeError, "1.5");
  assertThrows(() => rng.nextInt(0), RangeError, "got 0");
  assertThrows(() => rng.nextInt(2 ** 22), RangeError, "2^21");
});
