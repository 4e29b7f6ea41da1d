import {
  assertAlmostEquals,
  assertEquals,
  assertThrows,
} from "../../assert.ts";
import { pairedEffectSize } from "../../../metrics/significance/effect_size.ts";
import { winsTiesLosses } from "../../../metrics/significance/wins.ts";
import { differencesOf, REFERENCE } from "./_reference.ts";

Deno.test("pairedEffectSize is numpy's mean(d) / std(d, ddof=1)", () => {
  for (const c of REFERENCE.cases) {
    assertAlmostEquals(
      pairedEffectSize(differencesOf(c)),
      c.effect_size!,
      1e-12,
      c.name,
    );
  }
  assertEquals(Number.isNaN(pairedEffectSize([0, 0])), true);
  assertEquals(pairedEffectSize([0.5, 0.5]), Infinity);
});

Deno.test("winsTiesLosses counts signs; a NaN is an error", () => {
  const c = REFERENCE.cases.find((c) => c.name.startsWith("graded n=10"))!;
  const d = differencesOf(c);
  const counts = winsTiesLosses(d);
  assertEquals(counts.wins + counts.ties + counts.losses, d.length);
  assertEquals(counts.ties, d.filter((x) => x === 0).length);
  assertEquals(counts.ties > 0, true);
  assertEquals(winsTiesLosses([1, -1, 0, 2]), { wins: 2, ties: 1, losses: 1 });
  assertThrows(
    () => winsTiesLosses([1, NaN]),
    RangeError,
    "Paired difference is NaN at position 1",
  );
});
