import { assertAlmostEquals, assertEquals, assertRejects } from "../assert.ts";
import { Bm25Retriever } from "../../adapters/bm25.ts";
import { InputError } from "../../model/errors.ts";
import {
  evaluateDataset,
  evaluateRetrieval,
} from "../../adapters/evaluate_retrieval.ts";
import {
  RetrievalError,
  type RetrieveOptions,
} from "../../adapters/retriever.ts";
import type { QrelsRecord } from "../../formats/dataset.ts";
import { readGoDataset } from "../../formats/go_dataset.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { readRun } from "../../formats/trec_run.ts";
import { evaluate } from "../../metrics/evaluate.ts";
import { formatTrecValue } from "../../trec_eval/c_printf.ts";

const TESTDATA = new URL("../testdata/retrieval/", import.meta.url);

Deno.test("ef seed: recall@3 is 1 and NDCG@1 averages to 0.5", async () => {
  const qrels = { q1: { d1: 1, d2: 1 }, q2: { d3: 1 } };
  const queries = { q1: "first query", q2: "second query" };
  const rankings: Record<string, string[]> = {
    "first query": ["d1", "d9", "d2"],
    "second query": ["d9", "d3"],
  };
  const report = await evaluateRetrieval(
    (query, { limit }) => rankings[query].slice(0, limit),
    qrels,
    queries,
    { kValues: [1, 3] },
  );
  assertEquals(report.aggregate["recall@3"], 1);
  assertEquals(report.primaryAt(1), 0.5);
});

Deno.test("ef seed: recall@2 is 1 over two queries", async () => {
  const report = await evaluateRetrieval(
    (query, { limit }) =>
      ({ alpha: ["d1", "d2"], beta: ["d1", "d2"] })[query]!.slice(0, limit),
    { q1: { d1: 1 }, q2: { d2: 1 } },
    { q1: "alpha", q2: "beta" },
    { kValues: [1, 2] },
  );
  assertEquals([report.aggregate["recall@2"], report.nQueries], [1, 2]);
});

Deno.test("report fields: metrics at every k, per-query values, primary, aliases", async () => {
  const report = await evaluateRetrieval(
    () => ["d2", "d1", "d3"],
    new Map([["q1", new Map([["d1", 2], ["d3", 1]])]]),
    [{ id: "q1", text: "anything" }],
    { kValues: [1, 2, 10] },
  );
  const labels = ["ndcg", "recall", "P", "rr", "ap"].flatMap((m) =>
    [1, 2, 10].map((k) => `${m}@${k}`)
  );
  assertEquals(report.metrics, labels);
  assertEquals(Object.keys(report.perQuery), ["q1"]);
  assertEquals(report.kValues, [1, 2, 10]);
  assertEquals(report.nQueries, 1);
  // d2 unjudged, d1 grade 2 at rank 2, d3 grade 1 at rank 3.
  const idcg = 2 + 1 / Math.log2(3);
  assertEquals(report.aggregate["ndcg@10"], (2 / Math.log2(3) + 1 / 2) / idcg);
  assertEquals(report.primary, report.aggregate["ndcg@10"]);
  assertEquals(report.aggregate["ndcg@1"], 0);
  assertEquals(report.aggregate["recall@2"], 0.5);
  assertEquals(report.aggregate["P@2"], 0.5);
  assertEquals(report.aggregate["rr@1"], 0);
  assertEquals(report.aggregate["rr@10"], 0.5);
  assertEquals(report.aggregate["ap@10"], (1 / 2 + 2 / 3) / 2);
  assertEquals(report.value("mrr@10"), 0.5);
  assertEquals(report.value("map@10"), report.aggregate["ap@10"]);
  assertEquals(report.value("precision@2"), 0.5);
  assertEquals(report.value("ndcg@5"), undefined);
  assertEquals(report.primaryAt(5), undefined);
  assertEquals(report.retriever, "retriever");
  assertEquals(report.toJSON(), {
    retriever: "retriever",
    nQueries: 1,
    kValues: [1, 2, 10],
    metrics: labels,
    aggregate: { ...report.aggregate },
    perQuery: { q1: { ...report.perQuery.q1 } },
    failures: [],
    unknownIds: {},
    skipped: [],
  });
});

