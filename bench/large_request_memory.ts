/**
 * Whether the server's memory goes back to its idle level after large
 * requests:
 *
 * ```sh
 * deno run -A bench/large_request_memory.ts [--mib 30] [--requests 3]
 * ```
 *
 * Starts `cli.ts serve` on 127.0.0.1 as a subprocess, reads its resident
 * memory idle, posts `--requests` evaluate bodies of about `--mib` MiB one
 * after another (sampling the peak), reads it three seconds later and then
 * once a second until it is back within 32 MiB of its idle level. Exits 1
 * when a request failed or it did not come back within a minute.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { cliServeArgs, spawnServer } from "../tests/server/_serve.ts";
import { settle, statusKiB } from "./_memory.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    mib: { type: "string", default: "30" },
    requests: { type: "string", default: "3" },
  },
});
const target = Number(values.mib) * 2 ** 20;
const requests = Number(values.requests);

const rssMiB = (pid: number) => statusKiB(pid, "VmRSS") / 1024;

// A run of many topics, about `target` bytes of TREC text.
const qrels: string[] = [];
const run: string[] = [];
let bytes = 0;
for (let q = 0; bytes < target; q++) {
  qrels.push(`q${q} 0 d${q % 97}-1 1`);
  for (let r = 1; r <= 100; r++) {
    const line = `q${q} Q0 d${(q * r) % 97}-${r} ${r} ${100 - r / 10} big`;
    run.push(line);
    bytes += line.length + 1;
  }
}
const body = JSON.stringify({
  qrels: qrels.join("\n") + "\n",
  run: run.join("\n") + "\n",
  metrics: ["ndcg@10", "ap"],
});

const server = await spawnServer(cliServeArgs(), {
  RANKLENS_TIME_LIMIT_MS: "120000",
});
await new Promise((resolve) => setTimeout(resolve, 2000));
const idle = rssMiB(server.pid);
let peak = idle;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMiB(server.pid));
}, 100);
let failed = 0;
const took: number[] = [];
for (let i = 0; i < requests; i++) {
  const start = performance.now();
  const response = await fetch(`${server.url}/v1/evaluate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const answer = await response.text();
  took.push(Math.round(performance.now() - start));
  if (response.status !== 200) {
    failed++;
    console.error(answer.slice(0, 300));
  }
}
await new Promise((resolve) => setTimeout(resolve, 3000));
clearInterval(sampler);
const after = rssMiB(server.pid);
const settled = await settle(server.pid, idle * 1024);
console.log(
  `deno run -A bench/large_request_memory.ts ${Deno.args.join(" ")}`.trim(),
);
console.log(
  `${requests} evaluate requests of ${
    (body.length / 2 ** 20).toFixed(1)
  } MiB (${run.length} run lines), one at a time: ${
    took.join(", ")
  } ms, ${failed} failed`,
);
console.log(
  `server RSS MiB: idle ${Math.round(idle)}, peak ${
    Math.round(peak)
  }, 3 s after ${Math.round(after)}, ${Math.round(settled.kib / 1024)} ${
    settled.seconds + 3
  } s after (${settled.back ? "back" : "NOT BACK"} within 32 MiB of idle)`,
);
// Deno.exit skips disposal: stop the server first, or it outlives the bench.
await server.stop();
Deno.exit(failed || !settled.back ? 1 : 0);
