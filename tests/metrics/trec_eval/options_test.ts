import { assertEquals } from "../../assert.ts";
import {
  parseTrecEvalArgs,
  TREC_EVAL_USAGE,
  type TrecEvalArgs,
} from "../../../trec_eval/options.ts";

function parse(args: string[]): TrecEvalArgs {
  const parsed = parseTrecEvalArgs(args);
  if (!("files" in parsed)) throw new Error(parsed.stderr);
  return parsed;
}

Deno.test("short options cluster, take attached or next arguments, and may follow files", () => {
  const a = parse(["-qc", "-l2", "qrels", "-M", "100", "run", "-mP.5", "-J"]);
  assertEquals(a.files, ["qrels", "run"]);
  assertEquals([a.perTopic, a.complete, a.judgedOnly], [true, true, true]);
  assertEquals([a.relevanceLevel, a.maxDocs], [2, 100]);
  assertEquals([...a.marked], ["P"]);
  assertEquals(a.measureParams, [{ name: "P", params: "5" }]);
});

Deno.test("long options and their unique prefixes work", () => {
  const a = parse([
    "--measure=map",
    "--meas",
    "P.10",
    "--Max_retrieved_per_topic",
    "3",
    "--nosummary",
    "--Rel",
    "prefs",
    "q",
    "r",
  ]);
  assertEquals([...a.marked], ["map", "P"]);
  assertEquals([a.maxDocs, a.summary, a.relFormat], [3, false, "prefs"]);
});

Deno.test("nicknames mark their measures and keep the first parameters", () => {
  const a = parse(["-m", "official", "-m", "P.7", "-m", "P.9", "q", "r"]);
  assertEquals(a.marked.has("iprec_at_recall"), true);
  assertEquals(a.marked.size, 12);
  assertEquals(a.measureParams.map((p) => p.params), ["7", "9"]);
});

Deno.test("trec_eval's errors stop parsing with its messages", () => {
  const cases: [string[], string, number][] = [
    [["-m", "nope.5"], "trec_eval: illegal measure 'nope'\n", 1],
    [
      ["-m", "P."],
      "trec_eval: improper measure in parameter 'P'\ntrec_eval: illegal measure 'P'\n",
      1,
    ],
    [["-x"], `trec_eval: invalid option -- 'x'\n${TREC_EVAL_USAGE}`, 1],
    [
      ["-m"],
      `trec_eval: option requires an argument -- 'm'\n${TREC_EVAL_USAGE}`,
      1,
    ],
    [
      ["--bogus"],
      `trec_eval: unrecognized option '--bogus'\n${TREC_EVAL_USAGE}`,
      1,
    ],
    [["-v", "-x"], "trec_eval version 10.0-rc3\n", 0],
    [["--trec-version", "9", "-v"], "trec_eval version 9.0.7\n", 0],
    [
      ["--trec-version", "9", "-m", "rbp"],
      "trec_eval: illegal measure 'rbp'\n",
      1,
    ],
  ];
  for (const [args, stderr, status] of cases) {
    assertEquals(parseTrecEvalArgs(args), { stdout: "", stderr, status });
  }
});

Deno.test("-M below 0 keeps no document; -D picks a topic", () => {
  const a = parse(["-M-1", "-D", "1.q7", "q", "r"]);
  assertEquals([a.maxDocs, a.debugQuery], [0, "q7"]);
});
