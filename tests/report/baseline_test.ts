import { assertEquals, assertThrows } from "../assert.ts";
import { evaluateSync } from "../../metrics/evaluate.ts";
import {
  baselineEvaluation,
  parseSavedReport,
  savedReport,
} from "../../report/baseline.ts";
import { InputError } from "../../model/errors.ts";

const qrels = new Map([
  ["q1", new Map([["d1", 1], ["d2", 0]])],
  ["q2", new Map([["d3", 1]])],
  ["q3", new Map([["d4", 2]])],
]);

Deno.test("a saved report round-trips and fills unretrieved judged queries as -c", () => {
  // Saved without -c: q3 was never retrieved, so the report lacks it.
  const options = { relevanceLevel: 2, judgedOnly: false };
  const evaluation = evaluateSync(
    [
      { queryId: "q1", docs: ["d2", "d1"] },
      { queryId: "q2", docs: ["d3"] },
    ],
    qrels,
    ["rr", "num_rel"],
    options,
  );
  const text = JSON.stringify(savedReport(evaluation, options, "tag"));
  const report = parseSavedReport(text, "base.json");
  assertEquals(report.runId, "tag");
  assertEquals(report.options.relevanceLevel, 2);
  assertEquals([...report.perQuery.keys()], ["q1", "q2"]);
  const baseline = baselineEvaluation(report, qrels, ["num_rel", "rr"]);
  // At level 2 only d4 of q3 is relevant: num_rel 1, rr of nothing 0; q1
  // and q2 have no grade-2 document.
  assertEquals([...baseline.perQuery.get("q3")!], [1, 0]);
  assertEquals([...baseline.perQuery.get("q1")!], [0, 0]);
  assertEquals(baseline.aggregate.num_rel, 1);
});

Deno.test("parseSavedReport and baselineEvaluation reject what they cannot use", () => {
  assertThrows(
    () => parseSavedReport("[1]", "b.json"),
    InputError,
    "b.json: expected an object, got [1] (a report saved by eval --save-report)",
  );
  assertThrows(
    () => parseSavedReport('{"metrics":["ap"]}', "b.json"),
    InputError,
    'b.json: field "perQuery": missing',
  );
  assertThrows(
    () => parseSavedReport('{"metrics":["ap"],"perQuery":{}}', "b.json"),
    InputError,
    'b.json: field "perQuery": expected at least 1 member(s), got {}',
  );
  // A report cut short names the line where it ends, as every JSON input
  // does; JSON.parse's message gave a position, the error line 0.
  const cut = assertThrows(
    () => parseSavedReport('{\n  "metrics": ["ap"],\n  "perQ', "b.json"),
    InputError,
  );
  assertEquals(
    [cut.message, (cut as InputError).line],
    ["b.json:3: invalid JSON: unexpected end of input", 3],
  );
  assertThrows(
    () =>
      parseSavedReport(
        '{"metrics":["ap"],"perQuery":{"q1":{"ap":"x"}}}',
        "b.json",
      ),
    InputError,
    'field "perQuery.q1.ap": expected a number or null, got "x"',
  );
  assertThrows(
    () =>
      parseSavedReport(
        `{"metrics":["ap"],"perQuery":{"q1":{"ap":"${"x".repeat(100)}"}}}`,
        "b.json",
      ),
    InputError,
    `field "perQuery.q1.ap": expected a number or null, got "${
      "x".repeat(39)
    }... (102 characters)`,
  );
  assertThrows(
    () =>
      parseSavedReport(
        '{"metrics":["ap"],"perQuery":{"q1":{"ap":null}}}',
        "b.json",
      ),
    InputError,
    'field "perQuery.q1.ap": a baseline needs a number for every metric and query, got null',
  );
  const report = parseSavedReport(
    '{"metrics":["ap"],"perQuery":{"q9":{"ap":1}}}',
    "b.json",
  );
  assertThrows(
    () => baselineEvaluation(report, qrels, ["ap"]),
    InputError,
    '"q9", which the qrels do not judge',
  );
  assertThrows(
    () => baselineEvaluation(report, qrels, ["rr"]),
    InputError,
    'no values for metric "rr"',
  );
});

Deno.test("parseSavedReport refuses a report off its schema, naming the field", () => {
  const good = {
    ranklens: { report: "evaluation", version: 1 },
    metrics: ["ap"],
    aggregate: { ap: 0.5 },
    perQuery: { q1: { ap: 1 }, q2: { ap: 0 } },
    options: { relevanceLevel: 1, depth: null, judgedOnly: false },
  };
  assertEquals(parseSavedReport(JSON.stringify(good), "b.json").metrics, [
    "ap",
  ]);
  const cases: [Record<string, unknown>, string][] = [
    [
      { ranklens: { report: "evaluation", version: 99 } },
      'b.json: field "ranklens.version": expected 1, got 99',
    ],
    [
      { options: { relevanceLevel: "2" } },
      'b.json: field "options.relevanceLevel": expected a number, got "2"',
    ],
    [
      { options: { relevanceLevel: "x" } },
      'field "options.relevanceLevel": expected a number, got "x"',
    ],
    [
      { options: { relevanceLevel: true } },
      'field "options.relevanceLevel": expected a number, got true',
    ],
    [
      { options: { depth: 2.5 } },
      'field "options.depth": expected a whole number or null, got 2.5',
    ],
    [
      { options: { depth: -1 } },
      'field "options.depth": expected a number >= 0, got -1',
    ],
    [
      { options: { relevanceLevl: 2 } },
      'field "options.relevanceLevl": not a field here (expected relevanceLevel, depth, judgedOnly, averageOverQrels)',
    ],
    [
      { query_set: "judged" },
      'field "query_set": not a field here (expected ranklens, runId, metrics, aggregate, perQuery, counts, segments, options)',
    ],
    [
      { perQuery: { "q 1": { ap: "1" } } },
      'field "perQuery["q 1"].ap": expected a number or null, got "1"',
    ],
    [
      { options: { judgedOnly: "yes" } },
      'field "options.judgedOnly": expected true or false, got "yes"',
    ],
    [
      { aggregate: { ap: 0.9 } },
      'field "aggregate.ap": 0.9 is not what the per-query values give (mean 0.5)',
    ],
    [{ runId: 7 }, 'field "runId": expected a string, got 7'],
  ];
  for (const [change, message] of cases) {
    assertThrows(
      () => parseSavedReport(JSON.stringify({ ...good, ...change }), "b.json"),
      InputError,
      message,
    );
  }
});
