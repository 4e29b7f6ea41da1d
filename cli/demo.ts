/**
 * `ranklens demo`: evaluates the bundled example qrels and two runs and prints
 * a table, then retrieves the bundled dataset with the BM25 baseline and
 * prints its scores, with no arguments.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { parseArgs } from "./_args.ts";
import { Bm25Retriever } from "../adapters/bm25.ts";
import { evaluateDataset } from "../adapters/evaluate_retrieval.ts";
import { readGoDataset } from "../formats/go_dataset.ts";
import { readQrels } from "../formats/trec_qrels.ts";
import { formatTrecValue } from "../trec_eval/c_printf.ts";
import { toAligned } from "../report/table.ts";
import { usageErrors } from "./options.ts";
import { evaluateRunFile, type RunFileEvaluation } from "./run_file.ts";

const EXAMPLES = new URL("../examples/", import.meta.url);

const USAGE = "deno run -R cli.ts demo";

const HELP = `Usage: ${USAGE}

Scores the two example runs against examples/qrels.txt, then runs the BM25
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
export async function run(args: string[]): Promise<number> {
  const { values } = usageErrors(
    USAGE,
    () =>
      parseArgs({ args, options: { help: { type: "boolean", short: "h" } } }),
  );
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const path = (name: string) => fileURLToPath(new URL(name, EXAMPLES));
  const qrels = await readQrels(path("qrels.txt"), {
    name: "examples/qrels.txt",
  });
  const runs = ["run.bm25.txt", "run.hybrid.txt"];
  const results: RunFileEvaluation[] = [];
  for (const name of runs) {
    results.push(await evaluateRunFile(qrels, path(name), DEMO_METRICS));
  }
  console.log(
    `ranklens demo: ${qrels.size} queries of examples/qrels.txt, two runs\n`,
  );
  console.log(toAligned({
    header: ["metric", ...results.map((r, i) => r.runId ?? runs[i])],
    rows: DEMO_METRICS.map((_, m) => [
      results[0].evaluation.metrics[m].label,
      ...results.map((r) =>
        r.evaluation.aggregate[r.evaluation.metrics[m].label].toFixed(4)
      ),
    ]),
  }));

  const dataset = await readGoDataset(path("dataset.json"), {
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
  console.log(toAligned({
    header: ["metric", report.retriever ?? "bm25"],
    rows: Object.entries(report.metrics).map((
      [label, value],
    ) => [label, formatTrecValue(value)]),
  }));
  return 0;
}
