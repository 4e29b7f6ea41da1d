/**
 * Scoring on worker threads that the time limit can stop at once. Scoring
 * is synchronous JavaScript (trec_eval's measures, a RAG metric, a regular
 * expression on a hostile line): a timer on the thread that runs it cannot
 * fire until it returns. On a worker, the deadline terminates the worker
 * instead, and a fresh one takes its place; the thread that serves HTTP
 * keeps answering, `/healthz` included.
 *
 * @module
 */

import type { Budgets } from "./budgets.ts";
import { HttpProblem } from "./problem.ts";
import type { ScoredAnswer, ScoringRoute } from "./scoring.ts";

/** What a worker posts back: an answer, a problem of the client's, or a bug. */
export type WorkerReply =
  | { answer: ScoredAnswer }
  | {
    problem: {
      status: number;
      detail: string;
      extensions: Record<string, unknown>;
      headers: Record<string, string>;
    };
  }
  | { bug: string };

/** Options of {@linkcode ScoringPool}. */
export interface ScoringPoolOptions {
  /** Workers, one request each at a time. Default: one per core (`navigator.hardwareConcurrency`). */
  size?: number;
  /**
   * A worker whose request or answer reached this many bytes is replaced
   * right after it, so the hundreds of megabytes such a request grew go
   * back at once. Smaller ones are left to `recycleIdleAfter`: replacing a
   * worker costs a start (its modules loaded and compiled again, 0.2 s of
   * CPU or more) and cold code for its next requests, as much as scoring a
   * body of a few megabytes, so a busy pool that replaced a worker after
   * every such body spent about half its time starting workers.
   * Default: 16 MiB.
   */
  recycleAfter?: number;
  /**
   * A worker that has carried this many bytes of requests and answers
   * since it started is replaced once it has been idle for
   * `recycleWhenIdleFor`: a V8 heap keeps the memory it grew, so after a
   * few requests of a megabyte or two the process would stay far above its
   * idle level. A busy pool replaces nothing. Default: 1 MiB.
   */
  recycleIdleAfter?: number;
  /** Milliseconds of idleness after which such a worker is replaced. Default: 1000. */
  recycleWhenIdleFor?: number;
}

/** Options of {@linkcode ScoringPool.run}. */
export interface ScoringRunOptions {
  /** The budgets of the request. */
  budgets: Budgets;
  /** Aborted when the request runs out of time: its worker is terminated. */
  signal: AbortSignal;
}

/** A bug on a scoring worker, with the worker's stack trace. */
export class ScoringBug extends Error {
  /**
   * Creates the error.
   *
   * @param stack The worker's stack trace.
   */
  constructor(stack: string) {
    super(stack.split("\n", 1)[0]);
    this.name = "ScoringBug";
    this.stack = stack;
  }
}

const WORKER_URL = new URL("./_scoring_worker.ts", import.meta.url);

/**
 * Whether this process may start scoring workers: Deno needs read access to
 * the worker's module.
 *
 * @example
 * ```ts
 * import { scoringWorkersAllowed } from "./scoring_pool.ts";
 * console.log(typeof scoringWorkersAllowed()); // "boolean"
 * ```
 *
 * @returns `true` when workers can start.
 */
export function scoringWorkersAllowed(): boolean {
  if (WORKER_URL.protocol !== "file:") return true;
  return Deno.permissions.querySync({
    name: "read",
    path: WORKER_URL,
  }).state === "granted";
}

/**
 * A pool of scoring workers. Callers bound how many requests run at once
 * (the server's `maxRunning`); the pool starts a worker when none is idle.
 *
 * @example
 * ```ts ignore
 * import { DEFAULT_BUDGETS } from "./budgets.ts";
 * import { ScoringPool } from "./scoring_pool.ts";
 * const pool = new ScoringPool({ size: 1 });
 * const body = new TextEncoder().encode('{"qrels": "q1 0 d1 1\\n", "run": "q1 Q0 d1 1 1 t\\n", "metrics": ["rr"]}');
 * const answer = await pool.run("evaluate", body, { budgets: DEFAULT_BUDGETS, signal: AbortSignal.timeout(5000) });
 * console.log(answer.status); // 200
 * pool.close();
 * ```
 */
export class ScoringPool {
  /** The workers kept when idle. */
  readonly size: number;
  readonly #recycleAfter: number;
  readonly #recycleIdleAfter: number;
  readonly #recycleWhenIdleFor: number;
  /** Bytes each worker has carried since it started. */
  readonly #carried = new Map<Worker, number>();
  /** The timers that replace idle workers. */
  readonly #idleTimers = new Map<Worker, ReturnType<typeof setTimeout>>();
  readonly #idle: Worker[] = [];
  readonly #all = new Set<Worker>();
  #closed = false;
  #started = 0;

