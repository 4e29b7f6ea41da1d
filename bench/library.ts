/**
 * The library path: `evaluateSync` on in-memory ranked lists, 100,000 queries
 * x 100 documents, nDCG@10 (the setting of ranx's published comparison:
 * 0.055 s for ranx, 3.2 s for pytrec_eval on their machine).
 *
 * ```sh
 * deno run --allow-sys=loadavg bench/library.ts [--queries 100000] [--depth 100] [--runs 9] [--collection 200]
 * ```
 *
 * Each query judges up to 10 documents and ranks `depth`, drawn from a collection
 * of `collection` ids (200 by default, as the figures in the README; a
 * million makes almost every id of a list one the repeat check has not
 * seen lately).
 *
 * Two inputs take turns run by run, so a change in the machine's load falls
 * on both, each through `evaluateSync`: ranked lists of ids, and the same
 * lists as document numbers of a `NumberedQrels`, whose run joins
 * them by reading typed arrays instead of hashing every document id
 * (numbering is not timed: a caller holding integer ids, such as a vector
 * index's positions, has done it already; the qrels are numbered once).
 * Each line gives the median wall and CPU time, its ratio to ranx's
 * published 0.055 s, and the mean, which must be the same for both; the
 * last line the load average.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { cpuUsage } from "node:process";
import { evaluateSync } from "../metrics/evaluate.ts";
import { NumberedQrels } from "../model/numbered_qrels.ts";
import type { RankedList } from "../model/types.ts";

/** ranx's published time for this setting, in seconds. */
const RANX = 0.055;

const { values } = parseArgs({
  args: Deno.args,
  options: {
    queries: { type: "string", default: "100000" },
    depth: { type: "string", default: "100" },
    runs: { type: "string", default: "9" },
    collection: { type: "string", default: "200" },
  },
});
const queries = Number(values.queries), depth = Number(values.depth);
const collection = Number(values.collection);
if (!(collection >= depth)) {
  throw new RangeError(
    `Collection must hold at least depth (${depth}) ids, got ${values.collection}`,
  );
}

let seed = 1;
const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
const qrels = new Map<string, Map<string, number>>();
const run: RankedList[] = [];
for (let q = 0; q < queries; q++) {
  const judgements = new Map<string, number>();
  for (let i = 0; i < 10; i++) {
    judgements.set(
      `d${Math.floor(rand() * collection)}`,
      Math.floor(rand() * 4),
    );
  }
  qrels.set(`q${q}`, judgements);
  const docs: string[] = [];
  const seen = new Set<string>();
  while (docs.length < depth) {
    const doc = `d${Math.floor(rand() * collection)}`;
    if (!seen.has(doc)) {
      seen.add(doc);
      docs.push(doc);
    }
  }
  run.push({ queryId: `q${q}`, docs });
}

// The process's CPU time (user + system) in seconds: under load, wall time
// measures the machine's queue as much as the code.
const cpuSeconds = () => {
  const { user, system } = cpuUsage();
  return (user + system) / 1e6;
};
const medianOf = (xs: number[]) =>
  xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];

// The same lists as numbers, made before any timing.
const numbered = new NumberedQrels(qrels);
const lists = run.map((r) => ({
  queryId: r.queryId,
  docs: numbered.numbersOf(r.docs),
}));

interface Timed {
  readonly wall: number[];
  readonly cpu: number[];
  mean: number;
}
const byIds: Timed = { wall: [], cpu: [], mean: NaN };
const byNumbers: Timed = { wall: [], cpu: [], mean: NaN };

async function timed(into: Timed, score: () => Promise<number> | number) {
  const start = performance.now(), cpuStart = cpuSeconds();
  into.mean = await score();
  into.wall.push((performance.now() - start) / 1000);
  into.cpu.push(cpuSeconds() - cpuStart);
}

for (let r = 0; r < Number(values.runs); r++) {
  await timed(
    byIds,
    () => evaluateSync(run, qrels, ["ndcg@10"]).aggregate["ndcg@10"],
  );
  await timed(
    byNumbers,
    () =>
      evaluateSync(numbered.run(lists), numbered.qrels, ["ndcg@10"])
        .aggregate["ndcg@10"],
  );
}
if (byNumbers.mean !== byIds.mean) {
  throw new Error(`numbered mean ${byNumbers.mean} differs from ${byIds.mean}`);
}

function report(what: string, { wall, cpu, mean }: Timed): void {
  const median = medianOf(wall);
  console.log(
    `${what}: median ${median.toFixed(3)} s of ${wall.length} runs (${
      (median / RANX).toFixed(1)
    }x ranx's ${RANX} s; ${(queries / median / 1e3).toFixed(0)}k queries/s), ${
      medianOf(cpu).toFixed(3)
    } s of CPU, mean nDCG@10 ${mean.toFixed(4)}`,
  );
}
report(
  `evaluateSync ndcg@10, ${queries} queries x ${depth} docs, ids`,
  byIds,
);
report("the same as numbers (NumberedQrels)", byNumbers);
// Asked for, not required: `deno run bench/library.ts` still runs.
const load = await Deno.permissions.query({ name: "sys", kind: "loadavg" });
console.log(
  load.state === "granted"
    ? `load average ${Deno.loadavg().map((l) => l.toFixed(2)).join(" ")}`
    : "load average: run with --allow-sys=loadavg to print it",
);
