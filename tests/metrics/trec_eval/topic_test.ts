import { assertEquals, assertThrows } from "../../assert.ts";
import {
  judgeRanking,
  rankTopic,
  TopicError,
} from "../../../trec_eval/topic.ts";

const run = { docnos: ["a", "b", "c", "B", "d"], scores: [1, 1, 2, 1, 0.5] };

Deno.test("rankTopic sorts by score, then docno descending in byte order", () => {
  assertEquals(rankTopic(run), ["c", "b", "a", "B", "d"]);
  assertEquals(rankTopic(run, { ascendingTies: true }), [
    "c",
    "B",
    "a",
    "b",
    "d",
  ]);
  assertEquals(rankTopic(run, { maxDocs: 2 }), ["c", "b"]);
  assertEquals(rankTopic(run, { maxDocs: -1 }), []);
});

Deno.test("rankTopic reports a repeated document only within the kept depth", () => {
  const dup = { docnos: ["a", "b", "a"], scores: [3, 2, 1] };
  const error = assertThrows(() => rankTopic(dup), TopicError);
  assertEquals(error.message, "trec_eval.form_res_qrels: duplicate docs a");
  assertEquals(rankTopic(dup, { maxDocs: 2 }), ["a", "b"]);
});

Deno.test("judgeRanking grades as trec_eval: -1 unjudged, -2 negative", () => {
  const judgements = { docnos: ["a", "b", "x", "y"], rels: [2, -3, 0, 1] };
  const r = judgeRanking("q", ["a", "b", "c", "x"], judgements);
  assertEquals(Array.from(r.grades), [2, -2, -1, 0]);
  assertEquals(Array.from(r.judgedGrades), [2, 1, 0]);
  assertEquals(r.numRel(), 2);
  const judged = judgeRanking("q", ["a", "b", "c", "x"], judgements, {
    judgedOnly: true,
    relevanceLevel: 2,
  });
  assertEquals(Array.from(judged.grades), [2, 0]);
  assertEquals(judged.numRel(), 1);
});

Deno.test("judgeRanking reports a document judged twice", () => {
  const error = assertThrows(
    () =>
      judgeRanking("q", ["a"], { docnos: ["b", "a", "b"], rels: [1, 0, 0] }),
    TopicError,
  );
  assertEquals(error.message, "trec_eval.form_res_rels: duplicate docs b\n");
});

Deno.test("rankTopic orders many tied scores as trec_eval's stable sort of id-sorted lines does", () => {
  let seed = 3;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  for (let round = 0; round < 200; round++) {
    const n = 1 + Math.floor(random() * 60);
    // Few distinct scores and ids with shared prefixes: ties everywhere.
    const docnos = Array.from({ length: n }, (_, i) => `d${i.toString(7)}`);
    const scores = docnos.map(() =>
      Math.floor(random() * 4) - (random() < 0.1 ? 0 : 0.5)
    );
    if (random() < 0.2) scores[0] = -0;
    const ascendingTies = random() < 0.5;
    // trec_eval: lines sorted by id, then a stable sort by score descending,
    // ties by id (descending, or ascending for the preference measures).
    const expected = docnos.map((_, i) => i)
      .sort((a, b) => docnos[a] < docnos[b] ? -1 : 1)
      .sort((a, b) =>
        scores[b] - scores[a] ||
        (ascendingTies ? 1 : -1) * (docnos[a] < docnos[b] ? -1 : 1)
      )
      .map((i) => docnos[i]);
    assertEquals(
      rankTopic({ docnos, scores }, { ascendingTies }),
      expected,
      `round ${round}`,
    );
  }
});
