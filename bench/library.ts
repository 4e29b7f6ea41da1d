/**
 * The library path: `evaluateSync` on in-memory ranked lists, 100,000 queries
 * x 100 documents, nDCG@10 (the setting of ranx's published comparison:
 * 0.055 s for ranx, 3.2 s for pytrec_eval on their machine).
 *
 * ```sh
 * deno run bench/library.ts [--queries 100000] [--depth 100] [--runs 5]   # wall and CPU time
 * ```
 *
 * A second line times the same scoring on ids already interned (documents
 * as integers, each query's judgements as integer ids and grades): the
 * join then reads typed arrays instead of hashing every document id, and
 * each query's sorted judged grades are made once with the qrels: what an
 * input of that shape would save. It builds the same
 * `JudgedRanking`s and scores them with the same bound metric, and checks
 * that the mean is the same.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { cpuUsage } from "node:process";
import { evaluateSync } from "../metrics/evaluate.ts";
import { resolve } from "../metrics/builtin.ts";
import {
  judgedGradesOf,
  JudgedRanking,
  NOT_POOLED,
  POOLED_UNJUDGED,
} from "../model/judged_ranking.ts";
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

// The process's CPU time (user + system) in seconds: under load, wall time
// measures the machine's queue as much as the code.
const cpuSeconds = () => {
  const { user, system } = cpuUsage();
  return (user + system) / 1e6;
};
const medianOf = (xs: number[]) =>
  xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];

const times: number[] = [], cpuTimes: number[] = [];
let mean = 0;
for (let r = 0; r < Number(values.runs); r++) {
  const start = performance.now(), cpuStart = cpuSeconds();
  mean = evaluateSync(run, qrels, ["ndcg@10"]).aggregate["ndcg@10"];
  times.push((performance.now() - start) / 1000);
  cpuTimes.push(cpuSeconds() - cpuStart);
}
const median = medianOf(times);
console.log(
  `evaluateSync ndcg@10, ${queries} queries x ${depth} docs: median ${
    median.toFixed(3)
  } s of ${times.length} runs (${
    (queries / median / 1e3).toFixed(0)
  }k queries/s), ${medianOf(cpuTimes).toFixed(3)} s of CPU, mean nDCG@10 ${
    mean.toFixed(4)
  }`,
);

// The same data with ids interned, as a caller holding integer ids would
// pass it (interning is not timed: such a caller has done it already).
const docIds = new Map<string, number>();
const intern = (doc: string) => {
  let id = docIds.get(doc);
  if (id === undefined) docIds.set(doc, id = docIds.size);
  return id;
};
const internedRun = run.map((r) => Int32Array.from(r.docs, intern));
const internedQrels = run.map((r) => {
  const judgements = qrels.get(r.queryId)!;
  return {
    judgements,
    ids: Int32Array.from(judgements.keys(), intern),
    grades: Float64Array.from(judgements.values()),
    // What the run does not change, made once with the qrels.
    judgedGrades: judgedGradesOf(judgements),
  };
});
const ndcg10 = resolve("ndcg@10");
const internedTimes: number[] = [], internedCpu: number[] = [];
let internedMean = 0;
for (let r = 0; r < Number(values.runs); r++) {
  const start = performance.now(), cpuStart = cpuSeconds();
  // A document's grade for the current query and the query that last saw
  // it (the repeat check), by its id: two typed arrays, no hashing.
  const gradeOf = new Float64Array(docIds.size);
  const gradedBy = new Int32Array(docIds.size).fill(-1);
  const seenBy = new Int32Array(docIds.size).fill(-1);
  let sum = 0;
  for (let q = 0; q < internedRun.length; q++) {
    const { ids, grades: judged, judgedGrades } = internedQrels[q];
    for (let j = 0; j < ids.length; j++) {
      gradeOf[ids[j]] = judged[j];
      gradedBy[ids[j]] = q;
    }
    const docs = internedRun[q];
    const grades = new Float64Array(docs.length);
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i];
      if (seenBy[doc] === q) throw new Error(`repeated document in query ${q}`);
      seenBy[doc] = q;
      const grade = gradedBy[doc] === q ? gradeOf[doc] : NOT_POOLED;
      grades[i] = grade < 0 && grade !== NOT_POOLED ? POOLED_UNJUDGED : grade;
    }
    const ranking = new JudgedRanking(
      run[q].queryId,
      grades,
      judgedGrades,
    );
    sum += ndcg10.score(ranking);
  }
  internedMean = sum / internedRun.length;
  internedTimes.push((performance.now() - start) / 1000);
  internedCpu.push(cpuSeconds() - cpuStart);
}
const internedMedian = medianOf(internedTimes);
if (Math.abs(internedMean - mean) > 1e-12) {
  throw new Error(`interned mean ${internedMean} differs from ${mean}`);
}
console.log(
  `the same, ids interned: median ${
    internedMedian.toFixed(3)
  } s of ${internedTimes.length} runs (${
    (queries / internedMedian / 1e3).toFixed(0)
  }k queries/s), ${medianOf(internedCpu).toFixed(3)} s of CPU, mean nDCG@10 ${
    internedMean.toFixed(4)
  }`,
);
