/**
 * A guard in front of `Deno.serve` for the connections themselves, which
 * `Deno.serve` (Deno 2.9) does not bound: it accepts every connection,
 * waits for headers without a time limit, keeps idle connections open, and
 * stops when `accept` fails with "Too many open files".
 *
 * The guard accepts connections itself and relays their bytes to an inner
 * `Deno.serve` that nobody else can reach: a Unix socket (mode 0600) in a
 * private temporary folder (mode 0700) when the process may write there and
 * connect to it (`--allow-write`, `--allow-net`); otherwise a port on
 * 127.0.0.1 whose requests are answered 403 unless they came through a
 * relay. It follows each connection's bytes far enough to know where a
 * request head ends, and closes a connection whose request head has not
 * reached the app within the header time limit, whose request the app has
 * not begun to answer within the answer time limit, or that carried no byte
 * for the idle time limit between requests;
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
  /**
   * Milliseconds from a request head reaching the app until the first byte
   * of its answer; set it above the app's own limits (body and request
   * time). Default: 120000.
   */
  answerTimeout?: number;
  /**
   * How the relays reach the inner server: `unix`, a private socket;
   * `tcp`, a port on 127.0.0.1 that refuses requests from anyone but the
   * relays. Default: `unix` when the permissions allow it, else `tcp`.
   */
  inner?: "unix" | "tcp";
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
  /** Where the relays reach the inner server now. */
  readonly innerAddr: Deno.NetAddr | Deno.UnixAddr;
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

/** Where a connection is in its request cycle. */
type Phase =
  /** Between requests: nothing of the next one has arrived. */
  | "idle"
  /** Bytes of a request head have arrived, not yet its blank line. */
  | "head"
  /** The head is complete; the app has not begun to answer. */
  | "app";

interface Relay {
  readonly client: Deno.Conn;
  upstream?: Deno.Conn;
  phase: Phase;
  /** When the phase began. */
  phaseStarted: number;
  /** The length of the head line being read, and how many lines came before. */
  lineLength: number;
  lines: number;
  /** The last byte either way. */
  lastActivity: number;
  closed: boolean;
}

/**
 * Follows a request head through the client's bytes: `true` when its blank
 * line (CRLF or LF, after at least one line) has arrived. Blank lines before
 * the request line are skipped, as HTTP/1.1 allows.
 */
function headEnds(relay: Relay, bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === 0x0a) {
      if (relay.lineLength === 0 && relay.lines > 0) return true;
      if (relay.lineLength > 0) relay.lines++;
      relay.lineLength = 0;
    } else if (byte !== 0x0d) relay.lineLength++;
  }
  return false;
}

const INTERIM = new TextEncoder().encode("HTTP/1.1 1");

/** Whether an answer's bytes start an interim `1xx` answer (`100 Continue`). */
function interim(bytes: Uint8Array): boolean {
  if (bytes.length < INTERIM.length) return false;
  for (let i = 0; i < INTERIM.length; i++) {
    if (bytes[i] !== INTERIM[i]) return false;
  }
  return true;
}

/** The inner server's address, and what it needs to be left clean. */
interface InnerPlace {
  readonly kind: "unix" | "tcp";
  /** The private folder of the Unix socket. */
  readonly dir?: string;
}

/**
 * A private folder for the inner socket, when the permissions allow it
 * without a prompt: writing the temporary folder, and connecting to a Unix
 * socket in it.
 */
