import { assertAlmostEquals, assertEquals } from "../assert.ts";
import { runCli } from "./_cli.ts";

const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;
const QRELS = `${EXAMPLES}qrels.txt`;
const BM25 = `${EXAMPLES}run.bm25.txt`;
const HYBRID = `${EXAMPLES}run.hybrid.txt`;

async function evalMean(run: string, spec: string): Promise<number> {
  const out = await runCli([
    "eval",
    QRELS,
    run,
    "-c",
    "-m",
    spec,
    "--format",
    "json",
  ]);
  return JSON.parse(out.stdout).aggregate[spec];
}

Deno.test("compare --format json gives UltraRAG's fields for a two-run comparison", async () => {
  const result = await runCli([
    "compare",
    QRELS,
    HYBRID,
    BM25,
    "-m",
    "ndcg@10",
    "-m",
    "P@5",
    "--test",
    "permutation",
    "--format",
    "json",
  ]);
  assertEquals(result.code, 0, result.stderr);
  const json = JSON.parse(result.stdout);
  assertEquals(json.querySet, "judged");
  assertEquals(json.nQueries, 20);
  assertEquals(json.systems.map((r: { name: string }) => r.name), [
    "hybrid",
    "bm25",
  ]);
  const [ndcg, p5] = json.pairs;
  assertEquals([ndcg.a, ndcg.b, ndcg.metric], ["hybrid", "bm25", "ndcg@10"]);
  assertEquals(ndcg.A_mean, await evalMean(HYBRID, "ndcg@10"));
  assertEquals(ndcg.B_mean, await evalMean(BM25, "ndcg@10"));
  assertEquals(ndcg.diff, ndcg.A_mean - ndcg.B_mean);
  // hybrid wins all 20 queries: 2 of the 2^20 sign vectors are as extreme,
  // and Holm over the two tests doubles the smaller p.
  assertEquals(ndcg.pValue, 2 / 2 ** 20);
  assertEquals(ndcg.p_value, 4 / 2 ** 20);
  assertEquals(ndcg.pAdjusted, ndcg.p_value);
  assertEquals([ndcg.aMean, ndcg.bMean], [ndcg.A_mean, ndcg.B_mean]);
  assertEquals(ndcg.significant, true);
  assertEquals([ndcg.wins, ndcg.ties, ndcg.losses], [20, 0, 0]);
  // P@5 differs on 5 queries, all for hybrid: exact p = 2 / 2^5.
  assertEquals([p5.wins, p5.ties, p5.losses], [5, 15, 0]);
  assertEquals(p5.pValue, 0.0625);
  assertEquals(p5.significant, false);
});

