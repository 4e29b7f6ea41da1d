import { assertEquals, assertThrows } from "../assert.ts";
import { rankByScore } from "../../model/rank.ts";
import { compareIds } from "../../model/compare_ids.ts";

const byId = (docs: readonly string[]) => (a: number, b: number) =>
  compareIds(docs[a], docs[b]);

// trec_eval's order written plainly: a stable sort by score descending, then
// id descending (ascending for the preference measures), ids compared as
// ASCII strings.
function expectedOrder(
  docs: readonly string[],
  scores: readonly number[],
  ascendingTies = false,
): number[] {
  return docs.map((_, i) => i).sort((a, b) =>
    scores[b] - scores[a] ||
    (docs[a] === docs[b] ? 0 : (docs[a] < docs[b]) === ascendingTies ? -1 : 1)
  );
}

function randomTopics(rounds: number) {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  return Array.from({ length: rounds }, () => {
    const n = 1 + Math.floor(random() * 80);
    // Few distinct scores and ids: ties and repeated ids everywhere.
    const docs = Array.from(
      { length: n },
      () => `d${Math.floor(random() * n * 0.8).toString(5)}`,
    );
    const scores = docs.map(() => Math.floor(random() * 5) / 4 - 0.5);
    if (random() < 0.2) scores[0] = -0;
    return { docs, scores, ascendingTies: random() < 0.5, random };
  });
}

Deno.test("rankByScore orders by score descending, then id descending in byte order", () => {
  const docs = ["a", "b", "B", "c", "d", "\u{1F600}", "\uFF01"];
  const scores = [1, 1, 1, 2, 0, 1, 1];
  const order = rankByScore(scores, byId(docs));
  assertEquals(Array.from(order, (i) => docs[i]), [
    "c",
    "\u{1F600}",
    "\uFF01",
    "b",
    "a",
    "B",
    "d",
  ]);
  const ascending = rankByScore(scores, byId(docs), { ascendingTies: true });
  assertEquals(Array.from(ascending, (i) => docs[i]), [
    "c",
    "B",
    "a",
    "b",
    "\uFF01",
    "\u{1F600}",
    "d",
  ]);
});

Deno.test("rankByScore gives every item's order and the ranks of some alike", () => {
  for (const { docs, scores, ascendingTies, random } of randomTopics(300)) {
    const expected = expectedOrder(docs, scores, ascendingTies);
    const options = { ascendingTies };
    assertEquals(
      Array.from(rankByScore(scores, byId(docs), options)),
      expected,
    );
    const rankOf = new Map(expected.map((item, at) => [item, at + 1]));
    // A few items are ranked by counting, many by their tied groups.
    for (const count of [1, 5, 16, 17, docs.length]) {
      const asked = Array.from(
        { length: Math.min(count, docs.length) },
        () => Math.floor(random() * docs.length),
      );
      assertEquals(
        Array.from(
          rankByScore(scores, byId(docs), { ...options, ranksOf: asked }),
        ),
        asked.map((i) => rankOf.get(i)),
      );
    }
  }
});

Deno.test("rankByScore ranks items given best first, as runs are written, alike", () => {
  // Scores that never rise in input order are ranked by their runs of equal
  // scores: the same ranks as the plain sort's.
  for (const { docs, scores, ascendingTies, random } of randomTopics(300)) {
    const sorted = [...scores].sort((a, b) => b - a);
    const expected = expectedOrder(docs, sorted, ascendingTies);
    const rankOf = new Map(expected.map((item, at) => [item, at + 1]));
    for (const count of [17, docs.length, 4 * docs.length]) {
      const asked = Array.from(
        { length: count },
        () => Math.floor(random() * docs.length),
      );
      assertEquals(
        Array.from(
          rankByScore(sorted, byId(docs), { ascendingTies, ranksOf: asked }),
        ),
        asked.map((i) => rankOf.get(i)),
      );
    }
  }
  // One run of equal scores asked for whole is sorted once, not counted
  // through for each item.
  const docs = Array.from({ length: 300 }, (_, i) => `d${i % 7}`);
  const same = docs.map(() => 1);
  const expected = expectedOrder(docs, same);
  assertEquals(
    Array.from(rankByScore(same, byId(docs), { ranksOf: expected })),
    expected.map((_, at) => at + 1),
  );
});

Deno.test("rankByScore refines rough scores where a comparison depends on them", () => {
  // Scores as 17 digits give, parsed fast, values a few units off; the
  // exact ones differ in the last place only.
  const exact = [0.30000000000000004, 0.3, 0.30000000000000004, 0.1];
  const rough = [0.3, 0.30000000000000004, 0.3, 0.1];
  const docs = ["a", "b", "c", "d"];
  const refined: number[] = [];
  const refine = (i: number) => (refined.push(i), exact[i]);
  const expected = expectedOrder(docs, exact);
  assertEquals(expected, [2, 0, 1, 3]);
  const ranks = rankByScore(rough, byId(docs), { ranksOf: [1], refine });
  assertEquals(Array.from(ranks), [3]);
  // The far score of d needs no exact value.
  assertEquals([...new Set(refined)].sort(), [0, 1, 2]);
  const many = Array.from({ length: 20 }, (_, i) => i % 4);
  assertEquals(
    Array.from(rankByScore(rough, byId(docs), { ranksOf: many, refine })),
    many.map((i) => expected.indexOf(i) + 1),
  );
  assertEquals(
    Array.from(rankByScore(rough, byId(docs), { refine })),
    expected,
  );
});

Deno.test("rankByScore refuses NaN, or ranks it as trec_eval does", () => {
  const docs = ["c", "a", "f", "e", "b", "g", "d"];
  const scores = [3, NaN, 1, 2, NaN, 2, 0.5];
  const error = assertThrows(() => rankByScore(scores, byId(docs)), RangeError);
  assertEquals(
    error.message,
    "Score of item 1 must not be NaN: no order by score ranks it",
  );
  // trec_eval 10 on these lines ("nan" scores) with each document judged
  // with its own grade prints relstring '2645310': c g e f d b a.
  const order = rankByScore(scores, byId(docs), { nan: "glibc" });
  assertEquals(Array.from(order, (i) => docs[i]), [
    "c",
    "g",
    "e",
    "f",
    "d",
    "b",
    "a",
  ]);
  assertEquals(
    Array.from(
      rankByScore(scores, byId(docs), { nan: "glibc", ranksOf: [1, 0] }),
    ),
    [7, 1],
  );
});
