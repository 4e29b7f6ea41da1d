import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { normalizedGain } from "../../../metrics/builtin/g.ts";
import { JudgedRanking } from "../../../model/judged_ranking.ts";
import { linear, RANKING } from "./_trec_fixture.ts";

// Ideal gains 3 2 1 1 1. Rank by rank: gain so far 1 1 1 3 3 4, cost (the
// ideal gain, at least 1) 3 5 6 7 8 9; gains at ranks 1, 4, 6 are divided by
// log2(2 + cost - gain so far) = log2(4), log2(6), log2(7); total ideal 8.
Deno.test("normalizedGain follows trec_eval's G", () => {
  assertAlmostEquals(
    normalizedGain(RANKING, linear),
    (1 / 2 + 2 / Math.log2(6) + 1 / Math.log2(7)) / 8,
  );
});

Deno.test("normalizedGain of the ideal ranking is 1", () => {
  const ideal = JudgedRanking.from(
    "q",
    ["a", "b"],
    new Map([["a", 2], ["b", 1]]),
  );
  assertEquals(normalizedGain(ideal, linear), 1);
});
