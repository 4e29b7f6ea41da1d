/**
 * Where input comes from: a path, standard input or a stream, gzip or not,
 * read as lines without ever holding the whole file.
 *
 * @module
 */

import { ChunkReader } from "./chunk_reader.ts";
import { gunzipFile } from "./gunzip.ts";
import type { GunzipReply, GunzipRequest } from "./gunzip_worker.ts";

/**
 * Anything that reads bytes into a buffer, as `Deno.FsFile` and
 * {@linkcode GzipFileReader} do.
 */
export interface ByteReader {
  /**
   * Reads the next bytes into `into`.
   *
   * @param into Where to read.
   * @returns How many bytes were read, or null at the end.
   */
  read(into: Uint8Array): Promise<number | null>;
  /** Releases the reader; called when a stream of it is cancelled. */
  close?(): void;
}

/**
 * A file path (`-` is standard input), a byte stream, a string, or an open
 * {@linkcode ByteReader} (a `Deno.FsFile`, or a `GzipFileReader` opened
 * early so that its worker starts while other work goes on), which is
 * closed once read to its end.
 */
export type Source =
  | string
  | ReadableStream<Uint8Array>
  | { text: string }
  | ByteReader;

/** A named byte stream. */
export interface OpenedSource {
  /** The name used in error messages. */
  readonly name: string;
  /** The bytes, decompressed when the file was gzipped. */
  readonly stream: ReadableStream<Uint8Array>;
}

/**
 * Opens a source. A path ending in `.gz` is decompressed on the fly.
 *
 * @param source A path, `-` for standard input, a stream, `{ text }` or a reader.
 * @param name The name for error messages. Default: the path, `<stdin>`,
 * `<stream>`, `<text>` or `<reader>`.
 * @returns The named stream.
 */
export async function openSource(
  source: Source,
  name?: string,
): Promise<OpenedSource> {
  if (typeof source === "string") {
    if (source === "-") {
      return { name: name ?? "<stdin>", stream: stdinStream() };
    }
    if (source.endsWith(".gz")) {
      const reader = await GzipFileReader.open(source);
      return { name: name ?? source, stream: reader.readable() };
    }
    const file = await Deno.open(source);
    return { name: name ?? source, stream: file.readable };
  }
  if (source instanceof ReadableStream) {
    return { name: name ?? "<stream>", stream: source };
  }
  if ("read" in source) {
    return { name: name ?? "<reader>", stream: readerStream(source) };
  }
  const bytes = new TextEncoder().encode(source.text);
  return {
    name: name ?? "<text>",
    stream: new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
  };
}

/**
 * A reader's bytes as a stream of 64 KiB chunks.
 *
 * @example
 * ```ts
 * import { readerStream } from "./source.ts";
 * const path = await Deno.makeTempFile();
 * await Deno.writeTextFile(path, "hi\n");
 * const stream = readerStream(await Deno.open(path));
 * console.log(await new Response(stream).text()); // "hi\n"
 * await Deno.remove(path);
 * ```
 *
 * @param reader The reader; closed at the end or when the stream is cancelled.
 * @returns The stream.
 */
export function readerStream(reader: ByteReader): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const chunk = new Uint8Array(1 << 16);
      const n = await reader.read(chunk);
      if (n === null) {
        reader.close?.();
        controller.close();
      } else controller.enqueue(chunk.subarray(0, n));
    },
    cancel: () => reader.close?.(),
  });
}

/**
 * Standard input in blocks of up to 1 MiB. `Deno.stdin.readable` hands out
 * what each read returns, 64 KiB from a pipe: sixteen times the chunks for a
 * reader to handle.
 *
 * @example
 * ```ts ignore
 * import { stdinStream } from "./source.ts";
 * for await (const block of stdinStream()) console.log(block.length);
 * ```
 *
 * @returns The stream.
 */
