/**
 * Reads a stream of byte chunks into buffers the caller owns, whatever size
 * the chunks come in.
 *
 * @module
 */

/**
 * Copies byte chunks, as an iterator yields them, into the caller's buffers:
 * a chunk larger than the buffer is handed out over several reads.
 *
 * @example
 * ```ts
 * import { ChunkReader } from "./chunk_reader.ts";
 * const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([4])];
 * const reader = new ChunkReader(chunks.values());
 * const into = new Uint8Array(2);
 * console.log(await reader.read(into), Array.from(into)); // 2 [1, 2]
 * console.log(await reader.read(into), into[0]); // 1 3
 * console.log(await reader.read(into), into[0]); // 1 4
 * console.log(await reader.read(into)); // null
 * ```
 */
export class ChunkReader {
  readonly #chunks: Iterator<Uint8Array> | AsyncIterator<Uint8Array>;
  #pending: Uint8Array | undefined;

  /**
   * @param chunks The chunks, in order.
   */
  constructor(chunks: Iterator<Uint8Array> | AsyncIterator<Uint8Array>) {
    this.#chunks = chunks;
  }

  /**
   * Copies the next bytes into `into`, from one chunk.
   *
   * @param into Where to copy.
   * @returns How many bytes were copied, or null at the end.
   */
  async read(into: Uint8Array): Promise<number | null> {
    while (!this.#pending?.length) {
      const { value, done } = await this.#chunks.next();
      if (done) return null;
      this.#pending = value;
    }
    const pending = this.#pending;
    const n = Math.min(pending.length, into.length);
    into.set(n < pending.length ? pending.subarray(0, n) : pending);
    this.#pending = n < pending.length ? pending.subarray(n) : undefined;
    return n;
  }

  /**
   * Fills `into` as far as the chunks go.
   *
   * @param into Where to copy.
   * @returns How many bytes were copied: fewer than `into.length` only at the end.
   */
  async readFull(into: Uint8Array): Promise<number> {
    let length = 0;
    while (length < into.length) {
      const n = await this.read(into.subarray(length));
      if (n === null) break;
      length += n;
    }
    return length;
  }
}