function privateSocketDir(): string | undefined {
  const query = (descriptor: Deno.PermissionDescriptor) =>
    Deno.permissions.querySync(descriptor).state === "granted";
  let tmp = "/tmp";
  try {
    if (query({ name: "env", variable: "TMPDIR" })) {
      tmp = Deno.env.get("TMPDIR") || tmp;
    }
    if (Deno.build.os === "windows" || !query({ name: "write", path: tmp })) {
      return undefined;
    }
    // Made with mode 0700: only this user can reach what is inside.
    const dir = Deno.makeTempDirSync({ dir: tmp, prefix: "ranklens-" });
    if (!query({ name: "net", host: `unix:${dir}/app-0.sock` })) {
      Deno.removeSync(dir);
      return undefined;
    }
    return dir;
  } catch {
    return undefined;
  }
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
 * @param options Address, time limits, the connection cap and the inner server.
 * @returns The running server.
 */
export function serveGuarded(
  handler: (request: Request) => Response | Promise<Response>,
  options: GuardedServeOptions = {},
): GuardedServer {
  const headerTimeout = options.headerTimeout ?? 10_000;
  const idleTimeout = options.idleTimeout ?? 30_000;
  const answerTimeout = options.answerTimeout ?? 120_000;
  const maxConnections = options.maxConnections ?? defaultMaxConnections();
  const log = options.log ?? ((line: string) => console.warn(line));
  const relays = new Set<Relay>();
  /** Over TCP, the local ports of the relays' upstream connections. */
  const relayPorts = new Set<number>();
  let stopping = false;

  const dir = options.inner === "tcp" ? undefined : privateSocketDir();
  if (options.inner === "unix" && dir === undefined) {
    throw new Deno.errors.NotCapable(
      "A private Unix socket needs write access to the temporary folder and net access to a Unix socket in it: run with --allow-write and --allow-net",
    );
  }
  const place: InnerPlace = dir ? { kind: "unix", dir } : { kind: "tcp" };

  const strangers = () =>
    new Response("Forbidden\n", {
      status: 403,
      headers: { connection: "close" },
    });
  const answer = (request: Request, info: Deno.ServeHandlerInfo) => {
    // Over TCP anyone on this host may connect: only the relays get in.
    if (
      place.kind === "tcp" &&
      !relayPorts.has((info.remoteAddr as Deno.NetAddr).port)
    ) return strangers();
    return handler(request);
  };
  // The inner server stops when its accept fails (EMFILE): a new one
  // takes its place, and the relays connect to it from then on.
  let inner!: Deno.HttpServer<Deno.NetAddr | Deno.UnixAddr>;
  let innerAddr!: Deno.NetAddr | Deno.UnixAddr;
  let innerFinished: Promise<void>;
  let generation = 0;
  const startInner = () => {
    if (place.dir) {
      const path = `${place.dir}/app-${generation++}.sock`;
      inner = Deno.serve({ path, onListen() {} }, answer);
      Deno.chmodSync(path, 0o600);
    } else {
      inner = Deno.serve(
        { hostname: "127.0.0.1", port: 0, onListen() {} },
        answer,
      );
    }
    innerAddr = inner.addr;
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
    if (innerAddr.transport === "unix") {
      try {
        Deno.removeSync(innerAddr.path);
      } catch { /* already gone */ }
    }
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

  const removeDir = () => {
    if (!place.dir) return;
    try {
      Deno.removeSync(place.dir, { recursive: true });
    } catch { /* already gone */ }
  };

  const close = (relay: Relay) => {
    if (relay.closed) return;
    relay.closed = true;
    relays.delete(relay);
    for (const conn of [relay.client, relay.upstream]) {
      try {
        conn?.close();
      } catch { /* already closed */ }
    }
    if (relay.upstream && place.kind === "tcp") {
      relayPorts.delete((relay.upstream.localAddr as Deno.NetAddr).port);
    }
  };

  const connectUpstream = async (relay: Relay): Promise<Deno.Conn | null> => {
    let upstream: Deno.Conn;
    try {
      upstream = innerAddr.transport === "unix"
        ? await Deno.connect({ transport: "unix", path: innerAddr.path })
        : await Deno.connect({
          hostname: "127.0.0.1",
          port: (innerAddr as Deno.NetAddr).port,
        });
    } catch {
      return null;
    }
    if (relay.closed) {
      upstream.close();
      return null;
    }
    relay.upstream = upstream;
    if (place.kind === "tcp") {
      relayPorts.add((upstream.localAddr as Deno.NetAddr).port);
    }
    pump(relay, upstream, relay.client, false);
    return upstream;
  };

  const enter = (relay: Relay, phase: Phase, now: number) => {
    relay.phase = phase;
    relay.phaseStarted = now;
    relay.lineLength = relay.lines = 0;
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
        const bytes = buffer.subarray(0, n);
        if (fromClient) {
          if (relay.phase === "idle") enter(relay, "head", now);
          if (relay.phase === "head" && headEnds(relay, bytes)) {
            enter(relay, "app", now);
          }
        } else if (relay.phase === "app" && !interim(bytes)) {
          // The app has begun to answer: what the client sends next is
          // the next request.
          enter(relay, "idle", now);
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
    const now = performance.now();
    const relay: Relay = {
      client,
      phase: "idle",
      phaseStarted: now,
      lineLength: 0,
      lines: 0,
      lastActivity: now,
      closed: false,
    };
    relays.add(relay);
    pump(relay, client, undefined, true);
  };

  // Closes the connection idle the longest, to make room for a new one.
  const evictIdlest = (): boolean => {
    let idlest: Relay | undefined;
    for (const r of relays) {
      if (r.phase === "app") continue;
      if (!idlest || r.lastActivity < idlest.lastActivity) idlest = r;
    }
    if (idlest) close(idlest);
    return idlest !== undefined;
  };

  const sweep = setInterval(
    () => {
      const now = performance.now();
      for (const r of relays) {
        const late = r.phase === "head"
          ? now - r.phaseStarted > headerTimeout
          : r.phase === "app"
          ? now - r.phaseStarted > answerTimeout
          : now - r.lastActivity > idleTimeout;
        if (late) close(r);
      }
    },
    Math.max(50, Math.min(1000, Math.min(headerTimeout, idleTimeout) / 4)),
  );
  let listener: Deno.Listener;
  try {
    listener = Deno.listen({
      hostname: options.hostname ?? "127.0.0.1",
      port: options.port ?? 8000,
    });
  } catch (error) {
    // The port is taken, say: leave nothing behind.
    stopping = true;
    clearInterval(sweep);
    inner.shutdown().then(removeDir, removeDir);
    throw error;
  }
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
      removeDir();
    })();

  return {
    addr,
    get innerAddr() {
      return innerAddr;
    },
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
