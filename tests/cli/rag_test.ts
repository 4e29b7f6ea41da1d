import { assertAlmostEquals, assertEquals } from "../assert.ts";
import { type CapturedRun, runInProcess } from "./_cli.ts";

const data = (name: string) =>
  new URL(`../testdata/rag/${name}`, import.meta.url).pathname;
const ANSWERS = data("answers.jsonl");
const RAGAS = data("ragas_python.jsonl");

/** Runs `cli.ts rag ...` in-process: exit status, stdout and stderr. */
function rag(args: string[]): Promise<CapturedRun> {
  return runInProcess(["rag", ...args]);
}

// answers.jsonl by hand (squad): sample 1 equals its second reference;
// sample 2 holds "switzerland" among 4 tokens (F1 2·(1/4)·1/(5/4) = 0.4);
// sample 3 answers "yes" to the reference "True"; sample 4 has no response
// (null), so it scores as the empty answer: 0.
Deno.test("rag scores an answer file in trec layout", async () => {
  const { status, out, err } = await rag([
    ANSWERS,
    "--input",
    "answers",
    "-m",
    "em",
    "-m",
    "f1",
    "-m",
    "acc",
  ]);
  assertEquals(status, 0);
  assertEquals(
    err,
    "ranklens rag: warning: 1 of the 4 samples have no response and score 0 (corpus BLEU, chrF and GLEU count them as the empty answer): 3\n",
  );
  assertEquals(
    out,
    [
      "num_samples           \tall\t4",
      "exact_match           \tall\t0.2500",
      "token_f1              \tall\t0.3500",
      "acc                   \tall\t0.5000",
      "coverage:exact_match  \tall\t4",
      "coverage:token_f1     \tall\t4",
      "coverage:acc          \tall\t4",
      "",
    ].join("\n"),
  );
});

Deno.test("rag --format json with ultrarag normalization", async () => {
  const { status, out } = await rag([
    ANSWERS,
    "--key-map",
    "question=question",
    "--normalize",
    "ultrarag",
    "-m",
    "exact_match",
    "-m",
    "token_f1",
    "-m",
    "string_em",
    "-m",
    "cover_em",
    "--format",
    "json",
  ]);
  assertEquals(status, 0);
  const json = JSON.parse(out);
  assertEquals(json.nSamples, 4);
  assertEquals(json.normalize, "ultrarag");
  assertEquals(json.coverage, {
    exact_match: 4,
    token_f1: 4,
    string_em: 4,
    cover_em: 4,
  });
  // "True" is "yes" now: the third sample matches everywhere; string_em
  // wants the response equal to a reference, as UltraRAG's.
  assertAlmostEquals(json.aggregate.exact_match, 2 / 4);
  assertAlmostEquals(json.aggregate.token_f1, (1 + 0.4 + 1) / 4);
  assertAlmostEquals(json.aggregate.string_em, (0.5 + 0 + 1) / 4);
  assertEquals(json.aggregate.cover_em, 3 / 4);
  assertEquals("perSample" in json, false);
  assertEquals(json.warnings, [
    "1 of the 4 samples have no response and score 0 (corpus BLEU, chrF and GLEU count them as the empty answer): 3",
  ]);
});

Deno.test("rag -q prints each sample", async () => {
  const { status, out } = await rag([
    ANSWERS,
    "--input",
    "answers",
    "-m",
    "em",
    "-q",
    "--format",
    "csv",
  ]);
  assertEquals(status, 0);
  assertEquals(
    out,
    // Named by the answer file's ids (0, 1, 2, 3), not by position.
    "sample,metric,value,coverage\n" +
      "0,exact_match,1,\n" +
      "1,exact_match,0,\n" +
      "2,exact_match,0,\n" +
      "3,exact_match,0,\n" +
      "all,exact_match,0.25,4\n",
  );
  const json = JSON.parse(
    (await rag([
      ANSWERS,
      "--input",
      "answers",
      "-m",
      "em",
      "-q",
      "--format",
      "json",
    ])).out,
  );
  assertEquals(json.perSample, [
    { exact_match: 1 },
    { exact_match: 0 },
    { exact_match: 0 },
    { exact_match: 0 },
  ]);
});

