/**
 * The library on a run file: `evaluate(readRun(path), qrels, specs)`, which
 * scans the file, against the same run iterated line by line (bound metrics,
 * as custom metrics are), on the MS MARCO-sized files of `generate.ts`.
 *
 * ```sh
 * deno run -A bench/generate.ts      # once
 * deno run -R bench/run_file.ts [--data bench/data] [--runs 3]
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import { evaluate } from "../metrics/evaluate.ts";
import { resolve } from "../metrics/builtin.ts";
import { readQrels } from "../formats/trec_qrels.ts";
import { readRun } from "../formats/trec_run.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    data: { type: "string", default: "bench/data" },
    runs: { type: "string", default: "3" },
  },
});
const run = `${values.data}/msmarco-6980x1000.run`;
const qrels = await readQrels(`${values.data}/msmarco-6980x1000.qrels`);
const specs = ["ndcg@10", "ap", "rr", "P@10", "recall@100"];

async function median(label: string, score: () => Promise<number>) {
  const times: number[] = [];
  let value = 0;
  for (let r = 0; r < Number(values.runs); r++) {
    const start = performance.now();
    value = await score();
    times.push((performance.now() - start) / 1000);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label}: median ${
      times[times.length >> 1].toFixed(2)
    } s of ${times.length} runs, ndcg@10 ${value.toFixed(4)}`,
  );
}

await median(
  "evaluate(readRun(path)), specs (scanned)",
  async () => (await evaluate(readRun(run), qrels, specs)).aggregate["ndcg@10"],
);
await median(
  "evaluate(readRun(path)), bound metrics (iterated)",
  async () =>
    (await evaluate(readRun(run), qrels, specs.map(resolve))).aggregate[
      "ndcg@10"
    ],
);
