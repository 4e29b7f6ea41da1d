// `--out FILE` takes the report's format from the file's extension when
// --format is absent, and refuses a contradiction, in every command that
// writes a report. The values are trec_eval's for the example files (map
// 0.7924, and ndcg_cut_10 0.7692 for the BM25 baseline on the dataset) and
// the hand-computed ones of the answer file (exact match 1 of 4).
import { assertAlmostEquals, assertEquals } from "../assert.ts";
import { runInProcess } from "./_cli.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const QRELS = `${ROOT}examples/qrels.txt`;
const BM25 = `${ROOT}examples/run.bm25.txt`;
const HYBRID = `${ROOT}examples/run.hybrid.txt`;
const DATASET = `${ROOT}examples/dataset.json`;
const ANSWERS = `${ROOT}tests/testdata/rag/answers.jsonl`;

const EVAL = ["eval", QRELS, BM25, "-m", "ap"];
const RAG = ["rag", ANSWERS, "--input", "answers", "-m", "em"];
const RETRIEVE = ["retrieve", "--dataset", DATASET, "-m", "ndcg@10"];

async function inTempDir(test: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    await test(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Runs a command that writes `file` and prints nothing; returns the file. */
async function written(args: string[], file: string): Promise<string> {
  const result = await runInProcess([...args, "--out", file]);
  assertEquals([result.status, result.out], [0, ""], result.err);
  const bytes = await Deno.readFile(file);
  if (!file.endsWith(".gz")) return new TextDecoder().decode(bytes);
  const inflated = ReadableStream.from([bytes]).pipeThrough(
    new DecompressionStream("gzip"),
  );
  return await new Response(inflated).text();
}

/** Every number of a parsed JSON value. */
function numbersIn(value: unknown): number[] {
  if (typeof value === "number") return [value];
  if (value === null || typeof value !== "object") return [];
  return Object.values(value).flatMap(numbersIn);
}

Deno.test("eval --out writes the format its extension names", async () => {
  await inTempDir(async (dir) => {
    const trec = await written(EVAL, `${dir}/scores.txt`);
    assertEquals(
      trec.includes("ap                    \tall\t0.7924\n"),
      true,
      trec,
    );
    // CSV at full precision: trec_eval's 0.7924 to its four decimals.
    const csv = await written(EVAL, `${dir}/scores.csv`);
    const [header, row, end] = csv.split("\n");
    assertEquals([header, row.slice(0, 13), end], [
      "query,metric,value",
      "all,ap,0.7924",
      "",
    ]);
    assertAlmostEquals(Number(row.slice(7)), 0.7924, 5e-5);
    assertEquals(row.length > "all,ap,0.7924".length, true, row);
    const md = await written(EVAL, `${dir}/scores.md`);
    assertEquals(md.includes("| all | ap | 0.7924 |"), true, md);
    for (const name of ["scores.json", "scores.json.gz"]) {
      const json = JSON.parse(await written(EVAL, `${dir}/${name}`));
      const ap = numbersIn(json).find((n) => Math.abs(n - 0.7924) < 5e-5);
      assertAlmostEquals(ap ?? NaN, 0.7924, 5e-5);
    }
    // An extension that names no report format leaves the default.
    const plain = await written(EVAL, `${dir}/scores.out`);
    assertEquals(plain, trec);
  });
});

Deno.test("rag and retrieve --out write the format their extension names", async () => {
  await inTempDir(async (dir) => {
    const csv = await written(RAG, `${dir}/r.csv`);
    assertEquals(
      csv,
      "sample,metric,value,coverage\nall,exact_match,0.25,4\n",
    );
    const trec = await written(RAG, `${dir}/r.txt`);
    assertEquals(trec.startsWith("num_samples           \tall\t4\n"), true);
    const md = await written(RETRIEVE, `${dir}/r.md`);
    assertEquals(md.includes("| all | ndcg@10 | 0.7692 |"), true, md);
    const json = JSON.parse(await written(RETRIEVE, `${dir}/r.json`));
    assertAlmostEquals(
      numbersIn(json).find((n) => Math.abs(n - 0.7692) < 5e-5) ?? NaN,
      0.7692,
      5e-5,
    );
  });
});

Deno.test("--out and --format that disagree are a usage error, and nothing is written", async () => {
  await inTempDir(async (dir) => {
    const cases: [string[], string][] = [
      [
        [
          "compare",
          QRELS,
          BM25,
          HYBRID,
          "--out",
          `${dir}/r.html`,
          "--format",
          "csv",
        ],
        `--format csv contradicts --out "${dir}/r.html", whose extension means html; drop one of them`,
      ],
      [
        [...EVAL, "--out", `${dir}/r.csv`, "--format", "json"],
        `--format json contradicts --out "${dir}/r.csv", whose extension means csv; drop one of them`,
      ],
      [
        [...RAG, "--out", `${dir}/r.json`, "--format", "trec"],
        `--format trec contradicts --out "${dir}/r.json", whose extension means json; drop one of them`,
      ],
      [
        [...RETRIEVE, "--out", `${dir}/r.md`, "--format", "csv"],
        `--format csv contradicts --out "${dir}/r.md", whose extension means markdown; drop one of them`,
      ],
      // eval writes no HTML: a page of trec_eval text would be a lie.
      [
        [...EVAL, "--out", `${dir}/r.html`],
        `--out "${dir}/r.html": its extension means html, a format this command does not write (trec, json, csv, markdown); give the file another extension`,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await runInProcess(args);
      assertEquals(result.status, 2, args.join(" "));
      assertEquals(
        result.err.startsWith(`ranklens ${args[0]}: ${message}\nUsage: `),
        true,
        result.err,
      );
    }
    assertEquals([...Deno.readDirSync(dir)], []);
  });
});