Deno.test("rag reads Ragas JSONL by default, with the default metrics", async () => {
  const { status, out, err } = await rag([RAGAS, "--format", "markdown"]);
  assertEquals(status, 0);
  assertEquals(
    err,
    "ranklens rag: warning: 1 of the 4 samples have no response and score 0 (corpus BLEU, chrF and GLEU count them as the empty answer): 4\n",
  );
  // Sample 2's 9 tokens hold "zürich": F1 2·(1/9)·1/(10/9) = 0.2. Samples
  // 2 and 4 list no contexts while sample 1 does: their context metrics
  // score 0.
  assertEquals(
    out,
    [
      "| sample | metric | value | coverage |",
      "|:---|:---|---:|---:|",
      "| all | exact_match | 0.3333 | 3 |",
      "| all | token_f1 | 0.4000 | 3 |",
      "| all | context_recall | 0.3333 | 3 |",
      "| all | context_precision | 0.1667 | 3 |",
      "| all | non_empty_rate | 0.2500 | 4 |",
      "",
    ].join("\n"),
  );
});

Deno.test("rag warns about a metric that applies to no sample", async () => {
  const { status, out, err } = await rag([
    ANSWERS,
    "--input",
    "answers",
    "-m",
    "context_recall",
    "--format",
    "json",
  ]);
  assertEquals(status, 0);
  assertEquals(JSON.parse(out).aggregate, { context_recall: null });
  assertEquals(
    err,
    "ranklens rag: warning: 1 of the 4 samples have no response and score 0 (corpus BLEU, chrF and GLEU count them as the empty answer): 3\n" +
      'ranklens rag: warning: "context_recall" applies to none of the 4 samples (see "cli.ts metrics" for what it needs)\n',
  );
});

Deno.test("rag: usage errors exit 2, data errors exit 1", async () => {
  const cases: [string[], number, string][] = [
    [[], 2, "expected one FILE, got 0"],
    [
      [ANSWERS, "--format", "xml"],
      2,
      '--format must be one of trec, json, csv, markdown, got "xml"',
    ],
    [
      [ANSWERS, "--normalize", "nfkc"],
      2,
      '--normalize must be one of squad, flashrag, ultrarag, unicode, none, got "nfkc"',
    ],
    [
      [ANSWERS, "--input", "ragas", "--key-map", "response=x"],
      2,
      "--key-map applies to --input answers",
    ],
    [
      [ANSWERS, "--key-map", "answer=x"],
      2,
      '--key-map: Unknown key map part "answer"',
    ],
    [
      [ANSWERS, "--input", "csv"],
      2,
      '--input must be ragas or answers, got "csv"',
    ],
    [[ANSWERS], 1, `${ANSWERS}: no record has a Ragas field`],
    [
      [ANSWERS, "--key-map", "response=pred"],
      1,
      `${ANSWERS}:1: missing key "pred" (the response; see the key map)`,
    ],
    [
      [ANSWERS, "--input", "answers", "-m", "ndcg@10"],
      2,
      'Metric "ndcg@10" scores ranking inputs, not RAG samples',
    ],
    [
      [ANSWERS, "--input", "answers", "-m", "rouge_x"],
      2,
      'Unknown metric "rouge_x"',
    ],
    [
      [ANSWERS, "--input", "answers", "-m", "faithfulness"],
      2,
      "toRagasDataset",
    ],
    [[data("missing.jsonl")], 1, "missing.jsonl: no such file or directory"],
  ];
  for (const [args, status, message] of cases) {
    const result = await rag(args);
    assertEquals(result.status, status, args.join(" "));
    assertEquals(
      result.err.includes(message),
      true,
      `${args.join(" ")}: ${result.err}`,
    );
    assertEquals(result.out, "", args.join(" "));
  }
});

Deno.test("rag on an empty file is an error", async () => {
  const path = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    const result = await rag([path]);
    assertEquals(result.status, 1);
    assertEquals(result.err, `ranklens rag: ${path}: no samples\n`);
  } finally {
    await Deno.remove(path);
  }
});
