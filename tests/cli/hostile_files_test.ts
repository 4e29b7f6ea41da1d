/**
 * Hostile and odd inputs as a user meets them, each with the message and
 * exit status the command gives: the cases of the hostile-files audit not
 * held by the readers' own tests.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { runCli, runCliWith } from "./_cli.ts";

async function withFiles(
  files: Record<string, string>,
  body: (dir: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
    }
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("trec_eval names an empty file as empty, keeping trec_eval's words and status", async () => {
  await withFiles(
    { qrels: "q1 0 d1 1\n", run: "q1 Q0 d1 1 1 t\n", empty: "" },
    async (dir) => {
      // trec_eval 10.0 says "Cannot read results file 'empty'" whether the
      // file is empty or missing; the note says which.
      const run = await runCli(["trec_eval", `${dir}/qrels`, `${dir}/empty`]);
      assertEquals([run.code, run.stdout], [2, ""]);
      assertEquals(
        run.stderr,
        `trec_eval.get_results: Cannot read results file '${dir}/empty' (${dir}/empty is empty)\ntrec_eval: Quit in file '${dir}/empty'\n`,
      );
      const qrels = await runCli(["trec_eval", `${dir}/empty`, `${dir}/run`]);
      assertEquals([qrels.code, qrels.stdout], [2, ""]);
      assertEquals(
        qrels.stderr,
        `trec_eval.get_qrels: Cannot read qrels file '${dir}/empty' (${dir}/empty is empty)\ntrec_eval: Quit in file '${dir}/empty'\n`,
      );
    },
  );
});

Deno.test("more metric specs than --max-metrics is a usage error, not a bug", async () => {
  // It was a RangeError reported as an internal error (exit 70, a stack).
  await withFiles(
    { qrels: "q1 0 d1 1\n", run: "q1 Q0 d1 1 1 t\n" },
    async (dir) => {
      for (const command of ["eval", "compare"]) {
        const files = command === "eval"
          ? [`${dir}/qrels`, `${dir}/run`]
          : [`${dir}/qrels`, `${dir}/run`, `${dir}/run`];
        const result = await runCli([
          "--max-metrics=2",
          command,
          ...files,
          "-m",
          "ap",
          "-m",
          "rr",
          "-m",
          "P@5",
        ]);
        assertEquals([result.code, result.stdout], [2, ""], result.stderr);
        assertEquals(
          result.stderr.split("\n")[0],
          `ranklens ${command}: Too many metric specs: 3, more than 2 (the limit; raise it with --max-metrics)`,
        );
        assertEquals(result.stderr.split("\n")[1].startsWith("Usage:"), true);
      }
      const raised = await runCli([
        "--max-metrics=3",
        "eval",
        `${dir}/qrels`,
        `${dir}/run`,
        "-m",
        "ap",
        "-m",
        "rr",
        "-m",
        "P@5",
      ]);
      assertEquals([raised.code, raised.stderr], [0, ""]);
    },
  );
});

Deno.test("compare --format html reads standard input or a BEIR folder as qrels and names them without a hash", async () => {
  // Hashing them for the report's header failed after the comparison:
  // "-: no such file or directory", "FOLDER: is a directory".
  const examples = new URL("../../examples/", import.meta.url).pathname;
  const [bm25, hybrid] = [
    `${examples}run.bm25.txt`,
    `${examples}run.hybrid.txt`,
  ];
  const html = ["-m", "ndcg@10", "--format", "html"];
  const fromStdin = await runCli(
    ["compare", "-", bm25, hybrid, ...html],
    await Deno.readTextFile(`${examples}qrels.txt`),
  );
  assertEquals([fromStdin.code, fromStdin.stderr], [0, ""]);
  // sha256sum of the bundled runs.
  for (
    const entry of [
      '<dt>qrels</dt><dd><code class="file">&lt;stdin&gt;</code></dd>',
      `<dt>run bm25</dt><dd><code class="file">${bm25}</code> sha256 <code class="sha256">73f751ccbfc1c8d57a35bf0210ab797ec85e6d17a2b5e1657cc1ecca15ec9c0c</code></dd>`,
      `<dt>run hybrid</dt><dd><code class="file">${hybrid}</code> sha256 <code class="sha256">63661b0185da49a4336b13b8be6ffdd6c84df6322b2cd9ee74fcfef951769a1a</code></dd>`,
    ]
  ) {
    assertEquals(fromStdin.stdout.includes(entry), true, entry);
  }
  const beir = new URL("../testdata/beir/tiny", import.meta.url).pathname;
  await withFiles(
    {
      a: "q1 Q0 doc1 1 2 a\nq1 Q0 doc3 2 1 a\nq2 Q0 doc2 1 1 a\n",
      b: "q1 Q0 doc3 1 2 b\nq1 Q0 doc1 2 1 b\nq2 Q0 doc2 1 1 b\n",
    },
    async (dir) => {
      const folder = await runCli(
        [
          "compare",
          beir,
          `${dir}/a`,
          `${dir}/b`,
          "-m",
          "rr",
          "--format",
          "html",
        ],
      );
      assertEquals([folder.code, folder.stderr], [0, ""]);
      assertEquals(
        folder.stdout.includes(
          `<dt>qrels</dt><dd><code class="file">${beir}</code></dd>`,
        ),
        true,
      );
    },
  );
});

Deno.test("gate reads its baseline from standard input or a gzipped report", async () => {
  // `--baseline -` failed ("-: no such file or directory" for a report; an
  // empty run for a run, its bytes spent telling which it was), and a
  // .json.gz report was parsed as its compressed bytes.
  const examples = new URL("../../examples/", import.meta.url).pathname;
  const [qrels, bm25, hybrid] = ["qrels.txt", "run.bm25.txt", "run.hybrid.txt"]
    .map((name) => `${examples}${name}`);
  const dir = await Deno.makeTempDir();
  try {
    const report = `${dir}/baseline.json`;
    const saved = await runCli([
      "eval",
      qrels,
      hybrid,
      "-c",
      "-m",
      "ndcg@10",
      "--save-report",
      report,
    ]);
    assertEquals(saved.code, 0, saved.stderr);
    const json = await Deno.readFile(report);
    const gzipped = `${dir}/baseline.json.gz`;
    await Deno.writeFile(
      gzipped,
      new Uint8Array(
        await new Response(
          ReadableStream.from([json]).pipeThrough(
            new CompressionStream("gzip"),
          ),
        ).arrayBuffer(),
      ),
    );
    const gate = ["gate", qrels, bm25, "-m", "ndcg@10=0.01"];
    // trec_eval 10.0 -c -m ndcg_cut.10: 0.9640 (hybrid), 0.8569 (bm25).
    const row =
      "ndcg@10    0.9640  0.8569  -0.1071        0.0100  < 0.0001  FAIL";
    for (
      const [args, stdin] of [
        [["--baseline", "-"], new TextDecoder().decode(json)],
        [["--baseline", "-"], await Deno.readTextFile(hybrid)],
        [["--baseline", gzipped], undefined],
      ] as const
    ) {
      const result = await runCli([...gate, ...args], stdin);
      assertEquals([result.code, result.stderr], [1, ""], args.join(" "));
      assertEquals(result.stdout.split("\n")[3], row);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("standard input given for two inputs is a usage error, not an empty second input", async () => {
  const qrels = "q1 0 d1 1\n";
  for (
    const [command, args] of [
      ["eval", ["-", "-"]],
      ["compare", ["qrels", "-", "-"]],
      ["gate", ["qrels", "-", "--baseline", "-"]],
    ] as const
  ) {
    await withFiles({ qrels }, async (dir) => {
      const result = await runCli(
        [command, ...args.map((a) => a === "qrels" ? `${dir}/qrels` : a)],
        qrels,
      );
      assertEquals([result.code, result.stdout], [2, ""]);
      assertEquals(
        result.stderr.split("\n")[0],
        `ranklens ${command}: Standard input (-) is given for 2 inputs; it can be read only once`,
      );
    });
  }
});

Deno.test("a pipe given as a path (/dev/stdin, <(zcat run.gz)) is read whole, once", async () => {
  // Format detection read the pipe's first chunks and the reader got the
  // rest: a run of 100 topics scored 57 of them, with exit status 0; an
  // ungrouped run, read again from the spent pipe, had "no run lines".
  const qrels: string[] = [], run: string[] = [];
  for (let t = 0; t < 100; t++) {
    const q = `q${String(t).padStart(3, "0")}`;
    qrels.push(`${q} 0 d0000 1\n`);
    for (let r = 0; r < 100; r++) {
      const d = String(r).padStart(4, "0");
      const rank = String(r + 1).padStart(3, "0");
      run.push(
        `${q} Q0 d${d} ${rank} ${String(100 - r).padStart(3, "0")} tag1234\n`,
      );
    }
  }
  const examples = new URL("../../examples/", import.meta.url).pathname;
  const bm25 = await Deno.readTextFile(`${examples}run.bm25.txt`);
  // q01 ranks an unjudged zz9 at the end, after q20: ungrouped.
  const ungrouped = bm25 + "q01 Q0 zz9 1 4.3167 bm25\n";
  await withFiles({ qrels: qrels.join("") }, async (dir) => {
    // trec_eval 10.0 -m map -m num_ret on the same files.
    for (
      const [args, stdin, want] of [
        [[`${dir}/qrels`, "/dev/stdin"], run.join(""), ["1.0000", "10000"]],
        [[`${examples}qrels.txt`, "/dev/stdin"], ungrouped, ["0.7843", "401"]],
        [
          ["/dev/stdin", `${examples}run.bm25.txt`],
          await Deno.readTextFile(`${examples}qrels.txt`),
          ["0.7924", "400"],
        ],
      ] as const
    ) {
      // Deno opens /dev/stdin only with every permission.
      const result = await runCliWith(
        ["-A"],
        ["eval", ...args, "-m", "ap", "-m", "num_ret"],
        stdin,
      );
      assertEquals([result.code, result.stderr], [0, ""], args.join(" "));
      const values = result.stdout.split("\n").filter((l) =>
        /^(ap|num_ret) /.test(l)
      ).map((l) => l.split("\t")[2]);
      assertEquals(values, [...want]);
    }
  });
  // Nor is a pipe read again: for a hash (it gave the empty text's), or by
  // gate, after telling a report from a run.
  const html = await runCliWith(["-A"], [
    "compare",
    `${examples}qrels.txt`,
    "/dev/stdin",
    `${examples}run.hybrid.txt`,
    "-m",
    "ap",
    "--format",
    "html",
  ], bm25);
  assertEquals([html.code, html.stderr], [0, ""]);
  assertEquals(
    html.stdout.includes(
      '<dt>run bm25</dt><dd><code class="file">/dev/stdin</code></dd>',
    ),
    true,
  );
  const gate = await runCliWith(["-A"], [
    "gate",
    `${examples}qrels.txt`,
    `${examples}run.bm25.txt`,
    "--baseline",
    "/dev/stdin",
    "-m",
    "ndcg@10=0.01",
  ], await Deno.readTextFile(`${examples}run.hybrid.txt`));
  // trec_eval 10.0 -c -m ndcg_cut.10: 0.9640 (hybrid), 0.8569 (bm25).
  assertEquals([gate.code, gate.stdout.split("\n")[3]], [
    1,
    "ndcg@10    0.9640  0.8569  -0.1071        0.0100  < 0.0001  FAIL",
  ]);
});

Deno.test("convert from standard input or a pipe writes what it read", async () => {
  // A conversion to the same format copied the input's bytes by reading it
  // again: from - or a pipe it wrote an empty file, exit status 0.
  const examples = new URL("../../examples/", import.meta.url).pathname;
  const bm25 = await Deno.readTextFile(`${examples}run.bm25.txt`);
  await withFiles({}, async (dir) => {
    for (const input of ["-", "/dev/stdin"]) {
      const out = `${dir}/out.txt`;
      // Deno opens /dev/stdin only with every permission.
      const converted = await runCliWith(
        ["-A"],
        ["convert", input, out, "--from", "trec-run"],
        bm25,
      );
      assertEquals([converted.code, converted.stderr], [0, ""], input);
      const scored = await runCli([
        "eval",
        `${examples}qrels.txt`,
        out,
        "-m",
        "ap",
        "-m",
        "num_ret",
      ]);
      // trec_eval 10.0 -m map -m num_ret on examples/run.bm25.txt.
      assertEquals(
        scored.stdout.split("\n").slice(2, 4).map((l) => l.split("\t")[2]),
        ["0.7924", "400"],
      );
    }
  });
});

Deno.test("a named pipe called RUN.gz is inflated as it is read, once", async () => {
  // The gzip reader opened a .gz path twice (to stat it, then to inflate):
  // the pipe's writer was cut off at the first close and the second open
  // waited for another writer, for ever.
  const examples = new URL("../../examples/", import.meta.url).pathname;
  const gzipped = new Uint8Array(
    await new Response(
      (await Deno.open(`${examples}run.bm25.txt`)).readable.pipeThrough(
        new CompressionStream("gzip"),
      ),
    ).arrayBuffer(),
  );
  await withFiles({}, async (dir) => {
    const fifo = `${dir}/run.txt.gz`;
    const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
    assertEquals(made.code, 0);
    // A bound for what would otherwise hang, far beyond the run's time.
    const hang = AbortSignal.timeout(60_000);
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-R",
        new URL("../../cli.ts", import.meta.url).pathname,
        "eval",
        `${examples}qrels.txt`,
        fifo,
        "-m",
        "ap",
      ],
      stdout: "piped",
      stderr: "piped",
      signal: hang,
    }).output();
    // Cut off, the writer's error is not the test's: the child's status is.
    const writer = Deno.open(fifo, { write: true }).then((file) =>
      ReadableStream.from([gzipped]).pipeTo(file.writable)
    ).catch(() => {});
    const [{ code, stdout, stderr }] = await Promise.all([child, writer]);
    assertEquals([hang.aborted, code, new TextDecoder().decode(stderr)], [
      false,
      0,
      "",
    ]);
    // trec_eval 10.0 -m map on examples/run.bm25.txt.
    assertEquals(
      new TextDecoder().decode(stdout).split("\n")[2],
      "ap                    \tall\t0.7924",
    );
  });
});
