/**
 * Bounded concurrency: a few requests run, a bounded number wait in line
 * for a bounded time, and the rest are turned away with 503 rather than
 * piling up.
 *
 * @module
 */

import type { MiddlewareHandler } from "hono";
import { HttpProblem } from "./problem.ts";

/** Options of {@linkcode concurrencyLimit}. */
export interface ConcurrencyLimitOptions {
  /** Requests handled at the same time. */
  running: number;
  /** Requests waiting for a turn; one more is answered 503. Default: 0. */
  waiting?: number;
  /** Seconds a turned-away client is told to wait (`Retry-After`). Default: 1. */
  retryAfter?: number;
  /**
   * Milliseconds a request may wait in line; one that has not had its turn
   * by then leaves the line with 503 and `Retry-After`. Default: no bound
   * (the line's length bounds the wait).
   */
  waitLimit?: number;
  /** The setting that sets `waitLimit`, named in its 503. Default: none. */
  waitLimitSetting?: string;
}

/**
 * Lets `running` requests through at a time and queues up to `waiting` more
 * in arrival order; a request beyond that gets 503 with `Retry-After`, as
 * does one that waited `waitLimit` milliseconds without its turn. A waiting
 * request whose client has gone (its request's signal aborted) leaves the
 * line, so no turn is spent on it.
 *
 * @example One at a time, nobody waiting
 * ```ts
 * import { Hono } from "hono";
 * import { concurrencyLimit } from "./concurrency.ts";
 * const app = new Hono();
 * app.onError((error) => new Response((error as Error).message, { status: 503 }));
 * let release = () => {};
 * app.get("/", concurrencyLimit({ running: 1 }), async (c) => {
 *   await new Promise<void>((resolve) => release = resolve);
 *   return c.text("done");
 * });
 * const first = app.request("/");
 * console.log((await app.request("/")).status); // 503
 * release();
 * console.log((await first).status); // 200
 * ```
 *
 * @example A bounded wait in line
 * ```ts
 * import { Hono } from "hono";
 * import { concurrencyLimit } from "./concurrency.ts";
 * const app = new Hono();
 * app.onError((error) => new Response((error as Error).message, { status: 503 }));
 * let release = () => {};
 * app.get("/", concurrencyLimit({ running: 1, waiting: 1, waitLimit: 10 }), async (c) => {
 *   await new Promise<void>((resolve) => release = resolve);
 *   return c.text("done");
 * });
 * const first = app.request("/");
 * console.log(await (await app.request("/")).text()); // "The server is busy: the request waited 10 ms for one of 1 running request(s) to finish. Retry later."
 * release();
 * console.log((await first).status); // 200
 * ```
 *
 * @param options How many run, how many wait and for how long.
 * @returns The middleware.
 */
export function concurrencyLimit(
  options: ConcurrencyLimitOptions,
): MiddlewareHandler {
  const { running, waiting = 0, retryAfter = 1, waitLimit } = options;
  const headers = { "retry-after": String(retryAfter) };
  let active = 0;
  const queue: (() => void)[] = [];
  /** Waits for a slot handed over by the request that frees it. */
  const turn = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const leave = (error: unknown) => {
        queue.splice(queue.indexOf(admit), 1);
        clearTimeout(timer);
        signal.removeEventListener("abort", gone);
        reject(error);
      };
      const admit = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", gone);
        resolve();
      };
      const gone = () =>
        leave(new HttpProblem(503, "The client left while it waited."));
      const timer = waitLimit === undefined ? undefined : setTimeout(
        () =>
          leave(
            new HttpProblem(
              503,
              `The server is busy: the request waited ${waitLimit} ms for one of ${running} running request(s) to finish. Retry later.`,
              {
                headers,
                extensions: options.waitLimitSetting === undefined
                  ? { limit: waitLimit }
                  : { limit: waitLimit, setting: options.waitLimitSetting },
              },
            ),
          ),
        waitLimit,
      );
      signal.addEventListener("abort", gone, { once: true });
      queue.push(admit);
    });
  return async function concurrencyLimit(c, next) {
    const signal = c.req.raw.signal;
    if (active < running) active++;
    else if (queue.length < waiting && !signal.aborted) await turn(signal);
    else {
      throw new HttpProblem(
        503,
        `The server is busy: ${running} request(s) running and ${waiting} waiting. Retry later.`,
        { headers },
      );
    }
    try {
      await next();
    } finally {
      const nextInLine = queue.shift();
      if (nextInLine) nextInLine();
      else active--;
    }
  };
}