  /**
   * Creates the pool; workers start on first use or {@linkcode warm}.
   *
   * @param options Size and recycling.
   */
  constructor(options: ScoringPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? navigator.hardwareConcurrency ?? 1);
    this.#recycleAfter = options.recycleAfter ?? 16 * 1024 * 1024;
    this.#recycleIdleAfter = options.recycleIdleAfter ?? 1024 * 1024;
    this.#recycleWhenIdleFor = options.recycleWhenIdleFor ?? 1000;
  }

  /** Workers started since the pool was created, replacements included. */
  get started(): number {
    return this.#started;
  }

  /** Workers alive now, idle or busy. */
  get workers(): number {
    return this.#all.size;
  }

  /** Starts idle workers up to {@linkcode size}, so the first requests do not wait for one. */
  warm(): void {
    while (!this.#closed && this.#all.size < this.size) {
      this.#idle.push(this.#spawn());
    }
  }

  #spawn(): Worker {
    const worker = new Worker(WORKER_URL, {
      type: "module",
      name: "ranklens-scoring",
    });
    this.#all.add(worker);
    this.#started++;
    return worker;
  }

  #retire(worker: Worker): void {
    worker.terminate();
    clearTimeout(this.#idleTimers.get(worker));
    this.#idleTimers.delete(worker);
    this.#carried.delete(worker);
    this.#all.delete(worker);
    const at = this.#idle.indexOf(worker);
    if (at >= 0) this.#idle.splice(at, 1);
    // The replacement loads its modules now, not when the next request
    // needs it.
    if (!this.#closed && this.#all.size < this.size) {
      this.#idle.push(this.#spawn());
    }
  }

  /** Puts a worker back in line, to be replaced if it stays idle after carrying much. */
  #release(worker: Worker, carried: number): void {
    this.#idle.push(worker);
    const total = (this.#carried.get(worker) ?? 0) + carried;
    this.#carried.set(worker, total);
    if (total < this.#recycleIdleAfter) return;
    const timer = setTimeout(() => {
      this.#idleTimers.delete(worker);
      if (this.#idle.includes(worker)) this.#retire(worker);
    }, this.#recycleWhenIdleFor);
    // An idle server may exit without waiting for it.
    Deno.unrefTimer(timer);
    this.#idleTimers.set(worker, timer);
  }

  /**
   * Answers one scoring request on a worker. The body's buffer is
   * transferred to the worker: the caller's copy is emptied.
   *
   * @param route The route.
   * @param body The request body.
   * @param options Budgets and the request's signal.
   * @returns The answer.
   * @throws {HttpProblem} The client's problem, or the signal's reason
   * (the time limit's 504) when it is aborted.
   * @throws {ScoringBug} On a bug, with the worker's stack trace.
   */
  run(
    route: ScoringRoute,
    body: Uint8Array<ArrayBuffer>,
    options: ScoringRunOptions,
  ): Promise<ScoredAnswer> {
    if (this.#closed) {
      return Promise.reject(
        new HttpProblem(503, "The server is shutting down."),
      );
    }
    const { signal } = options;
    if (signal.aborted) return Promise.reject(signal.reason);
    // The longest idle worker: a replacement spawned a moment ago may still
    // be loading its modules.
    const worker = this.#idle.shift() ?? this.#spawn();
    clearTimeout(this.#idleTimers.get(worker));
    this.#idleTimers.delete(worker);
    const own = body.byteOffset === 0 &&
        body.byteLength === body.buffer.byteLength
      ? body.buffer
      : body.slice().buffer;
    const size = own.byteLength;
    return new Promise<ScoredAnswer>((resolve, reject) => {
      const done = (recycle: boolean, answerBytes = 0) => {
        signal.removeEventListener("abort", abort);
        worker.onmessage = worker.onerror = worker.onmessageerror = null;
        if (recycle || this.#closed) this.#retire(worker);
        else this.#release(worker, size + answerBytes);
      };
      const abort = () => {
        done(true);
        reject(signal.reason);
      };
      signal.addEventListener("abort", abort, { once: true });
      worker.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
        if ("answer" in data) {
          const answerBytes = data.answer.body.byteLength;
          done(
            size >= this.#recycleAfter || answerBytes >= this.#recycleAfter,
            answerBytes,
          );
          resolve(data.answer);
        } else if ("problem" in data) {
          done(size >= this.#recycleAfter);
          const { status, detail, extensions, headers } = data.problem;
          reject(new HttpProblem(status, detail, { extensions, headers }));
        } else {
          done(true);
          reject(new ScoringBug(data.bug));
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        done(true);
        reject(new ScoringBug(`Error: ${event.message}`));
      };
      worker.onmessageerror = () => {
        done(true);
        reject(
          new ScoringBug("Error: a scoring worker's reply was unreadable"),
        );
      };
      worker.postMessage({ route, body: own, budgets: options.budgets }, [
        own,
      ]);
    });
  }

  /** Terminates every worker; later requests are answered 503. */
  close(): void {
    this.#closed = true;
    for (const timer of this.#idleTimers.values()) clearTimeout(timer);
    this.#idleTimers.clear();
    for (const worker of this.#all) worker.terminate();
    this.#all.clear();
    this.#idle.length = 0;
  }
}
