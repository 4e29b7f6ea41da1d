/**
 * A hash table from a span of a text to a number, looked up without cutting
 * the span out as a string: indexing meets each word of a corpus millions of
 * times and each distinct word once, so the common case must not allocate.
 *
 * @module
 */

/**
 * Maps token spans to numbers (the index's term numbers, or -1 for a word
 * the analysis drops).
 */
export class TokenTable {
  #slots: Int32Array;
  #hashes = new Int32Array(1024);
  #starts = new Int32Array(1024);
  #lengths = new Int32Array(1024);
  #values = new Int32Array(1024);
  #chars = new Uint16Array(1 << 16);
  #used = 0;
  #size = 0;
  readonly #limit: number;

  /**
   * Creates an empty table.
   *
   * @param limit How many distinct tokens it holds at most; later ones are
   * not kept, and {@linkcode TokenTable.get} answers -2 for them each time.
   */
  constructor(limit: number) {
    this.#limit = limit;
    this.#slots = new Int32Array(2048).fill(-1);
  }

  /** How many tokens it holds. */
  get size(): number {
    return this.#size;
  }

  /**
   * The number stored for `text[start..end)`, or -2 when there is none.
   *
   * @param text The text.
   * @param start Where the token starts.
   * @param end Where it ends.
   * @returns The number, or -2.
   */
  get(text: string, start: number, end: number): number {
    const hash = hashOf(text, start, end);
    const mask = this.#slots.length - 1;
    const length = end - start;
    for (let slot = hash & mask;; slot = (slot + 1) & mask) {
      const entry = this.#slots[slot];
      if (entry < 0) return -2;
      if (this.#hashes[entry] !== hash || this.#lengths[entry] !== length) {
        continue;
      }
      const chars = this.#chars;
      let at = this.#starts[entry];
      let i = start;
      while (i < end && chars[at] === text.charCodeAt(i)) {
        at++;
        i++;
      }
      if (i === end) return this.#values[entry];
    }
  }

  /**
   * Stores a number for `text[start..end)`, which must not be there yet.
   *
   * @param text The text.
   * @param start Where the token starts.
   * @param end Where it ends.
   * @param value The number, -1 or more.
   */
  set(text: string, start: number, end: number, value: number): void {
    if (this.#size >= this.#limit) return;
    const length = end - start;
    if (this.#used + length > this.#chars.length) {
      const chars = new Uint16Array(
        Math.max(this.#chars.length * 2, this.#used + length),
      );
      chars.set(this.#chars);
      this.#chars = chars;
    }
    const entry = this.#size++;
    if (entry === this.#hashes.length) {
      this.#hashes = grow(this.#hashes);
      this.#starts = grow(this.#starts);
      this.#lengths = grow(this.#lengths);
      this.#values = grow(this.#values);
    }
    const hash = hashOf(text, start, end);
    this.#hashes[entry] = hash;
    this.#starts[entry] = this.#used;
    this.#lengths[entry] = length;
    this.#values[entry] = value;
    for (let i = start; i < end; i++) {
      this.#chars[this.#used++] = text.charCodeAt(i);
    }
    if (2 * this.#size > this.#slots.length) this.#rehash();
    this.#place(entry, hash);
  }

  #place(entry: number, hash: number): void {
    const mask = this.#slots.length - 1;
    let slot = hash & mask;
    while (this.#slots[slot] >= 0) slot = (slot + 1) & mask;
    this.#slots[slot] = entry;
  }

  #rehash(): void {
    this.#slots = new Int32Array(this.#slots.length * 2).fill(-1);
    // The entry being added is placed by the caller.
    for (let entry = 0; entry < this.#size - 1; entry++) {
      this.#place(entry, this.#hashes[entry]);
    }
  }
}

// FNV-1a over the UTF-16 code units, with a final mix so that the low bits
// (the slot) depend on every character.
function hashOf(text: string, start: number, end: number): number {
  let h = 0x811C9DC5;
  for (let i = start; i < end; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85EBCA6B);
  return h ^ (h >>> 13);
}

function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
