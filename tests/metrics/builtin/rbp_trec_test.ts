import { assertAlmostEquals } from "../../assert.ts";
import { gradedRbp } from "../../../metrics/builtin/rbp_trec.ts";
import { resolve } from "../../../metrics/builtin.ts";
import { RANKING } from "./_trec_fixture.ts";

// Grades 0..3 leave [0, 1], so gains become grade/3: 1/3, 0, 0, 2/3, 0, 1/3
// at weights p^0 .. p^5 with p = 0.5.
Deno.test("gradedRbp normalises gains to [0, 1]", () => {
  const expected = 0.5 * (1 / 3 + (2 / 3) * 0.125 + (1 / 3) * 0.03125);
  assertAlmostEquals(gradedRbp(RANKING, 0.5, "linear"), expected);
  assertAlmostEquals(resolve("rbp_trec(p=0.5)").score(RANKING), expected);
});

Deno.test("gradedRbp normalises by the gain table, map included", () => {
  // Gains 0, 4, 2, 3 for grades 0..3: divided by 4 -> 1, 0.5 at ranks 1, 4, 6.
  assertAlmostEquals(
    gradedRbp(RANKING, 0.5, { "1": 4 }),
    0.5 * (1 + 0.5 * 0.125 + 1 * 0.03125),
  );
});
