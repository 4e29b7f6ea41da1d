import { assertEquals, assertThrows } from "../../assert.ts";
import { interpolatedPrecision } from "../../../metrics/builtin/iprec_at_recall.ts";
import { resolve } from "../../../metrics/builtin.ts";
import { EMPTY, RANKING } from "./_trec_fixture.ts";

// Precision at each rank: 1, 1/2, 1/3, 2/4, 2/5, 3/6; relevant at 1, 4, 6.
// With R = 5 the recall levels 0 .. 1 by 0.2 need 0 .. 5 relevant docs:
// 0 and 1 -> max over ranks >= 1 = 1; 2 -> ranks >= 4 -> 0.5;
// 3 -> rank 6 -> 0.5; 4 and 5 are never reached -> 0.
Deno.test("interpolatedPrecision works from the last rank back", () => {
  assertEquals(
    Array.from(interpolatedPrecision(RANKING, [0, 0.2, 0.4, 0.6, 0.8, 1])),
    [1, 1, 0.5, 0.5, 0, 0],
  );
});

Deno.test("interpolatedPrecision rounds x*R as trec_eval 10 (lround) or 9 (+0.9, truncate)", () => {
  // 0.25 * 5 = 1.25: lround -> 1 relevant doc (rank 1) -> 1;
  // trec_eval 9: (long)(1.25 + 0.9) = 2 -> rank 4 -> 0.5.
  assertEquals(interpolatedPrecision(RANKING, [0.25])[0], 1);
  assertEquals(
    interpolatedPrecision(RANKING, [0.25], { legacyCutoffs: true })[0],
    0.5,
  );
});

Deno.test("interpolatedPrecision of an empty ranking is NaN at recall 0, as trec_eval's 0/0", () => {
  // R = 1: recall 0 needs 0 relevant docs and takes precision 0/0;
  // recall 0.5 needs lround(0.5) = 1, never retrieved -> 0.
  const [atZero, atHalf] = interpolatedPrecision(EMPTY, [0, 0.5]);
  assertEquals(Number.isNaN(atZero), true);
  assertEquals(atHalf, 0);
});

Deno.test("the registry's iprec_at_recall and iprec_avg score an empty ranking 0, as trec_eval -c", () => {
  assertEquals(resolve("iprec_at_recall(recall=0)").score(EMPTY), 0);
  assertEquals(resolve("iprec_avg").score(EMPTY), 0);
});

Deno.test("iprec_at_recall resolves with its recall level and needs one", () => {
  const metric = resolve("iprec_at_recall(recall=0.4)");
  assertEquals(metric.label, "iprec_at_recall(recall=0.4)");
  assertEquals(metric.score(RANKING), 0.5);
  assertThrows(() => resolve("iprec_at_recall"), RangeError, "recall");
});

Deno.test("trec_eval's names with a decimal resolve to the recall level", () => {
  assertEquals(
    resolve("iprec_at_recall_0.40").label,
    "iprec_at_recall(recall=0.4)",
  );
  assertEquals(resolve("iprec_at_recall_0.40").score(RANKING), 0.5);
  assertThrows(
    () => resolve("iprec_at_recall_0.40(recall=0.2)"),
    SyntaxError,
    "given twice",
  );
});
