/**
 * An optional shared secret: `Authorization: Bearer TOKEN`, compared in
 * constant time.
 *
 * @module
 */

import type { MiddlewareHandler } from "hono";
import { HttpProblem } from "./problem.ts";

const encoder = new TextEncoder();

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(
    await crypto.subtle.digest("SHA-256", encoder.encode(text)),
  );
}

/**
 * Compares two strings in time that depends on neither's content: both are
 * hashed to 32 bytes first, so even their lengths do not leak.
 *
 * @example
 * ```ts
 * import { sameSecret } from "./bearer_token.ts";
 * console.log(await sameSecret("s3cret", "s3cret")); // true
 * console.log(await sameSecret("s3cret", "s3creT")); // false
 * ```
 *
 * @param given The secret the client sent.
 * @param expected The configured secret.
 * @returns Whether they are equal.
 */
export async function sameSecret(
  given: string,
  expected: string,
): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i;

/**
 * Answers 401 (with `WWW-Authenticate: Bearer`) unless the request carries
 * the token.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { bearerToken } from "./bearer_token.ts";
 * import { problemOf } from "./problem.ts";
 * const app = new Hono();
 * app.onError((error) => problemOf(error).toResponse());
 * app.use(bearerToken("s3cret"));
 * app.get("/", (c) => c.text("hello"));
 * console.log((await app.request("/")).status); // 401
 * console.log((await app.request("/", { headers: { authorization: "Bearer s3cret" } })).status); // 200
 * ```
 *
 * @param token The secret; must not be empty.
 * @returns The middleware.
 * @throws {RangeError} If the token is empty.
 */
export function bearerToken(token: string): MiddlewareHandler {
  if (token === "") throw new RangeError("The bearer token must not be empty");
  return async function bearerToken(c, next) {
    const match = BEARER.exec(c.req.header("authorization") ?? "");
    if (!match || !(await sameSecret(match[1], token))) {
      throw new HttpProblem(
        401,
        match
          ? "The bearer token is not valid."
          : 'This server needs "Authorization: Bearer <token>".',
        { headers: { "www-authenticate": 'Bearer realm="ranklens"' } },
      );
    }
    await next();
  };
}
