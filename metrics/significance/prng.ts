/**
 * A small seeded pseudo-random generator, so sampled tests give the same
 * answer for the same seed on every machine.
 *
 * @module
 */

const TWO_32 = 2 ** 32;
const MAX_BOUND = 2 ** 21;

/**
 * xoshiro128** 1.1 (Blackman and Vigna), a 32-bit generator with a 2^128 - 1
 * period, its state seeded from a 32-bit seed by four SplitMix32 steps (a
 * Weyl sequence with increment 0x9e3779b9 through MurmurHash3's finalizer).
 *
 * @example The same seed gives the same numbers
 * ```ts
 * import { Xoshiro128 } from "./prng.ts";
 * const a = new Xoshiro128(42), b = new Xoshiro128(42);
 * console.log(a.nextUint32() === b.nextUint32()); // true
 * console.log(a.nextInt(6) < 6); // true
 * ```
 */
export class Xoshiro128 {
  // The four state words, kept as int32 numbers (not a typed array) so the
  // hot loop stays in registers.
  #s0 = 0;
  #s1 = 0;
  #s2 = 0;
  #s3 = 0;

  /**
   * Seeds the generator.
   *
   * @param seed An integer in [0, 2^32).
   * @throws {RangeError} If the seed is not such an integer.
   */
  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed >= TWO_32) {
      throw new RangeError(
        `Seed must be an integer in [0, 4294967295], got ${seed}`,
      );
    }
    let weyl = seed >>> 0;
    const words: number[] = [];
    for (let i = 0; i < 4; i++) {
      weyl = (weyl + 0x9e3779b9) >>> 0;
      let z = weyl;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      words.push((z ^ (z >>> 16)) | 0);
    }
    // An all-zero state never leaves zero; SplitMix32 makes it unreachable in
    // practice, and this makes it impossible.
    if (!words.some((word) => word !== 0)) words[0] = 1;
    [this.#s0, this.#s1, this.#s2, this.#s3] = words;
  }

  /**
   * The next 32 random bits.
   *
   * @returns An integer in [0, 2^32).
   */
  nextUint32(): number {
    const s0 = this.#s0, s1 = this.#s1;
    const rotated = Math.imul(s1, 5);
    const result = Math.imul((rotated << 7) | (rotated >>> 25), 9) >>> 0;
    const t = s1 << 9;
    const s2 = this.#s2 ^ s0;
    const s3 = this.#s3 ^ s1;
    this.#s1 = s1 ^ s2;
    this.#s0 = s0 ^ s3;
    this.#s2 = s2 ^ t;
    this.#s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  }

  /**
   * An unbiased integer in [0, n): Lemire's multiply-and-shift, rejecting
   * the few draws that would favour some values.
   *
   * @param n The bound, an integer in [1, 2^21] (so r * n is exact in a double).
   * @returns The integer.
   * @throws {RangeError} If n is out of range.
   */
  nextInt(n: number): number {
    if (!(n >= 1 && n <= MAX_BOUND) || !Number.isInteger(n)) {
      throw new RangeError(`Bound must be an integer in [1, 2^21], got ${n}`);
    }
    let m = this.nextUint32() * n;
    let low = m % TWO_32;
    if (low < n) {
      const threshold = (TWO_32 - n) % n;
      while (low < threshold) {
        m = this.nextUint32() * n;
        low = m % TWO_32;
      }
    }
    return Math.floor(m / TWO_32);
  }
}
