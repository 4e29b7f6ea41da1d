// Every shape of qrels and runs gives the values of the TREC files of the
// same data (examples/qrels.txt, run.bm25.txt, run.hybrid.txt), through
// eval, compare and the library. The files under testdata/shapes/ were
// written from the TREC files by a Python script, not by ranklens.
import { assertEquals, assertRejects } from "../assert.ts";
import { runInProcess } from "../cli/_cli.ts";
import { evaluate } from "../../metrics/evaluate.ts";
import { readQrelsInput, readRunInput } from "../../formats/inputs.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { readRun } from "../../formats/trec_run.ts";
import { runFromScores } from "../../model/plain_data.ts";
import { InputError } from "../../model/errors.ts";

const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;
const SHAPES = new URL("../testdata/shapes/", import.meta.url).pathname;
const TREC_QRELS = `${EXAMPLES}qrels.txt`;
const TREC_RUN = `${EXAMPLES}run.bm25.txt`;
const TREC_RUN_B = `${EXAMPLES}run.hybrid.txt`;
const METRICS = ["ndcg@10", "ap", "P@5", "rr", "recall@100", "bpref"];

const QRELS_SHAPES: [string, string[]][] = [
  ["qrels.json", []],
  ["qrels.json.gz", []],
  ["qrels_beir.tsv", []],
  ["qrels_beir.tsv.gz", []],
  ["qrels_noheader.tsv", []],
  ["beir", []],
  ["beir", ["--split", "test"]],
  ["dataset.json", []],
  ["qrels.json", ["--qrels-format", "json-qrels"]],
];

const RUN_SHAPES: [string, string[]][] = [
  ["run.bm25.json", []],
  ["run.bm25.json.gz", []],
  ["run.bm25.jsonl", []],
  ["run.bm25.tsv", ["--run-format", "msmarco-run"]],
  ["run.bm25.tsv", []],
  ["run.bm25.tsv.gz", []],
];

const specArgs = METRICS.flatMap((m) => ["-m", m]);

/** eval's trec output without its runid row (a JSON run has no tag). */
async function evalValues(
  qrels: string,
  run: string,
  extra: string[] = [],
): Promise<string> {
  const result = await runInProcess([
    "eval",
    qrels,
    run,
    ...specArgs,
    "-q",
    ...extra,
  ]);
  assertEquals(result.status, 0, result.err);
  return result.out.split("\n").filter((l) => !l.startsWith("runid")).join(
    "\n",
  );
}

// Computed by the first test that needs it: captures must not overlap.
let referenceText: string | undefined;
async function reference(): Promise<string> {
  return referenceText ??= await evalValues(TREC_QRELS, TREC_RUN);
}

for (const [file, flags] of QRELS_SHAPES) {
  Deno.test(`eval reads qrels ${file} ${flags.join(" ")} as the TREC qrels`, async () => {
    assertEquals(
      await evalValues(`${SHAPES}${file}`, TREC_RUN, flags),
      await reference(),
    );
  });
}

for (const [file, flags] of RUN_SHAPES) {
  Deno.test(`eval reads run ${file} ${flags.join(" ")} as the TREC run`, async () => {
    assertEquals(
      await evalValues(TREC_QRELS, `${SHAPES}${file}`, flags),
      await reference(),
    );
  });
}

Deno.test("eval reads JSON qrels with a JSON run as the TREC files", async () => {
  assertEquals(
    await evalValues(`${SHAPES}qrels.json`, `${SHAPES}run.bm25.json`),
    await reference(),
  );
});

Deno.test("a BEIR folder's --split chooses its qrels", async () => {
  const dev = await readQrelsInput(`${SHAPES}beir`, { split: "dev" });
  assertEquals(dev.size, 5);
  await assertRejects(
    () => readQrelsInput(`${SHAPES}beir`, { split: "train" }),
    InputError,
    'no split "train": the folder has dev, test',
  );
});

// compare's JSON without the run names, which come from file names or tags.
async function comparison(qrels: string, a: string, b: string) {
  const result = await runInProcess([
    "compare",
    qrels,
    a,
    b,
    "-m",
    "ndcg@10",
    "-m",
    "ap",
    "--format",
    "json",
  ]);
  assertEquals(result.status, 0, result.err);
  const json = JSON.parse(result.out);
  return {
    means: json.systems.map((r: { means: unknown }) => r.means),
    ci: json.systems.map((r: { ci: unknown }) => r.ci),
    tests: json.pairs.map((c: Record<string, unknown>) => [
      c.metric,
      c.diff,
      c.p_value,
    ]),
  };
}

