/**
 * `evaluate(readRun(path), ...)` scans the file instead of iterating it: the
 * same values, the same tag and the same errors as iterating the run.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { evaluate, type EvaluateOptions } from "../../metrics/evaluate.ts";
import { OFFICIAL_SPECS } from "../../metrics/official.ts";
import { readRun, type ReadRunOptions } from "../../formats/trec_run.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import type { Qrels, RankedList } from "../../model/types.ts";

const DATA = new URL("../testdata/trec_eval/conformance/", import.meta.url)
  .pathname;
const METRICS = [
  ...OFFICIAL_SPECS,
  "ndcg@10",
  "ndcg",
  "err@20",
  "rbp",
  "bpref",
  "judged@10",
];

/** The same run, iterated as any async iterable would be: the slow path. */
async function* iterated(
  path: string,
  options: ReadRunOptions,
): AsyncGenerator<RankedList> {
  yield* readRun(path, options);
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

async function bothWays(
  path: string,
  qrels: Qrels,
  read: ReadRunOptions = {},
  options: EvaluateOptions = {},
) {
  const run = readRun(path, read);
  const scanned = await evaluate(run, qrels, METRICS, options);
  const slow = await evaluate(iterated(path, read), qrels, METRICS, options);
  return { scanned, slow, tag: run.tag };
}

Deno.test("a run file is scored the same scanned or iterated", async () => {
  const qrels = await readQrels(DATA + "qrels.test", { lenient: true });
  for (
    const options of [
      {},
      { averageOverQrels: true },
      { relevanceLevel: 2 },
      { judgedOnly: true },
      { depth: 100 },
    ] as EvaluateOptions[]
  ) {
    const { scanned, slow, tag } = await bothWays(
      DATA + "results.test",
      qrels,
      { lenient: true },
      options,
    );
    assertEquals(scanned.aggregate, slow.aggregate, JSON.stringify(options));
    assertEquals(scanned.counts, slow.counts);
    assertEquals(
      new Map([...scanned.perQuery].sort()),
      new Map([...slow.perQuery].sort()),
    );
    // The run's tag is known after evaluate, as after iterating it.
    assertEquals(tag, "STANDARD");
  }
});

Deno.test("a bad run file fails the same way scanned or iterated", async () => {
  const qrels: Qrels = new Map([["q1", new Map([["a", 1], ["b", 0]])]]);
  const path = await Deno.makeTempFile();
  try {
    for (
      const text of [
        "q1 Q0 a 1 1 t\nq1 Q0 b 2\n", // five fields
        "q1 Q0 a 1 x t\n", // a score that is not a number
        "q1 Q0 a 1 nan t\n", // NaN
        "q1 Q0 a 1 1 t\nq9 Q0 a 1 x t\n", // a bad score in an unjudged topic
        "q9 Q0 a 1 nan t\nq1 Q0 a 1 1 t\n", // NaN in an unjudged topic
      ]
    ) {
      await Deno.writeTextFile(path, text);
      const slow = await failure(evaluate(iterated(path, {}), qrels, ["ap"]));
      const scanned = await failure(evaluate(readRun(path), qrels, ["ap"]));
      assertEquals(scanned.constructor, slow.constructor, text);
      assertEquals(scanned.message, slow.message, text);
    }
  } finally {
    await Deno.remove(path);
  }
});
