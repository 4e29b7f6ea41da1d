import { assertEquals } from "../../assert.ts";
import { rbpResidual } from "../../../metrics/builtin/rbp_resid.ts";
import { JudgedRanking } from "../../../model/judged_ranking.ts";
import { RANKING } from "./_trec_fixture.ts";

// Unjudged at ranks 2 and 5: 0.5^6 + 0.5 * (0.5^1 + 0.5^4).
Deno.test("rbpResidual adds the unseen tail and the unjudged docs", () => {
  assertEquals(rbpResidual(RANKING, 0.5), 0.015625 + 0.5 * 0.5625);
  const judged = JudgedRanking.from("q", ["a"], new Map([["a", 0]]));
  assertEquals(rbpResidual(judged, 0.5), 0);
});
