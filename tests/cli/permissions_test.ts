// Every command asks for the permissions it needs before any work: a
// process without one gets a single line naming the flag to add, and
// nothing is written (no report, no temporary file, no index folder).
import { assertEquals } from "../assert.ts";
import { runCliWith as cli } from "./_cli.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const RAG = `${ROOT}tests/testdata/rag/answers.jsonl`;

/**
 * A folder outside the checkout with copies of the example files: with
 * `--allow-read=ROOT` the commands load but cannot read these.
 */
async function inputs(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "ranklens-permissions-" });
  for (const name of ["qrels.txt", "run.bm25.txt", "dataset.json"]) {
    await Deno.copyFile(`${ROOT}examples/${name}`, `${dir}/${name}`);
  }
  await Deno.copyFile(RAG, `${dir}/answers.jsonl`);
  return dir;
}

const listing = (dir: string) =>
  [...Deno.readDirSync(dir)].map((entry) => entry.name).sort();

const COPIES = ["answers.jsonl", "dataset.json", "qrels.txt", "run.bm25.txt"];

Deno.test("without read access to its input, each command names the files and -R, and reads nothing", async () => {
  const dir = await inputs();
  try {
    const qrels = `${dir}/qrels.txt`;
    const run = `${dir}/run.bm25.txt`;
    const readOnlyCode = [`--allow-read=${ROOT}`];
    const cases: [string[], number, string][] = [
      [["eval", qrels, run], 1, `${qrels}, ${run}`],
      [["trec_eval", "-m", "map", qrels, run], 1, `${qrels}, ${run}`],
      [["compare", qrels, run, run], 1, `${qrels}, ${run}`],
      // gate's every error exits 2: 1 is a regression.
      [["gate", qrels, run, "--baseline", run], 2, `${qrels}, ${run}`],
      [["rag", `${dir}/answers.jsonl`], 1, `${dir}/answers.jsonl`],
      [
        ["retrieve", "--dataset", `${dir}/dataset.json`],
        1,
        `${dir}/dataset.json`,
      ],
    ];
    for (const [args, code, files] of cases) {
      assertEquals(await cli(readOnlyCode, args), {
        code,
        stdout: "",
        stderr: `ranklens ${
          args[0]
        }: needs read access to ${files}: run it with -R (--allow-read)\n`,
      }, args.join(" "));
    }
    assertEquals(listing(dir), COPIES);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("without write access, a command that writes says so once for every file, and writes nothing", async () => {
  const dir = await inputs();
  try {
    const qrels = `${dir}/qrels.txt`;
    const run = `${dir}/run.bm25.txt`;
    const write = (file: string) =>
      `needs write access to ${file} and its folder: run it with -W (or --allow-write=${dir})\n`;
    const cases: [string[], string][] = [
      [["eval", qrels, run, "--out", `${dir}/r.json`], write(`${dir}/r.json`)],
      [
        ["eval", qrels, run, "--save-report", `${dir}/s.json`],
        write(`${dir}/s.json`),
      ],
      [
        ["rag", `${dir}/answers.jsonl`, "--out", `${dir}/r.csv`],
        write(`${dir}/r.csv`),
      ],
      [
        [
          "retrieve",
          "--dataset",
          `${dir}/dataset.json`,
          "--out",
          `${dir}/r.md`,
        ],
        write(`${dir}/r.md`),
      ],
      [
        [
          "retrieve",
          "--dataset",
          `${dir}/dataset.json`,
          "--save-run",
          `${dir}/bm25.run`,
          "--out",
          `${dir}/r.txt`,
        ],
        `needs write access to ${dir}/bm25.run, ${dir}/r.txt and their folders: run it with -W (or --allow-write=${dir})\n`,
      ],
      [
        [
          "retrieve",
          "--dataset",
          `${dir}/dataset.json`,
          "--index",
          `${dir}/idx`,
        ],
        `needs write access to ${dir}/idx/bm25-anserini.index and its folder: run it with -W (or --allow-write=${dir}/idx)\n`,
      ],
      [["convert", qrels, `${dir}/q.tsv`], write(`${dir}/q.tsv`)],
    ];
    for (const [args, message] of cases) {
      assertEquals(await cli(["-R"], args), {
        code: 1,
        stdout: "",
        stderr: `ranklens ${args[0]}: ${message}`,
      }, args.join(" "));
    }
    // Read and write missing at once: one line, both flags.
    assertEquals(
      await cli([`--allow-read=${ROOT}`], ["convert", qrels, `${dir}/q.tsv`]),
      {
        code: 1,
        stdout: "",
        stderr:
          `ranklens convert: needs read access to ${qrels}, write access to ${dir}/q.tsv and its folder: run it with -R (--allow-read) and -W (or --allow-write=${dir})\n`,
      },
    );
    assertEquals(listing(dir), COPIES);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("serve without network access names the hosts and -N, and listens on nothing", async () => {
  // Read access to its own modules, which it loads at run time.
  const code = ["--allow-env", `--allow-read=${ROOT}`];
  assertEquals(await cli(code, ["serve", "--port", "0"]), {
    code: 1,
    stdout: "",
    stderr:
      "ranklens serve: needs network access to 127.0.0.1: run it with -N (or --allow-net=127.0.0.1)\n",
  });
  // The connection guard listens on a loopback port of its own as well.
  assertEquals(
    await cli(code, [
      "serve",
      "--host",
      "0.0.0.0",
      "--port",
      "8123",
    ]),
    {
      code: 1,
      stdout: "",
      stderr:
        "ranklens serve: needs network access to 0.0.0.0:8123, 127.0.0.1: run it with -N (or --allow-net=0.0.0.0:8123,127.0.0.1)\n",
    },
  );
});

Deno.test("without any read access, a command that reads says -R, not an import failure", async () => {
  const qrels = `${ROOT}examples/qrels.txt`;
  const run = `${ROOT}examples/run.bm25.txt`;
  const cases: [string[], number][] = [
    [["eval", qrels, run], 1],
    [["trec_eval", qrels, run], 1],
    [["gate", qrels, run, "--baseline", run], 2],
    [["serve", "--port", "0"], 1],
  ];
  for (const [args, code] of cases) {
    assertEquals(await cli([], args), {
      code,
      stdout: "",
      stderr: `ranklens ${
        args[0]
      }: needs read access to its files: run it with -R (--allow-read)\n`,
    }, args.join(" "));
  }
});
