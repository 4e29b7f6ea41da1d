/**
 * A bounded load test of the HTTP service from a second process:
 *
 * ```sh
 * deno run -A bench/load.ts [--clients 50] [--slow 10] [--duration 20] [--queries 1000]
 *   [--depth 100] [-m SPEC]... [--max-running N] [--max-waiting N] [--parallel] [--json]
 * ```
 *
 * Starts `cli.ts serve` (or, with `--parallel`, `deno serve --parallel
 * server.ts`: one isolate per core) on 127.0.0.1 as a subprocess, has `--clients`
 * concurrent clients take turns over every route for `--duration` seconds
 * (`/v1/evaluate`, `/v1/compare`, `/v1/rag`, `/v1/trec_eval` on a generated
 * run of `--queries` topics of `--depth` documents, TREC text, and
 * `/healthz`, `/v1/metrics`), while `--slow` more clients upload bodies a
 * byte a second and are cut off by the body time limit. Samples the
 * server's resident memory from `/proc`, stops the server and prints
 * requests per second, latency percentiles, failures of the legitimate
 * requests, the memory trend and the peak (the kernel's high-water mark)
 * against the memory bound the server announced at start-up, and how long
 * its memory takes to come back near its idle level. Exits 1 when a
 * legitimate request failed, the peak passed the bound, memory grew from
 * each quarter of the run to the next once warmed up or did not come back
 * within a minute.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { settle, statusKiB } from "./_memory.ts";
import {
  cliServeArgs,
  type ServerProcess,
  spawnServer,
} from "../tests/server/_serve.ts";
import { random } from "./_random.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    clients: { type: "string", default: "50" },
    slow: { type: "string", default: "10" },
    duration: { type: "string", default: "20" },
    queries: { type: "string", default: "1000" },
    depth: { type: "string", default: "100" },
    metric: { type: "string", short: "m", multiple: true },
    "max-running": { type: "string" },
    "max-waiting": { type: "string" },
    parallel: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
});
const clients = Number(values.clients);
const slowClients = Number(values.slow);
const duration = Number(values.duration) * 1000;
const queries = Number(values.queries);
const depth = Number(values.depth);

function generate(): { qrels: string; run: string } {
  const rand = random(7);
  const qrels: string[] = [];
  const run: string[] = [];
  for (let q = 1; q <= queries; q++) {
    const qid = `q${q}`;
    for (let d = 0; d < 20; d++) {
      const grade = rand() < 0.3 ? 1 + Math.floor(rand() * 3) : 0;
      qrels.push(`${qid} 0 doc${Math.floor(rand() * 400)}-${d} ${grade}`);
    }
    let score = 30;
    for (let r = 1; r <= depth; r++) {
      score -= rand() * 0.3;
      run.push(
        `${qid} Q0 doc${Math.floor(rand() * 400)}-${r % 20} ${r} ${
          score.toFixed(4)
        } load`,
      );
    }
  }
  // Drop repeated judgements and repeated documents of a topic.
  const unique = (lines: string[]) => {
    const seen = new Set<string>();
    return lines.filter((line) => {
      const [qid, , doc] = line.split(" ");
      const key = `${qid} ${doc}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  return {
    qrels: unique(qrels).join("\n") + "\n",
    run: unique(run).join("\n") + "\n",
  };
}

const rssKiB = (pid: number) => statusKiB(pid, "VmRSS");

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 0.5);
}

function startServer(): Promise<ServerProcess> {
  const limits = (["max-running", "max-waiting"] as const).flatMap((flag) =>
    values[flag] === undefined ? [] : [`--${flag}`, values[flag]!]
  );
  const here = (path: string) => new URL(path, import.meta.url).pathname;
  const env: Record<string, string> = {};
  if (values["max-running"]) env.RANKLENS_MAX_RUNNING = values["max-running"];
  if (values["max-waiting"]) env.RANKLENS_MAX_WAITING = values["max-waiting"];
  // `cli.ts serve` announces its address on stdout, `deno serve` on stderr;
  // spawnServer watches both.
  const args = values.parallel
    ? [
      "serve",
      "--parallel",
      "--allow-env",
      "--allow-read",
      "--host",
      "127.0.0.1",
      "--port",
      "0",
      here("../server.ts"),
    ]
    : cliServeArgs(limits);
  return spawnServer(args, env);
}

const { qrels, run } = generate();
// A second system for /v1/compare: the same run with every other topic's
// first two documents swapped.
const other = run.replace(
  /^(\S+) Q0 (\S+) 1 (\S+) load\n\1 Q0 (\S+) 2 (\S+) load$/gm,
  (
    _,
    qid,
    first,
    s1,
    second,
    s2,
  ) => `${qid} Q0 ${second} 1 ${s1} load\n${qid} Q0 ${first} 2 ${s2} load`,
);
const samples = Array.from({ length: 50 }, (_, i) => ({
  response: `the answer is number ${i % 7} of the list`,
  reference: `the answer is number ${i % 5} in the list`,
}));

/** A legitimate request: what it posts, and what of its answer must repeat. */
interface Route {
  path: string;
  body?: string;
  /** The part of the answer compared with the first answer. */
  key: (text: string) => string;
}
const json = (value: unknown) => JSON.stringify(value);
const routes: Route[] = [
  {
    path: "/v1/evaluate",
    body: json({
      qrels,
      run,
      ...(values.metric?.length ? { metrics: values.metric } : {}),
    }),
    key: (text) => json(JSON.parse(text).aggregate),
  },
  {
    path: "/v1/compare",
    body: json({
      qrels,
      runs: { load: run, swapped: other },
      metrics: ["ap", "ndcg@10"],
      resamples: 1000,
    }),
    key: (text) => text,
  },
  {
    path: "/v1/rag",
    body: json({ samples, metrics: ["exact_match", "token_f1", "rouge_l"] }),
    key: (text) => json(JSON.parse(text).metrics),
  },
  {
    path: "/v1/trec_eval",
    body: json({ qrels, run, args: ["-m", "map", "-m", "P.10"] }),
    key: (text) => text,
  },
  { path: "/healthz", key: (text) => text },
  { path: "/v1/metrics", key: (text) => String(text.length) },
];
const body = routes[0].body!;
const server = await startServer();
// Idle before any request, once the workers have loaded their modules.
await new Promise((resolve) => setTimeout(resolve, 2000));
const freshKiB = rssKiB(server.pid);
const send = (route: Route) =>
  fetch(
    server.url + route.path,
    route.body === undefined ? {} : {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: route.body,
    },
  );