export function stdinStream(): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const block = new Uint8Array(1 << 20);
      let length = 0;
      while (length < block.length) {
        const n = await Deno.stdin.read(block.subarray(length));
        if (n === null) break;
        length += n;
      }
      if (length > 0) controller.enqueue(block.subarray(0, length));
      if (length < block.length) controller.close();
    },
  });
}

/**
 * Compressed files at least this large are inflated on a worker; a smaller
 * one inflates on the calling thread in less time than a worker takes to
 * start (about 40 ms).
 */
export const GZIP_WORKER_THRESHOLD = 1 << 20;

/** Options of {@linkcode GzipFileReader.open}. */
export interface GzipFileReaderOptions {
  /**
   * Inflate on a worker thread. Default: when the compressed file has at
   * least {@linkcode GZIP_WORKER_THRESHOLD} bytes.
   */
  worker?: boolean;
}

/**
 * Reads a gzip file's decompressed bytes, inflated by a worker thread so the
 * reader and the inflater each get a core (a small file is inflated on the
 * calling thread). Four buffers circulate: while this thread reads one, the
 * worker fills the others.
 *
 * @example
 * ```ts
 * import { GzipFileReader } from "./source.ts";
 * const path = await Deno.makeTempFile({ suffix: ".gz" });
 * const gz = ReadableStream.from([new TextEncoder().encode("hi\n")]).pipeThrough(new CompressionStream("gzip"));
 * await Deno.writeFile(path, gz);
 * const reader = await GzipFileReader.open(path, { worker: true });
 * const into = new Uint8Array(16);
 * const n = await reader.read(into);
 * console.log(new TextDecoder().decode(into.subarray(0, n ?? 0))); // "hi\n"
 * reader.close();
 * await Deno.remove(path);
 * ```
 */
export class GzipFileReader implements ByteReader {
  #path: string;
  #local: ChunkReader | undefined;
  #worker: Worker | undefined;
  #waiting: ((reply: GunzipReply) => void)[] = [];
  #inFlight: Promise<GunzipReply>[] = [];
  #current: Uint8Array | undefined;
  #offset = 0;
  #done = false;

  private constructor(path: string, worker: boolean) {
    this.#path = path;
    if (!worker) {
      this.#local = new ChunkReader(gunzipFile(path));
      return;
    }
    const thread = new Worker(new URL("./gunzip_worker.ts", import.meta.url), {
      type: "module",
    });
    this.#worker = thread;
    thread.onmessage = (event: MessageEvent<GunzipReply>) =>
      this.#waiting.shift()?.(event.data);
    thread.onerror = (event) => {
      event.preventDefault();
      for (const resolve of this.#waiting.splice(0)) {
        resolve({ error: event.message });
      }
    };
    this.#send({ open: path });
    for (let i = 0; i < 4; i++) this.#request(new ArrayBuffer(1 << 20));
  }

  /**
   * Opens a `.gz` file; a missing file fails here, not on the first read.
   *
   * @param path The file.
   * @param options Where to inflate.
   * @returns The reader.
   */
  static async open(
    path: string,
    options: GzipFileReaderOptions = {},
  ): Promise<GzipFileReader> {
    const file = await Deno.open(path);
    try {
      const worker = options.worker ??
        (await file.stat()).size >= GZIP_WORKER_THRESHOLD;
      return new GzipFileReader(path, worker);
    } finally {
      file.close();
    }
  }

