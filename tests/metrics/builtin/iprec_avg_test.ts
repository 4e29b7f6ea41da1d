import { assertEquals } from "../../assert.ts";
import { elevenPointAverage } from "../../../metrics/builtin/iprec_avg.ts";
import { resolve } from "../../../metrics/builtin.ts";
import { RANKING } from "./_trec_fixture.ts";

// R = 5: the 11 levels need lround(x*5) = 0 1 1 2 2 3 3 4 4 5 5 relevant
// docs, whose interpolated precisions are 1 1 1 .5 .5 .5 .5 0 0 0 0.
Deno.test("elevenPointAverage is the mean over the 11 recall levels", () => {
  assertEquals(elevenPointAverage(RANKING), 5 / 11);
  assertEquals(resolve("iprec_avg").score(RANKING), 5 / 11);
});

Deno.test("elevenPointAverage takes its levels in the order given, as trec_eval", () => {
  // Sorted, 0.2 -> 1 relevant doc -> 1 and 0.8 -> 4 (never reached) -> 0.
  assertEquals(elevenPointAverage(RANKING, [0.2, 0.8]), 0.5);
  // trec_eval's single backward pass expects increasing levels: given
  // 0.8 first, it is only reached after the pass and takes its final
  // interpolated precision, 1.
  assertEquals(elevenPointAverage(RANKING, [0.8, 0.2]), 1);
});
