/**
 * A guard in front of `Deno.serve` for the connections themselves, which
 * `Deno.serve` (Deno 2.9) does not bound: it accepts every connection,
 * waits for headers without a time limit, keeps idle connections open, and
 * stops when `accept` fails with "Too many open files".
 *
 * The guard accepts connections itself and relays their bytes to an inner
 * `Deno.serve` on 127.0.0.1. It closes a connection whose request head has
 * not reached the app within the header time limit, or that carried no
 * byte for the idle time limit while no request of it was being answered;
 * it holds at most `maxConnections` (below the descriptor limit: each
 * relayed connection takes three descriptors), closing the longest-idle
 * connection to make room for a new one; and when `accept` fails (no
 * descriptor left) it waits and accepts again.
 *
 * @module
 */

/** Options of {@linkcode serveGuarded}. */
export interface GuardedServeOptions {
  /** The interface. Default: `127.0.0.1`. */
  hostname?: string;
  /** The port; 0 picks a free one. Default: 8000. */
  port?: number;
  /**
   * Milliseconds from a connection's first byte (or its first byte after an
   * answer) until its request head reaches the app. Default: 10000.
   */
  headerTimeout?: number;
  /** Milliseconds a connection may carry nothing between requests. Default: 30000. */
  idleTimeout?: number;
  /** Connections held at once. Default: {@linkcode defaultMaxConnections} of the descriptor limit. */
  maxConnections?: number;
  /** Called once the port is open. Default: nothing. */
  onListen?: (addr: Deno.NetAddr) => void;
  /** Where failures to accept are reported, at most once a second. Default: `console.warn`. */
  log?: (line: string) => void;
}

/** A running guarded server. */
export interface GuardedServer {
  /** The address clients connect to. */
  readonly addr: Deno.NetAddr;
  /** The connections held now. */
  readonly connections: number;
  /** The most connections held at once. */
  readonly maxConnections: number;
  /** Resolves when the server has stopped. */
  readonly finished: Promise<void>;
  /** Stops accepting, closes every connection and the inner server. */
  shutdown(): Promise<void>;
}

/**
 * Descriptors kept free for everything else (the runtime's own, workers,
 * files): a quarter of the limit, and at least 128.
 */
function reservedDescriptors(limit: number): number {
  return Math.max(128, Math.ceil(limit / 4));
}

/**
 * Reads this process's soft limit of open files from `/proc/self/limits`
 * (Linux); `undefined` elsewhere or without permission to read it.
 *
 * @example
 * ```ts
 * import { descriptorLimit } from "./connection_guard.ts";
 * const limit = descriptorLimit();
 * console.log(limit === undefined || limit > 0); // true
 * ```
 *
 * @returns The limit, or `undefined` when it cannot be read.
 */
export function descriptorLimit(): number | undefined {
  try {
    const text = Deno.readTextFileSync("/proc/self/limits");
    const match = text.match(/^Max open files\s+(\d+|unlimited)/m);
    if (!match) return undefined;
    return match[1] === "unlimited" ? Infinity : Number(match[1]);
  } catch {
    return undefined;
  }
}

/**
 * The default cap on connections: three descriptors each (the client's,
 * and both ends of the relay) within the descriptor limit less a reserve
 * (a quarter of it, at least 128), and at most 10,000. With no readable
 * limit, the common 1,024 is assumed.
 *
 * @example
 * ```ts
 * import { defaultMaxConnections } from "./connection_guard.ts";
 * console.log(defaultMaxConnections(1024)); // 192
 * ```
 *
 * @param limit The descriptor limit. Default: {@linkcode descriptorLimit}, else 1024.
 * @returns The cap.
 */
export function defaultMaxConnections(
  limit: number = descriptorLimit() ?? 1024,
): number {
  return Math.max(
    1,
    Math.min(10_000, Math.floor((limit - reservedDescriptors(limit)) / 4)),
  );
}

interface Relay {
  readonly client: Deno.Conn;
  upstream?: Deno.Conn;
  /** Requests of this connection the app is answering. */
  inApp: number;
  /** The last byte either way. */
  lastActivity: number;
  /** When the head of the next request started to arrive; 0 when none. */
  headStarted: number;
  closed: boolean;
}

/**
 * Serves `handler` behind the guard.
 *
 * @example
 * ```ts ignore
 * import { serveGuarded } from "./connection_guard.ts";
 * const server = serveGuarded(() => new Response("ok"), { port: 0, headerTimeout: 2000 });
 * console.log(await (await fetch(`http://127.0.0.1:${server.addr.port}/`)).text()); // "ok"
 * await server.shutdown();
 * ```
 *
 * @param handler Answers requests, as for `Deno.serve`.
 * @param options Address, time limits and the connection cap.
 * @returns The running server.
 */
