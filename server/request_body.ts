/**
 * Reading a request body before the request takes a scoring slot: under
 * its own short deadline, within the body limit, and within a budget of
 * bytes shared by every request being read or waiting, so slow or many
 * uploads can neither hold the slots nor fill the memory.
 *
 * @module
 */

import type { MiddlewareHandler } from "hono";
import { HttpProblem } from "./problem.ts";

/** The default body limit: 32 MiB. */
export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024;
/** The default time to receive a body, in milliseconds. */
export const DEFAULT_BODY_TIME_LIMIT = 20_000;
/** The default bytes of bodies held at once, read or waiting: 256 MiB. */
export const DEFAULT_MAX_BUFFERED_BYTES = 256 * 1024 * 1024;
/**
 * The bytes of body that earn one more second beyond the body's time
 * limit: 64 KiB. A body that keeps arriving at this rate or faster is not
 * cut off at its time limit (a busy serving thread reads fifty uploads at
 * a time slower than their clients send); one that trickles is.
 */
export const BODY_BYTES_PER_EXTRA_SECOND = 64 * 1024;
/** The longest a body may take to arrive, in multiples of its time limit, however fast it comes: 3. */
export const BODY_TIME_STRETCH = 3;

/**
 * The longest a body may take to arrive whatever its rate, in
 * milliseconds: {@linkcode BODY_TIME_STRETCH} times its time limit.
 *
 * @example
 * ```ts
 * import { longestBodyTime } from "./request_body.ts";
 * console.log(longestBodyTime(20_000)); // 60000
 * ```
 *
 * @param timeLimit The body time limit, in milliseconds.
 * @returns The longest time, in milliseconds.
 */
export function longestBodyTime(timeLimit: number): number {
  return BODY_TIME_STRETCH * timeLimit;
}

/**
 * Watches a transfer, a request body arriving or an answer being taken,
 * against its time limit stretched by the bytes moved so far: `timeLimit`
 * plus a second per {@linkcode BODY_BYTES_PER_EXTRA_SECOND} bytes, at most
 * {@linkcode longestBodyTime}. Calls `expire` once when that has passed.
 *
 * @example
 * ```ts
 * import { watchTransferTime } from "./request_body.ts";
 * const expired = await new Promise<number>((resolve) => {
 *   const started = performance.now();
 *   watchTransferTime(20, () => 0, () => resolve(performance.now() - started));
 * });
 * console.log(expired >= 19); // true
 * ```
 *
 * @param timeLimit The time limit, in milliseconds.
 * @param transferred The bytes moved so far.
 * @param expire What to do when the time is up.
 * @returns A function that stops the watch.
 */
export function watchTransferTime(
  timeLimit: number,
  transferred: () => number,
  expire: () => void,
): () => void {
  const started = performance.now();
  // Checked when it falls due, and set again when the bytes moved
  // meanwhile have bought more time.
  const deadline = () =>
    started + Math.min(
      timeLimit + 1000 * transferred() / BODY_BYTES_PER_EXTRA_SECOND,
      longestBodyTime(timeLimit),
    );
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    timer = setTimeout(() => {
      if (performance.now() < deadline()) return arm();
      expire();
    }, Math.max(0, deadline() - performance.now()));
  };
  arm();
  return () => clearTimeout(timer);
}

/**
 * A count of bytes held, with a capacity: taking more than is left fails,
 * or waits in line for room ({@linkcode ByteBudget.reserve}).
 *
 * @example
 * ```ts
 * import { ByteBudget } from "./request_body.ts";
 * const budget = new ByteBudget(10);
 * console.log(budget.take(8), budget.take(3), budget.used); // true false 8
 * const later = budget.reserve(5, AbortSignal.timeout(1000));
 * budget.give(8);
 * console.log(await later, budget.used); // true 5
 * ```
 */
export class ByteBudget {
  /** The most bytes held at once. */
  readonly capacity: number;
  #used = 0;
  readonly #waiting: { bytes: number; admit: () => void }[] = [];

  /**
   * Creates the budget.
   *
   * @param capacity The most bytes held at once.
   */
  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** The bytes held now. */
  get used(): number {
    return this.#used;
  }

  /**
   * Takes `bytes` if they fit and nobody waits for room.
   *
   * @param bytes How many.
   * @returns Whether they were taken.
   */
  take(bytes: number): boolean {
    if (this.#waiting.length || this.#used + bytes > this.capacity) {
      return false;
    }
    this.#used += bytes;
    return true;
  }