Deno.test("specs with a cutoff are used as is; metrics without one are not expanded", async () => {
  const report = await evaluateRetrieval(
    () => ["d1"],
    { q1: { d1: 1 } },
    { q1: "x" },
    {
      kValues: [5],
      metrics: ["ndcg@20", "rprec", "mrr", "ndcg_cut_3", "ndcg"],
    },
  );
  assertEquals(report.metrics, [
    "ndcg@20",
    "rprec",
    "rr@5",
    "ndcg@3",
    "ndcg@5",
  ]);
  const bare = await evaluateRetrieval(() => ["d1"], { q1: { d1: 1 } }, {
    q1: "x",
  }, { kValues: [], metrics: ["rr", "ap"] });
  assertEquals(bare.metrics, ["rr", "ap"]);
  assertEquals(bare.primary, undefined);
});

Deno.test("the limit defaults to the deepest cutoff and is passed to the retriever", async () => {
  const limits: number[] = [];
  const retriever = (_: string, { limit }: { limit: number }) => {
    limits.push(limit);
    return [];
  };
  const q = { q1: { d1: 1 } };
  await evaluateRetrieval(retriever, q, { q1: "x" }, { kValues: [1, 5] });
  await evaluateRetrieval(retriever, q, { q1: "x" }, {
    kValues: [5],
    metrics: ["ndcg@50"],
  });
  await evaluateRetrieval(retriever, q, { q1: "x" }, {
    kValues: [],
    metrics: ["ap"],
  });
  await evaluateRetrieval(retriever, q, { q1: "x" }, { limit: 7 });
  assertEquals(limits, [5, 50, 1000, 7]);
});

Deno.test("a ranking longer than the limit is cut; passages collapse to their best-ranked source", async () => {
  const report = await evaluateRetrieval(
    () => [
      { id: "a#1", sourceId: "a", score: 4 },
      { id: "a#2", sourceId: "a", score: 3 },
      { id: "b#1", sourceId: "b", score: 2 },
      { id: "c#1", sourceId: "c", score: 1 },
    ],
    { q1: { b: 1, c: 1 } },
    { q1: "x" },
    { kValues: [2], metrics: ["recall"], limit: 2 },
  );
  assertEquals(report.run, [{
    queryId: "q1",
    docs: ["a", "b"],
    scores: [4, 2],
  }]);
  assertEquals(report.aggregate["recall@2"], 0.5);
});

Deno.test("judged queries without text or without a relevant document are skipped; unjudged ones are not run", async () => {
  const asked: string[] = [];
  const report = await evaluateRetrieval(
    (query) => {
      asked.push(query);
      return ["d1"];
    },
    { q1: { d1: 1 }, q2: { d1: 0 }, q3: { d1: 1 } },
    { q1: "one", q2: "two", q4: "four" },
    { metrics: ["P@1"], kValues: [] },
  );
  assertEquals(asked, ["one"]);
  assertEquals(report.nQueries, 1);
  assertEquals(report.skipped, [
    { queryId: "q2", reason: "no relevant documents" },
    { queryId: "q3", reason: "no query text" },
  ]);
});

Deno.test("relevanceLevel decides which queries have a relevant document and what counts", async () => {
  const report = await evaluateRetrieval(
    () => ["d2", "d1"],
    { q1: { d1: 2, d2: 1 }, q2: { d3: 1 } },
    { q1: "x", q2: "y" },
    { metrics: ["rr"], kValues: [], relevanceLevel: 2 },
  );
  assertEquals(report.aggregate.rr, 0.5);
  assertEquals(report.skipped, [{
    queryId: "q2",
    reason: "no relevant documents",
  }]);
});

