/**
 * The request body limit: Hono's `bodyLimit`, answering with a problem.
 *
 * @module
 */

import type { MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import { HttpProblem } from "./problem.ts";

/** The default body limit: 32 MiB. */
export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * Answers 413 when a body is larger than `maxBytes`: at once when
 * `Content-Length` says so, else as soon as the streamed bytes pass it.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { bodyLimit } from "./body_limit.ts";
 * import { problemOf } from "./problem.ts";
 * const app = new Hono();
 * app.onError((error) => problemOf(error).toResponse());
 * app.post("/", bodyLimit(4), async (c) => c.text(await c.req.text()));
 * console.log((await app.request("/", { method: "POST", body: "12345" })).status); // 413
 * console.log(await (await app.request("/", { method: "POST", body: "1234" })).text()); // "1234"
 * ```
 *
 * @param maxBytes The largest body accepted.
 * @returns The middleware.
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler {
  return honoBodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new HttpProblem(
        413,
        `The request body is larger than the limit of ${maxBytes} bytes.`,
        { extensions: { limit: maxBytes } },
      );
    },
  });
}
