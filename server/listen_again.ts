/**
 * `Deno.serve` that outlives running out of file descriptors.
 *
 * In Deno 2.9, `Deno.serve` accepts connections in one loop that ends at
 * the first failed `accept` (`op_http_serve` in `ext/http/http_next.rs`:
 * `accept_connection_from_listener(..).await?`). Its listening socket
 * closes with it and `finished` rejects with a `Deno.errors.Http`
 * "Too many open files (os error 24)"; the connections it accepted stay
 * open, each holding a descriptor, and nothing closes the idle ones. Under
 * `deno serve` nobody handles that rejection, so the process exits.
 *
 * {@linkcode serveListeningAgain} handles it: it shuts the stopped server
 * down gracefully, which closes its idle connections (those still waiting
 * for a request head too) and lets the requests under way finish, and
 * listens again on the same address at once. Under `deno serve` the
 * listening socket itself stays open in between, so that no connection is
 * refused (`holdSocket` below).
 *
 * @module
 */

/** Options of {@linkcode serveListeningAgain}: those of `Deno.serve`. */
export type ListeningAgainOptions =
  & Deno.ServeTcpOptions
  & Deno.ServeInit<Deno.NetAddr>;

/** What `Deno.serve` is called as: a stand-in for tests. */
export type ServeFunction = (
  options: ListeningAgainOptions,
) => Deno.HttpServer<Deno.NetAddr>;

/**
 * Whether `error` says the process, or the system, has no file descriptor
 * left (EMFILE, ENFILE).
 */
function outOfDescriptors(error: unknown): boolean {
  return error instanceof Error && /Too many open files/.test(error.message);
}

/**
 * The options with `deno serve`'s `kLoadBalanced` mark set (a symbol of
 * `ext/http/00_serve.ts`, true under `--parallel`), and a listener that
 * keeps the listening socket open while no server accepts on it; or none
 * when the options have no such mark. A load-balanced listener is a copy
 * of one socket kept for its address while any copy is open
 * (`bind_load_balanced` in `ext/net/tcp.rs`): each server listens on a copy
 * and the one returned, never accepted on, keeps the socket and its queue
 * of connections between them.
 */
function holdSocket(
  options: ListeningAgainOptions,
): [ListeningAgainOptions, (addr: Deno.NetAddr) => Deno.Listener | undefined] {
  const mark = Object.getOwnPropertySymbols(options).find((symbol) =>
    symbol.description === "kLoadBalanced"
  );
  if (mark === undefined) return [options, () => undefined];
  const hold = ({ transport, hostname, port }: Deno.NetAddr) => {
    if (transport !== "tcp") return undefined;
    try {
      return Deno.listen(
        {
          hostname,
          port,
          loadBalanced: true,
        } as Deno.TcpListenOptions,
      );
    } catch {
      return undefined; // Without it a connection may be refused.
    }
  };
  return [{ ...options, [mark]: true }, hold];
}

/**
 * Serves as `Deno.serve` does; when accepting fails for want of file
 * descriptors, logs one line, closes the stopped server's idle connections
 * (a graceful shutdown; requests under way finish) and listens again on the
 * same address. Any other failure ends it as it ends `Deno.serve`: its
 * `finished` rejects.
 *
 * @example
 * ```ts
 * import { serveListeningAgain } from "./listen_again.ts";
 * const server = serveListeningAgain({
 *   hostname: "127.0.0.1",
 *   port: 0,
 *   handler: () => new Response("ok"),
 * });
 * const url = `http://127.0.0.1:${server.addr.port}/`;
 * console.log(await (await fetch(url)).text()); // "ok"
 * await server.shutdown();
 * ```
 *
 * @param options The address, handler and the rest, as for `Deno.serve`.
 * @param serve The `Deno.serve` to call. Default: `Deno.serve`.
 * @param log Where the failures are reported, at most once a second.
 * Default: `console.error`.
 * @returns A server whose address, `shutdown` and `ref` are those of the
 * one listening now.
 */
export function serveListeningAgain(
  options: ListeningAgainOptions,
  serve: ServeFunction = Deno.serve,
  log: (line: string) => void = (line) => console.error(line),
): Deno.HttpServer<Deno.NetAddr> {
  let current: Deno.HttpServer<Deno.NetAddr>;
  let stopping = false;
  let referenced = true;
  let lastLog = -Infinity;
  const draining = new Set<Promise<void>>();
  const { promise: finished, resolve, reject } = Promise.withResolvers<
    void
  >();

  const [first, hold] = holdSocket(options);
  // Opened once a server listens; released when it all ends.
  let holder: Deno.Listener | undefined;
  const release = () => {
    try {
      holder?.close();
    } catch { /* closed */ }
  };
  const fail = (error: unknown) => {
    release();
    reject(error);
  };
  const listen = (init: ListeningAgainOptions) => {
    const server = serve(init);
    const started = performance.now();
    current = server;
    holder ??= hold(server.addr);
    if (!referenced) server.unref();
    server.finished.then(
      () => {
        if (server === current) resolve();
      },
      (error) => {
        if (stopping) return resolve();
        // A Unix socket (DENO_SERVE_ADDRESS) is not listened on again.
        if (!outOfDescriptors(error) || server.addr.transport !== "tcp") {
          return fail(error);
        }
        const now = performance.now();
        if (now - lastLog > 1000) {
          lastLog = now;
          // A Deno.errors.Http says "Error: " before the cause.
          const cause = (error as Error).message.replace(/^Error: /, "");
          log(
            `ranklens: accepting a connection failed (${cause}); closing the idle connections and listening again`,
          );
        }
        const drain = server.shutdown().catch(() => {});
        draining.add(drain);
        drain.finally(() => draining.delete(drain));
        // The address served, even when it is not the one asked for (port
        // 0, which `deno serve` then allows only with --allow-net, or
        // DENO_SERVE_ADDRESS); no second "Listening on" line.
        const { hostname, port } = server.addr;
        const again = () => {
          if (stopping) return;
          try {
            listen({ ...init, hostname, port, onListen() {} });
          } catch (error) {
            // No descriptor for the socket yet: try again soon. Anything
            // else (no permission for the port, say) ends it.
            if (!outOfDescriptors(error)) {
              log(
                `ranklens: listening again failed (${
                  (error as Error).message
                })`,
              );
              return fail(error);
            }
            setTimeout(again, 100);
          }
        };
        // A server that failed at once is not given another at once: the
        // descriptors it waits for are freed by the drain.
        if (now - started < 1000) setTimeout(again, 50);
        else again();
      },
    );
  };
  listen(first);

  return {
    get addr() {
      return current.addr;
    },
    finished,
    async shutdown() {
      stopping = true;
      release();
      await Promise.all([current.shutdown(), ...draining]);
      resolve();
    },
    ref() {
      referenced = true;
      current.ref();
    },
    unref() {
      referenced = false;
      current.unref();
    },
    [Symbol.asyncDispose]() {
      return this.shutdown();
    },
  };
}