// One request per route first: the answers every later one must repeat.
const expected = new Map<Route, string>();
for (const route of routes) {
  const first = await send(route);
  const text = await first.text();
  if (first.status !== 200) {
    console.error(`${route.path}: ${first.status} ${text}`);
    await server.stop();
    Deno.exit(1);
  }
  expected.set(route, route.key(text));
}
// Three requests of each route one at a time: the service times, without
// queueing.
const aloneMs: Record<string, number> = {};
for (const route of routes) {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const sent = performance.now();
    await (await send(route)).arrayBuffer();
    times.push(performance.now() - sent);
  }
  aloneMs[route.path] = Math.round(median(times));
}
// Idle once each route has answered a few times, what the load must leave
// memory at: compiled code and the first heaps stay while the server runs,
// and the replaced workers' heap pages come back in about 30 s.
const warm = await settle(server.pid, freshKiB, 0, 45);
const warmKiB = warm.kib;

/** The machine's load average over the last minute: other work sharing the cores. */
const loadAverage = () =>
  Number(Deno.readTextFileSync("/proc/loadavg").split(" ")[0]);
const loadBefore = loadAverage();
const meanAlone = Object.values(aloneMs).reduce((a, b) => a + b, 0) /
  routes.length;
const workers = Number(values["max-running"] ?? navigator.hardwareConcurrency);
const latencies: number[] = [];
const failures: string[] = [];
const rss: { t: number; kib: number }[] = [];
const start = performance.now();
const sampler = setInterval(() => {
  rss.push({ t: performance.now() - start, kib: rssKiB(server.pid) });
}, 250);
rss.push({ t: 0, kib: rssKiB(server.pid) });

