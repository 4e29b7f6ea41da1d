// ranx's metric names give ranx's numbers: the inputs and values asserted
// by ranx's tests (tests/unit/ranx/metrics_test.py and metrics/f1_test.py of
// AmenRa/ranx), ids as ranx's tests write them.
import { assertAlmostEquals, assertEquals } from "../assert.ts";
import { evaluateSync } from "../../metrics/evaluate.ts";
import { resolve } from "../../metrics/builtin.ts";

type Query = [relevant: Record<string, number>, ranked: string[]];

function score(spec: string, queries: Query[]): number[] {
  const qrels = new Map(
    queries.map((
      [relevant],
      i,
    ) => [`q${i}`, new Map(Object.entries(relevant))]),
  );
  const run = queries.map(([, docs], i) => ({ queryId: `q${i}`, docs }));
  const result = evaluateSync(run, qrels, [spec]);
  return [...result.perQuery.values()].map((values) => values[0]);
}

const binary = (...ids: number[]) =>
  Object.fromEntries(ids.map((id) => [String(id), 1]));
const ranked = (...ids: number[]) => ids.map(String);

Deno.test("ranx's names resolve to its ranking metrics, never a RAG one", () => {
  for (
    const [name, label] of [
      ["hits@5", "hits@5"],
      ["hit_rate@5", "success@5"],
      ["precision@5", "P@5"],
      ["recall@5", "recall@5"],
      ["f1@10", "f1@10"],
      ["r-precision", "rprec"],
      ["mrr@10", "rr@10"],
      ["map@100", "ap@100"],
      ["ndcg@10", "ndcg@10"],
      ["ndcg_burges@10", "ndcg(gain=exp)@10"],
      ["dcg@10", "dcg@10"],
      ["dcg_burges@10", "dcg(gain=exp)@10"],
      ["bpref", "bpref"],
    ]
  ) {
    const metric = resolve(name);
    assertEquals([metric.label, metric.kind], [label, "ranking"], name);
  }
});

Deno.test("ranx's hits and hit_rate", () => {
  const hits = score("hits@5", [
    [binary(1, 4, 5, 6), ranked(1, 2, 3, 4, 5, 7)],
    [binary(1, 4, 6), ranked(1, 2, 4, 3, 5, 7)],
  ]);
  assertEquals((hits[0] + hits[1]) / 2, 2.5);
  const rate = score("hit_rate@5", [
    [binary(9, 6, 8), ranked(1, 2, 3, 4, 5, 7)],
    [binary(1, 2, 4), ranked(1, 2, 4, 3, 5, 7)],
  ]);
  assertEquals((rate[0] + rate[1]) / 2, 0.5);
});

Deno.test("ranx's mrr, r-precision and recall", () => {
  assertEquals(score("mrr@5", [[binary(3), ranked(2, 3, 1, 4, 5)]]), [0.5]);
  assertEquals(score("mrr@5", [[binary(3), ranked(2, 1, 4, 5)]]), [0]);
  const run = ranked(2, 4, 3, 1, 5, 6, 7);
  const two: Query[] = [[binary(1, 2, 3), run], [binary(1, 2), run]];
  assertAlmostEquals(score("r-precision", two)[0], 2 / 3, 1e-15);
  const rprec = score("r-precision", two);
  assertAlmostEquals((rprec[0] + rprec[1]) / 2, (2 / 3 + 1 / 2) / 2, 1e-15);
  const recall = score("recall@2", two);
  assertAlmostEquals(recall[0], 1 / 3, 1e-15);
  assertAlmostEquals((recall[0] + recall[1]) / 2, (1 / 3 + 1 / 2) / 2, 1e-15);
});

