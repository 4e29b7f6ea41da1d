import { assertEquals, assertThrows } from "../../assert.ts";
import {
  judgeRanking,
  rankTopic,
  TopicError,
} from "../../../metrics/trec_eval/topic.ts";

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
