import { assertEquals } from "../assert.ts";
import { joinJudgements, JudgedRanking } from "../../model/judged_ranking.ts";

const judgements = new Map([["a", 2], ["b", 0], ["c", -1], ["z", 1]]);

Deno.test("joinJudgements grades as trec_eval: -1 without a judgement, -2 for a negative one", () => {
  // Ranked c x a b y: c ranks 1, a 3, b 4.
  const judged = { numRet: 5, ranks: [3, 1, 4], grades: [2, -1, 0] };
  const ranking = joinJudgements("q", judged, judgements);
  assertEquals(Array.from(ranking.grades), [-2, -1, 2, 0, -1]);
  assertEquals(Array.from(ranking.judgedGrades), [2, 1, 0]);
  assertEquals(ranking.numRel(), 2);
  const only = joinJudgements("q", judged, judgements, {
    judgedOnly: true,
    docs: ["c", "x", "a", "b", "y"],
  });
  assertEquals(Array.from(only.grades), [2, 0]);
  assertEquals(only.docs, ["a", "b"]);
});

Deno.test("JudgedRanking.from and joinJudgements join alike", () => {
  const docs = ["c", "x", "a", "b", "y"];
  const viaIds = JudgedRanking.from("q", docs, judgements, { depth: 4 });
  assertEquals(Array.from(viaIds.grades), [-2, -1, 2, 0]);
  assertEquals(viaIds.docs, ["c", "x", "a", "b"]);
  const into = new Float64Array(16).fill(9);
  const reused = joinJudgements(
    "q",
    { numRet: 4, ranks: [3, 1, 4], grades: [2, -1, 0] },
    judgements,
    { into },
  );
  assertEquals(Array.from(reused.grades), [-2, -1, 2, 0]);
  assertEquals(reused.grades.buffer, into.buffer);
});
