/**
 * The benchmarks' source of random data.
 *
 * @module
 */

/**
 * A seeded mulberry32 generator: small, fast and the same on every machine,
 * so every run of a benchmark writes or posts the same bytes.
 *
 * @example
 * ```ts
 * import { random } from "./_random.ts";
 * const a = random(1), b = random(1);
 * console.log(a() === b(), a() < 1); // true true
 * ```
 *
 * @param seed The seed.
 * @returns A function giving numbers in [0, 1).
 */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
