/**
 * The server's settings: their defaults, and reading them from environment
 * variables (how Deno Deploy and `deno serve` configure a server).
 *
 * @module
 */

import type { Registry } from "../metrics/registry.ts";
import type { ScoringPool } from "./scoring_pool.ts";
import type { TrecEvalRunner } from "./trec_eval.ts";

/** Options of `createApp`. */
export interface ServerOptions {
  /** Require `Authorization: Bearer <token>` on `/v1/*`. Default: no token. */
  token?: string;
  /** The largest request body in bytes, answered 413 beyond. Default: 32 MiB. */
  bodyLimit?: number;
  /**
   * Milliseconds a request body may take to arrive, answered 408 beyond,
   * plus a second per 64 KiB received (up to three times as long), so an
   * upload that keeps coming is not cut off and a trickling one is.
   * Default: 20000.
   */
  bodyTimeLimit?: number;
  /**
   * Bytes of request bodies held at once, being read or waiting for a
   * scoring slot; a body that does not fit is answered 429. Default: 256 MiB.
   */
  maxBufferedBytes?: number;
  /**
   * Milliseconds a scoring request may compute, from when it takes its
   * scoring slot, answered 504 beyond. Default: 30000.
   */
  timeLimit?: number;
  /**
   * Milliseconds a scoring request may wait in line for a scoring slot,
   * answered 503 with `Retry-After` beyond. Default: 60000.
   */
  queueTimeLimit?: number;
  /** Scoring requests handled at the same time (the pool's workers). Default: one per core. */
  maxRunning?: number;
  /** Scoring requests waiting for a turn, answered 503 beyond. Default: 64. */
  maxWaiting?: number;
  /** Metric specs (or trec_eval measures) per request, answered 422 beyond. Default: 1000. */
  maxMetrics?: number;
  /** Values in one parameter list (`P.1,2,3` holds 3), answered 422 beyond. Default: 1000. */
  maxParameters?: number;
  /** Values an answer may hold (topics × measures × runs), answered 413 beyond. Default: 2,000,000. */
  maxOutputValues?: number;
  /** Bytes an answer may hold, answered 413 beyond. Default: 64 MiB. */
  maxOutputBytes?: number;
  /** Differences one comparison may resample (pairs × metrics × resamples × queries), answered 422 beyond. Default: 2·10⁸. */
  maxResampledValues?: number;
  /**
   * Scoring workers that the time limit terminates, so a request stops at
   * its limit whatever it computes. Default: none: scoring runs on the
   * serving thread and stops at its next check between queries. `cli.ts
   * serve` and `deno serve server.ts` start one. Not with a custom
   * `registry` or `trecEval`, which cannot be sent to a worker.
   */
  scoring?: ScoringPool;
  /** Origins allowed by CORS, `*` for any. Default: none (CORS off). */
  corsOrigins?: readonly string[];
  /** The registry that resolves metric specs. Default: the built-in one. */
  registry?: Registry;
  /** Runs `POST /v1/trec_eval`. Default: `trecEvalOnTexts`, trec_eval 10.0 in-process. */
  trecEval?: TrecEvalRunner;
}

/** The default time limit per request, in milliseconds. */
export const DEFAULT_TIME_LIMIT = 30_000;
/**
 * The default time a scoring request may wait for a slot, in milliseconds:
 * the wait is the others' work ahead of it, so under a full line it is far
 * longer than any one request's (64 waiting on 2 workers at 1 s each is 32
 * s) without anything being wrong with the request.
 */
export const DEFAULT_QUEUE_TIME_LIMIT = 60_000;
/**
 * The default number of scoring requests handled at once: one per core,
 * each on its own worker when the server has a scoring pool.
 */
export const DEFAULT_MAX_RUNNING: number = Math.max(
  1,
  navigator.hardwareConcurrency ?? 2,
);
/** The default number of scoring requests waiting for a turn. */
export const DEFAULT_MAX_WAITING = 64;

/** The environment variables {@linkcode serverOptionsFromEnv} reads. */
export const SERVER_ENV_VARIABLES: readonly string[] = [
  "RANKLENS_TOKEN",
  "RANKLENS_BODY_LIMIT",
  "RANKLENS_BODY_TIME_LIMIT_MS",
  "RANKLENS_MAX_BUFFERED_BYTES",
  "RANKLENS_TIME_LIMIT_MS",
  "RANKLENS_QUEUE_TIME_LIMIT_MS",
  "RANKLENS_MAX_RUNNING",
  "RANKLENS_MAX_WAITING",
  "RANKLENS_MAX_METRICS",
  "RANKLENS_MAX_PARAMETERS",
  "RANKLENS_MAX_OUTPUT_VALUES",
  "RANKLENS_MAX_OUTPUT_BYTES",
  "RANKLENS_MAX_RESAMPLED_VALUES",
  "RANKLENS_CORS_ORIGINS",
];