async function client(index: number): Promise<void> {
  for (let turn = index; performance.now() - start < duration; turn++) {
    const route = routes[turn % routes.length];
    const sent = performance.now();
    try {
      const response = await send(route);
      const text = await response.text();
      if (response.status !== 200) {
        failures.push(
          `${route.path}: ${response.status} ${text.slice(0, 200)}`,
        );
      } else if (route.key(text) !== expected.get(route)) {
        failures.push(`${route.path}: a different answer`);
      }
    } catch (error) {
      failures.push(`${route.path}: ${error}`);
    }
    latencies.push(performance.now() - sent);
  }
}

// A slow client declares a body, sends a byte a second until the server
// cuts it off, and starts again.
let slowCutOff = 0;
async function slowClient(): Promise<void> {
  const port = Number(new URL(server.url).port);
  const encoder = new TextEncoder();
  while (performance.now() - start < duration) {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    try {
      await conn.write(encoder.encode(
        "POST /v1/evaluate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n",
      ));
      for (let i = 0; performance.now() - start < duration; i++) {
        await conn.write(encoder.encode(i === 0 ? "{" : " "));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } catch {
      slowCutOff++;
    } finally {
      try {
        conn.close();
      } catch { /* closed by the server */ }
    }
  }
}

await Promise.all([
  ...Array.from({ length: clients }, (_, i) => client(i)),
  ...Array.from({ length: slowClients }, slowClient),
]);
const elapsed = performance.now() - start;
clearInterval(sampler);
const peakKiB = statusKiB(server.pid, "VmHWM");
// Idle for two seconds: what the server keeps once the load is gone; then
// until it is back near its idle level before the load.
await new Promise((resolve) => setTimeout(resolve, 2000));
const idleKiB = rssKiB(server.pid);
const settled = await settle(server.pid, warmKiB);
// `cli.ts serve` announces the bound its settings give; `deno serve` does not.
const announcedBound = server.output().match(/memory bound (\d+) MiB/);
const boundMiB = announcedBound ? Number(announcedBound[1]) : undefined;
const loadAfter = loadAverage();
const { code: exitCode } = await server.stop();

latencies.sort((a, b) => a - b);
const quarter = Math.max(1, Math.floor(rss.length / 4));
// The median of each quarter. The first is warm-up: the bodies held fill
// their budget and the workers' heaps grow to their working size. After
// it the resident size swings by a fifth with the bodies in flight, so
// growth is a rise from each quarter to the next, not one quarter against
// another.
const quarters = [0, 1, 2, 3].map((i) =>
  median(rss.slice(i * quarter, (i + 1) * quarter).map((s) => s.kib))
);
const steps = [1, 2].map((i) => (quarters[i + 1] - quarters[i]) / quarters[i]);
const grew = steps.every((step) => step > 0.05);
const growth = (quarters[3] - quarters[1]) / quarters[1];
const overBound = boundMiB !== undefined && peakKiB / 1024 > boundMiB;
const cpu = Deno.readTextFileSync("/proc/cpuinfo").match(
  /model name\s*:\s*(.*)/,
)?.[1];
const report = {
  command: `deno run -A bench/load.ts ${Deno.args.join(" ")}`.trim(),
  machine: `${navigator.hardwareConcurrency} cores (${cpu ?? "unknown"}), ${
    Math.round(Deno.systemMemoryInfo().total / 2 ** 30)
  } GiB, Deno ${Deno.version.deno}`,
  loadAverage: { before: loadBefore, after: loadAfter },
  clients,
  slowClients,
  slowCutOff,
  seconds: Math.round(elapsed / 100) / 10,
  queries,
  runLines: run.split("\n").length - 1,
  bodyBytes: new TextEncoder().encode(body).length,
  requests: latencies.length,
  failed: failures.length,
  requestsPerSecond: Math.round(latencies.length / elapsed * 1000 * 10) / 10,
  aloneMs,
  meanAloneMs: Math.round(meanAlone),
  workers,
  // Every client waits for the others' requests ahead of it in line.
  queueEstimateMs: Math.round(clients * meanAlone / workers),
  latencyMs: {
    p50: Math.round(percentile(latencies, 0.5)),
    p90: Math.round(percentile(latencies, 0.9)),
    p99: Math.round(percentile(latencies, 0.99)),
    max: Math.round(latencies[latencies.length - 1]),
  },
  rssMiB: {
    start: Math.round(rss[0].kib / 1024),
    quarters: quarters.map((kib) => Math.round(kib / 1024)),
    peak: Math.round(peakKiB / 1024),
    bound: boundMiB ?? null,
    idleBefore: Math.round(freshKiB / 1024),
    idleWarm: Math.round(warmKiB / 1024),
    idleAfter: Math.round(idleKiB / 1024),
    settled: Math.round(settled.kib / 1024),
    settledAfterSeconds: settled.seconds + 2,
    // One sample per tenth of the run, to see the trend.
    trend: Array.from(
      { length: 10 },
      (_, i) => Math.round(rss[Math.floor(i * rss.length / 10)].kib / 1024),
    ),
  },
  serverExit: exitCode,
};
if (values.json) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`${report.command}
machine: ${report.machine}, load average ${loadBefore} before, ${loadAfter} after
load: ${clients} clients sending for ${
    duration / 1000
  } s (last answer at ${report.seconds} s) in turn to ${
    routes.map((r) => r.path).join(", ")
  }, with a ${queries}-query run (${report.runLines} lines, ${
    (report.bodyBytes / 2 ** 20).toFixed(1)
  } MiB evaluate body); ${slowClients} slow-upload clients, cut off ${slowCutOff} times
one request alone, ms (median of 3): ${
    Object.entries(aloneMs).map(([path, ms]) => `${path} ${ms}`).join(", ")
  }
queue estimate: ${clients} clients × ${report.meanAloneMs} ms mean time alone / ${report.workers} workers = ${
    (report.queueEstimateMs / 1000).toFixed(1)
  } s before each answer (bounded by the queue time limit, 60 s by default)
requests: ${report.requests} (${report.requestsPerSecond}/s), failed: ${report.failed}
latency ms: p50 ${report.latencyMs.p50}, p90 ${report.latencyMs.p90}, p99 ${report.latencyMs.p99}, max ${report.latencyMs.max}
server RSS MiB by tenths: ${report.rssMiB.trend.join(" ")}
server RSS MiB: start ${report.rssMiB.start}, quarters (medians) ${
    report.rssMiB.quarters.join(" ")
  }; idle ${report.rssMiB.idleBefore} before any request, ${report.rssMiB.idleWarm} ${warm.seconds} s after the requests alone, ${report.rssMiB.idleAfter} 2 s after the load, ${report.rssMiB.settled} ${report.rssMiB.settledAfterSeconds} s after it (${
    settled.back
      ? "back within 32 MiB of the idle level after the requests alone"
      : "NOT BACK within 32 MiB of the idle level after the requests alone"
  })
memory: ${grew ? "GREW" : "flat"} after warm-up (${
    steps.map((step) => `${step >= 0 ? "+" : ""}${(step * 100).toFixed(1)}%`)
      .join(", then ")
  } from the 2nd quarter on, ${(growth * 100).toFixed(1)}% in all)
peak RSS ${report.rssMiB.peak} MiB, memory bound ${
    boundMiB === undefined
      ? "not announced (deno serve): not checked"
      : `${boundMiB} MiB: ${overBound ? "FAIL" : "PASS"}`
  }`);
}
for (const failure of new Set(failures)) console.error(`failure: ${failure}`);
Deno.exit(
  failures.length || grew || overBound || !settled.back || exitCode !== 0
    ? 1
    : 0,
);
