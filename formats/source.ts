/**
 * Where input comes from: a path, standard input or a stream, gzip or not,
 * read as lines without ever holding the whole file.
 *
 * @module
 */

import { isGzipMagic } from "./_file_bytes.ts";
import { InputError } from "../model/errors.ts";
import { ChunkReader } from "./chunk_reader.ts";
import { checkWellFormed } from "./utf8.ts";
// The inflater (node:zlib, which takes longer to load than a small run
// takes to score) is loaded only when a gzip file is opened.
import { GUNZIP_BOUND_MARK, type GunzipBound } from "./_gunzip_bound.ts";
import type { GunzipReply, GunzipRequest } from "./gunzip_worker.ts";
import {
  gzipInflateLimit,
  gzipTooLarge,
  type InputLimits,
  inputLimits,
  LineLengthGuard,
  lineTooLong,
} from "./limits.ts";

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
 * Opens a source. Gzip data is decompressed on the fly, recognised by its
 * magic bytes (`1f 8b`) whatever the file is called, or by a name ending in
 * `.gz`; it may inflate only as far as {@linkcode InputLimits} allow. A
 * read error (an `EIO`, a truncated `.gz`) becomes an {@linkcode InputError}
 * naming the file, and so does `{ text }` holding a lone surrogate.
 *
 * @example
 * ```ts
 * import { openSource } from "./source.ts";
 * const { name, stream } = await openSource({ text: "q1 0 d1 1\n" });
 * console.log(name, await new Response(stream).text()); // "<text>" "q1 0 d1 1\n"
 * ```
 *
 * @param source A path, `-` for standard input, a stream, `{ text }` or a reader.
 * @param name The name for error messages. Default: the path, `<stdin>`,
 * `<stream>`, `<text>` or `<reader>`.
 * @param limits Bounds for this source. Default: {@linkcode inputLimits}.
 * @returns The named stream.
 */
export async function openSource(
  source: Source,
  name?: string,
  limits?: Partial<InputLimits>,
): Promise<OpenedSource> {
  if (typeof source === "string") {
    if (source === "-") {
      const shown = name ?? "<stdin>";
      return {
        name: shown,
        stream: gunzipIfMagic(stdinStream(shown), shown, limits),
      };
    }
    const shown = name ?? source;
    const opened = await openPlainOrGzip(source, limits);
    if (opened instanceof GzipFileReader) {
      return { name: shown, stream: opened.readable() };
    }
    const stream = readerStream(fileReader(opened.file, shown, opened.peeked));
    return {
      name: shown,
      stream: opened.peeked ? stream : gunzipIfMagic(stream, shown, limits),
    };
  }
  if (source instanceof ReadableStream) {
    const shown = name ?? "<stream>";
    return { name: shown, stream: gunzipIfMagic(source, shown, limits) };
  }
  if ("read" in source) {
    return { name: name ?? "<reader>", stream: readerStream(source) };
  }
  const shown = name ?? "<text>";
  // Encoding would turn each lone surrogate into U+FFFD, merging ids.
  checkWellFormed(source.text, shown);
  const bytes = new TextEncoder().encode(source.text);
  return {
    name: shown,
    stream: new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
  };
}

/**
 * Whether a file starts with gzip's magic number (`1f 8b`).
 *
 * @example
 * ```ts
 * import { startsWithGzipMagic } from "./source.ts";
 * const path = await Deno.makeTempFile();
 * await Deno.writeFile(path, Uint8Array.of(0x1f, 0x8b, 8));
 * console.log(await startsWithGzipMagic(path)); // true
 * await Deno.remove(path);
 * ```
 *
 * @param path The file.
 * @returns Whether it does.
 */
export async function startsWithGzipMagic(path: string): Promise<boolean> {
  using file = await Deno.open(path);
  const head = new Uint8Array(2);
  const n = await file.read(head) ?? 0;
  return isGzipMagic(head.subarray(0, n));
}

