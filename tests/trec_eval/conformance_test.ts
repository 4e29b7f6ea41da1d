/**
 * trec_eval's own test suite (`make quicktest`): the 15 comparisons print
 * byte-identical output.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { trecEval } from "../../metrics/trec_eval/command.ts";
import { stringBytes } from "../../formats/trec_eval_lines.ts";

const DIR = new URL("../testdata/trec_eval/conformance/", import.meta.url)
  .pathname;

/** Expected output file and trec_eval's arguments, as in its Makefile. */
const COMPARISONS: [string, string[]][] = [
  ["out.test", ["qrels.test", "results.test"]],
  ["out.test", ["qrels.test.with-comments", "results.test"]],
  ["out.comment.test", ["qrels.comment.test", "results.comment.test"]],
  ["out.test.a", ["-m", "all_trec", "qrels.test", "results.test"]],
  ["out.test.aq", ["-m", "all_trec", "-q", "qrels.test", "results.test"]],
  ["out.test.aqc", [
    "-m",
    "all_trec",
    "-q",
    "-c",
    "qrels.test",
    "results.trunc",
  ]],
  ["out.test.aqcM", [
    "-m",
    "all_trec",
    "-q",
    "-c",
    "-M100",
    "qrels.test",
    "results.trunc",
  ]],
  ["out.test.aql", [
    "-m",
    "all_trec",
    "-mrelstring.20",
    "-q",
    "-l2",
    "qrels.rel_level",
    "results.test",
  ]],
  ["out.test.prefs", [
    "-m",
    "all_prefs",
    "-q",
    "-R",
    "prefs",
    "prefs.test",
    "prefs.results.test",
  ]],
  ["out.test.prefs", [
    "-m",
    "all_prefs",
    "-q",
    "-R",
    "prefs",
    "prefs.comment.test",
    "prefs.results.test",
  ]],
  ["out.test.qrels_prefs", [
    "-m",
    "all_prefs",
    "-q",
    "-R",
    "qrels_prefs",
    "qrels.test",
    "results.test",
  ]],
  ["out.test.qrels_jg", [
    "-m",
    "qrels_jg",
    "-q",
    "-R",
    "qrels_jg",
    "qrels.123",
    "results.test",
  ]],
  ["out.test.qrels_jg", [
    "-m",
    "qrels_jg",
    "-q",
    "-R",
    "qrels_jg",
    "qrels.comments.123",
    "results.test",
  ]],
  ["out.test.meas_params", [
    "-q",
    "-miprec_at_recall..10,.20,.25,.75,.50",
    "-m",
    "P.5,7,3",
    "-m",
    "recall.20,2000",
    "-m",
    "Rprec_mult.5.0,0.2,0.35",
    "-mutility.2,-1,0,0",
    "-m",
    "11pt_avg..25,.5,.75",
    "-mndcg.1=3,2=9,4=4.5",
    "-mndcg_cut.10,20,23.4",
    "-msuccess.2,5,20",
    "qrels.test",
    "results.test",
  ]],
  ["out.test.aqZ", [
    "-q",
    "-m",
    "all_trec",
    "-Z",
    "zscores_file",
    "qrels.test",
    "results.test",
  ]],
];

for (const [expected, args] of COMPARISONS) {
  Deno.test(`trec_eval ${args.join(" ")} prints ${expected}`, async () => {
    const result = await trecEval(args, { cwd: DIR });
    assertEquals(result.stderr, "");
    assertEquals(result.status, 0);
    const want = await Deno.readFile(DIR + expected);
    assertEquals(stringBytes(result.stdout), want);
  });
}
