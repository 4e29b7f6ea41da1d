import { assertEquals, assertThrows } from "../assert.ts";
import { Registry } from "../../metrics/registry.ts";
import { builtinRegistry } from "../../metrics/builtin.ts";
import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../../metrics/metric.ts";
import { evaluateSync } from "../../metrics/evaluate.ts";
import { expandMeasureList } from "../../metrics/measure_list.ts";

// A plugin: the share of the top k documents graded at least `min`.
const atLeast: MetricDefinition<JudgedRanking> = {
  name: "graded_share",
  aliases: ["GradedShare"],
  description: "share of the top k graded at least min",
  params: {
    min: { type: "integer", description: "grade", default: 2, min: 1 },
  },
  cutoff: "required",
  create: (params, cutoff) => (ranking) => {
    const depth = Math.min(cutoff!, ranking.grades.length);
    let n = 0;
    for (let i = 0; i < depth; i++) {
      if (ranking.grades[i] >= (params.min as number)) n++;
    }
    return n / cutoff!;
  },
};

Deno.test("plugins register in a registry of their own that extends the built-in one", () => {
  const mine = new Registry(builtinRegistry).register(atLeast);
  assertEquals(
    mine.resolve("graded_share(min=3)@4").label,
    "graded_share(min=3)@4",
  );
  assertEquals(mine.resolve("gradedshare@4").label, "graded_share@4");
  assertEquals(mine.resolve("ndcg_cut_5").label, "ndcg@5");
  assertThrows(
    () => builtinRegistry.resolve("graded_share@4"),
    TypeError,
    "Unknown metric",
  );
  assertThrows(
    () => mine.resolve("graded_share"),
    RangeError,
    "needs a cutoff",
  );
  assertThrows(
    () => mine.resolve("graded_share(min=1.5)@2"),
    RangeError,
    "expected an integer",
  );
  assertEquals(mine.definitions().at(-1)?.name, "graded_share");

  const qrels = new Map([["q", new Map([["a", 3], ["b", 2], ["c", 1]])]]);
  const result = evaluateSync(
    [{ queryId: "q", docs: ["a", "c", "b", "z"] }],
    qrels,
    [
      "graded_share@4",
      "P@4",
    ],
    { registry: mine },
  );
  assertEquals(result.aggregate, { "graded_share@4": 2 / 4, "P@4": 3 / 4 });
});

Deno.test("a name or alias cannot be registered twice", () => {
  const mine = new Registry(builtinRegistry).register(atLeast);
  assertThrows(
    () => mine.register(atLeast),
    TypeError,
    'Metric name "graded_share" is already registered',
  );
  assertThrows(
    () => new Registry().register({ ...atLeast, name: "bad name" }),
    TypeError,
    'Invalid metric name "bad name"',
  );
});

Deno.test("errors quote at most the start of a long spec, and say its length", () => {
  const long = "x".repeat(100_000);
  const cases: [() => unknown, new (...args: never[]) => Error][] = [
    [() => builtinRegistry.resolve(long), TypeError],
    [() => builtinRegistry.resolve(`ndcg(${long}`), SyntaxError],
    [() => builtinRegistry.resolve(`ndcg(gain=${long})`), RangeError],
    [() => builtinRegistry.resolve(`ndcg(${long}=1)`), TypeError],
    [() => expandMeasureList([`P.${"9".repeat(100_000)}x`]), SyntaxError],
  ];
  for (const [call, errorClass] of cases) {
    const error = assertThrows(call, errorClass, "(100");
    assertEquals(
      error.message.length < 300,
      true,
      error.message.slice(0, 300),
    );
  }
});