Deno.test("a throwing retriever or a malformed result is a failure scored zero, or fatal in strict mode", async () => {
  const retriever = (query: string) => {
    if (query === "boom") throw new Error("index not loaded");
    if (query === "odd") return [{ score: 1 }];
    return ["d1"];
  };
  const qrels = { q1: { d1: 1 }, q2: { d1: 1 }, q3: { d1: 1 } };
  const queries = { q1: "fine", q2: "boom", q3: "odd" };
  const report = await evaluateRetrieval(retriever, qrels, queries, {
    metrics: ["P@1"],
    kValues: [],
  });
  assertEquals(report.failures, [
    { queryId: "q2", kind: "retriever", message: "index not loaded" },
    {
      queryId: "q3",
      kind: "response",
      message: 'Result 1: Hit has no "id", "docId" or "sourceId": {"score":1}',
    },
  ]);
  assertEquals(report.perQuery, {
    q1: { "P@1": 1 },
    q2: { "P@1": 0 },
    q3: { "P@1": 0 },
  });
  assertEquals(report.aggregate["P@1"], 1 / 3);
  await assertRejects(
    () =>
      evaluateRetrieval(retriever, qrels, queries, {
        metrics: ["P@1"],
        strict: true,
      }),
    RetrievalError,
    'Query "q2": index not loaded',
  );
});

Deno.test("a fatal failure in strict mode aborts the queries in flight", async () => {
  const aborted: string[] = [];
  const retriever = (query: string, options: RetrieveOptions) => {
    if (query === "bad") throw new Error("broken");
    return new Promise<string[]>((resolve, reject) => {
      // Only a safety net against hanging: the assertion is on `aborted`.
      const timer = setTimeout(() => resolve(["d1"]), 5000);
      options.signal!.addEventListener("abort", () => {
        clearTimeout(timer);
        aborted.push(query);
        reject(options.signal!.reason);
      });
    });
  };
  await assertRejects(
    () =>
      evaluateRetrieval(
        retriever,
        { q1: { d1: 1 }, q2: { d1: 1 }, q3: { d1: 1 } },
        { q1: "slow", q2: "bad", q3: "never started" },
        { metrics: ["P@1"], kValues: [], strict: true, concurrency: 2 },
      ),
    RetrievalError,
    'Query "q2": broken',
  );
  assertEquals(aborted, ["slow"]);
});

Deno.test("unknown ids are listed (and ranked as not relevant) when the corpus is known", async () => {
  const report = await evaluateRetrieval(
    () => ["ghost", "d1"],
    { q1: { d1: 1 } },
    { q1: "x" },
    { metrics: ["rr"], kValues: [], documentIds: ["d1", "d2"] },
  );
  assertEquals(report.unknownIds, new Map([["q1", ["ghost"]]]));
  assertEquals(report.aggregate.rr, 0.5);
  assertEquals(report.failures, []);
});

Deno.test("queries run concurrently up to the limit, results stay in query order, progress is reported", async () => {
  let inFlight = 0;
  let most = 0;
  const progress: [number, number][] = [];
  const report = await evaluateRetrieval(
    async (query) => {
      most = Math.max(most, ++inFlight);
      await Promise.resolve();
      inFlight--;
      return [query];
    },
    Object.fromEntries(
      ["a", "b", "c", "d", "e"].map((d, i) => [`q${i}`, { [d]: 1 }]),
    ),
    Object.fromEntries(["a", "b", "c", "d", "e"].map((d, i) => [`q${i}`, d])),
    {
      metrics: ["P@1"],
      kValues: [],
      concurrency: 3,
      onProgress: (done, total) => progress.push([done, total]),
    },
  );
  assertEquals(most, 3);
  assertEquals(report.run.map((r) => r.queryId), [
    "q0",
    "q1",
    "q2",
    "q3",
    "q4",
  ]);
  assertEquals(report.aggregate["P@1"], 1);
  assertEquals(progress, [[1, 5], [2, 5], [3, 5], [4, 5], [5, 5]]);
});

Deno.test("bad arguments are errors before any query runs", async () => {
  const run = (options: object, qrels: unknown = { q1: { d1: 1 } }) =>
    evaluateRetrieval(() => [], qrels as QrelsRecord, { q1: "x" }, options);
  await assertRejects(
    () => run({ metrics: ["ndcg@10", "nDGC"] }),
    TypeError,
    'Unknown metric "nDGC"',
  );
  await assertRejects(
    () => run({ kValues: [0] }),
    RangeError,
    "Cutoff must be a positive integer, got 0",
  );
  await assertRejects(
    () => run({ limit: 2.5 }),
    RangeError,
    "Limit must be a positive integer, got 2.5",
  );
  await assertRejects(
    () => run({ concurrency: 0 }),
    RangeError,
    "Concurrency must be a positive integer, got 0",
  );
  await assertRejects(
    () => run({}, { q9: { d1: 1 } }),
    TypeError,
    "No query can be scored: none of the 1 judged queries has both a text and a relevant document",
  );
  await assertRejects(
    () => run({}, { q1: { d1: "1" } }),
    InputError,
    'qrels: grade of document "d1" for query "q1" must be a finite number',
  );
});

