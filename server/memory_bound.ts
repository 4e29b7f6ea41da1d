/**
 * The most resident memory the server may take, from its settings: every
 * byte it holds is a request body within the shared budget of bodies, or
 * the work of one scoring worker on one request, whose body, parsed form
 * and answer the body limit and the output budget bound.
 *
 * @module
 */

import { DEFAULT_BUDGETS } from "./budgets.ts";
import { DEFAULT_MAX_RUNNING } from "./options.ts";
import {
  DEFAULT_BODY_LIMIT,
  DEFAULT_MAX_BUFFERED_BYTES,
} from "./request_body.ts";

const MIB = 1024 * 1024;

/**
 * The measured constants of {@linkcode memoryBound} (Deno 2.9.6, Linux
 * x86-64, `bench/large_request_memory.ts` and `bench/load.ts`).
 */
export const MEMORY_CONSTANTS: Readonly<{
  runtimeBytes: number;
  workerBytes: number;
  perBodyByte: number;
  perAnswerByte: number;
}> = {
  /** The idle process without workers: 76 MiB measured (98 MiB with one worker, 259 MiB with eight). */
  runtimeBytes: 80 * MIB,
  /** An idle scoring worker: 23 MiB measured. */
  workerBytes: 24 * MIB,
  /**
   * What a worker grows per byte of body: 5 to 8 for runs (evaluate,
   * compare, trec_eval), 22 for trec_eval's preference qrels, 15 to 25 for
   * RAG samples of a few words and up to 42 for RAG samples of one word
   * each (900,000 in 32 MiB: their scoring holds about 0.9 KB a sample),
   * measured on bodies of 30 to 53 MiB.
   */
  perBodyByte: 44,
  /**
   * What a worker grows per byte of answer (its values, the JSON text and
   * its UTF-8 bytes): 4.8 measured on a 54 MiB answer, plus the answer the
   * serving thread holds while it is sent (`answer_body.ts` bounds those
   * to one answer's budget per worker).
   */
  perAnswerByte: 6,
};

/** The settings {@linkcode memoryBound} reads, as the server's options name them. */
export interface MemoryBoundSettings {
  /** The largest request body (`RANKLENS_BODY_LIMIT`). Default: 32 MiB. */
  bodyLimit?: number;
  /** Bytes of bodies held at once (`RANKLENS_MAX_BUFFERED_BYTES`). Default: 256 MiB. */
  maxBufferedBytes?: number;
  /** Scoring workers (`RANKLENS_MAX_RUNNING`). Default: one per core. */
  maxRunning?: number;
  /** Bytes of one answer (`RANKLENS_MAX_OUTPUT_BYTES`). Default: 64 MiB. */
  maxOutputBytes?: number;
}

/** A memory bound and how it is made up. */
export interface MemoryBound {
  /** The bound in bytes. */
  bytes: number;
  /** The formula with the settings' values, in MiB, for a log line. */
  formula: string;
}

/**
 * The most resident memory the server takes with these settings: the
 * runtime, the bodies held, and per worker its idle size plus one body's
 * work and one answer's.
 *
 * `runtime + maxBufferedBytes + maxRunning × (worker + 44 × bodyLimit + 6 × maxOutputBytes)`
 *
 * @example The defaults on two cores
 * ```ts
 * import { memoryBound } from "./memory_bound.ts";
 * const bound = memoryBound({
 *   bodyLimit: 32 * 2 ** 20,
 *   maxBufferedBytes: 256 * 2 ** 20,
 *   maxRunning: 2,
 *   maxOutputBytes: 64 * 2 ** 20,
 * });
 * console.log(bound.bytes / 2 ** 20); // 3968
 * console.log(bound.formula);
 * // "80 MiB runtime + 256 MiB bodies held + 2 workers × (24 MiB + 44 × 32 MiB body + 6 × 64 MiB answer)"
 * ```
 *
 * @param settings The body limit, the budget of bodies, the workers and the
 * output budget (the server's options, say).
 * @returns The bound.
 */
export function memoryBound(settings: MemoryBoundSettings = {}): MemoryBound {
  const c = MEMORY_CONSTANTS;
  const bodyLimit = settings.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const maxBufferedBytes = settings.maxBufferedBytes ??
    DEFAULT_MAX_BUFFERED_BYTES;
  const maxRunning = settings.maxRunning ?? DEFAULT_MAX_RUNNING;
  const maxOutputBytes = settings.maxOutputBytes ??
    DEFAULT_BUDGETS.maxOutputBytes;
  const perWorker = c.workerBytes + c.perBodyByte * bodyLimit +
    c.perAnswerByte * maxOutputBytes;
  const mib = (bytes: number) => `${Math.round(bytes / MIB)} MiB`;
  return {
    bytes: c.runtimeBytes + maxBufferedBytes + maxRunning * perWorker,
    formula: `${mib(c.runtimeBytes)} runtime + ${
      mib(maxBufferedBytes)
    } bodies held + ${maxRunning} workers × (${
      mib(c.workerBytes)
    } + ${c.perBodyByte} × ${mib(bodyLimit)} body + ${c.perAnswerByte} × ${
      mib(maxOutputBytes)
    } answer)`,
  };
}