/**
 * Whether a path is read once, as standard input is: `-`, or a pipe, FIFO
 * or device (`<(zcat run.gz)`, `/dev/stdin`), neither a regular file nor a
 * folder. Its bytes cannot be read again: format detection leaves them
 * alone, and a run read twice keeps them from the first reading. Used in
 * formats/ and cli/, not exported from `mod.ts`.
 *
 * @example
 * ```ts
 * import { isReadOnce } from "./source.ts";
 * const path = await Deno.makeTempFile();
 * console.log(isReadOnce("-"), isReadOnce(path), isReadOnce("/dev/null")); // true false true
 * await Deno.remove(path);
 * ```
 *
 * @param path The path.
 * @returns Whether it is read once (false when it cannot be stat'ed).
 */
export function isReadOnce(path: string): boolean {
  if (path === "-") return true;
  try {
    const info = Deno.statSync(path);
    return !info.isFile && !info.isDirectory;
  } catch {
    return false;
  }
}

/** Whether a path is a regular file (false when it cannot be stat'ed). */
function isRegularFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * Opens a path: a {@linkcode GzipFileReader} for a regular file that is
 * gzip data (by its name or its first two bytes), else the open file. A
 * pipe or device is not peeked here (it cannot seek back); its stream is.
 *
 * @example
 * ```ts ignore
 * const file = await openPlainOrGzip("run.txt");
 * ```
 *
 * @param path The file.
 * @param limits Bounds for the inflater.
 * @returns The reader, or the file and whether its first bytes were
 * checked (a regular file's are; a pipe's or device's are left to
 * {@linkcode gunzipIfMagic}).
 */
export async function openPlainOrGzip(
  path: string,
  limits?: Partial<InputLimits>,
): Promise<GzipFileReader | { file: Deno.FsFile; peeked: boolean }> {
  // A pipe named .gz is opened once, below: the reader of a file opens it
  // twice (to stat it, then to inflate), which a pipe's writer cannot serve.
  if (path.endsWith(".gz") && isRegularFile(path)) {
    return await GzipFileReader.open(path, { limits });
  }
  // A regular file is opened synchronously, a pipe or device asynchronously:
  // opening a pipe waits for its writer. (A path stat cannot read is opened
  // asynchronously too, whose error is the one reported.)
  const file = isRegularFile(path)
    ? Deno.openSync(path)
    : await Deno.open(path);
  try {
    // A regular file is read synchronously: its bytes are in the page cache
    // or on a disk, never waiting on a writer, and an asynchronous call
    // costs a trip through a thread pool, which on a busy machine takes
    // longer than the read.
    if (!file.statSync().isFile) return { file, peeked: false };
    const head = new Uint8Array(2);
    const n = file.readSync(head) ?? 0;
    if (isGzipMagic(head.subarray(0, n))) {
      file.close();
      return await GzipFileReader.open(path, { limits });
    }
    file.seekSync(0, Deno.SeekMode.Start);
    return { file, peeked: true };
  } catch (error) {
    file.close();
    throw readFailure(path, error);
  }
}

/**
 * A stream decompressed when its first bytes are gzip's magic number, with
 * the inflated size bounded; otherwise the same bytes.
 *
 * @example
 * ```ts
 * import { gunzipIfMagic } from "./source.ts";
 * const gz = ReadableStream.from([new TextEncoder().encode("hi\n")]).pipeThrough(new CompressionStream("gzip"));
 * console.log(await new Response(gunzipIfMagic(gz, "x")).text()); // "hi\n"
 * ```
 *
 * @param stream The bytes.
 * @param name The name for errors.
 * @param limits Bounds for the inflater.
 * @returns The bytes, inflated if they were gzip.
 */
export function gunzipIfMagic(
  stream: ReadableStream<Uint8Array>,
  name: string,
  limits?: Partial<InputLimits>,
): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  // The first chunk decides; a chunk of one byte waits for the next.
  const peek = async (): Promise<Uint8Array | null> => {
    let head = new Uint8Array(0);
    while (head.length < 2) {
      const { value, done } = await reader.read();
      if (done) return head.length ? head : null;
      const joined = new Uint8Array(head.length + value.length);
      joined.set(head);
      joined.set(value, head.length);
      head = joined;
    }
    return head;
  };
  // The stream again, from the bytes the peek took.
  const replay = (head: Uint8Array | null) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        if (head) controller.enqueue(head);
      },
      pull: async (controller) => {
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
  let out: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      if (!out) {
        const head = await peek();
        const plain = replay(head);
        out = (head && isGzipMagic(head)
          ? inflateBounded(plain, name, limits)
          : plain).getReader();
      }
      const { value, done } = await out.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => (out ?? reader).cancel(reason),
  }, { highWaterMark: 0 });
}