/** The integer settings: variable, option, smallest value. */
export const INTEGER_SETTINGS = [
  ["RANKLENS_BODY_LIMIT", "bodyLimit", 1],
  ["RANKLENS_BODY_TIME_LIMIT_MS", "bodyTimeLimit", 1],
  ["RANKLENS_MAX_BUFFERED_BYTES", "maxBufferedBytes", 1],
  ["RANKLENS_TIME_LIMIT_MS", "timeLimit", 1],
  ["RANKLENS_QUEUE_TIME_LIMIT_MS", "queueTimeLimit", 1],
  ["RANKLENS_MAX_RUNNING", "maxRunning", 1],
  ["RANKLENS_MAX_WAITING", "maxWaiting", 0],
  ["RANKLENS_MAX_METRICS", "maxMetrics", 1],
  ["RANKLENS_MAX_PARAMETERS", "maxParameters", 1],
  ["RANKLENS_MAX_OUTPUT_VALUES", "maxOutputValues", 1],
  ["RANKLENS_MAX_OUTPUT_BYTES", "maxOutputBytes", 1],
  ["RANKLENS_MAX_RESAMPLED_VALUES", "maxResampledValues", 1],
] as const;

/**
 * Reads a positive integer setting.
 *
 * @example
 * ```ts
 * import { positiveInteger } from "./options.ts";
 * console.log(positiveInteger("--port", "8000", 0)); // 8000
 * ```
 *
 * @param name The setting, for the message.
 * @param value Its text.
 * @param min The smallest allowed value.
 * @returns The number.
 * @throws {RangeError} If the text is not an integer of at least `min`.
 */
export function positiveInteger(
  name: string,
  value: string,
  min: number,
): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
    throw new RangeError(
      `${name} must be an integer >= ${min}, got "${value}"`,
    );
  }
  return n;
}

/**
 * Reads the settings from environment variables: `RANKLENS_TOKEN`,
 * `RANKLENS_CORS_ORIGINS` (comma-separated) and the integers of
 * {@linkcode INTEGER_SETTINGS} (`RANKLENS_BODY_LIMIT` in bytes,
 * `RANKLENS_TIME_LIMIT_MS`, `RANKLENS_MAX_METRICS`, ...). Unset or empty
 * variables keep their defaults.
 *
 * @example
 * ```ts
 * import { serverOptionsFromEnv } from "./options.ts";
 * const env = new Map([["RANKLENS_BODY_LIMIT", "1048576"], ["RANKLENS_CORS_ORIGINS", "https://a.example, https://b.example"]]);
 * const options = serverOptionsFromEnv((name) => env.get(name));
 * console.log(options.bodyLimit, options.corsOrigins); // 1048576 ["https://a.example", "https://b.example"]
 * ```
 *
 * @param get Reads one variable, e.g. `(name) => Deno.env.get(name)`.
 * @returns The options the variables set.
 * @throws {RangeError} On a value that is not a valid setting.
 */
export function serverOptionsFromEnv(
  get: (name: string) => string | undefined,
): ServerOptions {
  const options: ServerOptions = {};
  const value = (name: string) => {
    const text = get(name)?.trim();
    return text ? text : undefined;
  };
  const token = value("RANKLENS_TOKEN");
  if (token !== undefined) options.token = token;
  for (const [name, key, min] of INTEGER_SETTINGS) {
    const text = value(name);
    if (text !== undefined) options[key] = positiveInteger(name, text, min);
  }
  const origins = value("RANKLENS_CORS_ORIGINS");
  if (origins !== undefined) {
    options.corsOrigins = origins.split(",").map((o) => o.trim()).filter(
      Boolean,
    );
  }
  return options;
}

/**
 * Reads the settings from this process's environment. Without permission to
 * read every variable it throws rather than guess: a server that cannot see
 * `RANKLENS_TOKEN` must not run without the token it may have been given.
 *
 * @example
 * ```ts ignore
 * import { serverOptionsFromProcessEnv } from "./options.ts";
 * const options = serverOptionsFromProcessEnv(); // needs --allow-env
 * ```
 *
 * @returns The options the variables set.
 * @throws {Deno.errors.NotCapable} Without permission to read the variables.
 * @throws {RangeError} On a value that is not a valid setting.
 */
export function serverOptionsFromProcessEnv(): ServerOptions {
  const unreadable = SERVER_ENV_VARIABLES.filter((variable) =>
    Deno.permissions.querySync({ name: "env", variable }).state !== "granted"
  );
  if (unreadable.length) {
    throw new Deno.errors.NotCapable(
      `The server may not read ${
        unreadable.join(", ")
      }: run it with --allow-env`,
    );
  }
  return serverOptionsFromEnv((name) => Deno.env.get(name));
}
