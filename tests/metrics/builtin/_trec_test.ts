import { assertEquals } from "../../assert.ts";
import { lround, relevantRetrieved } from "../../../metrics/builtin/_trec.ts";
import { RANKING } from "./_trec_fixture.ts";

Deno.test("lround rounds halves away from zero", () => {
  assertEquals([lround(2.5), lround(-2.5), lround(1.4999), lround(0)], [
    3,
    -3,
    1,
    0,
  ]);
});

Deno.test("relevantRetrieved counts judged docs at the level", () => {
  assertEquals(relevantRetrieved(RANKING, 1), 3);
  assertEquals(relevantRetrieved(RANKING, 0), 4);
  // Unjudged docs never count, even at a negative level (trec_eval's num_rel_ret).
  assertEquals(relevantRetrieved(RANKING, -5), 4);
});
