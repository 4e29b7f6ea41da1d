import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { dcgOf } from "../../../metrics/builtin/_gain.ts";
import { resolve } from "../../../metrics/builtin.ts";
import { linear, RANKING } from "./_trec_fixture.ts";

// Gains 1 0 0 2 0 1 at ranks 1..6.
Deno.test("dcgOf sums gain / log2(rank + 1)", () => {
  assertAlmostEquals(
    dcgOf(RANKING, undefined, linear),
    1 + 2 / Math.log2(5) + 1 / Math.log2(7),
  );
  assertEquals(dcgOf(RANKING, 3, linear), 1);
  assertAlmostEquals(
    resolve("dcg(gain={2:10})@4").score(RANKING),
    1 + 10 / Math.log2(5),
  );
});
