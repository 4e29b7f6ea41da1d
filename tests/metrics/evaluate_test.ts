import { InputError } from "../../model/errors.ts";
import {
  assertAlmostEquals,
  assertEquals,
  assertRejects,
  assertThrows,
} from "../assert.ts";
import { evaluate, evaluateSync } from "../../metrics/evaluate.ts";
import type { RankedList } from "../../model/types.ts";

const qrels = new Map([
  ["q1", new Map([["a", 1], ["b", 0]])],
  ["q2", new Map([["c", 2], ["d", 1]])],
  ["q3", new Map([["e", 0]])],
  ["q4", new Map([["f", 1]])],
]);

const run: RankedList[] = [
  { queryId: "q2", docs: ["x", "c"], segment: "long" },
  { queryId: "q1", docs: ["a", "b"], segment: "short" },
  { queryId: "q3", docs: ["e"], segment: "short" },
  { queryId: "q9", docs: ["a"] },
];

Deno.test("evaluate scores judged run queries and counts the rest", async () => {
  const result = await evaluate(run, qrels, [
    "rr",
    "P@2",
    "num_rel_ret",
    "gm_map",
  ]);
  assertEquals(result.metrics.map((m) => m.label), [
    "rr",
    "P@2",
    "num_rel_ret",
    "gm_map",
  ]);
  assertEquals([...result.perQuery.keys()], ["q2", "q1", "q3"]);
  assertEquals(Array.from(result.perQuery.get("q2")!), [0.5, 0.5, 1, 0.25]);
  assertEquals(result.aggregate["rr"], (0.5 + 1 + 0) / 3);
  assertEquals(result.aggregate["P@2"], (0.5 + 0.5 + 0) / 3);
  assertEquals(result.aggregate["num_rel_ret"], 2);
  assertAlmostEquals(
    result.aggregate["gm_map"],
    Math.exp((Math.log(0.25) + Math.log(1) + Math.log(0.00001)) / 3),
    1e-15,
  );
  assertEquals(result.counts, {
    scored: 3,
    unjudged: 1,
    withoutRelevant: 1,
    notRetrieved: 1,
  });
  assertEquals(result.segments, {
    long: {
      queries: 1,
      aggregate: { rr: 0.5, "P@2": 0.5, num_rel_ret: 1, gm_map: 0.25 },
    },
    short: {
      queries: 2,
      aggregate: {
        rr: 0.5,
        "P@2": 0.25,
        num_rel_ret: 1,
        gm_map: Math.exp((Math.log(1) + Math.log(0.00001)) / 2),
      },
    },
  });
});

Deno.test("averageOverQrels scores queries the run never returned as empty rankings", () => {
  const result = evaluateSync(run, qrels, ["rr", "num_rel"], {
    averageOverQrels: true,
  });
  assertEquals(result.counts.scored, 4);
  assertEquals(Array.from(result.perQuery.get("q4")!), [0, 1]);
  assertEquals(result.aggregate.rr, 1.5 / 4);
  assertEquals(result.aggregate.num_rel, 4);
  // Rows in scoring order: the run's queries, then the qrels' others.
  assertEquals([...result.perQuery.keys()], ["q2", "q1", "q3", "q4"]);
});

Deno.test("async runs are consumed once, in order", async () => {
  let pulled = 0;
  async function* stream() {
    for (const ranked of run) {
      pulled++;
      yield ranked;
    }
  }
  const result = await evaluate(stream(), qrels, ["P@1"]);
  assertEquals(pulled, 4);
  assertEquals(result.aggregate["P@1"], 1 / 3);
});

Deno.test("the relevance level applies to metrics without their own", () => {
  const result = evaluateSync(run, qrels, ["P@2", "P(rel=1)@2"], {
    relevanceLevel: 2,
  });
  assertEquals(Array.from(result.perQuery.get("q2")!), [0.5, 0.5]);
  assertEquals(Array.from(result.perQuery.get("q1")!), [0, 0.5]);
});

Deno.test("strict mode, repeated queries and repeated documents are errors", async () => {
  await assertRejects(
    () => evaluate(run, qrels, ["rr"], { strict: true }),
    InputError,
    'run: query "q9" of the run has no judgements',
  );
  assertThrows(
    () => evaluateSync([run[1], run[1]], qrels, ["rr"]),
    InputError,
    'run: query "q1" appears twice in the run',
  );
  // Apart in the run, and with the qrels' other queries scored as empty.
  for (const averageOverQrels of [false, true]) {
    assertThrows(
      () =>
        evaluateSync([run[1], run[0], run[1]], qrels, ["rr"], {
          averageOverQrels,
        }),
      InputError,
      'run: query "q1" appears twice in the run',
    );
  }
  // Refused whatever depth the metric reads: rr@1 reads one document.
  for (const metric of ["rr", "rr@1"]) {
    assertThrows(
      () =>
        evaluateSync([{ queryId: "q1", docs: ["a", "b", "a"] }], qrels, [
          metric,
        ]),
      InputError,
      'run: document "a" appears twice in query "q1"',
    );
  }
  assertThrows(
    () => evaluateSync(run, qrels, ["nope"]),
    TypeError,
    'Unknown metric "nope"',
  );
});

