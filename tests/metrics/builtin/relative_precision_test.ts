import { assertEquals } from "../../assert.ts";
import { relativePrecision } from "../../../metrics/builtin/relative_precision.ts";
import { resolve } from "../../../metrics/builtin.ts";
import { RANKING } from "./_trec_fixture.ts";

// Relevant in the top 1, 4, 10: 1, 2, 3; R = 5.
Deno.test("relativePrecision divides by min(k, R)", () => {
  assertEquals(relativePrecision(RANKING, 1), 1);
  assertEquals(relativePrecision(RANKING, 4), 0.5);
  assertEquals(relativePrecision(RANKING, 10), 3 / 5);
  // set_relative_P: 3 relevant retrieved / min(6 retrieved, R = 5).
  assertEquals(relativePrecision(RANKING, undefined), 3 / 5);
  assertEquals(resolve("relative_P_4").score(RANKING), 0.5);
  assertEquals(resolve("set_relative_P").label, "relative_P");
});
