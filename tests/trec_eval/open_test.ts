/**
 * `trecEval` with an `open` callback (how the server hands it texts) gives
 * every differential case's reference output, through the fast scan or,
 * when the scan declines, the full reader.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { trecEval } from "../../metrics/trec_eval/command.ts";
import { stringBytes } from "../../formats/trec_eval_lines.ts";

const CASES = new URL("../testdata/trec_eval/cases/", import.meta.url).pathname;

interface CaseRecord {
  readonly command: string;
  readonly args: string[];
  readonly status: number;
  readonly stderr: string;
}

/** A file's text, or undefined when it is missing or not UTF-8. */
function textOf(path: string): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(
      Deno.readFileSync(path),
    );
  } catch {
    return undefined;
  }
}

let opened = 0;
for (const dataset of [...Deno.readDirSync(CASES)].map((e) => e.name).sort()) {
  const dir = `${CASES}${dataset}/`;
  if (!Deno.statSync(dir).isDirectory) continue;
  for (const name of [...Deno.readDirSync(dir)].map((e) => e.name).sort()) {
    if (!name.endsWith(".json")) continue;
    const id = name.slice(0, -".json".length);
    const record: CaseRecord = JSON.parse(Deno.readTextFileSync(dir + name));
    const [qrels, run] = record.args.slice(-2);
    const texts = new Map([qrels, run].map((f) => [f, textOf(dir + f)]));
    if ([...texts.values()].includes(undefined) || record.args.includes("-Z")) {
      continue;
    }
    opened++;
    Deno.test(`${dataset}/${id} with opened texts: ${record.command}`, async () => {
      const result = await trecEval(record.args, {
        open: (file) => ({ text: texts.get(file) ?? "" }),
      });
      assertEquals(result.status, record.status, "exit status");
      assertEquals(result.stderr, record.stderr, "stderr");
      assertEquals(
        stringBytes(result.stdout),
        Deno.readFileSync(`${dir}${id}.expected`),
        "stdout",
      );
    });
  }
}

Deno.test("most differential cases also run with their files opened as texts", () => {
  assertEquals(opened > 70, true, `only ${opened} cases`);
});
