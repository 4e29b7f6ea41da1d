/**
 * Bounded concurrency: a few requests run, a bounded number wait in line,
 * and the rest are turned away at once with 503 rather than piling up.
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
}

/**
 * Lets `running` requests through at a time and queues up to `waiting` more
 * in arrival order; a request beyond that gets 503 with `Retry-After`.
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
 * @param options How many run and how many wait.
 * @returns The middleware.
 */
export function concurrencyLimit(
  options: ConcurrencyLimitOptions,
): MiddlewareHandler {
  const { running, waiting = 0, retryAfter = 1 } = options;
  let active = 0;
  const queue: (() => void)[] = [];
  return async function concurrencyLimit(_c, next) {
    if (active < running) active++;
    else if (queue.length < waiting) {
      // The slot is handed over by the request that frees it.
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      throw new HttpProblem(
        503,
        `The server is busy: ${running} request(s) running and ${waiting} waiting. Retry later.`,
        { headers: { "retry-after": String(retryAfter) } },
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
