/**
 * `num_rel` over all topics with `-c` and `-l 2`: trec_eval counts every
 * qrels entry above 0 whatever `-l` (4102 on DL 2019, trec_eval 10.0's
 * output), and the drop-in reproduces it; `eval` sums the topics' own
 * counts at level 2 (2501, trec_eval's total without `-c`, the run having
 * every judged topic), as the README says.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { runCli } from "./_cli.ts";

const QRELS = "../shared/real/trec/qrels/dl19-passage.txt";
const RUN = "../shared/real/trec/runs/dl19.repllama.txt";

Deno.test("num_rel with -c -l 2: trec_eval's quirk in the drop-in, the topics' sum in eval", async () => {
  const options = ["-c", "-l", "2", "-m", "num_rel"];
  const dropIn = await runCli(["trec_eval", ...options, QRELS, RUN]);
  assertEquals(
    [dropIn.code, dropIn.stdout],
    [0, "num_rel               \tall\t4102\n"],
  );
  const evaluated = await runCli(["eval", ...options, QRELS, RUN]);
  assertEquals(evaluated.code, 0);
  assertEquals(
    evaluated.stdout.split("\n")[2],
    "num_rel               \tall\t2501",
  );
});