Deno.test("compare writes every format to --out atomically", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (
      const format of ["table", "markdown", "csv", "json", "latex", "html"]
    ) {
      const out = `${dir}/report.${format}`;
      const result = await runCli([
        "compare",
        QRELS,
        BM25,
        HYBRID,
        "-m",
        "ap",
        "--format",
        format,
        "--out",
        out,
      ]);
      assertEquals(result.code, 0, result.stderr);
      assertEquals(result.stdout, "");
    }
    // Only the reports: no temporary file left behind.
    const names = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    assertEquals(names.sort(), [
      "report.csv",
      "report.html",
      "report.json",
      "report.latex",
      "report.markdown",
      "report.table",
    ]);
    const csv = (await Deno.readTextFile(`${dir}/report.csv`)).split("\n");
    assertEquals(
      csv[0].startsWith("metric,a,b,aMean,bMean,diff,ciLow,ciHigh"),
      true,
    );
    assertEquals(csv[1].startsWith("ap,bm25,hybrid,"), true);
    const latex = await Deno.readTextFile(`${dir}/report.latex`);
    // hybrid (b) is significantly better than bm25 (a) and best: bold, "a".
    assertEquals(
      latex.includes("b & hybrid & \\textbf{0.9437}$^{a}$ \\\\"),
      true,
      latex,
    );
    assertEquals(latex.includes("a & bm25 & 0.7924 \\\\"), true, latex);
    const table = await Deno.readTextFile(`${dir}/report.table`);
    assertEquals(table.includes("\x1b["), false);
    assertEquals(
      /^ap +bm25 +hybrid +0\.7924 +0\.9437 +-0\.1513 /m.test(table),
      true,
      table,
    );
    // ap's t-test p is about 1e-8: printed as below four decimals, the one
    // p-value format of every report, never 0.0000 or an exponent.
    const pValues = table.split("\n").find((l) => /^ap +bm25/.test(l))!
      .trim().split(/ {2,}/).slice(-3, -1);
    assertEquals(pValues, ["< 0.0001", "< 0.0001"], table);
    const markdown = await Deno.readTextFile(`${dir}/report.markdown`);
    // The means' intervals are percentile bootstrap intervals, within five
    // Monte Carlo standard deviations (and the printed rounding) of scipy's.
    const row = markdown.match(
      /^\| ap \| 0\.7924 \[(.+), (.+)\] \| 0\.9437 \[(.+), (.+)\] \|$/m,
    );
    assertEquals(row !== null, true, markdown);
    const scipy = JSON.parse(
      await Deno.readTextFile(
        new URL(
          "../testdata/significance/mean_bootstrap.json",
          import.meta.url,
        ),
      ),
    ).cases.find((c: { name: string }) =>
      c.name === "example ap hybrid vs bm25"
    )
      .systems;
    // The reference case names hybrid a, bm25 b.
    const want = [scipy[1], scipy[0]].flatMap((s) =>
      [0, 1].map((i) => [s.ci[i], 5 * s.ci_sd[i] + 5e-5])
    );
    row!.slice(1).forEach((text, i) =>
      assertAlmostEquals(Number(text), want[i][0], want[i][1], text)
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compare usage errors exit 2, input errors 1", async () => {
  const one = await runCli(["compare", QRELS, BM25]);
  assertEquals(one.code, 2);
  assertEquals(one.stderr.includes("at least two runs"), true);
  const test = await runCli(["compare", QRELS, BM25, HYBRID, "--test", "z"]);
  assertEquals(test.code, 2);
  assertEquals(
    test.stderr.includes(
      '--test must be one of t, permutation, fisher, wilcoxon, bootstrap, tukey, got "z"',
    ),
    true,
  );
  const alpha = await runCli(["compare", QRELS, BM25, HYBRID, "--alpha", "2"]);
  assertEquals(alpha.code, 2);
  const gm = await runCli(["compare", QRELS, BM25, HYBRID, "-m", "gm_map"]);
  assertEquals(gm.code, 2);
  assertEquals(gm.stderr.includes("geometric mean"), true, gm.stderr);
  const missing = await runCli([
    "compare",
    QRELS,
    BM25,
    "/nonexistent/run.txt",
  ]);
  assertEquals(missing.code, 1);
});

Deno.test("compare --alternative, --zero-method and --continuity-correction reach the Wilcoxon test, as scipy", async () => {
  const reference = JSON.parse(
    await Deno.readTextFile(
      new URL(
        "../testdata/significance/alternatives.json",
        import.meta.url,
      ),
    ),
  );
  const result = await runCli([
    "compare",
    QRELS,
    HYBRID,
    BM25,
    "-m",
    "P@5",
    "--test",
    "wilcoxon",
    "--alternative",
    "greater",
    "--zero-method",
    "zsplit",
    "--continuity-correction",
    "--format",
    "json",
  ]);
  assertEquals(result.code, 0, result.stderr);
  const [p5] = JSON.parse(result.stdout).pairs;
  // scipy.stats.wilcoxon(hybrid, bm25, zero_method="zsplit",
  // correction=True, alternative="greater") on the per-query P@5.
  const want = reference.cases
    .find((c: { name: string }) => c.name === "example P@5 hybrid vs bm25")
    .wilcoxon.find((r: Record<string, unknown>) =>
      r.zero_method === "zsplit" && r.alternative === "greater" &&
      r.method === "auto" && r.correction
    );
  assertEquals(
    Math.abs(p5.pValue - want.pvalue) < 1e-12,
    true,
    `${p5.pValue} vs ${want.pvalue}`,
  );
});

Deno.test("compare --test tukey gives scipy.stats.tukey_hsd's p-values; one-sided Tukey is a usage error", async () => {
  const reference = JSON.parse(
    await Deno.readTextFile(
      new URL("../testdata/significance/tukey.json", import.meta.url),
    ),
  );
  const result = await runCli([
    "compare",
    QRELS,
    HYBRID,
    BM25,
    "-m",
    "ap",
    "--test",
    "tukey",
    "--format",
    "json",
  ]);
  assertEquals(result.code, 0, result.stderr);
  const [ap] = JSON.parse(result.stdout).pairs;
  const want =
    reference.tukey_hsd.find((c: { name: string }) =>
      c.name === "example ap hybrid, bm25"
    ).pvalue[0][1];
  assertEquals(Math.abs(ap.pValue - want) < 1e-12, true);
  const oneSided = await runCli([
    "compare",
    QRELS,
    HYBRID,
    BM25,
    "--test",
    "tukey",
    "--alternative",
    "less",
  ]);
  assertEquals(oneSided.code, 2);
  assertEquals(
    oneSided.stderr.includes(
      "--test tukey is two-sided, got --alternative less",
    ),
    true,
    oneSided.stderr,
  );
});