Deno.test("a metric averaged over no query is NaN, as in ir_measures", async () => {
  const result = evaluateSync([], qrels, ["rr", "num_ret"]);
  assertEquals(result.aggregate, { rr: NaN, num_ret: NaN });
  assertEquals(result.counts.scored, 0);
  assertEquals(result.counts.notRetrieved, 4);
  const unjudged = await evaluate([{ queryId: "x1", docs: ["a"] }], qrels, [
    "P@5",
  ]);
  assertEquals(unjudged.aggregate, { "P@5": NaN });
  assertEquals(unjudged.counts, {
    scored: 0,
    unjudged: 1,
    withoutRelevant: 0,
    notRetrieved: 4,
  });
  await assertRejects(
    () =>
      evaluate([{ queryId: "x1", docs: ["a"] }], qrels, ["P@5"], {
        requireJudged: true,
        runName: "run.txt",
      }),
    InputError,
    "run.txt: no query of the run is judged: none of its 1 query ids is in the qrels",
  );
});

Deno.test("the relevance level and the depth are checked before any query is read", () => {
  // At level -1 an unjudged document (grade -1) would count as relevant in
  // the ranking but not in R: recall 3 for this query.
  const missed = [{ queryId: "q4", docs: ["f", "x", "y"] }];
  for (const relevanceLevel of [-1, -0.5, NaN, Infinity]) {
    assertThrows(
      () => evaluateSync(missed, qrels, ["recall@3"], { relevanceLevel }),
      RangeError,
      `Relevance level must be a finite number of at least 0, got ${relevanceLevel}`,
    );
  }
  for (const depth of [-1, 1.5, NaN]) {
    assertThrows(
      () => evaluateSync(missed, qrels, ["recall@3"], { depth }),
      RangeError,
      `Depth must be an integer of at least 0 or Infinity, got ${depth}`,
    );
  }
  // Level 0 (every judged document relevant) and depth 0 are allowed.
  const lenient = evaluateSync(missed, qrels, ["recall@3"], {
    relevanceLevel: 0,
    depth: 0,
  });
  assertEquals(lenient.aggregate["recall@3"], 0);
});

Deno.test("a grade that is not a finite number is an InputError naming the query and document", () => {
  // NaN is neither relevant nor negative: bpref counted it as relevant while
  // R left it out.
  for (const grade of [NaN, Infinity, "1" as unknown as number]) {
    const odd = new Map([["q1", new Map([["a", grade], ["b", 1]])]]);
    assertThrows(
      () => evaluateSync([{ queryId: "q1", docs: ["a"] }], odd, ["bpref"]),
      InputError,
      `qrels: grade of document "a" for query "q1" must be a finite number, got ${
        typeof grade === "string" ? 'the string "1"' : `number ${grade}`
      }`,
    );
    // A judged query the run missed is checked too.
    assertThrows(
      () => evaluateSync([], odd, ["bpref"], { averageOverQrels: true }),
      InputError,
      'qrels: grade of document "a" for query "q1"',
    );
  }
});

Deno.test("a run in the qrels' order, with gaps and unjudged queries, finds each query's judgements", () => {
  // q1..q4 of the qrels, q2 missing, q9 unjudged, q1 again at the end.
  const ordered: RankedList[] = [
    { queryId: "q1", docs: ["b", "a"] },
    { queryId: "q3", docs: ["e"] },
    { queryId: "q9", docs: ["f"] },
    { queryId: "q4", docs: ["x", "y", "f"] },
  ];
  const result = evaluateSync(ordered, qrels, ["rr", "num_rel"]);
  assertEquals(Array.from(result.perQuery.get("q1")!), [0.5, 1]);
  assertEquals(Array.from(result.perQuery.get("q3")!), [0, 0]);
  assertEquals(Array.from(result.perQuery.get("q4")!), [1 / 3, 1]);
  assertEquals(result.counts, {
    scored: 3,
    unjudged: 1,
    withoutRelevant: 1,
    notRetrieved: 1,
  });
  assertThrows(
    () => evaluateSync([...ordered, ordered[0]], qrels, ["rr"]),
    InputError,
    'run: query "q1" appears twice in the run',
  );
});
