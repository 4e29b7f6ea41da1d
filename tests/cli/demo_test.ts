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

Deno.test("demo reads no data file: it runs with read access to its modules only", async () => {
  // Read access to the source folders and the embedded module, none to the
  // example files: reading examples/qrels.txt (or anything else) would
  // fail, so the data must come from the embedded module. (From a jsr: URL
  // it needs no permission at all; a checkout's modules outside cli.ts's
  // start-up walk need read access to load.)
  const modules = [
    "cli.ts",
    "version.ts",
    "cli",
    "adapters",
    "formats",
    "metrics",
    "model",
    "report",
    "trec_eval",
    "examples/embedded.ts",
  ];
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-prompt",
      `--allow-read=${modules.join(",")}`,
      "cli.ts",
      "demo",
    ],
    cwd: new URL("../../", import.meta.url),
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  assertEquals(decode(stderr), "");
  assertEquals(code, 0);
  const lines = decode(stdout).trimEnd().split("\n");
  // trec_eval 10.0 -m map -m bpref -m recip_rank -m P.5 -m ndcg_cut.10 on
  // examples/qrels.txt and each example run: ndcg_cut_10 0.8569 and 0.9640,
  // map 0.7924 and 0.9437, recip_rank 1 and 1, P_5 0.9100 and 0.9700,
  // bpref 0.8222 and 0.9720.
  for (
    const row of [
      "ndcg@10    0.8569  0.9640",
      "ap         0.7924  0.9437",
      "rr         1.0000  1.0000",
      "P@5        0.9100  0.9700",
      "bpref      0.8222  0.9720",
    ]
  ) assertEquals(lines.includes(row), true, row);
  assertEquals(lines.slice(-3), [
    "ndcg@10     0.7692",
    "recall@100  0.9401",
    "rr          0.8812",
  ]);
});
