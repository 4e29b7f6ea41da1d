/**
 * Peak memory of `retrieve` against a hostile search service whose every
 * response is a small gzip body inflating to a huge one:
 *
 * ```sh
 * deno run -A bench/retrieve_gzip_memory.ts [--inflated-mib 300] [--queries 32] [--concurrency 4] [--runs 3]
 * ```
 *
 * Serves, on 127.0.0.1, `--inflated-mib` MiB of spaces gzipped (1.3 MB for
 * 300 MiB) with `Content-Encoding: gzip` to every request, runs
 * `cli.ts retrieve` over a Go-style dataset of `--queries` queries under
 * `/usr/bin/time -f %M` `--runs` times, and prints the median peak resident
 * memory with the load average. Every run must end in the
 * `maxResponseBytes` refusal; the bound is the default 64 MiB, so a run
 * whose memory is bounded by concurrency × the bound peaks in the hundreds
 * of MB.
 *
 * @module
 */

import { parseArgs } from "node:util";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    "inflated-mib": { type: "string", default: "300" },
    queries: { type: "string", default: "32" },
    concurrency: { type: "string", default: "4" },
    runs: { type: "string", default: "3" },
  },
});
const inflated = Number(values["inflated-mib"]) * 2 ** 20;
const queries = Number(values.queries);

const spaces = ReadableStream.from((function* () {
  const chunk = new Uint8Array(2 ** 20).fill(0x20);
  for (let sent = 0; sent < inflated; sent += chunk.length) yield chunk;
})()).pipeThrough(new CompressionStream("gzip"));
const gzip = new Uint8Array(await new Response(spaces).arrayBuffer());

let requests = 0;
const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen() {} },
  () => {
    requests++;
    return new Response(gzip, {
      headers: {
        "content-type": "application/json",
        "content-encoding": "gzip",
      },
    });
  },
);

const dir = await Deno.makeTempDir();
const dataset = `${dir}/dataset.json`;
await Deno.writeTextFile(
  dataset,
  JSON.stringify({
    name: "hostile",
    documents: [{ id: "d1", title: "", content: "a chain" }],
    queries: Array.from({ length: queries }, (_, i) => ({
      id: `q${i}`,
      text: `chain ${i}`,
      relevant: ["d1"],
    })),
  }),
);

const cli = new URL("../cli.ts", import.meta.url).pathname;
const peaks: number[] = [];
for (let run = 0; run < Number(values.runs); run++) {
  const output = await new Deno.Command("/usr/bin/time", {
    args: [
      "-f",
      "%M",
      Deno.execPath(),
      "run",
      "-A",
      cli,
      "retrieve",
      "--dataset",
      dataset,
      "--url",
      `http://127.0.0.1:${server.addr.port}/search`,
      "--concurrency",
      values.concurrency,
      "--retries",
      "0",
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr).trim().split("\n");
  const kib = Number(stderr.at(-1));
  if (!stderr.some((line) => line.includes("maxResponseBytes"))) {
    console.error(stderr.join("\n"));
    throw new Error("the run did not end in the maxResponseBytes refusal");
  }
  peaks.push(kib / 1024);
}
await server.shutdown();
await Deno.remove(dir, { recursive: true });

const sorted = peaks.toSorted((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(
  `gzip ${gzip.length} bytes inflating to ${inflated} bytes; ${queries} queries at --concurrency ${values.concurrency}; ${requests} requests served`,
);
console.log(
  `peak RSS: median ${median.toFixed(0)} MiB (runs: ${
    peaks.map((p) => p.toFixed(0)).join(", ")
  }); load average ${Deno.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
);
