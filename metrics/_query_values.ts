/**
 * Each query's metric values, packed: one growing array holds every row and
 * an array the query ids in row order, so a query costs its values, not a
 * typed array of its own (at a million queries, the arrays and their
 * collection took more time than the scoring). The map from a query to its
 * row is made when first asked for: at 100,000 queries filling it took a
 * tenth of the library path's time, and a caller reading only the
 * aggregates never needs it.
 *
 * @module
 */

import type { QueryId } from "../model/types.ts";

/**
 * Query id to its values, in the order the rows were added: what
 * `Evaluation.perQuery` is. A row read by `get` is a view of the packed
 * array.
 */
export class QueryValues implements ReadonlyMap<QueryId, Float64Array> {
  readonly #width: number;
  readonly #ids: QueryId[] = [];
  #rowOf: Map<QueryId, number> | undefined;
  #values: Float64Array;

  /**
   * An empty table.
   *
   * @param width The number of values of a row.
   */
  constructor(width: number) {
    this.#width = width;
    this.#values = new Float64Array(Math.max(1, width) * 64);
  }

  /**
   * Adds a row for a query, and returns where its values go:
   * `packed[at + m]` for metric m. A query added twice is found by the
   * caller in {@linkcode QueryValues.ids} before the map is read, or here
   * (-1) once the map is made (the row is then lost: the caller refuses
   * the input).
   *
   * @param queryId The query.
   * @returns The offset of its row in {@linkcode QueryValues.packed}, or -1.
   */
  add(queryId: QueryId): number {
    const row = this.#ids.length;
    if (this.#rowOf) {
      // One look-up, not a `has` before the `set`.
      this.#rowOf.set(queryId, row);
      if (this.#rowOf.size === row) return -1;
    }
    this.#ids.push(queryId);
    const at = row * this.#width;
    if (at + this.#width > this.#values.length) {
      const grown = new Float64Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    return at;
  }

  /** The query ids in row order (row r's values start at `r * width`). */
  get ids(): readonly QueryId[] {
    return this.#ids;
  }

  /** The packed rows; valid until the next {@linkcode QueryValues.add}. */
  get packed(): Float64Array {
    return this.#values;
  }

  /**
   * Where a query's row starts in {@linkcode QueryValues.packed}: its
   * values without a view of the row.
   *
   * @param queryId The query.
   * @returns The offset, or undefined when the query has no row.
   */
  offsetOf(queryId: QueryId): number | undefined {
    const row = this.#map().get(queryId);
    return row === undefined ? undefined : row * this.#width;
  }

  #map(): Map<QueryId, number> {
    if (this.#rowOf) return this.#rowOf;
    const rowOf = new Map<QueryId, number>();
    for (let row = 0; row < this.#ids.length; row++) {
      rowOf.set(this.#ids[row], row);
    }
    return this.#rowOf = rowOf;
  }

  get size(): number {
    return this.#ids.length;
  }

  get(queryId: QueryId): Float64Array | undefined {
    const row = this.#map().get(queryId);
    return row === undefined ? undefined : this.#row(row);
  }

  has(queryId: QueryId): boolean {
    return this.#map().has(queryId);
  }

  keys(): MapIterator<QueryId> {
    return this.#map().keys();
  }

  values(): MapIterator<Float64Array> {
    return this.#map().values().map((row) => this.#row(row)) as MapIterator<
      Float64Array
    >;
  }

  entries(): MapIterator<[QueryId, Float64Array]> {
    return this.#map().entries().map(([id, row]) =>
      [id, this.#row(row)] as [QueryId, Float64Array]
    ) as MapIterator<[QueryId, Float64Array]>;
  }

  [Symbol.iterator](): MapIterator<[QueryId, Float64Array]> {
    return this.entries();
  }

  forEach(
    callback: (
      value: Float64Array,
      key: QueryId,
      map: ReadonlyMap<QueryId, Float64Array>,
    ) => void,
    thisArg?: unknown,
  ): void {
    for (const [id, row] of this.#map()) {
      callback.call(thisArg, this.#row(row), id, this);
    }
  }

  #row(row: number): Float64Array {
    const at = row * this.#width;
    return this.#values.subarray(at, at + this.#width);
  }
}
