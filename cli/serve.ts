/**
 * `ranklens serve`: the HTTP API and web page on a local port.
 *
 * @module
 */

import { type CommandInput, defineCommand } from "./command.ts";
import { createApp } from "../server.ts";
import {
  defaultMaxConnections,
  descriptorLimit,
  serveGuarded,
} from "../server/connection_guard.ts";
import {
  DEFAULT_BODY_TIME_LIMIT,
  longestBodyTime,
} from "../server/request_body.ts";
import {
  DEFAULT_QUEUE_TIME_LIMIT,
  DEFAULT_TIME_LIMIT,
  positiveInteger,
  type ServerOptions,
  serverOptionsFromProcessEnv,
} from "../server/options.ts";
import { ScoringPool, scoringWorkersAllowed } from "../server/scoring_pool.ts";
import { memoryBound } from "../server/memory_bound.ts";
import { UsageError } from "./errors.ts";

const USAGE =
  "ranklens serve [--port N] [--host H] [--body-limit BYTES] [--time-limit MS] [--queue-time-limit MS] [--max-running N] [--max-waiting N] [--header-timeout MS] [--idle-timeout MS] [--max-connections N] [--cors ORIGIN]...";

const HELP =
  `Serves the JSON API under /v1, /openapi.json and the web page at /.

Options:
  --port N          the port (default 8000; 0 picks a free one)
  --host H          the interface (default 127.0.0.1; 0.0.0.0 for every one)
  --body-limit B    largest request body in bytes (default 33554432, 32 MiB)
  --time-limit MS   time a scoring request may compute, from when it takes
                    a scoring slot, in milliseconds (default 30000; 504)
  --queue-time-limit MS  time a scoring request may wait for a slot
                    (default 60000; 503 with Retry-After)
  --max-running N   scoring requests handled at once, each on its own
                    worker thread (default: one per core)
  --max-waiting N   scoring requests queued beyond those (default 64)
  --header-timeout MS  time for a request head to arrive (default 10000)
  --idle-timeout MS time a connection may carry nothing (default 30000)
  --max-connections N  connections held at once (default: a quarter of
                    the open-file limit less a reserve, read at start-up)
  --cors ORIGIN     allow this origin by CORS, * for any (repeatable;
                    default: CORS off)
  -h, --help        this help

Environment (flags win): RANKLENS_TOKEN (require "Authorization: Bearer
TOKEN" on /v1; there is no flag, so the token stays out of the process list),
RANKLENS_BODY_LIMIT, RANKLENS_BODY_TIME_LIMIT_MS, RANKLENS_MAX_BUFFERED_BYTES,
RANKLENS_TIME_LIMIT_MS, RANKLENS_QUEUE_TIME_LIMIT_MS, RANKLENS_MAX_RUNNING, RANKLENS_MAX_WAITING,
RANKLENS_MAX_METRICS, RANKLENS_MAX_PARAMETERS, RANKLENS_MAX_OUTPUT_VALUES,
RANKLENS_MAX_OUTPUT_BYTES, RANKLENS_MAX_RESAMPLED_VALUES,
RANKLENS_CORS_ORIGINS (comma-separated).

Scoring runs on worker threads that the time limit terminates; they need
read access to the ranklens modules (--allow-read), as the descriptor limit
does (/proc/self/limits). Connections are relayed to the app over a private
Unix socket in a new temporary folder when the server may write there and
connect to it (--allow-write, --allow-net); otherwise over a port on
127.0.0.1 that answers 403 to anything but the relays.`;

function integer(name: string, value: string, min: number): number {
  try {
    return positiveInteger(name, value, min);
  } catch (error) {
    throw new UsageError((error as Error).message, USAGE);
  }
}

function optional(flag: string, value: string | undefined): number | undefined {
  return value === undefined ? undefined : integer(`--${flag}`, value, 1);
}

const OPTIONS = {
  port: { type: "string", default: "8000" },
  host: { type: "string", default: "127.0.0.1" },
  "body-limit": { type: "string" },
  "time-limit": { type: "string" },
  "queue-time-limit": { type: "string" },
  "max-running": { type: "string" },
  "max-waiting": { type: "string" },
  "header-timeout": { type: "string" },
  "idle-timeout": { type: "string" },
  "max-connections": { type: "string" },
  cors: { type: "string", multiple: true },
} as const;

