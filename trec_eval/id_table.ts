/**
 * A table of string ids for the full reader's per-topic checks and joins.
 *
 * @module
 */

/**
 * Positions of string ids in a list, hashed with FNV-1a over their code
 * units. A `Map` or `Set` makes V8 hash each new string, which costs several
 * times more than this loop for the short ids of a run read a line at a
 * time (measured 4-5x on MS MARCO-style docnos).
 *
 * @example
 * ```ts
 * import { IdTable } from "./id_table.ts";
 * const table = new IdTable(["d3", "d1", "d3"]);
 * console.log(table.indexOf("d1"), table.indexOf("d9"), table.firstRepeat); // 1 -1 2
 * ```
 */
export class IdTable {
  readonly #ids: readonly string[];
  readonly #slots: Int32Array;
  readonly #hashes: Int32Array;
  readonly #mask: number;
  /** The index of the first id equal to an earlier one, or -1. */
  readonly firstRepeat: number = -1;

  /**
   * Indexes the ids; a repeated id keeps its first position.
   *
   * @param ids The ids.
   */
  constructor(ids: readonly string[]) {
    this.#ids = ids;
    let size = 8;
    while (size < ids.length * 2) size *= 2;
    this.#slots = new Int32Array(size).fill(-1);
    this.#hashes = new Int32Array(size);
    this.#mask = size - 1;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const hash = fnv1a(id);
      let slot = hash & this.#mask;
      let found = false;
      for (let j = this.#slots[slot]; j !== -1; j = this.#slots[slot]) {
        if (this.#hashes[slot] === hash && ids[j] === id) {
          found = true;
          break;
        }
        slot = (slot + 1) & this.#mask;
      }
      if (found) {
        if (this.firstRepeat === -1) this.firstRepeat = i;
        continue;
      }
      this.#slots[slot] = i;
      this.#hashes[slot] = hash;
    }
  }

  /**
   * Where an id first occurs.
   *
   * @param id The id.
   * @returns Its index, or -1.
   */
  indexOf(id: string): number {
    const hash = fnv1a(id);
    for (let slot = hash & this.#mask;; slot = (slot + 1) & this.#mask) {
      const j = this.#slots[slot];
      if (j === -1) return -1;
      if (this.#hashes[slot] === hash && this.#ids[j] === id) return j;
    }
  }
}

function fnv1a(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  }
  return hash;
}
