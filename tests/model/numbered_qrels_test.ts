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

Deno.test("qrels changed after numbering are scored by what they hold, as ids are", async () => {
  const given = new Map([
    ["q1", new Map([["d1", 1], ["d2", 0]])],
    ["q2", new Map([["d3", 1]])],
  ]);
  const numbered = new NumberedQrels(given);
  const lists = () =>
    numbered.run([
      { queryId: "q1", docs: numbered.numbersOf(["d5", "d1"]) },
      { queryId: "q2", docs: numbered.numbersOf(["d4", "d3"]) },
    ]);
  const ids = [
    { queryId: "q1", docs: ["d5", "d1"] },
    { queryId: "q2", docs: ["d4", "d3"] },
  ];
  given.get("q1")!.set("d5", 1);
  // By hand: with d5 relevant, q1 has rr 1 and ap (1/1 + 2/2) / 2 = 1;
  // q2 has rr 0.5 and ap 0.5.
  for (const run of [lists(), ids]) {
    const changed = await evaluate(run, given, ["rr", "ap"]);
    assertEquals(Array.from(changed.perQuery.get("q1")!), [1, 1]);
    assertEquals(changed.aggregate, { rr: 0.75, ap: 0.75 });
  }
  // The numbered copy holds the judgements as they were: d5 unjudged,
  // d1 the one relevant document at rank 2.
  const kept = await evaluate(lists(), numbered.qrels, ["rr", "ap"]);
  assertEquals(Array.from(kept.perQuery.get("q1")!), [0.5, 0.5]);
  assertEquals(numbered.qrels.get("q1")!.has("d5"), false);
  // A query taken out is not scored: q1 alone, rr 1.
  given.delete("q2");
  for (const run of [lists(), ids]) {
    const result = evaluateSync(run, given, ["rr"]);
    assertEquals(result.aggregate, { rr: 1 });
    assertEquals(result.counts.unjudged, 1);
  }
  // A grade that is not a number is refused, whichever the input.
  given.get("q1")!.set("d6", NaN);
  for (const run of [lists(), ids]) {
    await assertRejects(
      () => evaluate(run, given, ["rr", "ap"]),
      InputError,
      'qrels: grade of document "d6" for query "q1" must be a finite number, got number NaN',
    );
  }
});

Deno.test("rankings of a numbered run, kept, keep their own grades", async () => {
  const request = {
    relevanceLevel: 1,
    judgedOnly: false,
    depth: Infinity,
    readsDocs: false,
  };
  // Short lists, over more than one slab: query q's judgement of b is q.
  const qrels = Object.fromEntries(
    Array.from({ length: 2000 }, (_, q) => [`q${q}`, { b: q }]),
  );
  const numbered = new NumberedQrels(qrels);
  const docs = numbered.numbersOf(["a", "b", "c"]);
  const run = numbered.run(
    Array.from({ length: 2000 }, (_, q) => ({ queryId: `q${q}`, docs })),
  );
  const grades = (topics: Iterable<unknown>) =>
    Array.from(
      topics as Iterable<{ ranking: { grades: Float64Array } }>,
      (topic) => Array.from(topic.ranking.grades),
    );
  const expected = Array.from({ length: 2000 }, (_, q) => [-1, q, -1]);
  const given = { ...request, qrels: numbered.qrels };
  assertEquals(grades([...run.judgeSync!(given)]), expected);
  const batches = [];
  for await (const batch of run.judgeBatches!(given)) {
    batches.push(...Array.from(batch));
  }
  assertEquals(grades(batches), expected);
  // Long lists, each of its own array: A ranks c0 first, B c300.
  const collection = Array.from({ length: 600 }, (_, i) => `c${i}`);
  const long = new NumberedQrels({ A: { c0: 1 }, B: { c300: 2 } }, {
    docs: collection,
  });
  const longRun = long.run([
    { queryId: "A", docs: Array.from({ length: 300 }, (_, i) => i) },
    { queryId: "B", docs: Array.from({ length: 300 }, (_, i) => 300 + i) },
  ]);
  const [a, b] = grades([
    ...longRun.judgeSync!({ ...request, qrels: long.qrels }),
  ]);
  assertEquals(a, [1, ...new Array(299).fill(-1)]);
  assertEquals(b, [2, ...new Array(299).fill(-1)]);
});

Deno.test("a numbered run without a name is named by runName, as ranked lists are", async () => {
  const numbered = new NumberedQrels({ q1: { d1: 1 } });
  const cases: [
    NumberedList[],
    { queryId: string; docs: string[] }[],
    string,
  ][] = [
    [
      [{ queryId: "q1", docs: [0, 0] }],
      [{ queryId: "q1", docs: ["d1", "d1"] }],
      'mine: document "d1" appears twice in query "q1"',
    ],
    [
      [{ queryId: "q1", docs: [0] }, { queryId: "q1", docs: [0] }],
      [{ queryId: "q1", docs: ["d1"] }, { queryId: "q1", docs: ["d1"] }],
      'mine: query "q1" appears twice in the run',
    ],
    [
      [{ queryId: "zz", docs: [0] }],
      [{ queryId: "zz", docs: ["d1"] }],
      "mine: no query of the run is judged: none of its 1 query ids is in the qrels",
    ],
  ];
  const options = { runName: "mine", requireJudged: true };
  for (const [lists, ids, message] of cases) {
    for (const run of [numbered.run(lists), ids]) {
      await assertRejects(
        () => evaluate(run, numbered.qrels, ["rr"], options),
        InputError,
        message,
      );
      assertThrows(
        () => evaluateSync(run, numbered.qrels, ["rr"], options),
        InputError,
        message,
      );
    }
  }
  // Against other qrels (joined by id), and for a number without an id.
  await assertRejects(
    () =>
      evaluate(
        numbered.run([{ queryId: "q1", docs: [0, 0] }]),
        { q1: { d1: 1 } },
        ["rr"],
        options,
      ),
    InputError,
    'mine: document "d1" appears twice in query "q1"',
  );
  assertThrows(
    () =>
      evaluateSync(
        numbered.run([{ queryId: "q1", docs: [3] }]),
        numbered.qrels,
        ["rr"],
        options,
      ),
    InputError,
    'mine: query "q1": document number 3 has no id in the numbered qrels (0 to 0)',
  );
  // A name given to the run is its own.
  const named = numbered.run([{ queryId: "q1", docs: [0, 0] }], "bm25");
  assertThrows(
    () => evaluateSync(named, numbered.qrels, ["rr"], options),
    InputError,
    'bm25: document "d1" appears twice in query "q1"',
  );
  assertEquals(numbered.run([]).name, undefined);
});
