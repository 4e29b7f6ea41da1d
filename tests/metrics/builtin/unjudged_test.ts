import { assertEquals, assertThrows } from "../../assert.ts";
import { unjudgedAt } from "../../../metrics/builtin/unjudged.ts";
import { resolve } from "../../../metrics/builtin.ts";
import { RANKING } from "./_trec_fixture.ts";

// Unjudged (no judgement or a negative one) at ranks 2 and 5.
Deno.test("unjudgedAt divides by k even past the end", () => {
  assertEquals(unjudgedAt(RANKING, 2), 0.5);
  assertEquals(unjudgedAt(RANKING, 5), 0.4);
  assertEquals(unjudgedAt(RANKING, 10), 0.2);
  assertEquals(resolve("unj_5").label, "unj@5");
  assertThrows(() => resolve("unj"), RangeError, "cutoff");
});
