/**
 * `trecEval` with an `open` callback (how the server hands it texts) gives
 * every differential case's reference output, through the fast scan or,
 * when the scan declines, the full reader.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { trecEval } from "../../trec_eval/command.ts";
import { assertCaseResult, DIFFERENTIAL_CASES } from "./_cases.ts";

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
for (const c of DIFFERENTIAL_CASES) {
  const [qrels, run] = c.args.slice(-2);
  const texts = new Map([qrels, run].map((f) => [f, textOf(c.dir + f)]));
  if ([...texts.values()].includes(undefined) || c.args.includes("-Z")) {
    continue;
  }
  opened++;
  Deno.test(`${c.dataset}/${c.id} with opened texts: ${c.command}`, async () => {
    const result = await trecEval(c.args, {
      open: (file) => ({ text: texts.get(file) ?? "" }),
    });
    assertCaseResult(result, c);
  });
}

Deno.test("most differential cases also run with their files opened as texts", () => {
  assertEquals(opened > 70, true, `only ${opened} cases`);
});
