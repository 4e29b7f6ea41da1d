// Input files a command cannot use are refused with the file's name, before
// any number is printed.
import { assertEquals } from "../assert.ts";
import { runCli } from "./_cli.ts";

const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;
const QRELS = `${EXAMPLES}qrels.txt`;
const BM25 = `${EXAMPLES}run.bm25.txt`;
const HYBRID = `${EXAMPLES}run.hybrid.txt`;

async function inTempDir(test: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await test(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function refused(args: string[], message: string): Promise<void> {
  const result = await runCli(args);
  // gate keeps 1 for a regression: its errors exit 2.
  const status = args[0] === "gate" ? 2 : 1;
  assertEquals(result.code, status, `${args.join(" ")}: ${result.stderr}`);
  assertEquals(result.stdout, "", args.join(" "));
  assertEquals(
    result.stderr,
    `ranklens ${args[0]}: ${message}\n`,
    args.join(" "),
  );
}

Deno.test("a directory given as an input file is named in the error", async () => {
  await inTempDir(async (dir) => {
    const isDir = `${dir}: is a directory, not a file`;
    await refused(
      ["eval", dir, BM25],
      `${isDir} (nor a BEIR folder: no qrels/SPLIT.tsv)`,
    );
    await refused(["eval", QRELS, dir], isDir);
    await refused(["compare", QRELS, BM25, dir], isDir);
    await refused(["gate", QRELS, BM25, "--baseline", dir], isDir);
    await refused(["rag", dir], isDir);
  });
});

Deno.test("empty qrels and empty runs are errors, not scores of 0", async () => {
  await inTempDir(async (dir) => {
    const empty = `${dir}/empty.txt`;
    await Deno.writeTextFile(empty, "# nothing but a comment\n\n");
    await refused(
      ["eval", empty, BM25],
      `${empty}: no judgements: the qrels file has no data lines`,
    );
    const noRun = `${empty}: no run lines: the run has no data lines`;
    await refused(["eval", QRELS, empty], noRun);
    await refused(["compare", QRELS, BM25, empty], noRun);
    // A gate whose baseline file is empty must not pass.
    await refused(["gate", QRELS, BM25, "--baseline", empty], noRun);
  });
});

Deno.test("a run none of whose queries is judged is an error, with or without -c", async () => {
  await inTempDir(async (dir) => {
    const other = `${dir}/other.qrels`;
    await Deno.writeTextFile(other, "zz 0 d1 1\n");
    const message =
      `${BM25}: no query of the run is judged: none of its 20 query ids is in the qrels`;
    await refused(["eval", other, BM25, "-m", "ap"], message);
    await refused(["eval", other, BM25, "-m", "ap", "-c"], message);
    await refused(["compare", other, BM25, HYBRID], message);
    // A CI gate must never pass on a broken run.
    await refused(["gate", other, BM25, "--baseline", BM25], message);
  });
});

Deno.test("a run file that starts with a byte order mark scores as without it", async () => {
  await inTempDir(async (dir) => {
    const lines = "# a comment first\nq01 Q0 d01-02 1 2 bom\n";
    await Deno.writeTextFile(`${dir}/plain`, lines);
    await Deno.writeTextFile(`${dir}/bom`, "\ufeff" + lines);
    const plain = await runCli(["eval", QRELS, `${dir}/plain`, "-m", "ap"]);
    const bom = await runCli(["eval", QRELS, `${dir}/bom`, "-m", "ap"]);
    assertEquals(bom.code, 0, bom.stderr);
    assertEquals(bom.stdout, plain.stdout);
    assertEquals(
      plain.stdout,
      "runid                 \tall\tbom\n" +
        "num_q                 \tall\t1\n" +
        "ap                    \tall\t0.2000\n", // 1 of R = 5 relevant, at rank 1
    );
  });
});
