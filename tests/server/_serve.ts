/**
 * Runs an app on 127.0.0.1, port 0, for the length of a test.
 *
 * @module
 */

import type { Hono } from "hono";

/** A server under test. */
export interface TestServer extends AsyncDisposable {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** Calls `fetch` on a path of the server. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Posts a JSON body. */
  post(path: string, body: unknown, headers?: HeadersInit): Promise<Response>;
}

/**
 * Serves `app` until disposed.
 *
 * @param app The app.
 * @param onRequest Called after each request has entered the app.
 * @returns The running server.
 */
// deno-lint-ignore no-explicit-any
export function serve(app: Hono<any>, onRequest?: () => void): TestServer {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) => {
      const response = app.fetch(request);
      onRequest?.();
      return response;
    },
  );
  const url = `http://127.0.0.1:${server.addr.port}`;
  const fetchPath = (path: string, init?: RequestInit) =>
    fetch(url + path, init);
  return {
    url,
    fetch: fetchPath,
    post: (path, body, headers = {}) =>
      fetchPath(path, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      }),
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

/** Reads a file of the repository. */
export function repoText(path: string): Promise<string> {
  return Deno.readTextFile(new URL(`../../${path}`, import.meta.url));
}
