/**
 * `compare` of two runs over many small topics, where the cost is per topic,
 * not per line: each topic judges one of 20 documents (grade 1 or 2), and
 * each run ranks 10 of the 20 in a random order with scores 10.5 down to 1.5
 * (a million topics: 10 M lines, 226 MB a run).
 *
 * ```sh
 * deno run -A bench/many_topics.ts [--topics 1000000] [--runs 1] [--data bench/data] [--baseline ../main/cli.ts]
 * ```
 *
 * Writes `many-N.qrels`, `many-N.a.run` and `many-N.b.run` once, then runs
 * `cli.ts compare QRELS A B -m ndcg@10 -m ap -m P@10 -m rr` under GNU time
 * (CPU time, user + system, is the figure that holds under load) and prints
 * the load average; with `--baseline`, that checkout's `cli.ts` takes turns
 * with this one and must print the same bytes.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { median, timeOnce, type Timing } from "./_timing.ts";
import { random } from "./_random.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    topics: { type: "string", default: "1000000" },
    runs: { type: "string", default: "1" },
    data: { type: "string", default: "bench/data" },
    baseline: { type: "string" },
  },
});
const topics = Number(values.topics);
const name = `${values.data}/many-${topics}`;

async function ensureData(): Promise<void> {
  try {
    await Deno.stat(`${name}.b.run`);
    return;
  } catch {
    // Written below.
  }
  await Deno.mkdir(values.data!, { recursive: true });
  const rand = random(1);
  const encoder = new TextEncoder();
  const files = ["qrels", "a.run", "b.run"].map((suffix) =>
    Deno.openSync(`${name}.${suffix}`, {
      write: true,
      create: true,
      truncate: true,
    })
  );
  const texts = ["", "", ""];
  const flush = () => {
    texts.forEach((text, f) => {
      const bytes = encoder.encode(text);
      for (let at = 0; at < bytes.length;) {
        at += files[f].writeSync(bytes.subarray(at));
      }
      texts[f] = "";
    });
  };
  const order = Array.from({ length: 20 }, (_, i) => i);
  for (let t = 0; t < topics; t++) {
    const qid = `q${t}`;
    const grade = rand() < 0.5 ? 1 : 2;
    texts[0] += `${qid} 0 d${Math.floor(rand() * 20)} ${grade}\n`;
    for (const [f, tag] of [[1, "a"], [2, "b"]] as const) {
      // The first 10 of a shuffle of the 20 documents.
      for (let i = 0; i < 10; i++) {
        const j = i + Math.floor(rand() * (20 - i));
        [order[i], order[j]] = [order[j], order[i]];
        texts[f] += `${qid} Q0 d${order[i]} ${i + 1} ${10.5 - i} ${tag}\n`;
      }
    }
    if (t % 10_000 === 9_999) flush();
  }
  flush();
  for (const file of files) file.close();
}

await ensureData();
const own = fileURLToPath(new URL("../cli.ts", import.meta.url));
const command = (cli: string) => [
  Deno.execPath(),
  "run",
  "-A",
  cli,
  "compare",
  `${name}.qrels`,
  `${name}.a.run`,
  `${name}.b.run`,
  "-m",
  "ndcg@10",
  "-m",
  "ap",
  "-m",
  "P@10",
  "-m",
  "rr",
];
const sides: [string, string][] = [["ranklens", own]];
if (values.baseline) sides.push(["baseline", values.baseline]);
const timings = new Map<string, Timing[]>(sides.map(([side]) => [side, []]));
const load = () => Deno.loadavg().map((x) => x.toFixed(1)).join(" ");
const loads = [load()];
for (let r = 0; r < Number(values.runs); r++) {
  for (const [side, cli] of sides) {
    timings.get(side)!.push(await timeOnce(command(cli)));
  }
  loads.push(load());
}
const outputs = new Set([...timings.values()].map((t) => t[0].stdout));
for (const [side, runs] of timings) {
  console.log(
    `${side}: compare of 2 runs x ${topics} topics, 4 metrics: median of ${runs.length}: ${
      median(runs.map((t) => t.wall)).toFixed(1)
    } s wall, ${median(runs.map((t) => t.cpu)).toFixed(1)} s CPU, ${
      (median(runs.map((t) => t.peakKiB)) / 1024).toFixed(0)
    } MiB peak`,
  );
}
console.log(`load averages (1, 5, 15 min) between runs: ${loads.join("; ")}`);
if (outputs.size > 1) throw new Error("the two sides printed different bytes");
