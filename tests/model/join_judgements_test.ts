import { assertEquals, assertThrows } from "../assert.ts";
import { RepeatedDocumentError } from "../../model/errors.ts";
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
  // A buffer of the very length is the grades.
  const exact = new Float64Array(4).fill(9);
  const same = joinJudgements(
    "q",
    { numRet: 4, ranks: [3, 1, 4, 9], grades: [2, -1, 0, 5], count: 3 },
    judgements,
    { into: exact },
  );
  assertEquals(same.grades === exact, true);
  assertEquals(Array.from(exact), [-2, -1, 2, 0]);
});

Deno.test("JudgedRanking.from finds few judgements by rank, within the depth read", () => {
  // Two judgements, five documents read: the judged ones are looked up
  // after the scan. "a" ranks 4th, below readDepth 3, so it is not graded.
  const few = new Map([["a", 2], ["c", -3]]);
  const docs = ["x", "c", "y", "a", "z"];
  assertEquals(Array.from(JudgedRanking.from("q", docs, few).grades), [
    -1,
    -2,
    -1,
    2,
    -1,
  ]);
  assertEquals(
    Array.from(JudgedRanking.from("q", docs, few, { readDepth: 3 }).grades),
    [-1, -2, -1],
  );
  assertEquals(
    Array.from(
      JudgedRanking.from("q", docs, few, { judgedOnly: true }).grades,
    ),
    [2],
  );
  // A judged document another list ranked is not this list's.
  JudgedRanking.from("q0", ["b", "a"], few);
  assertEquals(
    Array.from(JudgedRanking.from("q", ["x", "y", "z"], few).grades),
    [-1, -1, -1],
  );
});

Deno.test("the repeat check holds across many lists and many ids", () => {
  // 70,000 distinct ids overflow the shared table, which is emptied
  // between lists: ids seen before are not repeats, a repeat still is.
  const judgements = new Map([["d5", 1]]);
  for (let q = 0; q < 700; q++) {
    const docs = Array.from({ length: 100 }, (_, i) => `d${q * 100 + i}`);
    const ranking = JudgedRanking.from(`q${q}`, docs, judgements, {
      readDepth: 10,
    });
    assertEquals(ranking.grades[5], q === 0 ? 1 : -1);
  }
  const again = Array.from({ length: 100 }, (_, i) => `d${i}`);
  assertEquals(JudgedRanking.from("r", again, judgements).grades[5], 1);
  assertThrows(
    () => JudgedRanking.from("r", [...again, "d7"], judgements),
    RepeatedDocumentError,
    'run: document "d7" appears twice in query "r"',
  );
  assertThrows(
    () => JudgedRanking.from("r", ["new1", "new2", "new1"], judgements),
    RepeatedDocumentError,
    'run: document "new1" appears twice in query "r"',
  );
});

Deno.test("rankings joined one after another keep their own grades", () => {
  // Short grade arrays share slabs: none is handed out twice.
  const kept = Array.from(
    { length: 2000 },
    (_, q) => JudgedRanking.from(`q${q}`, ["a", "b", "c"], new Map([["b", q]])),
  );
  kept.forEach((ranking, q) => {
    assertEquals(Array.from(ranking.grades), [-1, q, -1]);
    assertEquals(Array.from(ranking.judgedGrades), [q]);
  });
});
