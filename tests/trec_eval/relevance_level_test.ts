/**
 * A relevance level below 0 (`-l -1`) makes unjudged documents pass the
 * relevance test in most measures but not in num_rel_ret, set_P and
 * set_recall; the expected output was printed by trec_eval 10.0:
 * `trec_eval -q -l -1 -m all_trec qrels.rel_level results.test`.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { trecEval } from "../../trec_eval/command.ts";
import { byteString } from "../../trec_eval/lines.ts";
import { QUICKTEST_DIR } from "./_quicktest.ts";

Deno.test("trec_eval -l -1 prints trec_eval 10.0's bytes", async () => {
  const result = await trecEval(
    ["-q", "-l", "-1", "-m", "all_trec", "qrels.rel_level", "results.test"],
    { cwd: QUICKTEST_DIR },
  );
  const expected = await Deno.readFile(
    new URL("../testdata/trec_eval/level_minus_1.aq", import.meta.url),
  );
  assertEquals(result.status, 0);
  assertEquals(result.stdout, byteString(expected));
});
