/**
 * Runs an app on 127.0.0.1, port 0, for the length of a test.
 *
 * @module
 */

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
export function serve(
  app: { fetch(request: Request): Response | Promise<Response> },
  onRequest?: () => void,
): TestServer {
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

/**
 * The `deno` arguments that run `cli.ts serve` (from the repository root)
 * on 127.0.0.1 and a free port with the permissions the README gives it,
 * followed by `extra`.
 *
 * @param extra More flags of `serve`.
 * @returns The arguments.
 */
export function cliServeArgs(extra: string[] = []): string[] {
  return [
    "run",
    "--allow-net=127.0.0.1",
    "--allow-env",
    "--allow-read",
    "cli.ts",
    "serve",
    "--port",
    "0",
    ...extra,
  ];
}

/** A server process under test. */
export interface ServerProcess extends AsyncDisposable {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** The process id, e.g. to read its memory from `/proc`. */
  readonly pid: number;
  /** What it has printed so far, stdout and stderr. */
  output(): string;
  /**
   * Stops the process with SIGTERM (SIGKILL 10 s later if it is still up)
   * and returns its exit code and output.
   */
  stop(): Promise<{ code: number; output: string }>;
}

/**
 * Starts `deno ARGS` and waits for the line, on stdout or stderr, that
 * announces its address. The load test (`bench/load.ts`) starts its server
 * with it too.
 *
 * @param args The arguments of `deno`.
 * @param env Extra environment variables.
 * @returns The running process.
 */
export async function spawnServer(
  args: string[],
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    env: { NO_COLOR: "1", ...env },
    cwd: new URL("../../", import.meta.url).pathname,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let output = "";
  let announced: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => announced = resolve);
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      const match = output.match(/listening on (http:\/\/[\d.]+:\d+)/i);
      if (match) announced(match[1]);
    }
  };
  const drained = Promise.all([collect(child.stdout), collect(child.stderr)]);
  const exited = child.status.then(async ({ code }) => {
    await drained;
    throw new Error(
      `The server exited with ${code} before listening: ${output}`,
    );
  });
  exited.catch(() => {});
  const address = await Promise.race([url, exited]);
  let stopped: Promise<{ code: number; output: string }> | undefined;
  const stop = () =>
    stopped ??= (async () => {
      child.kill("SIGTERM");
      // `deno serve` may wait without end for a connection to finish.
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      const { code } = await child.status;
      clearTimeout(timer);
      await drained;
      return { code, output };
    })();
  return {
    url: address,
    pid: child.pid,
    output: () => output,
    stop,
    async [Symbol.asyncDispose]() {
      await stop();
    },
  };
}
