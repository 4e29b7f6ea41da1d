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
import { trecEval } from "../../trec_eval/command.ts";
import { stringBytes } from "../../trec_eval/lines.ts";
import {
  assertCaseResult,
  CASES_DIR,
  DIFFERENTIAL_CASES,
  withoutNotes,
} from "./_cases.ts";

const CLI = new URL("../../cli.ts", import.meta.url).pathname;

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

let piped = 0;
for (const c of DIFFERENTIAL_CASES) {
  const run = c.args.at(-1)!;
  if (!isFile(c.dir + run) || c.args.length < 2) continue;
  piped++;
  Deno.test(`${c.dataset}/${c.id} with the run on stdin: ${c.command}`, async () => {
    using file = await Deno.open(c.dir + run);
    const result = await trecEval([...c.args.slice(0, -1), "-"], {
      cwd: c.dir,
      stdin: file.readable,
    });
    assertCaseResult(result, c, c.stderr.replaceAll(`'${run}'`, "'-'"));
  });
}

Deno.test("most differential cases are also run with the run on stdin", () => {
  assertEquals(piped > 70, true, `only ${piped} cases`);
});

Deno.test("the trec_eval command reads a run piped to it as -", async () => {
  const dir = `${CASES_DIR}errors/`;
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
    assertEquals(
      withoutNotes(new TextDecoder().decode(stderr)),
      withoutNotes(expected.stderr),
    );
    // The command prints nothing when it fails, where trec_eval prints
    // the topics before the fault.
    assertEquals(
      stringBytes(new TextDecoder("latin1").decode(stdout)),
      stringBytes(code === 0 ? expected.stdout : ""),
    );
  }
});