  /**
   * Takes `bytes` now if they fit, else waits for them in arrival order
   * until bytes given back make room or `signal` is aborted.
   *
   * @param bytes How many.
   * @param signal Ends the wait.
   * @returns Whether they were taken: `false` when they can never fit or
   * the signal was aborted first.
   */
  reserve(bytes: number, signal: AbortSignal): Promise<boolean> {
    if (bytes > this.capacity || signal.aborted) return Promise.resolve(false);
    if (this.take(bytes)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const entry = {
        bytes,
        admit: () => {
          signal.removeEventListener("abort", quit);
          resolve(true);
        },
      };
      const quit = () => {
        this.#waiting.splice(this.#waiting.indexOf(entry), 1);
        resolve(false);
        // The one that left may have held up smaller ones behind it.
        this.#admit();
      };
      signal.addEventListener("abort", quit, { once: true });
      this.#waiting.push(entry);
    });
  }

  /**
   * Gives back bytes taken before, and admits those waiting that now fit.
   *
   * @param bytes How many.
   */
  give(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes);
    this.#admit();
  }

  #admit(): void {
    while (
      this.#waiting.length &&
      this.#used + this.#waiting[0].bytes <= this.capacity
    ) {
      const next = this.#waiting.shift()!;
      this.#used += next.bytes;
      next.admit();
    }
  }
}

/** Options of {@linkcode requestBody}. */
export interface RequestBodyOptions {
  /** The largest body in bytes, answered 413 beyond. Default: {@linkcode DEFAULT_BODY_LIMIT}. */
  limit?: number;
  /**
   * Milliseconds to receive the body, answered 408 beyond, plus a second
   * per {@linkcode BODY_BYTES_PER_EXTRA_SECOND} bytes received, up to
   * {@linkcode longestBodyTime}. Default: {@linkcode DEFAULT_BODY_TIME_LIMIT}.
   */
  timeLimit?: number;
  /**
   * Bytes held across requests. A body of declared length waits for room
   * for all of it before it is read (within `timeLimit`, 429 if none frees
   * up); one of unknown length is answered 429 when the budget is full.
   * Default: a budget of {@linkcode DEFAULT_MAX_BUFFERED_BYTES}.
   */
  buffered?: ByteBudget;
  /** Where a client that stopped sending is reported, one line. Default: `console.warn`. */
  log?: (line: string) => void;
}

/** The context variables {@linkcode requestBody} sets. */
export interface RequestBodyVariables {
  /** The body's bytes, in a buffer of their own. */
  body: Uint8Array<ArrayBuffer>;
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads a JSON request body whole (`c.get("body")`) before the handlers
 * after it run, and gives its bytes back to the shared budget when they are
 * done: 415 when the body is not declared as JSON or is compressed
 * (`Content-Encoding` other than `identity`), 413 beyond `limit`, 408
 * when it takes longer than `timeLimit` plus a second per
 * {@linkcode BODY_BYTES_PER_EXTRA_SECOND} bytes received (at most
 * {@linkcode longestBodyTime}). A body of declared length first
 * waits in line for room in the shared budget, unread (the client's bytes
 * wait in the connection), so legitimate bodies queue rather than fail and
 * no read can stall half-way for want of room; 429 when no room frees up
 * within `timeLimit`, or at once for a body of unknown length that does not
 * fit. A client that drops the connection mid-body is logged as one line.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { requestBody, type RequestBodyVariables } from "./request_body.ts";
 * import { problemOf } from "./problem.ts";
 * const app = new Hono<{ Variables: RequestBodyVariables }>();
 * app.onError((error) => problemOf(error).toResponse());
 * app.post("/", requestBody({ limit: 4 }), (c) => c.text(String(c.get("body").length)));
 * const post = (body: string) =>
 *   app.request("/", { method: "POST", headers: { "content-type": "application/json" }, body });
 * console.log((await post("12345")).status); // 413
 * console.log(await (await post("1234")).text()); // "4"
 * ```
 *
 * @param options Limit, time limit, shared budget and log.
 * @returns The middleware.
 */
export function requestBody(
  options: RequestBodyOptions = {},
): MiddlewareHandler<{ Variables: RequestBodyVariables }> {
  const limit = options.limit ?? DEFAULT_BODY_LIMIT;
  const timeLimit = options.timeLimit ?? DEFAULT_BODY_TIME_LIMIT;
  const buffered = options.buffered ??
    new ByteBudget(DEFAULT_MAX_BUFFERED_BYTES);
  const log = options.log ?? ((line: string) => console.warn(line));
  const tooLarge = () =>
    new HttpProblem(
      413,
      `The request body is larger than the limit of ${limit} bytes.`,
      {
        extensions: { limit, setting: "RANKLENS_BODY_LIMIT" },
        headers: { connection: "close" },
      },
    );
  const full = () =>
    new HttpProblem(
      429,
      "The server holds as many request bodies as it may; retry later.",
      {
        extensions: { setting: "RANKLENS_MAX_BUFFERED_BYTES" },
        headers: { "retry-after": "1", connection: "close" },
      },
    );
  return async function requestBody(c, next) {
    const type = c.req.header("content-type") ?? "";
    if (!JSON_MEDIA_TYPE.test(type)) {
      throw new HttpProblem(
        415,
        `The request body must be JSON ("Content-Type: application/json"), got ${
          type ? `"${type.slice(0, 100)}"` : "no Content-Type"
        }.`,
      );
    }
    // A compressed body would be parsed as its compressed bytes ("not valid
    // UTF-8"), or a body merely labelled so read as if it were not: RFC 9110
    // asks for a 415 naming the codings taken.
    const coding = c.req.header("content-encoding")?.trim() ?? "";
    if (coding !== "" && coding.toLowerCase() !== "identity") {
      throw new HttpProblem(
        415,
        `The request body must not be compressed; got "Content-Encoding: ${
          coding.slice(0, 100)
        }". Send it uncompressed.`,
        { headers: { "accept-encoding": "identity" } },
      );
    }
    const declared = Number(c.req.header("content-length") ?? NaN);
    if (declared > limit) throw tooLarge();
    // Room for the whole declared body first, so a body being read never
    // waits for room that only other half-read bodies could give back.
    let reserved = 0;
    if (Number.isSafeInteger(declared) && declared > 0) {
      const room = await buffered.reserve(
        declared,
        AbortSignal.any([AbortSignal.timeout(timeLimit), c.req.raw.signal]),
      );
      if (!room) throw full();
      reserved = declared;
    }
    let held = reserved;
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = await readBounded(c.req.raw, {
        declared: reserved,
        limit,
        timeLimit,
        take(bytes) {
          const fromReserve = Math.min(bytes, reserved);
          reserved -= fromReserve;
          const more = bytes - fromReserve;
          if (more && !buffered.take(more)) return false;
          held += more;
          return true;
        },
        tooLarge,
        full,
        stopped(received, error) {
          log(
            `ranklens: ${c.req.method} ${c.req.path}: the client stopped sending its body after ${received} bytes (${
              error instanceof Error ? error.name : "closed"
            })`,
          );
        },
      });
    } catch (error) {
      buffered.give(held);
      throw error;
    }
    c.set("body", body);
    try {
      await next();
    } finally {
      buffered.give(held);
    }
  };
}

