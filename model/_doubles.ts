/**
 * Small zeroed `Float64Array`s cut from shared slabs.
 *
 * @module
 */

/** Doubles per slab: 32 KiB, a few hundred rankings' grades. */
const SLAB = 4096;
/** Longer arrays get a buffer of their own. */
const OWN = 256;

let slab = new Float64Array(SLAB);
let used = 0;

/**
 * A new zeroed array of `length` doubles. A short one is a view of a shared
 * slab, never handed out twice: a typed array with a buffer of its own
 * costs hundreds of nanoseconds to make and to collect, which at 100,000
 * rankings of two arrays each was a fifth of the library path's time. A
 * view keeps its slab alive, so a kept ranking holds at most 32 KiB.
 *
 * @param length The number of doubles.
 * @returns The array, all zeros.
 */
export function doubles(length: number): Float64Array {
  if (length > OWN) return new Float64Array(length);
  if (used + length > SLAB) {
    slab = new Float64Array(SLAB);
    used = 0;
  }
  return slab.subarray(used, used += length);
}
