import { assertEquals, assertThrows } from "../assert.ts";
import { UsageError } from "../../cli/errors.ts";
import {
  choiceOption,
  intOption,
  metricOptions,
  numberOption,
  usageErrors,
} from "../../cli/options.ts";
import { runCli } from "./_cli.ts";

const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;
const QRELS = `${EXAMPLES}qrels.txt`;
const BM25 = `${EXAMPLES}run.bm25.txt`;
const HYBRID = `${EXAMPLES}run.hybrid.txt`;

Deno.test("option values: range, words and the usage line they carry", () => {
  assertEquals(intOption("-M", "+7", "u", 1), 7);
  const tooBig = assertThrows(
    () => intOption("--seed", "4294967296", "seed usage", 0, 0xffffffff),
    UsageError,
    'option --seed must be at most 4294967295, got "4294967296"',
  );
  assertEquals((tooBig as UsageError).usage, "seed usage");
  assertThrows(
    () => intOption("-k", "1.5", "u", 1),
    UsageError,
    'option -k must be an integer >= 1, got "1.5"',
  );
  assertThrows(
    () => numberOption("--alpha", "1", "u", 0, 1),
    UsageError,
    'option --alpha must be a number in (0, 1), got "1"',
  );
  assertThrows(
    () => choiceOption("--format", "xml", "u", ["trec", "json"]),
    UsageError,
    '--format must be one of trec, json, got "xml"',
  );
  const wrapped = assertThrows(
    () =>
      usageErrors("v usage", () => {
        throw new TypeError("Unknown metric");
      }),
    UsageError,
    "Unknown metric",
  );
  assertEquals((wrapped as UsageError).usage, "v usage");
});

