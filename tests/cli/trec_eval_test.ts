import { assertEquals } from "../assert.ts";
import { trecEval } from "../../trec_eval/command.ts";
import { TREC_EVAL_DEVIATIONS } from "../../trec_eval/help.ts";

const CLI = new URL("../../cli.ts", import.meta.url).pathname;
const IDS =
  new URL("../testdata/trec_eval/cases/ids/", import.meta.url).pathname;

Deno.test("trec_eval --help lists the options and every deliberate difference", async () => {
  for (const flag of ["--help", "-h"]) {
    const { stdout, status } = await trecEval([flag]);
    assertEquals(status, 0);
    for (
      const option of [
        "-q",
        "-m",
        "-c",
        "-l",
        "-M",
        "-J",
        "-N",
        "-n",
        "-R",
        "-T",
        "-Z",
        "-v",
        "--trec-version",
      ]
    ) {
      assertEquals(stdout.includes(` ${option}`), true, option);
    }
    for (const deviation of TREC_EVAL_DEVIATIONS) {
      assertEquals(stdout.includes(deviation), true, deviation);
    }
  }
});

Deno.test("cli.ts trec_eval writes ids byte for byte and exits with trec_eval's status", async () => {
  const ok = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      CLI,
      "trec_eval",
      "-q",
      "-m",
      "relstring.30",
      "-m",
      "num_ret",
      "qrels",
      "run",
    ],
    cwd: IDS,
  }).output();
  assertEquals(ok.code, 0);
  assertEquals(ok.stdout, await Deno.readFile(`${IDS}relstring.expected`));
  const failed = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, "trec_eval", "-m", "nope", "qrels", "run"],
    cwd: IDS,
  }).output();
  assertEquals(failed.code, 1);
  assertEquals(
    new TextDecoder().decode(failed.stderr),
    "trec_eval: illegal measure 'nope'\n",
  );
});

/** Runs the trec_eval command in `dir`, as a user would. */
async function command(dir: string, ...args: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, "trec_eval", ...args],
    cwd: dir,
    env: { NO_COLOR: "1" },
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code, stdout: decode(stdout), stderr: decode(stderr) };
}

Deno.test("trec_eval adds the place to its messages and leaves nothing on stdout when it fails", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const write = (name: string, text: string) =>
      Deno.writeTextFile(`${dir}/${name}`, text);
    await write("qrels", "q1 0 D1 1\nq1 0 D2 0\nq2 0 D3 1\nq3 0 D9 1\n");
    await write(
      "run.dup",
      "q1 Q0 D1 1 3 t\nq1 Q0 D2 2 2 t\nq1 Q0 D1 3 1 t\nq2 Q0 D3 1 1 t\n",
    );
    await write("comments", "# only\n# comments\n");
    await write("run", "q1 Q0 D1 1 3 t\nq2 Q0 D3 1 1 t\n");
    await write("other", "q7 Q0 D1 1 3 t\n");
    await write("qrels.dup", "q1 0 D1 1\nq1 0 D1 0\n");
    // trec_eval 10.0 stops with status 4 on the repeat too, and prints the
    // topics before it: here nothing is left on stdout.
    assertEquals(await command(dir, "-q", "-m", "map", "qrels", "run.dup"), {
      code: 4,
      stdout: "",
      stderr:
        "trec_eval.form_res_qrels: duplicate docs D1 (run.dup lines 1 and 3)trec_eval: Can't calculate measure 'map'\n",
    });
    assertEquals(await command(dir, "-m", "map", "qrels.dup", "run"), {
      code: 4,
      stdout: "",
      stderr:
        "trec_eval.form_res_rels: duplicate docs D1 (qrels.dup lines 1 and 2)\ntrec_eval: Can't calculate measure 'map'\n",
    });
    assertEquals(await command(dir, "-m", "map", "qrels", "comments"), {
      code: 7,
      stdout: "",
      stderr:
        "trec_eval: No queries with both results and relevance info (comments has no data lines, only comments or blank lines)\n",
    });
    assertEquals(await command(dir, "-m", "map", "qrels", "other"), {
      code: 7,
      stdout: "",
      stderr:
        "trec_eval: No queries with both results and relevance info (no topic of other is judged in qrels)\n",
    });
    // trec_eval 10.0's -q lines for q1 and q2 (it then stops on q3, which
    // the run lacks: the documented deviation skips it, with a warning).
    const expected = "map                   \tq1\t1.0000\n" +
      "map                   \tq2\t1.0000\nmap                   \tall\t1.0000\n";
    const warning =
      "ranklens trec_eval: warning: 1 judged topic is not in the run and not scored (-c scores them): q3\n";
    assertEquals(await command(dir, "-q", "-m", "map", "qrels", "run"), {
      code: 0,
      stdout: expected,
      stderr: warning,
    });
    // Gzip data under a name without .gz reads as the plain file.
    const packed = await new Response(
      (await Deno.open(`${dir}/run`)).readable.pipeThrough(
        new CompressionStream("gzip"),
      ),
    ).bytes();
    await Deno.writeFile(`${dir}/run.packed`, packed);
    assertEquals(
      await command(dir, "-q", "-m", "map", "qrels", "run.packed"),
      { code: 0, stdout: expected, stderr: warning },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("trec_eval says why it cannot read a truncated .gz or an endless line", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/qrels`, "q1 0 D1 1\n");
    const packed = await new Response(
      ReadableStream.from([new TextEncoder().encode("q1 Q0 D1 1 1 t\n")])
        .pipeThrough(new CompressionStream("gzip")),
    ).bytes();
    await Deno.writeFile(
      `${dir}/run.gz`,
      packed.subarray(0, packed.length - 8),
    );
    assertEquals(await command(dir, "qrels", "run.gz"), {
      code: 2,
      stdout: "",
      stderr:
        "trec_eval.get_results: Cannot read results file 'run.gz' (cannot read the gzip data: unexpected end of file)\ntrec_eval: Quit in file 'run.gz'\n",
    });
    assertEquals(
      await command(dir, "--max-line-bytes=1000", "qrels", "/dev/zero"),
      {
        code: 2,
        stdout: "",
        stderr:
          "trec_eval.get_results: Cannot read results file '/dev/zero' (line 1: line longer than 1000 bytes (the limit; raise it with --max-line-bytes))\ntrec_eval: Quit in file '/dev/zero'\n",
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
