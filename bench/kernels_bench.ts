/**
 * `deno bench -A bench/`: the parsing and metric kernels in isolation.
 *
 * @module
 */

import { JudgedRanking } from "../model/judged_ranking.ts";
import { resolve } from "../metrics/builtin.ts";
import { evaluateSync } from "../metrics/evaluate.ts";
import { scanRun } from "../formats/trec_run_scan.ts";
import { readRun } from "../formats/trec_run.ts";
import type { Qrels, RankedList } from "../model/types.ts";
import { random } from "./_random.ts";

const rand = random(42);
const QUERIES = 10_000, DEPTH = 100;
const qrels = new Map<string, Map<string, number>>();
const lists: RankedList[] = [];
let runText = "";
for (let q = 0; q < QUERIES; q++) {
  const judgements = new Map<string, number>();
  for (let j = 0; j < 10; j++) {
    judgements.set(`d${Math.floor(rand() * 300)}`, Math.floor(rand() * 4));
  }
  qrels.set(`q${q}`, judgements);
  const docs = Array.from({ length: DEPTH }, (_, i) => `d${(i * 7 + q) % 300}`);
  lists.push({ queryId: `q${q}`, docs });
  docs.forEach((
    d,
    i,
  ) => (runText += `q${q} Q0 ${d} ${i + 1} ${(DEPTH - i) / 7} bench\n`));
}
const runPath = await Deno.makeTempFile({ suffix: ".run" });
await Deno.writeTextFile(runPath, runText);
const typedQrels: Qrels = qrels;

const ranking = JudgedRanking.from("q0", lists[0].docs, qrels.get("q0")!);
const ndcg10 = resolve("ndcg@10"), ap = resolve("ap"), bpref = resolve("bpref");

Deno.bench("JudgedRanking.from, 100 docs", { group: "join" }, () => {
  JudgedRanking.from("q0", lists[0].docs, qrels.get("q0")!);
});
Deno.bench("ndcg@10 kernel", { group: "kernel" }, () => {
  ndcg10.score(ranking);
});
Deno.bench("ap kernel", { group: "kernel" }, () => {
  ap.score(ranking);
});
Deno.bench("bpref kernel", { group: "kernel" }, () => {
  bpref.score(ranking);
});
Deno.bench(
  `evaluateSync ndcg@10, ${QUERIES} x ${DEPTH}`,
  { group: "library" },
  () => {
    evaluateSync(lists, typedQrels, ["ndcg@10"]);
  },
);
Deno.bench(`scanRun, ${QUERIES * DEPTH} lines`, {
  group: "parse",
  baseline: true,
}, async () => {
  for await (const _ of scanRun(runPath, typedQrels)) { /* drain */ }
});
Deno.bench(
  `readRun, ${QUERIES * DEPTH} lines`,
  { group: "parse" },
  async () => {
    for await (const _ of readRun(runPath)) { /* drain */ }
  },
);
