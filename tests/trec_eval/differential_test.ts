/**
 * The differential cases written by `generate_cases.ts`: for every command,
 * `ranklens trec_eval` prints the recorded stdout byte for byte, the same
 * stderr and the same exit status. The references come from the real
 * trec_eval 10.0 and 9.0.8 binaries, or, where ranklens deliberately does
 * what trec_eval's documentation intends, from the derivation each case
 * records in its `reference` and `note`.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { trecEval } from "../../trec_eval/command.ts";
import { assertCaseResult, DIFFERENTIAL_CASES } from "./_cases.ts";

for (const c of DIFFERENTIAL_CASES) {
  Deno.test(`${c.dataset}/${c.id}: ${c.command}`, async () => {
    assertCaseResult(await trecEval(c.args, { cwd: c.dir }), c);
  });
}

Deno.test("the differential cases are all there", () => {
  // 100 commands over 13 datasets, as generate_cases.ts writes them.
  assertEquals(new Set(DIFFERENTIAL_CASES.map((c) => c.dataset)).size, 13);
  assertEquals(DIFFERENTIAL_CASES.length, 100);
});
