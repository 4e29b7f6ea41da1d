// The command line behaves as Unix tools do: a reader that closes standard
// output early ends the command quietly with status 0, and --version says
// the version.
import { assertEquals } from "../assert.ts";
import { runCli, runCliWith } from "./_cli.ts";
import { VERSION } from "../../version.ts";

const CLI = new URL("../../cli.ts", import.meta.url).pathname;
const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;

Deno.test("a closed standard output ends eval quietly with status 0", async () => {
  // bash reports the status of the first command of the pipe.
  const script = `"${Deno.execPath()}" run -R "${CLI}" eval -q -m all_trec ` +
    `"${EXAMPLES}qrels.txt" "${EXAMPLES}run.bm25.txt" | head -1 >/dev/null; ` +
    `echo "status=\${PIPESTATUS[0]}"`;
  const { stdout, stderr } = await new Deno.Command("bash", {
    args: ["-c", script],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  assertEquals(decode(stdout).trim(), "status=0", decode(stderr));
  assertEquals(decode(stderr), "");
});

Deno.test("--version prints the package's version", async () => {
  const result = await runCli(["--version"]);
  assertEquals(result, {
    code: 0,
    stdout: `ranklens ${VERSION}\n`,
    stderr: "",
  });
});

Deno.test("metrics NAME shows that metric with its parameters and aliases", async () => {
  const result = await runCli(["metrics", "ndcg_cut_10"]);
  assertEquals(result.code, 0, result.stderr);
  const lines = result.stdout.split("\n");
  assertEquals(lines[0], "ndcg(gain=linear,dcg=log2,judged_only=False)[@k]");
  assertEquals(lines.some((l) => l.startsWith("    name of: trec_eval")), true);
  assertEquals(lines.some((l) => l.includes("nDCG (ir_measures)")), true);
  assertEquals(lines.some((l) => l.startsWith("    gain: ")), true);
  assertEquals(lines.includes('    "ndcg_cut_10" is ndcg@10'), true);
  const unknown = await runCli(["metrics", "zzz"]);
  assertEquals(unknown.code, 2);
  assertEquals(
    unknown.stderr.startsWith('ranklens metrics: Unknown metric "zzz"'),
    true,
  );
});

Deno.test("compare --out takes the format from the extension and refuses a contradiction", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const args = [
      "compare",
      `${EXAMPLES}qrels.txt`,
      `${EXAMPLES}run.bm25.txt`,
      `${EXAMPLES}run.hybrid.txt`,
      "-m",
      "ap",
      "--out",
    ];
    const html = await runCli([...args, `${dir}/r.html`]);
    assertEquals(html.code, 0, html.stderr);
    const page = await Deno.readTextFile(`${dir}/r.html`);
    assertEquals(page.startsWith("<!doctype html>"), true, page.slice(0, 80));
    const json = await runCli([...args, `${dir}/r.json`]);
    assertEquals(json.code, 0, json.stderr);
    assertEquals(
      typeof JSON.parse(await Deno.readTextFile(`${dir}/r.json`)),
      "object",
    );
    const clash = await runCli([
      ...args,
      `${dir}/x.html`,
      "--format",
      "json",
    ]);
    assertEquals(clash.code, 2);
    assertEquals(
      clash.stderr.includes('--format json contradicts --out "'),
      true,
      clash.stderr,
    );
    assertEquals([...Deno.readDirSync(dir)].map((e) => e.name).sort(), [
      "r.html",
      "r.json",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a missing permission is said once, before any work, with its flag", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const out = `${dir}/r.html`;
    const compare = await runCliWith(["-R"], [
      "compare",
      `${EXAMPLES}qrels.txt`,
      `${EXAMPLES}run.bm25.txt`,
      `${EXAMPLES}run.hybrid.txt`,
      "--out",
      out,
    ]);
    assertEquals(compare, {
      code: 1,
      stdout: "",
      stderr:
        `ranklens compare: needs write access to ${out} and its folder: run it with -W (or --allow-write=${dir})\n`,
    });
    assertEquals([...Deno.readDirSync(dir)], []);
    const retrieve = await runCliWith(["-R"], [
      "retrieve",
      "--dataset",
      `${EXAMPLES}dataset.json`,
      "--url",
      "http://127.0.0.1:9/search",
    ]);
    assertEquals(retrieve, {
      code: 1,
      stdout: "",
      stderr:
        "ranklens retrieve: needs network access to 127.0.0.1:9: run it with -N (or --allow-net=127.0.0.1:9)\n",
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * Runs a command whose standard output is closed before it writes, as
 * `| head` leaves it: every write fails with EPIPE.
 */
async function withClosedStdout(args: string[]) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-R", CLI, ...args],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  await child.stdout.cancel();
  const { code, stderr } = await child.output();
  return { code, stderr: new TextDecoder().decode(stderr) };
}

Deno.test("a closed standard output ends every command quietly with status 0", async () => {
  const qrels = `${EXAMPLES}qrels.txt`;
  const bm25 = `${EXAMPLES}run.bm25.txt`;
  const hybrid = `${EXAMPLES}run.hybrid.txt`;
  const dir = await Deno.makeTempDir();
  const answers = `${dir}/answers.jsonl`;
  await Deno.writeTextFile(
    answers,
    '{"question": "q", "golden_answers": ["Goethe"], "pred_answer": "Goethe"}\n',
  );
  const commands = [
    ["eval", qrels, bm25],
    ["eval", qrels, bm25, "--format", "json", "-q"],
    ["trec_eval", "-q", "-m", "all_trec", qrels, bm25],
    ["compare", qrels, bm25, hybrid],
    ["compare", qrels, bm25, hybrid, "--format", "html"],
    ["gate", qrels, bm25, "--baseline", bm25],
    ["rag", answers, "--input", "answers", "-m", "em"],
    ["retrieve", "--dataset", `${EXAMPLES}dataset.json`, "-q"],
    ["metrics"],
    ["metrics", "ndcg"],
    ["demo"],
    ["--version"],
    ["--help"],
    ["eval", "--help"],
  ];
  try {
    for (const args of commands) {
      assertEquals(
        await withClosedStdout(args),
        { code: 0, stderr: "" },
        args.join(" "),
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
