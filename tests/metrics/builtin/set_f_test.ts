import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { setF } from "../../../metrics/builtin/set_f.ts";
import { resolve } from "../../../metrics/builtin.ts";
import { EMPTY, RANKING } from "./_trec_fixture.ts";

// Set precision 3/6, set recall 3/5.
Deno.test("setF weighs recall by beta squared", () => {
  assertAlmostEquals(setF(RANKING, 1), (2 * 0.5 * 0.6) / (0.5 + 0.6));
  assertAlmostEquals(
    resolve("set_F(beta2=0.25)").score(RANKING),
    (1.25 * 0.5 * 0.6) / (0.25 * 0.5 + 0.6),
  );
  assertEquals(setF(EMPTY, 1), 0);
});
