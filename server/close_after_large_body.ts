/**
 * Closing the connection after a large request body.
 *
 * A kept-alive HTTP/1.1 connection keeps the buffers that carried its last
 * body: fifty clients that each posted 3.6 MB held about 15 MB of resident
 * memory per connection between requests (Deno 2.9), and asking them to
 * reconnect brought the server from about 1 GB to 160 MB. Reconnecting
 * costs far less than scoring a body that size.
 *
 * @module
 */

import type { MiddlewareHandler } from "hono";

/** The default size from which the connection is closed: 1 MiB. */
export const DEFAULT_CLOSE_THRESHOLD = 1024 * 1024;

/**
 * Answers `Connection: close` when the request body is larger than
 * `threshold` bytes or of unknown length.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { closeAfterLargeBody } from "./close_after_large_body.ts";
 * const app = new Hono();
 * app.post("/", closeAfterLargeBody(4), (c) => c.text("ok"));
 * const response = await app.request("/", { method: "POST", body: "12345" });
 * console.log(response.headers.get("connection")); // "close"
 * ```
 *
 * @param threshold Bodies up to this many bytes keep the connection open.
 * Default: {@linkcode DEFAULT_CLOSE_THRESHOLD}.
 * @returns The middleware.
 */
export function closeAfterLargeBody(
  threshold: number = DEFAULT_CLOSE_THRESHOLD,
): MiddlewareHandler {
  return async function closeAfterLargeBody(c, next) {
    await next();
    if (!c.req.raw.body) return;
    const length = Number(c.req.header("content-length") ?? NaN);
    if (!(length <= threshold)) c.res.headers.set("connection", "close");
  };
}
