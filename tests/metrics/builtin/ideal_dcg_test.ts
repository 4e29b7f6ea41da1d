import { assertAlmostEquals } from "../../assert.ts";
import { idealDcgOf } from "../../../metrics/builtin/ideal_dcg.ts";
import { resolve } from "../../../metrics/builtin.ts";
import { linear, RANKING } from "./_trec_fixture.ts";

// Every judged grade, highest first: 3 2 1 1 1 (0s gain nothing).
Deno.test("idealDcgOf is the DCG of all judged docs in the best order", () => {
  const full = 3 + 2 / Math.log2(3) + 1 / 2 + 1 / Math.log2(5) +
    1 / Math.log2(6);
  assertAlmostEquals(idealDcgOf(RANKING, undefined, linear), full);
  assertAlmostEquals(idealDcgOf(RANKING, 2, linear), 3 + 2 / Math.log2(3));
  assertAlmostEquals(resolve("ideal_dcg").score(RANKING), full);
});
