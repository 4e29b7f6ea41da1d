/**
 * trec_eval's options on real runs, byte for byte: the Web track's grades
 * -2..4 and negative scores (wt12), TREC-COVID's 66,334 judgements, DL 2019
 * repllama's ties 1,000 deep and CACM's ids that never match a document.
 * The expected files are what NIST's trec_eval printed for the same
 * arguments: 10.0, and 9.0.8 (tag `v9.0.8` of `usnistgov/trec_eval`) for
 * `--trec-version 9`, each as `trec_eval ARGS QRELS RUN`.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { trecEval } from "../../trec_eval/command.ts";

const REAL = "../shared/real/trec/";
const EXPECTED = "tests/testdata/trec_eval/real/";

/** Run, qrels, expected file's tag, trec_eval's arguments. */
const CASES: [run: string, qrels: string, tag: string, args: string[]][] = [
  ["wt12.cedr", "wt12", "c", ["-c", "-m", "all_trec"]],
  ["wt12.cedr", "wt12", "J", ["-J", "-m", "all_trec"]],
  ["wt12.cedr", "wt12", "l2", ["-l", "2", "-m", "all_trec"]],
  ["wt12.cedr", "wt12", "M10", ["-M", "10", "-m", "all_trec"]],
  ["wt12.cedr", "wt12", "N", [
    ...["-q", "-N", "100000", "-m", "utility.1,-1,-0.5,0.001"],
  ]],
  ["wt12.cedr", "wt12", "v9", ["--trec-version", "9", "-m", "all_trec"]],
  ["covid.bm25", "beir-trec-covid", "c", ["-c", "-m", "all_trec"]],
  ["covid.bm25", "beir-trec-covid", "J", ["-J", "-m", "all_trec"]],
  ["covid.bm25", "beir-trec-covid", "l2", ["-l", "2", "-m", "all_trec"]],
  ["dl19.repllama", "dl19-passage", "J", ["-J", "-m", "all_trec"]],
  ["dl19.repllama", "dl19-passage", "l2", ["-l", "2", "-m", "all_trec"]],
  ["dl19.repllama", "dl19-passage", "M100", ["-M", "100", "-m", "all_trec"]],
  ["dl19.repllama", "dl19-passage", "cuts", [
    ...["-q", "-m", "P.5,10,200", "-m", "ndcg_cut.5,1000"],
    ...["-m", "iprec_at_recall"],
  ]],
  ["dl19.repllama", "dl19-passage", "v9", [
    ...["--trec-version", "9", "-m", "all_trec"],
  ]],
  ["cacm.anserini-bm25", "cacm", "c", ["-c", "-m", "all_trec"]],
];

for (const [run, qrels, tag, args] of CASES) {
  Deno.test(`trec_eval ${args.join(" ")} on ${run}`, async () => {
    const { stdout, stderr, status } = await trecEval([
      ...args,
      `${REAL}qrels/${qrels}.txt`,
      `${REAL}runs/${run}.txt`,
    ]);
    assertEquals([status, stderr], [0, ""]);
    assertEquals(
      stdout,
      await Deno.readTextFile(`${EXPECTED}${run}.${tag}.txt`),
    );
  });
}