  #send(request: GunzipRequest, transfer: Transferable[] = []): void {
    this.#worker!.postMessage(request, transfer);
  }

  #request(buffer: ArrayBuffer): void {
    this.#inFlight.push(
      new Promise((resolve) => {
        this.#waiting.push(resolve);
        this.#send({ fill: buffer }, [buffer]);
      }),
    );
  }

  /**
   * Copies decompressed bytes into `into`.
   *
   * @param into Where to copy.
   * @returns How many bytes were copied, or null at the end.
   * @throws {TypeError} If the file is not valid gzip.
   */
  async read(into: Uint8Array): Promise<number | null> {
    if (this.#local) {
      try {
        return await this.#local.read(into);
      } catch (error) {
        throw this.#error(error instanceof Error ? error.message : error);
      }
    }
    while (!this.#current || this.#offset === this.#current.length) {
      if (this.#current) this.#request(this.#current.buffer as ArrayBuffer);
      this.#current = undefined;
      if (this.#done) return null;
      const reply = await this.#inFlight.shift()!;
      if ("error" in reply) {
        this.close();
        throw this.#error(reply.error);
      }
      if (reply.length === 0) {
        this.#done = true;
        this.close();
        return null;
      }
      this.#current = new Uint8Array(reply.buffer, 0, reply.length);
      this.#offset = 0;
    }
    const n = Math.min(into.length, this.#current.length - this.#offset);
    into.set(this.#current.subarray(this.#offset, this.#offset + n));
    this.#offset += n;
    return n;
  }

  #error(reason: unknown): TypeError {
    return new TypeError(`Cannot read gzip file "${this.#path}": ${reason}`);
  }

  /** Stops the worker, if there is one. */
  close(): void {
    this.#worker?.terminate();
  }

  /**
   * The decompressed bytes as a stream.
   *
   * @returns The stream.
   */
  readable(): ReadableStream<Uint8Array> {
    return readerStream(this);
  }
}

/** One line of input and where it was. */
export interface Line {
  /** The text, without its line break. */
  readonly text: string;
  /** The 1-based line number. */
  readonly number: number;
}

/**
 * Reads a stream as lines, decoding UTF-8 chunk by chunk.
 *
 * @example
 * ```ts
 * import { readLines } from "./source.ts";
 * const stream = ReadableStream.from([new TextEncoder().encode("a\nb\r\n")]);
 * for await (const line of readLines(stream)) console.log(line.number, line.text);
 * ```
 *
 * @param stream The bytes.
 * @returns The lines; a trailing `\r` is kept (callers treat it as whitespace).
 */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<Line> {
  let number = 0;
  for await (const lines of readLineBatches(stream)) {
    for (const text of lines) yield { text, number: ++number };
  }
}

/**
 * {@linkcode readLines} a chunk at a time: the lines each chunk completes,
 * for readers of large files, which then pay one await per chunk rather
 * than per line.
 *
 * @example
 * ```ts
 * import { readLineBatches } from "./source.ts";
 * const stream = ReadableStream.from([new TextEncoder().encode("a\nb"), new TextEncoder().encode("c\nd")]);
 * for await (const lines of readLineBatches(stream)) console.log(lines); // ["a"], then ["bc"], then ["d"]
 * ```
 *
 * @param stream The bytes.
 * @returns Arrays of lines, in order, none empty; a trailing `\r` is kept.
 */
export async function* readLineBatches(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<string[]> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of stream) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const lines: string[] = [];
    let start = 0;
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
      lines.push(text.slice(start, nl));
      start = nl + 1;
    }
    rest = text.slice(start);
    if (lines.length) yield lines;
  }
  rest += decoder.decode();
  if (rest !== "") yield [rest];
}

const ASCII_SPACE = /[ \t\r\v\f]+/;

/**
 * Splits a line on ASCII whitespace only, as C `isspace` does: Unicode
 * spaces such as U+00A0 stay inside their field.
 *
 * @example
 * ```ts
 * import { splitFields } from "./source.ts";
 * console.log(splitFields(" q1\t0  d\u00a0x 1\r")); // ["q1", "0", "d\u00a0x", "1"]
 * ```
 *
 * @param line The line.
 * @returns The fields, none for a blank line.
 */
export function splitFields(line: string): string[] {
  const fields = line.split(ASCII_SPACE);
  if (fields.length && fields[0] === "") fields.shift();
  if (fields.length && fields[fields.length - 1] === "") fields.pop();
  return fields;
}
