import { assertEquals, assertThrows } from "../../assert.ts";
import {
  doubleCutoffs,
  doubleParams,
  isGainLevel,
  longCutoffs,
  MeasureParamError,
  paramPairs,
} from "../../../trec_eval/params.ts";

Deno.test("longCutoffs reads with atol, sorts and checks", () => {
  assertEquals(longCutoffs("10,20,23.4"), [10n, 20n, 23n]);
  assertEquals(longCutoffs("7,5,3"), [3n, 5n, 7n]);
  // glibc's strtol: white space skipped, a sign taken, `long` saturated.
  assertEquals(longCutoffs(" 5,+7"), [5n, 7n]);
  assertEquals(longCutoffs("12345678901234567,5"), [5n, 12345678901234567n]);
  assertEquals(longCutoffs("111111111111111111111111"), [
    9223372036854775807n,
  ]);
  assertThrows(
    () => longCutoffs("9223372036854775808,9223372036854775807"),
    MeasureParamError,
    "duplicate cutoffs",
  );
  assertThrows(
    () => longCutoffs("-99999999999999999999"),
    MeasureParamError,
    "Negative cutoff",
  );
  assertThrows(() => longCutoffs("5,0"), MeasureParamError, "Negative cutoff");
  assertThrows(() => longCutoffs("5,"), MeasureParamError, "Negative cutoff");
  assertThrows(
    () => longCutoffs("5,5"),
    MeasureParamError,
    "duplicate cutoffs",
  );
});

Deno.test("doubleCutoffs reads with atof and sorts", () => {
  assertEquals(doubleCutoffs(".10,.20,.25,.75,.50"), [
    0.1,
    0.2,
    0.25,
    0.5,
    0.75,
  ]);
  assertEquals(doubleCutoffs("5.0,0.2,0.35"), [0.2, 0.35, 5]);
  assertThrows(() => doubleCutoffs(".5,0.50"), MeasureParamError, "duplicate");
});

Deno.test("doubleParams keep their order", () => {
  assertEquals(doubleParams("2,-1,0,0"), [2, -1, 0, 0]);
  assertEquals(doubleParams(".25,.5"), [0.25, 0.5]);
});

Deno.test("paramPairs accepts name=value lists as trec_eval does", () => {
  assertEquals(paramPairs("1=3,2=9,4=4.5"), [
    { name: "1", value: 3 },
    { name: "2", value: 9 },
    { name: "4", value: 4.5 },
  ]);
  assertEquals(paramPairs("p=0.8"), [{ name: "p", value: 0.8 }]);
  for (const bad of ["1", "1=2=3", "1=3,", ",1=3", "1=3,,2=4", "a,b=1"]) {
    assertThrows(
      () => paramPairs(bad),
      MeasureParamError,
      `malformed pair parameters in '${bad}'`,
    );
  }
});

Deno.test("isGainLevel accepts signed integers only", () => {
  assertEquals(["1", "+2", "-1", "p", "1.5", "", "-"].map(isGainLevel), [
    true,
    true,
    true,
    false,
    false,
    false,
    false,
  ]);
});
