/**
 * trec_eval's own test suite (`make quicktest`): the 15 comparisons print
 * byte-identical output.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { trecEval } from "../../trec_eval/command.ts";
import { stringBytes } from "../../trec_eval/lines.ts";
import { QUICKTEST, QUICKTEST_DIR } from "./_quicktest.ts";
import { withoutNotes } from "./_cases.ts";

const DIR = QUICKTEST_DIR;

for (const [expected, args] of QUICKTEST) {
  Deno.test(`trec_eval ${args.join(" ")} prints ${expected}`, async () => {
    const result = await trecEval(args, { cwd: DIR });
    assertEquals(withoutNotes(result.stderr), "");
    assertEquals(result.status, 0);
    const want = await Deno.readFile(DIR + expected);
    assertEquals(stringBytes(result.stdout), want);
  });
}
