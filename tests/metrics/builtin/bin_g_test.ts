import { assertAlmostEquals } from "../../assert.ts";
import { binaryG } from "../../../metrics/builtin/bin_g.ts";
import { RANKING } from "./_trec_fixture.ts";

// Relevant docs at ranks 1, 4, 6 with 0, 2 and 2 nonrelevant docs above:
// (1/log2(2) + 1/log2(4) + 1/log2(4)) / R... the third has d2, d3, d5 above
// but d1 and d4 are relevant, so 3 nonrelevant: 1/log2(5).
Deno.test("binaryG discounts each relevant doc by the nonrelevant ones above it", () => {
  assertAlmostEquals(binaryG(RANKING), (1 + 1 / 2 + 1 / Math.log2(5)) / 5);
});
