import { assertEquals, assertThrows } from "../../assert.ts";
import { precisionAtRMultiples } from "../../../metrics/builtin/rprec_mult.ts";
import { resolve } from "../../../metrics/builtin.ts";
import { RANKING } from "./_trec_fixture.ts";

// R = 5: ranks (long)(m*5 + 0.9) = 1, 3, 5, 10 for m = 0.2, 0.5, 1, 2.
// P@1 = 1, P@3 = 1/3, P@5 = 2/5, P@10 = 3/10 (past the 6 retrieved).
Deno.test("precisionAtRMultiples is precision at rank m*R", () => {
  assertEquals(
    Array.from(precisionAtRMultiples(RANKING, [0.2, 0.5, 1, 2])),
    [1, 1 / 3, 2 / 5, 3 / 10],
  );
});

Deno.test("rprec_mult resolves with its multiple and needs one", () => {
  assertEquals(resolve("Rprec_mult(mult=0.5)").score(RANKING), 1 / 3);
  assertThrows(() => resolve("rprec_mult"), RangeError, "multiple");
});

Deno.test("trec_eval's Rprec_mult_0.20 resolves to its multiple", () => {
  assertEquals(resolve("Rprec_mult_0.20").label, "rprec_mult(mult=0.2)");
});