interface ReadSettings {
  /** The declared length, 0 when unknown. */
  declared: number;
  limit: number;
  timeLimit: number;
  take(bytes: number): boolean;
  tooLarge(): HttpProblem;
  full(): HttpProblem;
  stopped(received: number, error: unknown): void;
}

/** Bytes read at a time into a body's buffer. */
const READ_SIZE = 64 * 1024;

async function readBounded(
  request: Request,
  settings: ReadSettings,
): Promise<Uint8Array<ArrayBuffer>> {
  const stream = request.body;
  if (stream === null) return new Uint8Array(0);
  // The body goes into a resizable buffer, which V8 maps from the system
  // itself rather than from the C allocator: a buffer of the C allocator
  // freed on a worker (where bodies end) left its pages in the serving
  // thread's heap, which grew to three times the bodies held at once
  // under load and never shrank. The worker detaches the buffer once it
  // has decoded it, which unmaps it at once. A byte stream (what
  // `Deno.serve` gives) is read into one small buffer used again and
  // again, so no spent chunk waits for the garbage collector.
  const byob = byobReader(stream);
  const reader = byob ?? stream.getReader();
  const whole = new ArrayBuffer(0, {
    maxByteLength: settings.declared > 0 ? settings.declared : settings.limit,
  });
  let scratch = byob ? new Uint8Array(READ_SIZE) : undefined;
  let size = 0;
  let timedOut = false;
  const started = performance.now();
  const unwatch = watchTransferTime(settings.timeLimit, () => size, () => {
    timedOut = true;
    reader.cancel().catch(() => {});
  });
  const stop = (problem: HttpProblem) => {
    reader.cancel().catch(() => {});
    return problem;
  };
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = byob
          ? await byob.read(scratch!)
          : await (reader as ReadableStreamDefaultReader<Uint8Array>).read();
      } catch (error) {
        if (timedOut) break;
        settings.stopped(size, error);
        throw new HttpProblem(
          400,
          "The client stopped sending the request body.",
          { headers: { connection: "close" } },
        );
      }
      if (timedOut || chunk.done) break;
      const bytes = chunk.value;
      // The read moved the scratch buffer into the view it returned.
      if (byob) scratch = new Uint8Array(bytes.buffer as ArrayBuffer);
      if (size + bytes.length > whole.maxByteLength) {
        throw stop(settings.tooLarge());
      }
      if (!settings.take(bytes.length)) throw stop(settings.full());
      whole.resize(size + bytes.length);
      new Uint8Array(whole, size).set(bytes);
      size += bytes.length;
    }
  } finally {
    unwatch();
  }
  if (timedOut) {
    throw new HttpProblem(
      408,
      `The request body took longer than its time limit of ${settings.timeLimit} ms to arrive, plus a second per ${BODY_BYTES_PER_EXTRA_SECOND} bytes received: ${size} bytes in ${
        Math.round(performance.now() - started)
      } ms.`,
      {
        extensions: {
          limit: settings.timeLimit,
          received: size,
          setting: "RANKLENS_BODY_TIME_LIMIT_MS",
        },
        headers: { connection: "close" },
      },
    );
  }
  return new Uint8Array(whole);
}

/** A reader into caller's buffers, when the stream is a byte stream. */
function byobReader(
  stream: ReadableStream<Uint8Array>,
): ReadableStreamBYOBReader | undefined {
  try {
    return stream.getReader({ mode: "byob" });
  } catch {
    return undefined;
  }
}
