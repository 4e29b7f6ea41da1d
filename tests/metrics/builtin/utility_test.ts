import { assertEquals } from "../../assert.ts";
import { utility } from "../../../metrics/builtin/utility.ts";
import { resolve } from "../../../metrics/builtin.ts";
import { RANKING } from "./_trec_fixture.ts";

// k = 3 relevant retrieved, n = 6 retrieved, R = 5.
Deno.test("utility weighs the contingency table", () => {
  assertEquals(utility(RANKING, [1, -1, 0, 0], 0), 0);
  // 2*3 - 1*3 - 0.5*(5-3) + 0.25*(100 + 3 - 6 - 5) = 6 - 3 - 1 + 23
  assertEquals(utility(RANKING, [2, -1, -0.5, 0.25], 100), 25);
  assertEquals(
    resolve(
      "utility(rel_ret=2,nonrel_ret=-1,rel_missed=-0.5,nonrel_missed=0.25,collection=100)",
    ).score(RANKING),
    25,
  );
});
