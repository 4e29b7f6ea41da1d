import { assertEquals } from "../assert.ts";
import { main } from "../../cli.ts";

Deno.test("demo ends with the BM25 baseline on the example dataset, at trec_eval's values", async () => {
  let out = "";
  const log = console.log;
  console.log = (...parts: unknown[]) => {
    out += parts.join(" ") + "\n";
  };
  let status: number;
  try {
    status = await main(["demo"]);
  } finally {
    console.log = log;
  }
  assertEquals(status, 0);
  // ndcg_cut_10, recall_100 and recip_rank of
  // tests/testdata/retrieval/trec_eval_bm25_example.txt.
  assertEquals(out.trimEnd().split("\n").slice(-7), [
    "BM25 baseline on examples/dataset.json (bike-maintenance: 66 documents, 32 queries; rr is MRR)",
    "",
    "metric        bm25",
    "----------  ------",
    "ndcg@10     0.7692",
    "recall@100  0.9401",
    "rr          0.8812",
  ]);
});
