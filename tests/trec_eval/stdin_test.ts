/**
 * A run read from standard input (`-`) gives what the same run read from its
 * file gives: the recorded reference output of every differential case whose
 * run is a file, with the run piped in instead. A run the fast scan cannot
 * take (a malformed line, a repeated document) is read again whole from what
 * the scan already consumed.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { trecEval } from "../../metrics/trec_eval/command.ts";
import { stringBytes } from "../../formats/trec_eval_lines.ts";

const CASES = new URL("../testdata/trec_eval/cases/", import.meta.url).pathname;
const CLI = new URL("../../cli.ts", import.meta.url).pathname;

interface CaseRecord {
  readonly command: string;
  readonly args: string[];
  readonly status: number;
  readonly stderr: string;
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

let piped = 0;
for (const dataset of [...Deno.readDirSync(CASES)].map((e) => e.name).sort()) {
  const dir = `${CASES}${dataset}/`;
  if (!Deno.statSync(dir).isDirectory) continue;
  for (const name of [...Deno.readDirSync(dir)].map((e) => e.name).sort()) {
    if (!name.endsWith(".json")) continue;
    const id = name.slice(0, -".json".length);
    const record: CaseRecord = JSON.parse(Deno.readTextFileSync(dir + name));
    const run = record.args.at(-1)!;
    if (!isFile(dir + run) || record.args.length < 2) continue;
    piped++;
    Deno.test(`${dataset}/${id} with the run on stdin: ${record.command}`, async () => {
      using file = await Deno.open(dir + run);
      const result = await trecEval([...record.args.slice(0, -1), "-"], {
        cwd: dir,
        stdin: file.readable,
      });
      assertEquals(result.status, record.status, "exit status");
      assertEquals(
        result.stderr,
        record.stderr.replaceAll(`'${run}'`, "'-'"),
        "stderr",
      );
      assertEquals(
        stringBytes(result.stdout),
        Deno.readFileSync(`${dir}${id}.expected`),
        "stdout",
      );
    });
  }
}

Deno.test("most differential cases are also run with the run on stdin", () => {
  assertEquals(piped > 70, true, `only ${piped} cases`);
});

Deno.test("the trec_eval command reads a run piped to it as -", async () => {
  const dir = `${CASES}errors/`;
  for (const run of ["run", "run.dup"]) {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-R", CLI, "trec_eval", "-q", "-m", "map", "qrels", "-"],
      cwd: dir,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    await (await Deno.open(dir + run)).readable.pipeTo(child.stdin);
    const { code, stdout, stderr } = await child.output();
    const expected = await trecEval(["-q", "-m", "map", "qrels", run], {
      cwd: dir,
    });
    assertEquals(code, expected.status);
    assertEquals(new TextDecoder().decode(stderr), expected.stderr);
    assertEquals(
      stringBytes(new TextDecoder("latin1").decode(stdout)),
      stringBytes(expected.stdout),
    );
  }
});