/** A gzip stream inflated, refused once it passes its bound. */
function inflateBounded(
  stream: ReadableStream<Uint8Array>,
  name: string,
  overrides?: Partial<InputLimits>,
): ReadableStream<Uint8Array> {
  const limits = inputLimits(overrides);
  let compressed = 0;
  let inflated = 0;
  const reader = stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        compressed += chunk.length;
        controller.enqueue(chunk);
      },
    }),
  ).pipeThrough(
    new DecompressionStream("gzip") as TransformStream<
      Uint8Array,
      Uint8Array<ArrayBuffer>
    >,
  ).getReader();
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      let result;
      try {
        result = await reader.read();
      } catch (error) {
        throw gzipFailure(name, error);
      }
      if (result.done) return controller.close();
      inflated += result.value.length;
      const limit = gzipInflateLimit(compressed, limits);
      if (inflated > limit) {
        reader.cancel().catch(() => {});
        throw new InputError(name, 0, gzipTooLarge(compressed, limit, limits));
      }
      controller.enqueue(result.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** The error for gzip data that would not inflate, naming the file. */
function gzipFailure(name: string, error: unknown): Error {
  if (error instanceof InputError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new InputError(name, 0, `cannot read the gzip data: ${reason}`);
}

/**
 * The error for a file that could not be read: an {@linkcode InputError}
 * naming it (an error that already is one passes through).
 *
 * @example
 * ```ts
 * import { readFailure } from "./source.ts";
 * console.log(readFailure("run.txt", new Error("Input/output error (os error 5)")).message);
 * // "run.txt: cannot read the file: Input/output error (os error 5)"
 * ```
 *
 * @param name The file.
 * @param error What went wrong.
 * @returns The error to throw.
 */
export function readFailure(name: string, error: unknown): Error {
  if (error instanceof InputError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new InputError(name, 0, `cannot read the file: ${reason}`);
}

/**
 * An open file as a {@linkcode ByteReader} whose read errors name the file.
 *
 * @example
 * ```ts
 * import { fileReader, readerStream } from "./source.ts";
 * const path = await Deno.makeTempFile();
 * await Deno.writeTextFile(path, "hi\n");
 * const stream = readerStream(fileReader(await Deno.open(path), path));
 * console.log(await new Response(stream).text()); // "hi\n"
 * await Deno.remove(path);
 * ```
 *
 * @param file The file; closed by the reader's `close`.
 * @param name The name for errors.
 * @param regular Whether it is a regular file, read synchronously (a pipe
 * or a device is read asynchronously: it may wait on its writer). Default:
 * false.
 * @returns The reader.
 */
export function fileReader(
  file: Deno.FsFile,
  name: string,
  regular = false,
): ByteReader {
  let closed = false;
  const close = () => {
    if (!closed) file.close();
    closed = true;
  };
  return {
    read: async (into) => {
      try {
        // A regular file's read does not wait on anyone (see openPlainOrGzip).
        return regular ? file.readSync(into) : await file.read(into);
      } catch (error) {
        close();
        throw readFailure(name, error);
      }
    },
    close,
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
 * @param name The name for read errors. Default: `<stdin>`.
 * @returns The stream.
 */
export function stdinStream(name = "<stdin>"): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const block = new Uint8Array(1 << 20);
      let length = 0;
      while (length < block.length) {
        let n;
        try {
          n = await Deno.stdin.read(block.subarray(length));
        } catch (error) {
          throw readFailure(name, error);
        }
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
  /** Bounds for the inflated size. Default: {@linkcode inputLimits}. */
  limits?: Partial<InputLimits>;
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
  #chunks: AsyncIterableIterator<Uint8Array> | undefined;
  #worker: Worker | undefined;
  #waiting: ((reply: GunzipReply) => void)[] = [];
  #inFlight: Promise<GunzipReply>[] = [];
  #current: Uint8Array | undefined;
  #offset = 0;
  #done = false;

  private constructor(
    path: string,
    bound: GunzipBound,
    local?: (
      path: string,
      bound: GunzipBound,
    ) => AsyncIterableIterator<Uint8Array>,
  ) {
    this.#path = path;
    if (local) {
      this.#chunks = local(path, bound);
      this.#local = new ChunkReader(this.#chunks);
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
    this.#send({ open: path, bound });
    for (let i = 0; i < 4; i++) this.#request(new ArrayBuffer(1 << 20));
  }

  /**
   * Opens a `.gz` file; a missing file fails here, not on the first read.
   *
   * @param path The file.
   * @param options Where to inflate, and the bounds.
   * @returns The reader.
   */
  static async open(
    path: string,
    options: GzipFileReaderOptions = {},
  ): Promise<GzipFileReader> {
    const file = await Deno.open(path);
    try {
      const { size } = await file.stat();
      const limits = inputLimits(options.limits);
      const bytes = gzipInflateLimit(size, limits);
      const worker = options.worker ?? size >= GZIP_WORKER_THRESHOLD;
      const bound = { bytes, reason: gzipTooLarge(size, bytes, limits) };
      if (worker) return new GzipFileReader(path, bound);
      const { gunzipFile } = await import("./gunzip.ts");
      return new GzipFileReader(path, bound, gunzipFile);
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
   * @throws {InputError} If the file is not valid gzip, cannot be read, or
   * inflates past its bound.
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

  #error(reason: unknown): InputError {
    const text = String(reason);
    return new InputError(
      this.#path,
      0,
      text.startsWith(GUNZIP_BOUND_MARK)
        ? text.slice(GUNZIP_BOUND_MARK.length)
        : `cannot read the gzip data: ${text}`,
    );
  }

  /** Stops the worker, or the inflater on this thread. */
  close(): void {
    this.#worker?.terminate();
    this.#chunks?.return?.();
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

/** Options of {@linkcode readLines} and {@linkcode readLineBatches}. */
export interface ReadLinesOptions {
  /** The name for errors. Default: `<stream>`. */
  name?: string;
  /** The longest line, in bytes. Default: {@linkcode inputLimits}'s. */
  maxLineBytes?: number;
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
 * @param options The name for errors and the line bound.
 * @returns The lines; a trailing `\r` is kept (callers treat it as whitespace).
 * @throws {InputError} On a line longer than the bound, naming it.
 */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
  options: ReadLinesOptions = {},
): AsyncGenerator<Line> {
  let number = 0;
  for await (const lines of readLineBatches(stream, options)) {
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
 * @param options The name for errors and the line bound.
 * @returns Arrays of lines, in order, none empty; a trailing `\r` is kept.
 * @throws {InputError} On a line longer than the bound, once the lines
 * before it are out.
 */
export async function* readLineBatches(
  stream: ReadableStream<Uint8Array>,
  options: ReadLinesOptions = {},
): AsyncGenerator<string[]> {
  const decoder = new TextDecoder();
  const guard = new LineLengthGuard(
    options.maxLineBytes ?? inputLimits().maxLineBytes,
  );
  // The text since the last newline, in pieces: joined once its line ends,
  // not copied again with every chunk.
  const pieces: string[] = [];
  let emitted = 0;
  for await (const whole of stream) {
    const long = guard.check(whole);
    const chunk = long < 0 ? whole : whole.subarray(0, long);
    const text = decoder.decode(chunk, { stream: true });
    const lines: string[] = [];
    let nl = text.indexOf("\n");
    if (nl >= 0) {
      pieces.push(text.slice(0, nl));
      lines.push(pieces.length === 1 ? pieces[0] : pieces.join(""));
      pieces.length = 0;
      let start = nl + 1;
      for (
        nl = text.indexOf("\n", start);
        nl >= 0;
        nl = text.indexOf("\n", start)
      ) {
        lines.push(text.slice(start, nl));
        start = nl + 1;
      }
      if (start < text.length) pieces.push(text.slice(start));
    } else if (text !== "") pieces.push(text);
    if (lines.length) yield lines;
    emitted += lines.length;
    if (long >= 0) {
      throw lineTooLong(options.name ?? "<stream>", emitted + 1, guard.max);
    }
  }
  const rest = pieces.join("") + decoder.decode();
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
