/**
 * `ranklens demo`: evaluates the bundled example qrels and two runs and prints
 * a table, then retrieves the bundled dataset with the BM25 baseline and
 * prints its scores, with no arguments.
 *
 * @module
 */

import { Bm25Retriever } from "../adapters/bm25.ts";
import { evaluateDataset } from "../adapters/evaluate_retrieval.ts";
import {
  EXAMPLE_DATASET,
  EXAMPLE_QRELS,
  EXAMPLE_RUN_BM25,
  EXAMPLE_RUN_HYBRID,
} from "../examples/embedded.ts";
import { parseGoDataset } from "../formats/go_dataset.ts";
import { readQrels } from "../formats/trec_qrels.ts";
import { readRun } from "../formats/trec_run.ts";
import { evaluate, type Evaluation } from "../metrics/evaluate.ts";
import { formatTrecValue } from "../trec_eval/c_printf.ts";
import { toAligned } from "../report/table.ts";
import { defineCommand } from "./command.ts";

const USAGE = "ranklens demo";

const HELP =
  `Scores the two example runs against examples/qrels.txt, then runs the BM25
baseline over examples/dataset.json and scores it; takes no arguments.

Options:
  -h, --help   this help`;

/** The metrics the demo reports. */
export const DEMO_METRICS: readonly string[] = [
  "ndcg@10",
  "ap",
  "rr",
  "P@5",
  "recall@20",
  "success@1",
  "bpref",
  "err@20",
  "judged@10",
];

/** The metrics the demo reports for the BM25 baseline on the dataset. */
export const DEMO_RETRIEVAL_METRICS: readonly string[] = [
  "ndcg@10",
  "recall@100",
  "rr",
];

/**
 * Runs the command.
 *
 * @param args `--help`, or nothing.
 * @returns The exit status.
 * @throws {UsageError} On any other argument.
 */
export const run: (args: string[]) => Promise<number> = defineCommand({
  usage: USAGE,
  help: HELP,
  options: {},
  run: demo,
});

async function demo(): Promise<number> {
  // The data is embedded, not read: the demo needs no permission and runs
  // from a jsr: URL as from a checkout.
  const qrels = await readQrels({ text: EXAMPLE_QRELS }, {
    name: "examples/qrels.txt",
  });
  const runs: [string, string][] = [
    ["examples/run.bm25.txt", EXAMPLE_RUN_BM25],
    ["examples/run.hybrid.txt", EXAMPLE_RUN_HYBRID],
  ];
  const results: { evaluation: Evaluation; runId: string | undefined }[] = [];
  for (const [name, text] of runs) {
    const run = readRun({ text }, { name });
    const evaluation = await evaluate(run, qrels, DEMO_METRICS, {
      requireJudged: true,
    });
    results.push({ evaluation, runId: run.tag });
  }
  console.log(
    `ranklens demo: ${qrels.size} queries of examples/qrels.txt, two runs\n`,
  );
  console.log(toAligned({
    header: ["metric", ...results.map((r, i) => r.runId ?? runs[i][0])],
    rows: DEMO_METRICS.map((_, m) => [
      results[0].evaluation.metrics[m].label,
      ...results.map((r) =>
        r.evaluation.aggregate[r.evaluation.metrics[m].label].toFixed(4)
      ),
    ]),
  }));

  const dataset = parseGoDataset(EXAMPLE_DATASET, {
    name: "examples/dataset.json",
  });
  const report = await evaluateDataset(
    new Bm25Retriever(dataset.documents),
    dataset,
    { metrics: DEMO_RETRIEVAL_METRICS, kValues: [] },
  );
  console.log(
    `BM25 baseline on examples/dataset.json (${dataset.name}: ${dataset.documents.length} documents, ${report.nQueries} queries; rr is MRR)\n`,
  );
  console.log(
    toAligned({
      header: ["metric", report.retriever ?? "bm25"],
      rows: Object.entries(report.aggregate).map((
        [label, value],
      ) => [label, formatTrecValue(value)]),
    }).trimEnd(),
  );
  return 0;
}
