/**
 * A time limit per request. Waiting (for the body, for a subprocess) is cut
 * off by a timer; scoring is plain computation that a timer cannot
 * interrupt, so long loops call {@linkcode Deadline.check} between queries.
 *
 * @module
 */

import type { MiddlewareHandler } from "hono";
import { HttpProblem } from "./problem.ts";

/** The status of a request that ran out of time. */
export const TIME_LIMIT_STATUS = 504;

/**
 * The end of a request's time: checked by loops, and an `AbortSignal` for
 * anything that waits.
 *
 * @example A loop that stops in time
 * ```ts
 * import { Deadline } from "./time_limit.ts";
 * let now = 0;
 * const deadline = new Deadline(100, () => now);
 * deadline.check(); // still in time
 * now = 100;
 * try {
 *   deadline.check();
 * } catch (error) {
 *   console.log((error as Error).message); // "The request took longer than its time limit of 100 ms."
 * }
 * ```
 */
export class Deadline {
  readonly #end: number;
  readonly #limit: number;
  readonly #now: () => number;
  readonly #controller = new AbortController();
  #lastYield: number;

  /**
   * Starts the clock.
   *
   * @param limit Milliseconds from now.
   * @param now The clock in milliseconds. Default: `performance.now`.
   */
  constructor(limit: number, now: () => number = () => performance.now()) {
    this.#limit = limit;
    this.#now = now;
    this.#lastYield = now();
    this.#end = this.#lastYield + limit;
  }

  /** Aborted when the time is up (by {@linkcode expire} or a failed check). */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The error a late request answers with. */
  get error(): HttpProblem {
    return new HttpProblem(
      TIME_LIMIT_STATUS,
      `The request took longer than its time limit of ${this.#limit} ms.`,
    );
  }

  /** Marks the time as up, whatever the clock says. */
  expire(): void {
    if (!this.#controller.signal.aborted) {
      this.#controller.abort(this.error);
    }
  }

  /**
   * Throws when the time is up.
   *
   * @throws {HttpProblem} With status {@linkcode TIME_LIMIT_STATUS}.
   */
  check(): void {
    if (this.#now() >= this.#end) this.expire();
    if (this.#controller.signal.aborted) throw this.error;
  }

  /**
   * Checks the time and, when the caller has computed for a while, lets the
   * event loop run timers and other requests' I/O before going on.
   *
   * @param slice Milliseconds of computation between two yields. Default: 10.
   * @throws {HttpProblem} With status {@linkcode TIME_LIMIT_STATUS}.
   */
  async pause(slice = 10): Promise<void> {
    this.check();
    if (this.#now() - this.#lastYield < slice) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.#lastYield = this.#now();
    this.check();
  }
}

/** The context variables {@linkcode timeLimit} sets. */
export interface TimeLimitVariables {
  /** The request's deadline. */
  deadline: Deadline;
}

/**
 * Gives every request a {@linkcode Deadline} (`c.get("deadline")`) and
 * answers 504 when it passes, even while the handler waits.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { timeLimit, type TimeLimitVariables } from "./time_limit.ts";
 * const app = new Hono<{ Variables: TimeLimitVariables }>();
 * app.onError((error) => new Response((error as Error).message, { status: 504 }));
 * app.get("/slow", timeLimit(10), async (c) => {
 *   await new Promise((resolve) => setTimeout(resolve, 50));
 *   return c.text("done");
 * });
 * console.log((await app.request("/slow")).status); // 504
 * ```
 *
 * @param limit Milliseconds per request.
 * @returns The middleware.
 */
export function timeLimit(
  limit: number,
): MiddlewareHandler<{ Variables: TimeLimitVariables }> {
  return async function timeLimit(c, next) {
    const deadline = new Deadline(limit);
    c.set("deadline", deadline);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        deadline.expire();
        reject(deadline.error);
      }, limit);
    });
    const handled = next();
    // A handler that keeps running after the answer stops at its next check;
    // its error is no longer anyone's to report.
    handled.catch(() => {});
    try {
      await Promise.race([handled, expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
