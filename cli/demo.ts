/**
 * `ranklens demo`: evaluates the bundled example qrels and two runs and prints
 * a table, with no arguments.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { readQrels } from "../formats/trec_qrels.ts";
import { toAligned } from "../report/table.ts";
import { evaluateRunFile, type RunFileEvaluation } from "./run_file.ts";

const EXAMPLES = new URL("../examples/", import.meta.url);

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

/**
 * Runs the command.
 *
 * @param _args Ignored.
 * @returns The exit status.
 */
export async function run(_args: string[]): Promise<number> {
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
  return 0;
}