Deno.test("compare and gate show their own usage line for a bad number", async () => {
  const cases: [string[], string][] = [
    [["compare", QRELS, BM25, HYBRID, "--resamples", "0"], "compare QRELS"],
    [["compare", QRELS, BM25, HYBRID, "-M", "0"], "compare QRELS"],
    [["gate", QRELS, BM25, "--baseline", HYBRID, "--top", "x"], "gate QRELS"],
    [[
      "gate",
      QRELS,
      BM25,
      "--baseline",
      HYBRID,
      "-m",
      "ap",
      "--seed",
      "99999999999",
    ], "gate QRELS"],
  ];
  for (const [args, usage] of cases) {
    const result = await runCli(args);
    assertEquals(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
    const hint = result.stderr.split("\n").find((l) => l.startsWith("Usage:"));
    assertEquals(hint?.includes(usage), true, result.stderr);
  }
});

Deno.test("metric options: each metric once, by its label; mistakes are usage errors", () => {
  assertEquals(
    metricOptions(["map", "AP", "P_5", "P@5", "ndcg"], "ranking", "u"),
    ["ap", "P@5", "ndcg"],
  );
  assertEquals(metricOptions(["em", "exact_match"], "rag", "u"), [
    "exact_match",
  ]);
  const unknown = assertThrows(
    () => metricOptions(["ap", "ndgc@10"], "ranking", "m usage"),
    UsageError,
    'Unknown metric "ndgc": did you mean "ndcg"?',
  );
  assertEquals((unknown as UsageError).usage, "m usage");
  assertThrows(
    () => metricOptions(["ndcg@x"], "ranking", "u"),
    UsageError,
    'cutoff must be a positive integer, got "x"',
  );
  assertThrows(
    () => metricOptions(["token_f1"], "ranking", "u"),
    UsageError,
    'Metric "token_f1" scores rag inputs, not rankings',
  );
  assertThrows(
    () => metricOptions(["ndcg@10"], "rag", "u"),
    UsageError,
    'Metric "ndcg@10" scores ranking inputs, not RAG samples',
  );
});

Deno.test("every command refuses an unknown metric with exit 2 and its usage", async () => {
  const dataset = `${EXAMPLES}dataset.json`;
  const answers = new URL("../testdata/rag/answers.jsonl", import.meta.url)
    .pathname;
  const cases: string[][] = [
    ["eval", QRELS, BM25, "-m", "nope"],
    ["compare", QRELS, BM25, HYBRID, "-m", "ndcg@x"],
    ["gate", QRELS, BM25, "--baseline", HYBRID, "-m", "ap=x"],
    ["retrieve", "--dataset", dataset, "-m", "nope"],
    ["rag", answers, "--input", "answers", "-m", "ndcg@10"],
  ];
  for (const args of cases) {
    const result = await runCli(args);
    assertEquals(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
    assertEquals(
      result.stderr.includes(`Usage: ranklens `) &&
        result.stderr.includes(` ${args[0]} `),
      true,
      result.stderr,
    );
  }
});

Deno.test("a metric asked for twice is scored, printed and tested once", async () => {
  const evaluated = await runCli([
    "eval",
    QRELS,
    BM25,
    "-m",
    "map",
    "-m",
    "ap",
    "--format",
    "json",
  ]);
  assertEquals(evaluated.code, 0, evaluated.stderr);
  assertEquals(JSON.parse(evaluated.stdout).metrics, ["ap"]);
  // Holm's correction counts the tests: a repeated metric must not add one.
  const once = await runCli([
    "compare",
    QRELS,
    BM25,
    HYBRID,
    "-m",
    "ap",
    "--format",
    "json",
  ]);
  const twice = await runCli([
    "compare",
    QRELS,
    BM25,
    HYBRID,
    "-m",
    "ap",
    "-m",
    "map",
    "--format",
    "json",
  ]);
  assertEquals(twice.code, 0, twice.stderr);
  assertEquals(JSON.parse(twice.stdout), JSON.parse(once.stdout));
  const gated = await runCli([
    "gate",
    QRELS,
    HYBRID,
    "--baseline",
    BM25,
    "-m",
    "ap=0.1",
    "-m",
    "map=0.2",
  ]);
  assertEquals(gated.code, 2, gated.stderr);
  assertEquals(
    gated.stderr.includes('"map=0.2" gates ap again (after "ap=0.1")'),
    true,
    gated.stderr,
  );
});

Deno.test("each command's help names every option it accepts", async () => {
  // The long options each command's parser accepts (cli/*.ts).
  const accepted: Record<string, string[]> = {
    eval: [
      "metric",
      "per-query",
      "complete",
      "level",
      "depth",
      "judged-only",
      "strict",
      "format",
      "save-report",
    ],
    compare: [
      "metric",
      "test",
      "correction",
      "alpha",
      "seed",
      "resamples",
      "query-set",
      "baseline",
      "level",
      "depth",
      "judged-only",
      "format",
      "per-query",
      "out",
    ],
    gate: [
      "baseline",
      "metric",
      "require-significance",
      "test",
      "correction",
      "alpha",
      "seed",
      "top",
    ],
    rag: ["metric", "input", "key-map", "normalize", "per-sample", "format"],
    retrieve: [
      "dataset",
      "retriever",
      "url",
      "method",
      "request-template",
      "response-path",
      "header",
      "concurrency",
      "timeout",
      "retries",
      "metric",
      "k-values",
      "limit",
      "save-run",
      "format",
      "per-query",
      "strict",
    ],
    convert: ["from", "to"],
    metrics: ["json"],
  };
  for (const [command, options] of Object.entries(accepted)) {
    const { code, stdout } = await runCli([command, "--help"]);
    assertEquals(code, 0, command);
    const [usage, ...rest] = stdout.split("\n");
    const body = rest.join("\n");
    for (const option of [...options, "help"]) {
      // Listed among the options, at the start of a line.
      assertEquals(
        new RegExp(`^ +(-\\w, )?--${option}\\b`, "m").test(body),
        true,
        `${command} --help does not list --${option}`,
      );
    }
    // compare and gate spell out every option on the usage line.
    if (command === "compare" || command === "gate") {
      for (const option of options) {
        const short = {
          level: "-l",
          depth: "-M",
          "judged-only": "-J",
          "per-query": "-q",
          metric: "-m",
        }[option];
        assertEquals(
          usage.includes(`--${option}`) ||
            (short !== undefined && usage.includes(short)),
          true,
          `${command}'s usage line lacks --${option}`,
        );
      }
    }
  }
});

Deno.test("option values refused only once files are read are usage errors too", async () => {
  const dataset = `${EXAMPLES}dataset.json`;
  const cases: [string[], string][] = [
    [
      ["compare", QRELS, BM25, HYBRID, "--baseline", "bm26"],
      '--baseline must name one of the runs (bm25, hybrid), got "bm26"',
    ],
    [
      ["retrieve", "--dataset", dataset, "--url", "search"],
      'Invalid retriever URL "search"',
    ],
    [
      ["retrieve", "--dataset", dataset, "--url", "http://127.0.0.1:9/{{q}}"],
      'Unknown placeholder "{{q}}"',
    ],
    [
      [
        "retrieve",
        "--dataset",
        dataset,
        "--url",
        "http://127.0.0.1:9/",
        "--response-path",
        "data..hits",
      ],
      "Response path must be keys separated by dots",
    ],
  ];
  for (const [args, message] of cases) {
    const result = await runCli(args);
    assertEquals(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
    const [first, usage] = result.stderr.split("\n");
    assertEquals(first.includes(message), true, result.stderr);
    assertEquals(usage.startsWith(`Usage: ranklens `), true, result.stderr);
  }
});
