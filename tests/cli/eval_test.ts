import { assertEquals } from "../assert.ts";
import { runCli } from "./_cli.ts";

const QRELS = new URL("../../examples/qrels.txt", import.meta.url).pathname;
const RUN = new URL("../../examples/run.bm25.txt", import.meta.url).pathname;

Deno.test("eval prints trec_eval's layout for the asked metrics", async () => {
  const { code, stdout } = await runCli([
    "eval",
    "-m",
    "ndcg@10",
    "-m",
    "P(rel=2)@5",
    "-m",
    "mrr",
    QRELS,
    RUN,
  ]);
  assertEquals(code, 0);
  assertEquals(
    stdout,
    [
      "runid                 \tall\tbm25",
      "num_q                 \tall\t20",
      "ndcg@10               \tall\t0.8569",
      "P(rel=2)@5            \tall\t0.6200",
      "rr                    \tall\t1.0000",
      "",
    ].join("\n"),
  );
});

Deno.test("a negative relevance level is a usage error: it would count unjudged documents as relevant", async () => {
  const { code, stderr } = await runCli(["eval", "-l-1", QRELS, RUN]);
  assertEquals(code, 2);
  assertEquals(
    stderr.includes('option -l must be an integer >= 0, got "-1"'),
    true,
  );
});