export function serveGuarded(
  handler: (request: Request) => Response | Promise<Response>,
  options: GuardedServeOptions = {},
): GuardedServer {
  const headerTimeout = options.headerTimeout ?? 10_000;
  const idleTimeout = options.idleTimeout ?? 30_000;
  const maxConnections = options.maxConnections ?? defaultMaxConnections();
  const log = options.log ?? ((line: string) => console.warn(line));
  const relays = new Set<Relay>();
  const byUpstreamPort = new Map<number, Relay>();
  let stopping = false;

  const answer = async (request: Request, info: Deno.ServeHandlerInfo) => {
    const relay = byUpstreamPort.get((info.remoteAddr as Deno.NetAddr).port);
    if (relay) {
      relay.inApp++;
      relay.headStarted = 0;
    }
    try {
      return await handler(request);
    } finally {
      if (relay) {
        relay.inApp--;
        relay.lastActivity = performance.now();
      }
    }
  };
  // The inner server stops when its accept fails (EMFILE): a new one
  // takes its place, and the relays connect to it from then on.
  let inner: Deno.HttpServer<Deno.NetAddr>;
  let innerPort = 0;
  let innerFinished: Promise<void>;
  const startInner = () => {
    inner = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      answer,
    );
    innerPort = inner.addr.port;
    innerFinished = inner.finished.then(
      () => restart(),
      (error) => restart(error),
    );
  };
  const restart = async (error?: unknown) => {
    if (stopping) return;
    log(
      `ranklens: the inner server stopped (${
        error instanceof Error ? error.message : "closed"
      }); starting another`,
    );
    for (let attempt = 0; !stopping; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      try {
        startInner();
        return;
      } catch {
        // Still no descriptor: wait again.
      }
    }
  };
  startInner();

  const close = (relay: Relay) => {
    if (relay.closed) return;
    relay.closed = true;
    relays.delete(relay);
    for (const conn of [relay.client, relay.upstream]) {
      try {
        conn?.close();
      } catch { /* already closed */ }
    }
    if (relay.upstream) {
      byUpstreamPort.delete((relay.upstream.localAddr as Deno.NetAddr).port);
    }
  };

  const connectUpstream = async (relay: Relay): Promise<Deno.Conn | null> => {
    let upstream: Deno.Conn;
    try {
      upstream = await Deno.connect({ hostname: "127.0.0.1", port: innerPort });
    } catch {
      return null;
    }
    if (relay.closed) {
      upstream.close();
      return null;
    }
    relay.upstream = upstream;
    byUpstreamPort.set((upstream.localAddr as Deno.NetAddr).port, relay);
    pump(relay, upstream, relay.client, false);
    return upstream;
  };

  const pump = async (
    relay: Relay,
    from: Deno.Conn,
    to: Deno.Conn | undefined,
    fromClient: boolean,
  ) => {
    const buffer = new Uint8Array(64 * 1024);
    try {
      for (;;) {
        const n = await from.read(buffer);
        if (n === null) break;
        const now = performance.now();
        relay.lastActivity = now;
        if (fromClient && relay.inApp === 0 && relay.headStarted === 0) {
          relay.headStarted = now;
        }
        // The relay to the app opens with the first byte: a connection
        // that never sends holds one descriptor, not three.
        to ??= (await connectUpstream(relay)) ?? undefined;
        if (to === undefined) break;
        let written = 0;
        while (written < n) {
          written += await to.write(buffer.subarray(written, n));
        }
      }
    } catch {
      // A reset or a closed relay ends both directions alike.
    }
    close(relay);
  };

  const relay = (client: Deno.Conn) => {
    const relay: Relay = {
      client,
      inApp: 0,
      lastActivity: performance.now(),
      headStarted: 0,
      closed: false,
    };
    relays.add(relay);
    pump(relay, client, undefined, true);
  };

  // Closes the connection idle the longest, to make room for a new one.
  const evictIdlest = (): boolean => {
    let idlest: Relay | undefined;
    for (const r of relays) {
      if (r.inApp > 0) continue;
      if (!idlest || r.lastActivity < idlest.lastActivity) idlest = r;
    }
    if (idlest) close(idlest);
    return idlest !== undefined;
  };

  const sweep = setInterval(() => {
    const now = performance.now();
    for (const r of relays) {
      if (r.inApp > 0) continue;
      if (
        (r.headStarted > 0 && now - r.headStarted > headerTimeout) ||
        now - r.lastActivity > idleTimeout
      ) close(r);
    }
  }, Math.max(50, Math.min(1000, Math.min(headerTimeout, idleTimeout) / 4)));

  const listener = Deno.listen({
    hostname: options.hostname ?? "127.0.0.1",
    port: options.port ?? 8000,
  });
  const addr = listener.addr as Deno.NetAddr;
  options.onListen?.(addr);

  const accepting = (async () => {
    let lastLog = -Infinity;
    while (!stopping) {
      let client: Deno.Conn;
      try {
        client = await listener.accept();
      } catch (error) {
        if (stopping) break;
        // No descriptor left (EMFILE), or a connection reset before it was
        // accepted: make room, wait a little and accept again.
        const now = performance.now();
        if (now - lastLog > 1000) {
          lastLog = now;
          log(
            `ranklens: accepting a connection failed (${
              (error as Error).message
            }); ${relays.size} connections open, accepting again`,
          );
        }
        evictIdlest();
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      if (relays.size >= maxConnections && !evictIdlest()) {
        client.close();
        continue;
      }
      relay(client);
    }
  })();

  let stopped: Promise<void> | undefined;
  const shutdown = () =>
    stopped ??= (async () => {
      stopping = true;
      clearInterval(sweep);
      try {
        listener.close();
      } catch { /* already closed */ }
      await accepting;
      for (const r of [...relays]) close(r);
      await inner.shutdown();
      await innerFinished;
    })();

  return {
    addr,
    get connections() {
      return relays.size;
    },
    maxConnections,
    get finished() {
      return accepting.then(() => stopped);
    },
    shutdown,
  };
}
