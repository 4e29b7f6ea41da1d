import { assertEquals, assertThrows } from "../assert.ts";
import { UsageError } from "../../cli/errors.ts";
import {
  choiceOption,
  intOption,
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