Deno.test("ranx's dcg, ndcg and their Burges forms on graded judgements", () => {
  const graded = { "2": 5, "4": 4, "5": 3, "10": 2 };
  const runs = [ranked(1, 2, 3, 4, 5), ranked(10, 5, 2, 4, 3)];
  const queries: Query[] = runs.map((run) => [graded, run]);
  const log2 = Math.log2;
  const dcg = [
    5 / log2(3) + 4 / log2(5) + 3 / log2(6),
    2 / log2(2) + 3 / log2(3) + 5 / log2(4) + 4 / log2(5),
  ];
  const idcg = 5 / log2(2) + 4 / log2(3) + 3 / log2(4) + 2 / log2(5);
  const exp = (g: number) => 2 ** g - 1;
  const burges = [
    exp(5) / log2(3) + exp(4) / log2(5) + exp(3) / log2(6),
    exp(2) / log2(2) + exp(3) / log2(3) + exp(5) / log2(4) + exp(4) / log2(5),
  ];
  const idcgBurges = exp(5) / log2(2) + exp(4) / log2(3) + exp(3) / log2(4) +
    exp(2) / log2(5);
  const cases: [string, number[]][] = [
    ["dcg@10", dcg],
    ["ndcg@10", dcg.map((d) => d / idcg)],
    ["dcg_burges@10", burges],
    ["ndcg_burges@10", burges.map((d) => d / idcgBurges)],
  ];
  for (const [spec, expected] of cases) {
    score(spec, queries).forEach((value, i) =>
      assertAlmostEquals(value, expected[i], 1e-12, spec)
    );
  }
  assertEquals(score("ndcg_burges@10", [[graded, ranked(1, 3, 6, 7, 8)]]), [0]);
});

Deno.test("ranx's f1: 2PR/(P+R), P over the documents retrieved", () => {
  const j = (rel: string[], non: string[]) =>
    Object.fromEntries([...rel.map((d) => [d, 1]), ...non.map((d) => [d, 0])]);
  const f1 = score("f1", [
    [j(["d2", "d5"], ["d1", "d4"]), ["d1", "d2", "d3", "d4"]],
    [j(["d2", "d5"], ["d1", "d6"]), ["d1", "d2", "d3", "d4", "d5", "d6"]],
    [
      j(["d2", "d5", "d7"], ["d1", "d6", "d8"]),
      ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"],
    ],
    [
      j(["d2", "d4", "d6", "d9"], ["d1", "d3", "d7", "d8"]),
      ["d1", "d12", "d3", "d14", "d16", "d7", "d8"],
    ],
  ]);
  // ranx's test asserts f1 = 2PR/(P+R) of its precision and recall, and 0
  // for the last query: P = 1/4, 2/6, 3/8 and R = 1/2, 1, 1.
  const expected = [[1 / 4, 1 / 2], [2 / 6, 1], [3 / 8, 1]].map(([p, r]) =>
    2 * (p * r / (p + r))
  );
  expected.forEach((value, i) => assertAlmostEquals(f1[i], value, 1e-15));
  assertEquals(f1[3], 0);
});

Deno.test("ranx's rbp.5, rbp.8 and rbp.95: persistence after the dot, the grade as utility", async () => {
  const { expandMeasureList } = await import("../../metrics/measure_list.ts");
  const qrels = binary(1, 2, 6, 11, 17);
  const run = Array.from({ length: 20 }, (_, i) => String(i + 1));
  // ranx's test rounds to 4 places.
  for (
    const [name, value] of [["rbp.5", 0.7661], ["rbp.8", 0.4526], [
      "rbp.95",
      0.1881,
    ]] as const
  ) {
    const [spec] = expandMeasureList([name]);
    assertAlmostEquals(score(spec, [[qrels, run]])[0], value, 5e-5, name);
  }
  // Graded: a grade-2 document is worth 2, as ranx weighs it.
  assertEquals(expandMeasureList(["rbp.9"]), ["rbp(p=0.9,utility=grade)"]);
  assertAlmostEquals(
    score("rbp(p=0.5,utility=grade)", [[{ a: 2 }, ["a"]]])[0],
    1,
    1e-15,
  );
});

Deno.test("ranx's -lN suffix sets the relevance level", async () => {
  const { expandMeasureList } = await import("../../metrics/measure_list.ts");
  assertEquals(
    expandMeasureList(["precision@5-l2 r-precision-l2 rbp.95-l2 mrr-l3"]),
    [
      "precision(rel=2)@5",
      "r-precision(rel=2)",
      "rbp(p=0.95,utility=grade,rel=2)",
      "mrr(rel=3)",
    ],
  );
  const graded: Query = [{ a: 1, b: 2 }, ["a", "b"]];
  assertEquals(score(expandMeasureList(["mrr-l2"])[0], [graded]), [0.5]);
});
