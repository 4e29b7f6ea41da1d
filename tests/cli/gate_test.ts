// The gate on the example runs: a run that lost topics fails and names the
// metric, the amount and the queries; the unchanged run passes.
import { assertEquals } from "../assert.ts";
import { formatScore } from "../../report/comparison.ts";
import { runCli } from "./_cli.ts";

const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;
const QRELS = `${EXAMPLES}qrels.txt`;
const HYBRID = `${EXAMPLES}run.hybrid.txt`;
const LOST = ["q03", "q04", "q05", "q06"];

async function setup(): Promise<
  { dir: string; degraded: string; report: string }
> {
  const dir = await Deno.makeTempDir();
  // The degraded run lost four topics: with -c they score 0.
  const degraded = `${dir}/degraded.txt`;
  const lines = (await Deno.readTextFile(HYBRID)).split("\n");
  await Deno.writeTextFile(
    degraded,
    lines.filter((l) => !LOST.includes(l.split(" ")[0])).join("\n"),
  );
  const report = `${dir}/baseline.json`;
  const saved = await runCli([
    "eval",
    QRELS,
    HYBRID,
    "-c",
    "-m",
    "ndcg@10",
    "-m",
    "ap",
    "-m",
    "P@5",
    "--save-report",
    report,
  ]);
  assertEquals(saved.code, 0, saved.stderr);
  return { dir, degraded, report };
}

const REAL = "../shared/real/trec";
const DL20_QRELS = `${REAL}/qrels/dl20-passage.txt`;

/**
 * Runs `eval ...args --save-report` in a temporary folder, which `body` may
 * fill first (`dir`), and hands `body` the report's path.
 */
