/**
 * The topic ids a reader has finished, to find a topic that comes back (a
 * run not grouped by topic): ids packed in one array of code units with an
 * open-addressing table of their hashes, so a topic costs its id's units and
 * three table words, not a string and a set entry of its own.
 *
 * @module
 */

/** A set of ids, added as byte ranges or strings (one code unit each). */
export class TopicIdSet {
  #units = new Uint16Array(1 << 12);
  #used = 0;
  #starts = new Int32Array(1 << 10);
  #count = 0;
  #table = new Int32Array(1 << 11).fill(-1);
  #hashes = new Uint32Array(1 << 11);

  /** The number of ids held. */
  get size(): number {
    return this.#count;
  }

  /**
   * Adds the id of bytes [start, end); false when it was there already.
   *
   * @param bytes The bytes.
   * @param start The id's first byte.
   * @param end After its last byte.
   * @returns Whether the id is new.
   */
  addBytes(bytes: Uint8Array, start: number, end: number): boolean {
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) {
      hash = Math.imul(hash ^ bytes[i], 0x01000193);
    }
    hash >>>= 0;
    const length = end - start;
    let slot = hash & (this.#table.length - 1);
    for (let j = this.#table[slot]; j !== -1; j = this.#table[slot]) {
      if (this.#hashes[slot] === hash) {
        const at = this.#starts[j];
        if (this.#starts[j + 1] - at === length) {
          let same = true;
          for (let k = 0; k < length && same; k++) {
            same = this.#units[at + k] === bytes[start + k];
          }
          if (same) return false;
        }
      }
      slot = (slot + 1) & (this.#table.length - 1);
    }
    this.#reserve(length);
    for (let k = 0; k < length; k++) {
      this.#units[this.#used + k] = bytes[start + k];
    }
    this.#insert(slot, hash, length);
    return true;
  }

  /**
   * Adds an id given as a string; false when it was there already.
   *
   * @param id The id.
   * @returns Whether the id is new.
   */
  addString(id: string): boolean {
    let hash = 0x811c9dc5;
    for (let i = 0; i < id.length; i++) {
      hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
    }
    hash >>>= 0;
    const length = id.length;
    let slot = hash & (this.#table.length - 1);
    for (let j = this.#table[slot]; j !== -1; j = this.#table[slot]) {
      if (this.#hashes[slot] === hash) {
        const at = this.#starts[j];
        if (this.#starts[j + 1] - at === length) {
          let same = true;
          for (let k = 0; k < length && same; k++) {
            same = this.#units[at + k] === id.charCodeAt(k);
          }
          if (same) return false;
        }
      }
      slot = (slot + 1) & (this.#table.length - 1);
    }
    this.#reserve(length);
    for (let k = 0; k < length; k++) {
      this.#units[this.#used + k] = id.charCodeAt(k);
    }
    this.#insert(slot, hash, length);
    return true;
  }

  // Room for an id of `length` units and its start.
  #reserve(length: number): void {
    if (this.#used + length > this.#units.length) {
      const units = new Uint16Array(
        Math.max(this.#used + length, this.#units.length * 2),
      );
      units.set(this.#units.subarray(0, this.#used));
      this.#units = units;
    }
    if (this.#count + 2 > this.#starts.length) {
      const starts = new Int32Array(this.#starts.length * 2);
      starts.set(this.#starts);
      this.#starts = starts;
    }
  }

  // Records the id just copied to the units at `slot`; the table stays at
  // most half full.
  #insert(slot: number, hash: number, length: number): void {
    const j = this.#count++;
    this.#starts[j] = this.#used;
    this.#used += length;
    this.#starts[j + 1] = this.#used;
    this.#table[slot] = j;
    this.#hashes[slot] = hash;
    if (this.#count * 2 <= this.#table.length) return;
    const size = this.#table.length * 2;
    const table = new Int32Array(size).fill(-1);
    const hashes = new Uint32Array(size);
    for (let s = 0; s < this.#table.length; s++) {
      const k = this.#table[s];
      if (k === -1) continue;
      let t = this.#hashes[s] & (size - 1);
      while (table[t] !== -1) t = (t + 1) & (size - 1);
      table[t] = k;
      hashes[t] = this.#hashes[s];
    }
    this.#table = table;
    this.#hashes = hashes;
  }
}