/**
 * Runs the command until SIGINT or SIGTERM.
 *
 * @param args The arguments after `serve`.
 * @returns The exit status.
 */
export const run: (args: string[]) => Promise<number> = defineCommand({
  usage: USAGE,
  help: HELP,
  options: OPTIONS,
  // The port is checked by serve; a bad one asks for nothing (a tcp: URL,
  // as http: drops port 80). The connection guard also listens on a
  // loopback port of its own, any one.
  permissions: ({ values }) => ({
    net: values.host === "127.0.0.1"
      ? ["tcp://127.0.0.1"]
      : [`tcp://${hostPort(values.host, values.port)}`, "tcp://127.0.0.1"],
  }),
  run: serve,
});

/** `host:port` as a URL writes it, an IPv6 address in brackets. */
function hostPort(host: string, port: string): string {
  return `${host.includes(":") ? `[${host}]` : host}:${port}`;
}

async function serve(
  { values }: CommandInput<typeof OPTIONS, never>,
): Promise<number> {
  const port = integer("--port", values.port, 0);
  if (port > 65535) {
    throw new UsageError(`--port must be at most 65535, got "${port}"`, USAGE);
  }
  const options: ServerOptions = serverOptionsFromProcessEnv();
  const flags = [
    ["body-limit", "bodyLimit", 1],
    ["time-limit", "timeLimit", 1],
    ["queue-time-limit", "queueTimeLimit", 1],
    ["max-running", "maxRunning", 1],
    ["max-waiting", "maxWaiting", 0],
  ] as const;
  for (const [flag, key, min] of flags) {
    const value = values[flag];
    if (value !== undefined) options[key] = integer(`--${flag}`, value, min);
  }
  if (values.cors?.length) options.corsOrigins = values.cors;
  let pool: ScoringPool | undefined;
  if (scoringWorkersAllowed()) {
    pool = options.scoring = new ScoringPool({ size: options.maxRunning });
    pool.warm();
  } else {
    console.warn(
      "ranklens: scoring runs on the serving thread (no --allow-read): the time limit stops it only between queries",
    );
  }
  const app = createApp(options);
  const bound = memoryBound({
    ...options,
    maxRunning: pool?.size ?? options.maxRunning,
  });
  const boundText = `${
    Math.round(bound.bytes / 2 ** 20)
  } MiB = ${bound.formula}`;
  const limit = descriptorLimit();
  const server = serveGuarded(app.fetch, {
    hostname: values.host,
    port,
    headerTimeout: optional("header-timeout", values["header-timeout"]),
    idleTimeout: optional("idle-timeout", values["idle-timeout"]),
    // The app answers within its own limits; this only catches a request
    // it never saw whole.
    answerTimeout:
      longestBodyTime(options.bodyTimeLimit ?? DEFAULT_BODY_TIME_LIMIT) +
      (options.queueTimeLimit ?? DEFAULT_QUEUE_TIME_LIMIT) +
      (options.timeLimit ?? DEFAULT_TIME_LIMIT) + 10_000,
    maxConnections: optional("max-connections", values["max-connections"]) ??
      defaultMaxConnections(limit),
    onListen({ hostname, port }) {
      const host = hostname.includes(":") ? `[${hostname}]` : hostname;
      console.log(
        `ranklens: listening on http://${host}:${port}/` +
          (options.token === undefined ? "" : " (bearer token required)"),
      );
      console.log(`ranklens: memory bound ${boundText}`);
    },
  });
  const stop = () => server.shutdown();
  const signals: Deno.Signal[] = Deno.build.os === "windows"
    ? ["SIGINT"]
    : ["SIGINT", "SIGTERM"];
  for (const signal of signals) Deno.addSignalListener(signal, stop);
  try {
    await server.finished;
  } finally {
    for (const signal of signals) Deno.removeSignalListener(signal, stop);
    pool?.close();
  }
  return 0;
}
