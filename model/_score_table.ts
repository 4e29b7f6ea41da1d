/**
 * A set of scores for the ranker's tied groups.
 *
 * @module
 */

const SCORE_BITS = new Float64Array(1);
const SCORE_WORDS = new Uint32Array(SCORE_BITS.buffer);

/**
 * A set of scores (open addressing on their bits; -0 is 0), each with the
 * head of a list of items: a `Map` keyed by numbers would box one per
 * look-up.
 */
export class ScoreTable {
  readonly keys: Float64Array;
  readonly heads: Int32Array;
  readonly used: Uint8Array;
  readonly #mask: number;

  constructor(most: number) {
    let size = 16;
    while (size < most * 2) size *= 2;
    this.keys = new Float64Array(size);
    this.heads = new Int32Array(size).fill(-1);
    this.used = new Uint8Array(size);
    this.#mask = size - 1;
  }

  #start(score: number): number {
    SCORE_BITS[0] = score + 0;
    const h = Math.imul(
      SCORE_WORDS[0] ^ Math.imul(SCORE_WORDS[1], 0x9e3779b1),
      0x85ebca6b,
    );
    return (h ^ (h >>> 16)) & this.#mask;
  }

  add(score: number): void {
    let slot = this.#start(score);
    while (this.used[slot]) {
      if (this.keys[slot] === score) return;
      slot = (slot + 1) & this.#mask;
    }
    this.used[slot] = 1;
    this.keys[slot] = score;
  }

  /** The slot of a score in the set, or -1. */
  slot(score: number): number {
    let slot = this.#start(score);
    while (this.used[slot]) {
      if (this.keys[slot] === score) return slot;
      slot = (slot + 1) & this.#mask;
    }
    return -1;
  }
}
