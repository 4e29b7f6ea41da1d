import { InputError } from "../../model/errors.ts";
import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import { evaluate, evaluateSync } from "../../metrics/evaluate.ts";
import { readRun } from "../../formats/trec_run.ts";
import { runCli } from "../cli/_cli.ts";

const EXP =
  'Gains of query "q1" overflow: grade 2147483648 gains Infinity; no value can be computed from them (use smaller grades or gains)';
const SUM =
  'Gains of query "q1" overflow: their sum overflows to Infinity (largest grade 1); no value can be computed from them (use smaller grades or gains)';

Deno.test("gains that overflow are an error naming the query, not NaN printed as null", async () => {
  const huge = new Map([["q1", new Map([["d1", 2147483648], ["d2", 1]])]]);
  const run = [{ queryId: "q1", docs: ["d1", "d2"] }];
  for (
    const spec of [
      "ndcg(gain=exp)",
      "dcg(gain=exp)",
      "ideal_dcg(gain=exp)",
      "G(gain=exp)",
      "Rndcg(gain=exp)",
      "ndcg_rel(gain=exp)",
    ]
  ) {
    assertThrows(() => evaluateSync(run, huge, [spec]), InputError, EXP);
  }
  const three = new Map([["q1", new Map([["d1", 1], ["d2", 1], ["d3", 1]])]]);
  assertThrows(
    () => evaluateSync(run, three, ["ndcg(gain={1:1e308})"]),
    InputError,
    SUM,
  );
  // Two such gains still sum to a finite DCG: nDCG is exactly 1.
  const two = new Map([["q1", new Map([["d1", 1], ["d2", 1]])]]);
  assertEquals(
    evaluateSync(run, two, ["ndcg(gain={1:1e308})"]).aggregate[
      "ndcg(gain={1:1e+308})"
    ],
    1,
  );
  // The scanned run takes the same metrics.
  await assertRejects(
    () =>
      evaluate(
        readRun({ text: "q1 Q0 d1 1 2 t\nq1 Q0 d2 2 1 t\n" }),
        huge,
        ["ndcg(gain=exp)"],
      ),
    InputError,
    EXP,
  );
});

Deno.test("eval on a grade that overflows exits 1 with the query and the cause", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/qrels`, "q1 0 d1 2147483648\nq1 0 d2 1\n");
    await Deno.writeTextFile(`${dir}/run`, "q1 Q0 d1 1 2 t\nq1 Q0 d2 2 1 t\n");
    const result = await runCli([
      "eval",
      "-m",
      "ndcg(gain=exp)",
      "--format",
      "json",
      `${dir}/qrels`,
      `${dir}/run`,
    ]);
    assertEquals(result.code, 1);
    assertEquals(result.stdout, "");
    assertEquals(result.stderr, `ranklens eval: ${EXP}\n`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
