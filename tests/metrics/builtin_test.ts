// Hand-worked values of every built-in ranking metric on one small query.
//
// judgements: a=3 b=0 c=1 d=2 e=-1 (pooled, unjudged) f=0
// ranking:    c x a b e d   -> grades 1 -1 3 0 -2 2   (x is not judged)
// At relevance level 1: R = 3 (a, c, d), judged nonrelevant N = 2 (b, f).
import { assertAlmostEquals, assertEquals } from "../assert.ts";
import { JudgedRanking } from "../../model/judged_ranking.ts";
import { resolve } from "../../metrics/builtin.ts";

const judgements = new Map([
  ["a", 3],
  ["b", 0],
  ["c", 1],
  ["d", 2],
  ["e", -1],
  ["f", 0],
]);
const ranking = JudgedRanking.from(
  "q",
  ["c", "x", "a", "b", "e", "d"],
  judgements,
);

const score = (spec: string) => resolve(spec).score(ranking);

Deno.test("the ranking carries trec_eval's grade conventions", () => {
  assertEquals(Array.from(ranking.grades), [1, -1, 3, 0, -2, 2]);
  assertEquals(Array.from(ranking.judgedGrades), [3, 2, 1, 0, 0]);
  assertEquals(ranking.numRel(), 3);
  assertEquals(ranking.numNonRel(), 2);
  assertEquals(ranking.numRel(2), 2);
});

const cases: [string, number][] = [
  ["P@1", 1],
  ["P@3", 2 / 3],
  ["P@5", 2 / 5],
  ["P@10", 3 / 10], // k beyond the ranking still divides by k
  ["P(rel=2)@5", 1 / 5],
  ["P", 3 / 6],
  ["recall@3", 2 / 3],
  ["recall@6", 1],
  ["recall(rel=3)@3", 1],
  ["ap", (1 + 2 / 3 + 3 / 6) / 3],
  ["ap@3", (1 + 2 / 3) / 3],
  ["ap(rel=2)", (1 / 3 + 2 / 6) / 2],
  ["gm_map", (1 + 2 / 3 + 3 / 6) / 3],
  ["rr", 1],
  ["rr(rel=2)", 1 / 3],
  ["rr(rel=2)@2", 0],
  ["rprec", 2 / 3],
  ["bpref", (1 + 1 + (1 - 1 / 2)) / 3],
  ["success@1", 1],
  ["success(rel=3)@2", 0],
  ["success(rel=3)@3", 1],
  ["ndcg", (1 + 3 / 2 + 2 / Math.log2(7)) / (3 + 2 / Math.log2(3) + 1 / 2)],
  ["ndcg@3", (1 + 3 / 2) / (3 + 2 / Math.log2(3) + 1 / 2)],
  ["ndcg@1", 1 / 3],
  [
    "ndcg(gain=exp)@3",
    (1 + 7 / 2) / (7 + 3 / Math.log2(3) + 1 / 2),
  ],
  [
    "ndcg(gain={1:10})@3",
    (10 + 3 / 2) / (10 + 3 / Math.log2(3) + 2 / 2),
  ],
  [
    "err",
    1 / 16 + (15 / 16) * (7 / 16) / 3 + (15 / 16) * (9 / 16) * (3 / 16) / 6,
  ],
  ["err(max_rel=3)@1", 1 / 8],
  ["rbp", 0.2 * (1 + 0.8 ** 2 + 0.8 ** 5)],
  ["rbp(p=0.5)@3", 0.5 * (1 + 0.25)],
  ["rbp(p=0.5,max_rel=3)@3", 0.5 * (1 / 3 + 0.25 * 1)],
  // e has a negative judgement: judged, as ir_measures counts it.
  ["judged@5", 4 / 5],
  ["judged@2", 1 / 2],
  ["recall_all@5", 0],
  ["recall_all@6", 1],
  ["num_ret", 6],
  ["num_ret@4", 4],
  ["num_rel", 3],
  ["num_rel_ret", 3],
  ["num_rel_ret@3", 2],
];

for (const [spec, expected] of cases) {
  Deno.test(`${spec} = ${expected.toFixed(6)}`, () => {
    assertAlmostEquals(score(spec), expected, 1e-15, spec);
  });
}

Deno.test("infAP follows Yilmaz and Aslam's estimate", () => {
  const eps = 0.00001;
  const atA = 1 / 3 + (2 / 3) * (1 / 2) * ((1 + eps) / (1 + 2 * eps));
  const atD = 1 / 6 +
    (5 / 6) * ((2 + 1 + 1) / 5) * ((2 + eps) / (2 + 1 + 2 * eps));
  assertAlmostEquals(score("infAP"), (1 + atA + atD) / 3, 1e-15);
});

Deno.test("judged-only drops unjudged documents before scoring", () => {
  const judgedOnly = JudgedRanking.from(
    "q",
    ["c", "x", "a", "b", "e", "d"],
    judgements,
    {
      judgedOnly: true,
    },
  );
  assertEquals(Array.from(judgedOnly.grades), [1, 3, 0, 2]);
  assertEquals(resolve("P@2").score(judgedOnly), 1);
});

Deno.test("depth keeps the top documents only", () => {
  const shallow = JudgedRanking.from(
    "q",
    ["c", "x", "a", "b", "e", "d"],
    judgements,
    {
      depth: 2,
    },
  );
  assertEquals(resolve("num_ret").score(shallow), 2);
  assertAlmostEquals(resolve("ap").score(shallow), 1 / 3, 1e-15);
});

Deno.test("a query without relevant documents scores 0, never NaN", () => {
  const none = JudgedRanking.from("q", ["a", "b"], new Map([["a", 0]]));
  for (
    const spec of [
      "ndcg@10",
      "ap",
      "rr",
      "P@5",
      "recall@5",
      "rprec",
      "bpref",
      "infAP",
      "err",
      "rbp",
      "recall_all@5",
    ]
  ) {
    assertEquals(resolve(spec).score(none), 0, spec);
  }
  const empty = JudgedRanking.from("q", [], new Map([["a", 1]]));
  for (
    const spec of [
      "ndcg@10",
      "ap",
      "rr",
      "P@5",
      "P",
      "recall@5",
      "rprec",
      "bpref",
      "judged@10",
      "err",
      "rbp",
    ]
  ) {
    assertEquals(resolve(spec).score(empty), 0, spec);
  }
});