async function withSavedReport(
  args: (dir: string) => string[] | Promise<string[]>,
  body: (report: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    const report = `${dir}/baseline.json`;
    const saved = await runCli([
      "eval",
      ...await args(dir),
      "--save-report",
      report,
    ]);
    assertEquals(saved.code, 0, saved.stderr);
    await body(report);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("gate fails a run with a degraded topic set, naming metric, drop and queries", async () => {
  const { dir, degraded, report } = await setup();
  try {
    const saved = JSON.parse(await Deno.readTextFile(report));
    assertEquals(saved.ranklens, { report: "evaluation", version: 1 });
    assertEquals(Object.keys(saved.perQuery).length, 20);
    // The mean falls by the lost topics' values over all 20 judged queries.
    const lost = LOST.map((q) => saved.perQuery[q]["ndcg@10"] as number);
    const drop = lost.reduce((a, b) => a + b, 0) / 20;
    const result = await runCli([
      "gate",
      QRELS,
      degraded,
      "--baseline",
      report,
      "-m",
      "ndcg@10=0.01",
      "-m",
      "ap=50%",
    ]);
    assertEquals(result.code, 1, result.stderr);
    const out = result.stdout;
    const from = formatScore(saved.aggregate["ndcg@10"]);
    const to = formatScore(saved.aggregate["ndcg@10"] - drop);
    assertEquals(
      out.includes(
        `FAIL ndcg@10 fell by ${
          formatScore(drop)
        } (from ${from} to ${to}; allowed 0.0100;`,
      ),
      true,
      out,
    );
    // The queries that fell most are the lost ones, largest first.
    const listed = out.split("\n").filter((l) => /^ {4}q\d\d /.test(l))
      .map((l) => l.trim().split(/\s+/)[0]);
    const byValue = [...LOST].sort((a, b) =>
      saved.perQuery[b]["ndcg@10"] - saved.perQuery[a]["ndcg@10"]
    );
    assertEquals(listed, byValue);
    // ap fell by less than half its mean: within bounds.
    assertEquals(/^ap +\S+ +\S+ +\S+ +\S+ +\S+ +ok$/m.test(out), true, out);
    assertEquals(
      out.trimEnd().endsWith("gate: FAILED: 1 of 2 metric(s) regressed"),
      true,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gate passes the unchanged run against its saved report and against itself", async () => {
  const { dir, report } = await setup();
  try {
    const saved = await runCli(["gate", QRELS, HYBRID, "--baseline", report]);
    assertEquals(saved.code, 0, saved.stdout + saved.stderr);
    assertEquals(
      saved.stdout.trimEnd().endsWith(
        "gate: passed: 3 metric(s) within bounds",
      ),
      true,
    );
    const asRun = await runCli(["gate", QRELS, HYBRID, "--baseline", HYBRID]);
    assertEquals(asRun.code, 0, asRun.stdout + asRun.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gate with --require-significance fails only on a significant fall", async () => {
  const { dir, degraded } = await setup();
  try {
    // bm25 is below hybrid on every query: significant for ap.
    const bm25 = await runCli([
      "gate",
      QRELS,
      `${EXAMPLES}run.bm25.txt`,
      "--baseline",
      HYBRID,
      "-m",
      "ap=0.01",
      "--require-significance",
    ]);
    assertEquals(bm25.code, 1, bm25.stdout);
    assertEquals(bm25.stdout.includes("FAIL ap fell by 0.1513"), true);
    // ap's t-test p is about 1e-8: "p < 0.0001", the reports' one format.
    assertEquals(
      bm25.stdout.includes("; allowed 0.0100; p < 0.0001)"),
      true,
      bm25.stdout,
    );
    // Losing four topics moves P@5 by 0.2, but with a Bonferroni-corrected
    // alpha of 0.01 over two metrics the fall is not significant.
    const degradedRun = await runCli([
      "gate",
      QRELS,
      degraded,
      "--baseline",
      HYBRID,
      "-m",
      "P@5",
      "-m",
      "ndcg@10",
      "--require-significance",
      "--alpha",
      "0.01",
      "--correction",
      "bonferroni",
    ]);
    assertEquals(degradedRun.code, 0, degradedRun.stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gate usage and input errors exit 2 and 1 with a message", async () => {
  const noBaseline = await runCli(["gate", QRELS, HYBRID]);
  assertEquals(noBaseline.code, 2);
  assertEquals(noBaseline.stderr.includes("--baseline is required"), true);
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/bad.json`, '{"metrics": ["ap"]}');
    const bad = await runCli([
      "gate",
      QRELS,
      HYBRID,
      "--baseline",
      `${dir}/bad.json`,
    ]);
    // Broken input is not a regression: 2, never 1.
    assertEquals(bad.code, 2);
    assertEquals(
      bad.stderr.includes(`${dir}/bad.json: field "perQuery": missing`),
      true,
      bad.stderr,
    );
    await Deno.writeTextFile(
      `${dir}/other.json`,
      '{"metrics": ["ap"], "perQuery": {"q01": {"ap": 0.5}}}',
    );
    const missing = await runCli([
      "gate",
      QRELS,
      HYBRID,
      "--baseline",
      `${dir}/other.json`,
      "-m",
      "ndcg@10",
    ]);
    assertEquals(missing.code, 2);
    assertEquals(
      missing.stderr.includes('no values for metric "ndcg@10"'),
      true,
      missing.stderr,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gate refuses a baseline report off its schema with exit 2, naming the field", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/qrels`, "q1 0 d1 1\nq2 0 d2 1\n");
    await Deno.writeTextFile(`${dir}/run`, "q1 Q0 d1 1 1 t\n");
    await Deno.writeTextFile(
      `${dir}/base.json`,
      JSON.stringify({
        ranklens: { report: "evaluation", version: 1 },
        metrics: ["P@1"],
        perQuery: { q1: { "P@1": 1 } },
        options: { relevanceLevel: "2" },
      }),
    );
    const result = await runCli([
      "gate",
      `${dir}/qrels`,
      `${dir}/run`,
      "--baseline",
      `${dir}/base.json`,
    ]);
    assertEquals(result.code, 2);
    assertEquals(
      result.stderr,
      `ranklens gate: ${dir}/base.json: field "options.relevanceLevel": expected a number, got "2"\n`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gate --alternative less: the one-sided test of a regression", async () => {
  const { dir, degraded } = await setup();
  try {
    const result = await runCli([
      "gate",
      QRELS,
      degraded,
      "--baseline",
      HYBRID,
      "-m",
      "ndcg@10=0.5",
      "--test",
      "permutation",
      "--alternative",
      "less",
    ]);
    assertEquals(result.code, 0, result.stderr);
    // Four queries fell, none rose: of the 2^4 sign vectors only the
    // observed one is as low, p = 1/16 (two-sided: 2/16).
    assertEquals(
      result.stdout.includes("paired permutation (sign-flip) test, less,"),
      true,
      result.stdout,
    );
    assertEquals(/ndcg@10 .* 0\.0625 +ok/.test(result.stdout), true);
    const wrong = await runCli([
      "gate",
      QRELS,
      degraded,
      "--baseline",
      HYBRID,
      "--alternative",
      "lower",
    ]);
    assertEquals(wrong.code, 2);
    assertEquals(
      wrong.stderr.includes(
        '--alternative must be one of two-sided, less, greater, got "lower"',
      ),
      true,
      wrong.stderr,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gate refuses a report saved with -c over other qrels: exit 2, not the run against zeros", async () => {
  // Saved with -c over DL 2020's qrels less queries 23849 and 42255, the
  // report has no value for those two judged queries. gate filled them with
  // an empty ranking's 0 and passed bm25 against its own report with map
  // 0.2941 -> 0.3027, where trec_eval -c -m map gives 0.3027 over the 54
  // queries and 0.3055 over the report's 52.
  const run = `${REAL}/runs/dl20.bm25.txt`;
  await withSavedReport(async (dir) => {
    const lines = (await Deno.readTextFile(DL20_QRELS)).split("\n");
    await Deno.writeTextFile(
      `${dir}/fewer.txt`,
      lines.filter((l) => !/^(23849|42255) /.test(l)).join("\n"),
    );
    return ["-c", `${dir}/fewer.txt`, run, "-m", "map"];
  }, async (report) => {
    const gate = await runCli(["gate", DL20_QRELS, run, "--baseline", report]);
    assertEquals([gate.code, gate.stdout, gate.stderr], [
      2,
      "",
      `ranklens gate: ${report}: has no values for judged query "23849", though it was saved with -c (every judged query); was it saved with other qrels?\n`,
    ]);
  });
});

Deno.test("gate passes a fall of exactly MAX_DROP, which floating-point means put a hair above it", async () => {
  // trec_eval -c -m P.20 on DL 2020: tasb 0.6194 (669 of 1,080 documents
  // relevant), bm25 0.4694 (507): a fall of exactly 162/1080 = 0.15, which
  // the means' difference gives as 0.15000000000000002; -m P@20=0.15 failed.
  // p: scipy.stats.ttest_rel of the per-query P@20 gives 0.000196.
  const qrels = DL20_QRELS;
  const gate = (rule: string) =>
    runCli([
      "gate",
      qrels,
      `${REAL}/runs/dl20.bm25.txt`,
      "--baseline",
      `${REAL}/runs/dl20.tasb.txt`,
      "-m",
      rule,
    ]);
  const exact = await gate("P@20=0.15");
  assertEquals(
    [exact.code, exact.stdout.split("\n")[3]],
    [0, "P@20      0.6194  0.4694  -0.1500        0.1500  0.0002  ok"],
  );
  const less = await gate("P@20=0.1499");
  assertEquals(
    [less.code, less.stdout.split("\n")[3]],
    [1, "P@20      0.6194  0.4694  -0.1500        0.1499  0.0002  FAIL"],
  );
});

Deno.test("gate refuses a metric it cannot compare as a usage error, exit 2 as compare does, not 70", async () => {
  const gate = await runCli([
    "gate",
    DL20_QRELS,
    `${REAL}/runs/dl20.bm25.txt`,
    "--baseline",
    `${REAL}/runs/dl20.tasb.txt`,
    "-m",
    "gm_map=0.01",
  ]);
  assertEquals(
    [gate.code, gate.stdout, gate.stderr.split("\n")[0]],
    [
      2,
      "",
      'ranklens gate: Metric "gm_map" aggregates by a geometric mean; compare its per-query metric (e.g. ap for gm_map) instead',
    ],
  );
});

Deno.test("gate refuses a saved report with no metric averaged over queries, where it passed on nothing gated", async () => {
  // gm_map is a geometric mean and num_rel_ret a sum: neither is gated by
  // default, so gate gated no metric and printed "passed" with exit 0.
  await withSavedReport(() => [
    DL20_QRELS,
    `${REAL}/runs/dl20.bm25.txt`,
    "-m",
    "gm_map",
    "-m",
    "num_rel_ret",
  ], async (report) => {
    const gate = await runCli([
      "gate",
      DL20_QRELS,
      `${REAL}/runs/dl20.tasb.txt`,
      "--baseline",
      report,
    ]);
    assertEquals([gate.code, gate.stdout, gate.stderr], [
      2,
      "",
      `ranklens gate: ${report}: holds no metric averaged over queries, which gate compares by default (it holds ["gm_map","num_rel_ret"]); name one to gate with -m\n`,
    ]);
  });
});

Deno.test("gate takes a JSON or JSON Lines run as the baseline, not as a report without its fields", async () => {
  // DL 2020's bm25 run written by convert as a JSON run and a JSON Lines
  // run scores as the TREC file: trec_eval -c gives map 0.3027 and
  // ndcg_cut_10 0.4796. Read as a saved report, the JSON run was refused
  // ('field "metrics": missing') and the JSON Lines run was invalid JSON.
  const trec = `${REAL}/runs/dl20.bm25.txt`;
  const dir = await Deno.makeTempDir();
  try {
    for (
      const [file, format] of [["bm25.json", "json-run"], [
        "bm25.jsonl",
        "jsonl-run",
      ]]
    ) {
      const baseline = `${dir}/${file}`;
      const converted = await runCli([
        "convert",
        trec,
        baseline,
        "--to",
        format,
      ]);
      assertEquals(converted.code, 0, converted.stderr);
      const gate = await runCli([
        "gate",
        DL20_QRELS,
        trec,
        "--baseline",
        baseline,
      ]);
      assertEquals([
        gate.code,
        gate.stderr,
        gate.stdout.split("\n").slice(3, 5),
      ], [
        0,
        "",
        [
          "ap         0.3027  0.3027  +0.0000        0.0000  1.0000  ok",
          "ndcg@10    0.4796  0.4796  +0.0000        0.0000  1.0000  ok",
        ],
      ], file);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
