import { assertAlmostEquals } from "../../assert.ts";
import { yetAnotherAp } from "../../../metrics/builtin/yaap.ts";
import { RANKING } from "./_trec_fixture.ts";

// S = 1/1 + 2/4 + 3/6 = 2, R = 5: log((1 + 2) / (1 + 5 - 2)).
Deno.test("yetAnotherAp is log((1 + S) / (1 + R - S))", () => {
  assertAlmostEquals(yetAnotherAp(RANKING), Math.log(3 / 4));
});