Deno.test("compare gives the TREC files' values for every run and qrels shape", async () => {
  const expected = await comparison(TREC_QRELS, TREC_RUN, TREC_RUN_B);
  for (
    const [qrels, a, b] of [
      [TREC_QRELS, "run.bm25.json", "run.hybrid.json"],
      [`${SHAPES}qrels_beir.tsv`, "run.bm25.jsonl", "run.hybrid.tsv"],
      [`${SHAPES}beir`, "run.bm25.tsv.gz", "run.hybrid.json.gz"],
      [`${SHAPES}qrels.json`, "run.bm25.json", "run.hybrid.jsonl"],
    ]
  ) {
    assertEquals(
      await comparison(qrels, `${SHAPES}${a}`, `${SHAPES}${b}`),
      expected,
      `${qrels} ${a} ${b}`,
    );
  }
});

Deno.test("the library reads every shape with the TREC files' values", async () => {
  const expected = await evaluate(
    readRun(TREC_RUN),
    await readQrels(TREC_QRELS),
    METRICS,
  );
  for (
    const [qrelsFile, runFile] of [
      ["qrels.json", "run.bm25.json"],
      ["qrels_beir.tsv.gz", "run.bm25.jsonl"],
      ["beir", "run.bm25.tsv"],
      ["dataset.json", "run.bm25.json.gz"],
    ]
  ) {
    const qrels = await readQrelsInput(`${SHAPES}${qrelsFile}`);
    const run = await readRunInput(`${SHAPES}${runFile}`);
    const result = await evaluate(run, qrels, METRICS);
    assertEquals(
      result.aggregate,
      expected.aggregate,
      `${qrelsFile} ${runFile}`,
    );
  }
});

Deno.test("runFromScores ranks a ranx dict as the TREC run", async () => {
  const dict = JSON.parse(await Deno.readTextFile(`${SHAPES}run.bm25.json`));
  const qrels = await readQrels(TREC_QRELS);
  const expected = await evaluate(readRun(TREC_RUN), qrels, METRICS);
  const result = await evaluate(runFromScores(dict), qrels, METRICS);
  assertEquals(result.aggregate, expected.aggregate);
});

Deno.test("qrels and run swapped: the error says what each looks like", async () => {
  const swapped = await runInProcess(["eval", TREC_RUN, TREC_QRELS]);
  assertEquals(swapped.status, 1);
  assertEquals(
    swapped.err.includes("looks like TREC run") &&
      swapped.err.includes("Are QRELS and RUN swapped?"),
    true,
    swapped.err,
  );
  assertEquals(swapped.err.split("\n").filter(Boolean).length, 1, swapped.err);
  const twice = await runInProcess(["eval", TREC_QRELS, TREC_QRELS]);
  assertEquals(twice.status, 1);
  assertEquals(twice.err.includes("looks like TREC qrels"), true, twice.err);
});

Deno.test("a wrong --run-format names the format it read with", async () => {
  const result = await runInProcess([
    "eval",
    TREC_QRELS,
    `${SHAPES}run.bm25.json`,
    "--run-format",
    "msmarco-run",
  ]);
  assertEquals(result.status, 1);
  assertEquals(
    result.err.includes('expected 3 tab-separated fields "qid pid rank"'),
    true,
    result.err,
  );
  const unknown = await runInProcess([
    "eval",
    TREC_QRELS,
    TREC_RUN,
    "--run-format",
    "csv",
  ]);
  assertEquals(unknown.status, 2, unknown.err);
});

Deno.test("evaluate and compare take plain objects as they take maps", async () => {
  const qrelsDict = JSON.parse(await Deno.readTextFile(`${SHAPES}qrels.json`));
  const runDict = JSON.parse(
    await Deno.readTextFile(`${SHAPES}run.bm25.json`),
  );
  const hybridDict = JSON.parse(
    await Deno.readTextFile(`${SHAPES}run.hybrid.json`),
  );
  const qrels = await readQrels(TREC_QRELS);
  const expected = await evaluate(readRun(TREC_RUN), qrels, METRICS);
  const plain = await evaluate(runDict, qrelsDict, METRICS);
  assertEquals(plain.aggregate, expected.aggregate);
  const { compare } = await import("../../metrics/compare.ts");
  const fromFiles = await compare(
    { bm25: readRun(TREC_RUN), hybrid: readRun(TREC_RUN_B) },
    qrels,
    ["ndcg@10"],
  );
  const fromObjects = await compare(
    { bm25: runDict, hybrid: hybridDict },
    qrelsDict,
    ["ndcg@10"],
  );
  assertEquals(fromObjects.pairs, fromFiles.pairs);
});

Deno.test("a missing qrels or run file is named in one line", async () => {
  const missing = `${SHAPES}no-such-file.txt`;
  for (const args of [[missing, TREC_RUN], [TREC_QRELS, missing]]) {
    const result = await runInProcess(["eval", ...args]);
    assertEquals(result.status, 1);
    assertEquals(
      result.err,
      `ranklens eval: ${missing}: no such file or directory\n`,
    );
  }
});
