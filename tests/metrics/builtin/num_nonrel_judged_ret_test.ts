import { assertEquals } from "../../assert.ts";
import { nonrelevantJudgedRetrieved } from "../../../metrics/builtin/num_nonrel_judged_ret.ts";
import { resolve } from "../../../metrics/builtin.ts";
import { RANKING } from "./_trec_fixture.ts";

// Judged retrieved: d1 (1), d3 (0), d4 (2), d6 (1); only d3 is below level 1.
Deno.test("nonrelevantJudgedRetrieved counts judged docs below the level", () => {
  assertEquals(nonrelevantJudgedRetrieved(RANKING), 1);
  assertEquals(resolve("num_nonrel_judged_ret").aggregate, "sum");
});