Deno.test("the saved run re-evaluates to the same numbers; tied scores in a foreign order fall back to ranks", async () => {
  const report = await evaluateRetrieval(
    (query) =>
      query === "x"
        ? [{ id: "a", score: 1 }, { id: "b", score: 1 }, {
          id: "c",
          score: 0.5,
        }]
        : [{ id: "c", score: 2 }, { id: "b", score: 2 }, { id: "a", score: 1 }],
    { q1: { b: 1 }, q2: { a: 1 } },
    { q1: "x", q2: "y" },
    { metrics: ["rr", "ndcg@10"], kValues: [] },
  );
  const text = await report.formatRun({ tag: "t" });
  assertEquals(
    text,
    "q1 Q0 a 1 -1 t\nq1 Q0 b 2 -2 t\nq1 Q0 c 3 -3 t\n" +
      "q2 Q0 c 1 2 t\nq2 Q0 b 2 2 t\nq2 Q0 a 3 1 t\n",
  );
  const dir = await Deno.makeTempDir();
  await report.saveRun(`${dir}/run.txt`);
  assertEquals(
    (await Deno.readTextFile(`${dir}/run.txt`)).split("\n")[0],
    "q1 Q0 a 1 -1 retriever",
  );
  const again = await evaluate(
    readRun(`${dir}/run.txt`),
    new Map([["q1", new Map([["b", 1]])], ["q2", new Map([["a", 1]])]]),
    ["rr", "ndcg@10"],
  );
  assertEquals(again.aggregate, report.aggregate);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("BM25 on the example dataset: the committed run and trec_eval's numbers", async () => {
  const dataset = await readGoDataset(
    new URL("../../examples/dataset.json", import.meta.url).pathname,
  );
  const report = await evaluateDataset(
    new Bm25Retriever(dataset.documents),
    dataset,
    { metrics: ["ndcg@10", "recall@100", "rr", "P@5", "ap"], kValues: [] },
  );
  assertEquals(report.nQueries, dataset.queries.length);
  assertEquals(report.failures, []);
  assertEquals(report.unknownIds.size, 0);
  assertEquals(
    await report.formatRun(),
    await Deno.readTextFile(new URL("bm25_example.run", TESTDATA)),
  );
  const trecEval = new Map(
    (await Deno.readTextFile(new URL("trec_eval_bm25_example.txt", TESTDATA)))
      .trim().split("\n").map((line) => {
        const [name, , value] = line.split("\t");
        return [name.trim(), value];
      }),
  );
  const names: Record<string, string> = {
    "ndcg@10": "ndcg_cut_10",
    "recall@100": "recall_100",
    rr: "recip_rank",
    "P@5": "P_5",
    ap: "map",
  };
  for (const [label, name] of Object.entries(names)) {
    assertEquals(
      formatTrecValue(report.aggregate[label]),
      trecEval.get(name),
      label,
    );
  }
  // The committed qrels are the dataset's judgements.
  assertEquals(
    await readQrels(new URL("example.qrels", TESTDATA).pathname),
    dataset.qrels,
  );
  assertAlmostEquals(report.primary!, 0.7692, 0.00005);
});

Deno.test("when every query fails nothing was measured: an error, not means of 0", async () => {
  const error = await assertRejects(
    () =>
      evaluateRetrieval(
        () => {
          throw new Error("index not loaded");
        },
        { q1: { d1: 1 }, q2: { d2: 1 } },
        { q1: "chain", q2: "brake" },
        { metrics: ["rr"], kValues: [] },
      ),
    RetrievalError,
    'All 2 queries failed, nothing was measured; the first: query "q1" (retriever): index not loaded',
  ) as RetrievalError;
  assertEquals([error.kind, error.queryId], ["retriever", "q1"]);
});
