import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { ndcgAtRLevels } from "../../../metrics/builtin/rndcg.ts";
import { JudgedRanking } from "../../../model/judged_ranking.ts";
import { linear, RANKING } from "./_trec_fixture.ts";

// Ideal gains 3 | 2 | 1 1 1: the ideal gain changes after ranks 1, 2 and 5,
// where nDCG is 1/3, 1/(3 + 2/log2 3) and (1 + 2/log2 5)/IDCG@5.
Deno.test("ndcgAtRLevels averages nDCG where the ideal gain changes", () => {
  const idcg5 = 3 + 2 / Math.log2(3) + 1 / 2 + 1 / Math.log2(5) +
    1 / Math.log2(6);
  const expected = (1 / 3 + 1 / (3 + 2 / Math.log2(3)) +
    (1 + 2 / Math.log2(5)) / idcg5) / 3;
  assertAlmostEquals(ndcgAtRLevels(RANKING, linear), expected);
});

Deno.test("ndcgAtRLevels is 0 without relevant docs", () => {
  const none = JudgedRanking.from("q", ["a"], new Map([["a", 0]]));
  assertEquals(ndcgAtRLevels(none, linear), 0);
});
