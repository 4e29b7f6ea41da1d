/**
 * The library path: `evaluateSync` on in-memory ranked lists, 100,000 queries
 * x 100 documents, nDCG@10 (the setting of ranx's published comparison:
 * 0.055 s for ranx, 3.2 s for pytrec_eval on their machine).
 *
 * ```sh
 * deno run bench/library.ts [--queries 100000] [--depth 100] [--runs 5]
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import { evaluateSync } from "../metrics/evaluate.ts";
import type { RankedList } from "../model/types.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    queries: { type: "string", default: "100000" },
    depth: { type: "string", default: "100" },
    runs: { type: "string", default: "5" },
  },
});
const queries = Number(values.queries), depth = Number(values.depth);

let seed = 1;
const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
const qrels = new Map<string, Map<string, number>>();
const run: RankedList[] = [];
for (let q = 0; q < queries; q++) {
  const judgements = new Map<string, number>();
  for (let i = 0; i < 10; i++) {
    judgements.set(`d${Math.floor(rand() * 200)}`, Math.floor(rand() * 4));
  }
  qrels.set(`q${q}`, judgements);
  const docs: string[] = [];
  const seen = new Set<string>();
  while (docs.length < depth) {
    const doc = `d${Math.floor(rand() * 200)}`;
    if (!seen.has(doc)) {
      seen.add(doc);
      docs.push(doc);
    }
  }
  run.push({ queryId: `q${q}`, docs });
}

const times: number[] = [];
let mean = 0;
for (let r = 0; r < Number(values.runs); r++) {
  const start = performance.now();
  mean = evaluateSync(run, qrels, ["ndcg@10"]).aggregate["ndcg@10"];
  times.push((performance.now() - start) / 1000);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `evaluateSync ndcg@10, ${queries} queries x ${depth} docs: median ${
    median.toFixed(3)
  } s of ${times.length} runs (${
    (queries / median / 1e3).toFixed(0)
  }k queries/s), mean nDCG@10 ${mean.toFixed(4)}`,
);
