import { assertEquals } from "../assert.ts";
import { runCli } from "./_cli.ts";

const QRELS = new URL("../../examples/qrels.txt", import.meta.url).pathname;
const RUN = new URL("../../examples/run.bm25.txt", import.meta.url).pathname;

Deno.test("eval prints trec_eval's layout for the asked metrics", async () => {
  const { code, stdout } = await runCli([
    "eval",
    "-m",
    "ndcg@10",
    "-m",
    "P(rel=2)@5",
    "-m",
    "mrr",
    QRELS,
    RUN,
  ]);
  assertEquals(code, 0);
  assertEquals(
    stdout,
    [
      "runid                 \tall\tbm25",
      "num_q                 \tall\t20",
      "ndcg@10               \tall\t0.8569",
      "P(rel=2)@5            \tall\t0.6200",
      "rr                    \tall\t1.0000",
      "",
    ].join("\n"),
  );
});

Deno.test("a negative relevance level is a usage error: it would count unjudged documents as relevant", async () => {
  const { code, stderr } = await runCli(["eval", "-l-1", QRELS, RUN]);
  assertEquals(code, 2);
  assertEquals(
    stderr.includes('option -l must be an integer >= 0, got "-1"'),
    true,
  );
});

Deno.test("eval reads a run from stdin, grouped by topic or not, as from its file", async () => {
  const args = ["eval", "-q", "-m", "ndcg@10", "-m", "ap", QRELS];
  const expected = await runCli([...args, RUN]);
  assertEquals(expected.code, 0);
  const lines = (await Deno.readTextFile(RUN)).trimEnd().split("\n");
  // Every other line moved to the end: each topic appears twice, apart.
  const ungrouped = [
    ...lines.filter((_, i) => i % 2 === 0),
    ...lines.filter((_, i) => i % 2 === 1),
  ];
  for (const text of [lines, ungrouped]) {
    const got = await runCli([...args, "-"], text.join("\n") + "\n");
    assertEquals(got, expected);
  }
  const bad = await runCli([...args, "-"], lines[0] + "\nq02 Q0 d 1\n");
  assertEquals(bad.code, 1);
  assertEquals(
    bad.stderr,
    'ranklens eval: <stdin>:2: expected 6 fields "qid iter docno rank score tag", got 4\n',
  );
});

Deno.test("eval -q warns when a query is named all, like the summary rows", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/qrels`, "all 0 d1 1\nq2 0 d2 1\n");
    await Deno.writeTextFile(`${dir}/run`, "all Q0 d1 1 1 t\nq2 Q0 d3 1 1 t\n");
    const args = ["eval", "-m", "P@1", `${dir}/qrels`, `${dir}/run`];
    const table = await runCli([...args, "-q"]);
    assertEquals(table.code, 0);
    assertEquals(
      table.stderr,
      'ranklens eval: warning: query "all" has the name of the summary rows; use --format json to tell them apart\n',
    );
    assertEquals(
      table.stdout.split("\n").filter((l) => l.includes("\tall\t")).length,
      4,
    );
    // Without -q, or in JSON, nothing is ambiguous.
    for (const more of [[], ["-q", "--format", "json"]]) {
      assertEquals((await runCli([...args, ...more])).stderr, "");
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("eval --format csv keeps full precision; markdown rounds for reading", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/qrels.txt`, "q1 0 d1 1\nq2 0 d9 1\n");
    // q1: the relevant document at rank 3 (rr 1/3); q2: at rank 1 (rr 1).
    await Deno.writeTextFile(
      `${dir}/run.txt`,
      "q1 Q0 d2 1 3 t\nq1 Q0 d3 2 2 t\nq1 Q0 d1 3 1 t\nq2 Q0 d9 1 1 t\n",
    );
    const csv = await runCli(
      ["eval", `${dir}/qrels.txt`, `${dir}/run.txt`, "-q", "-m", "rr"].concat(
        ["--format", "csv"],
      ),
    );
    assertEquals(csv.code, 0, csv.stderr);
    assertEquals(
      csv.stdout,
      `query,metric,value\nq1,rr,${1 / 3}\nq2,rr,1\nall,rr,${
        (1 / 3 + 1) / 2
      }\n`,
    );
    const markdown = await runCli(
      ["eval", `${dir}/qrels.txt`, `${dir}/run.txt`, "-m", "rr"].concat(
        ["--format", "markdown"],
      ),
    );
    assertEquals(markdown.stdout.split("\n")[2], "| all | rr | 0.6667 |");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
