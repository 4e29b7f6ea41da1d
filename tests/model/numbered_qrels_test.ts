/**
 * Runs of document numbers score as trec_eval scores the same run of ids.
 *
 * @module
 */

import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import {
  evaluate,
  type EvaluateOptions,
  evaluateSync,
} from "../../metrics/evaluate.ts";
import { readRun } from "../../formats/trec_run.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { InputError, RepeatedDocumentError } from "../../model/errors.ts";
import {
  type NumberedList,
  NumberedQrels,
} from "../../model/numbered_qrels.ts";

const DATA = new URL("../testdata/trec_eval/conformance/", import.meta.url)
  .pathname;
// trec_eval's names; the reference lines are `name<TAB>query<TAB>value`.
const MEASURES = ["map", "ndcg_cut_10", "P_10", "recip_rank", "bpref"];

/** trec_eval's printed values: query -> measure -> value. */
async function reference(
  file: string,
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const line of (await Deno.readTextFile(DATA + file)).split("\n")) {
    const [name, query, value] = line.split("\t").map((s) => s.trim());
    if (!MEASURES.includes(name)) continue;
    if (!out.has(query)) out.set(query, new Map());
    out.get(query)!.set(name, value);
  }
  return out;
}

async function numberedRun(
  numbered: NumberedQrels,
  file: string,
): Promise<NumberedList[]> {
  const lists: NumberedList[] = [];
  for await (const ranked of readRun(DATA + file, { collect: true })) {
    lists.push({
      queryId: ranked.queryId,
      docs: numbered.numbersOf(ranked.docs),
    });
  }
  return lists;
}

async function assertLikeTrecEval(
  outFile: string,
  runFile: string,
  options: EvaluateOptions,
) {
  const qrels = await readQrels(DATA + "qrels.test", { lenient: true });
  const numbered = new NumberedQrels(qrels);
  const lists = await numberedRun(numbered, runFile);
  const expected = await reference(outFile);
  // Joined by number (the qrels numbered), with or without a promise, and
  // by id (other qrels).
  const results = [
    await evaluate(numbered.run(lists), numbered.qrels, MEASURES, options),
    evaluateSync(numbered.run(lists), numbered.qrels, MEASURES, options),
    await evaluate(numbered.run(lists), new Map(qrels), MEASURES, options),
  ];
  for (const result of results) {
    for (const [query, values] of expected) {
      const row = query === "all" ? undefined : result.perQuery.get(query)!;
      MEASURES.forEach((name, m) => {
        const value = row ? row[m] : result.aggregate[result.metrics[m].label];
        assertEquals(value.toFixed(4), values.get(name), `${name} ${query}`);
      });
    }
  }
}

Deno.test("a run of numbers scores as trec_eval scores the run of ids", async () => {
  await assertLikeTrecEval("out.test.aq", "results.test", {});
});

Deno.test("a run of numbers keeps trec_eval's -c and -M", async () => {
  await assertLikeTrecEval("out.test.aqcM", "results.trunc", {
    averageOverQrels: true,
    depth: 100,
  });
});

Deno.test("a run of numbers refuses a repeated document and a number without an id", async () => {
  const numbered = new NumberedQrels({ q1: { a: 1, b: 0 } });
  const [a, b] = numbered.numbersOf(["a", "b"]);
  await assertRejects(
    () =>
      evaluate(
        numbered.run([{ queryId: "q1", docs: [b, a, b] }], "bm25"),
        numbered.qrels,
        ["rr@1"],
      ),
    RepeatedDocumentError,
    'bm25: document "b" appears twice in query "q1"',
  );
  for (const bad of [2, -1, 0.5]) {
    await assertRejects(
      () =>
        evaluate(
          numbered.run([{ queryId: "q1", docs: [a, bad] }]),
          numbered.qrels,
          ["rr"],
        ),
      InputError,
      `run: query "q1": document number ${bad} has no id in the numbered qrels (0 to 1)`,
    );
  }
  // The join leaves nothing behind: the next list is graded afresh.
  const result = await evaluate(
    numbered.run([{ queryId: "q1", docs: [b, a] }]),
    numbered.qrels,
    ["rr"],
  );
  assertEquals(result.aggregate.rr, 0.5);
  assertThrows(
    () => new NumberedQrels({}, { docs: ["x", "y", "x"] }),
    RangeError,
    'Document ids must not repeat, got "x" twice',
  );
});

Deno.test("a run of numbers gives metrics that read ids its ids", async () => {
  const numbered = new NumberedQrels({ q1: { d3: 2 } }, {
    docs: ["d0", "d1", "d2", "d3"],
  });
  assertEquals(numbered.numberOf("d3"), 3);
  assertEquals(numbered.numberOf("new"), 4);
  const seen: (readonly string[] | undefined)[] = [];
  const firstDoc = {
    label: "first",
    kind: "ranking" as const,
    depth: Infinity,
    readsDocs: true,
    aggregate: "mean" as const,
    score: (r: { docs?: readonly string[] }) => {
      seen.push(r.docs);
      return 0;
    },
  };
  const run = numbered.run([{ queryId: "q1", docs: [3, 4, 0] }]);
  // deno-lint-ignore no-explicit-any
  await evaluate(run, numbered.qrels, [firstDoc as any]);
  assertEquals(seen, [["d3", "new", "d0"]]);
  const ranked = [];
  for await (const list of run) ranked.push(list);
  assertEquals(ranked, [{ queryId: "q1", docs: ["d3", "new", "d0"] }]);
});

Deno.test("evaluateSync refuses a run that judges only with a promise", () => {
  assertThrows(
    () => evaluateSync(readRun(DATA + "results.test"), new Map(), ["rr"]),
    TypeError,
    `Run "${DATA}results.test" is judged asynchronously: evaluate it with evaluate`,
  );
});
