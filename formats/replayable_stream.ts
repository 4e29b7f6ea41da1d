/**
 * A byte stream that can be read again from its start, for input that
 * cannot be reopened (standard input) but may need a second reading.
 *
 * @module
 */

/**
 * Keeps the chunks read from a stream so that it can be replayed: `first`
 * reads the source once; `replay()` gives what `first` read followed by
 * whatever it left unread. Memory holds every chunk read until the object
 * is dropped.
 *
 * @example
 * ```ts
 * import { ReplayableStream } from "./replayable_stream.ts";
 * const bytes = (s: string) => new TextEncoder().encode(s);
 * const input = new ReplayableStream(ReadableStream.from([bytes("a\n"), bytes("b\n")]));
 * const reader = input.first.getReader();
 * await reader.read(); // a first reader stops after one chunk
 * await reader.cancel();
 * console.log(await new Response(input.replay()).text()); // "a\nb\n"
 * ```
 */
export class ReplayableStream {
  readonly #source: ReadableStreamDefaultReader<Uint8Array>;
  readonly #chunks: Uint8Array[] = [];
  #replayed = false;
  /** The first reading. Cancelling it leaves the rest for {@linkcode replay}. */
  readonly first: ReadableStream<Uint8Array>;

  /**
   * @param source The stream to read once.
   */
  constructor(source: ReadableStream<Uint8Array>) {
    this.#source = source.getReader();
    // No read-ahead: a chunk pulled after the first reading ends would
    // miss the replay.
    this.first = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        const { value, done } = await this.#source.read();
        if (done) controller.close();
        else {
          this.#chunks.push(value);
          controller.enqueue(value);
        }
      },
    }, { highWaterMark: 0 });
  }

  /**
   * The whole stream from its start: the chunks already read, then the rest.
   * The first reading must be finished or cancelled; this can be called once.
   *
   * @returns The stream.
   * @throws {TypeError} If called twice.
   */
  replay(): ReadableStream<Uint8Array> {
    if (this.#replayed) throw new TypeError("A stream can be replayed once");
    this.#replayed = true;
    const chunks = this.#chunks.splice(0);
    const source = this.#source;
    let next = 0;
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (next < chunks.length) {
          controller.enqueue(chunks[next]);
          // Dropped once handed on, so the replay holds no more than the first.
          chunks[next++] = EMPTY;
          return;
        }
        const { value, done } = await source.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => source.cancel(reason),
    });
  }
}

const EMPTY = new Uint8Array(0);
