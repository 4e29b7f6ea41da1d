import { assertEquals } from "../assert.ts";
import { RetrievalReport } from "../../adapters/retrieval_report.ts";

Deno.test("ef seed: a report built by hand has nDCG@10 as its primary number", () => {
  const report = new RetrievalReport({
    aggregate: { "ndcg@10": 0.83 },
    perQuery: {},
    nQueries: 12,
    kValues: [10],
  });
  assertEquals(report.primary, 0.83);
  assertEquals(report.primaryAt(10), 0.83);
  assertEquals(report.primaryAt(1), undefined);
  assertEquals(report.nQueries, 12);
  assertEquals([report.failures, report.skipped, report.run], [[], [], []]);
  assertEquals(report.unknownIds.size, 0);
  assertEquals(report.evaluation, undefined);
});

Deno.test("without nDCG@10 there is no primary number", () => {
  const report = new RetrievalReport({
    aggregate: { "recall@10": 1 },
    perQuery: {},
    nQueries: 1,
    kValues: [10],
  });
  assertEquals(report.primary, undefined);
});

Deno.test("formatRun keeps scores trec_eval would rank the same way, else writes ranks", async () => {
  const report = new RetrievalReport({
    aggregate: {},
    perQuery: {},
    nQueries: 4,
    kValues: [],
    retriever: "dense",
    run: [
      // Descending scores, ties broken by id descending: kept.
      { queryId: "q1", docs: ["b", "a", "c"], scores: [2, 2, 1] },
      // A tie in ascending id order would be swapped by trec_eval: ranks.
      { queryId: "q2", docs: ["a", "b"], scores: [2, 2] },
      // Rising scores: ranks.
      { queryId: "q3", docs: ["a", "b"], scores: [1, 2] },
      // Nothing retrieved: no lines.
      { queryId: "q4", docs: [] },
    ],
  });
  assertEquals(
    await report.formatRun(),
    "q1 Q0 b 1 2 dense\nq1 Q0 a 2 2 dense\nq1 Q0 c 3 1 dense\n" +
      "q2 Q0 a 1 -1 dense\nq2 Q0 b 2 -2 dense\n" +
      "q3 Q0 a 1 -1 dense\nq3 Q0 b 2 -2 dense\n",
  );
  assertEquals(
    (await report.formatRun({ tag: "x" })).split("\n")[0],
    "q1 Q0 b 1 2 x",
  );
});
