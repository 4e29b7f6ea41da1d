/**
 * A real TREC DL 2020 run (repllama: 1,000 documents a topic, scores of three
 * decimals, so each judged document shares its score with a dozen others)
 * scored as trec_eval 10.0 scores it. Its topics retrieve hundreds of judged
 * documents, so ranks come from the scanner's tie groups, not from counting.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { trecEval } from "../../trec_eval/command.ts";

const QRELS = "../shared/real/trec/qrels/dl20-passage.txt";
const RUN = "../shared/real/trec/runs/dl20.repllama.txt";
const EXPECTED = "tests/testdata/trec_eval/real/";

Deno.test("trec_eval's default measures on DL 2020 repllama", async () => {
  const { stdout, status } = await trecEval([QRELS, RUN]);
  assertEquals(status, 0);
  assertEquals(
    stdout,
    await Deno.readTextFile(EXPECTED + "dl20.repllama.default.txt"),
  );
});

Deno.test("trec_eval -q on DL 2020 repllama: every topic's ranks", async () => {
  const { stdout, status } = await trecEval([
    "-q",
    ...["-m", "map", "-m", "ndcg_cut.10", "-m", "P.10", "-m", "recip_rank"],
    ...["-m", "recall.1000", "-m", "Rprec", "-m", "bpref"],
    QRELS,
    RUN,
  ]);
  assertEquals(status, 0);
  assertEquals(
    stdout,
    await Deno.readTextFile(EXPECTED + "dl20.repllama.q.txt"),
  );
});
