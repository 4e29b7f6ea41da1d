import { assertAlmostEquals, assertThrows } from "../../assert.ts";
import {
  logGamma,
  normalCdf,
  normalSf,
  regularizedIncompleteBeta,
  studentTCdf,
  studentTQuantile,
  studentTTwoSided,
} from "../../../metrics/significance/special.ts";

// Values from scipy.special / scipy.stats (scipy 1.17.1), printed with repr.
Deno.test("special functions match scipy far into the tails", () => {
  const relative = (got: number, want: number) =>
    assertAlmostEquals(got / want, 1, 1e-10, `${got} vs ${want}`);
  relative(studentTTwoSided(2.5, 10), 0.03144684423660882);
  relative(studentTTwoSided(0.3, 3), 0.783763292039919);
  relative(studentTTwoSided(10, 4), 0.000562003622715991);
  relative(studentTTwoSided(40, 30), 1.3726045194406417e-27);
  relative(studentTTwoSided(1e-3, 1000), 0.9992023150184528);
  relative(studentTTwoSided(3, 2000), 0.0027331437620328);
  relative(studentTQuantile(0.975, 10), 2.228138851986274);
  relative(studentTQuantile(0.975, 3), 3.1824463052837078);
  relative(studentTQuantile(0.975, 1000), 1.9623390808264083);
  relative(studentTQuantile(0.025, 30), -2.0422724563012378);
  relative(normalSf(0.5), 0.3085375387259869);
  relative(normalSf(1.96), 0.024997895148220435);
  relative(normalSf(5), 2.866515718791933e-07);
  relative(normalSf(10), 7.61985302416047e-24);
  relative(normalSf(30), 4.906713927147908e-198);
  relative(normalCdf(0.5), 0.6914624612740131);
  relative(studentTCdf(-1.5, 7), 0.088649243494985);
  relative(regularizedIncompleteBeta(0.3, 2.5, 7), 0.6412224629717214);
  relative(logGamma(0.5), 0.5723649429247);
  relative(logGamma(100.5), 361.43554046777757);
});

Deno.test("the t tail keeps its digits with many degrees of freedom", () => {
  // scipy.stats.t.sf(√2, df) * 2 (scipy 1.17.1). log B(df/2, 1/2) as a
  // difference of two log Γ would lose about log10(df) digits here.
  for (
    const [df, want] of [
      [5000, 0.1573614702343027],
      [50000, 0.15730543363334276],
      [99999, 0.1573023203802981],
    ]
  ) {
    assertAlmostEquals(studentTTwoSided(Math.SQRT2, df), want, 1e-14);
  }
});

Deno.test("special functions reject out-of-range arguments", () => {
  assertThrows(() => studentTTwoSided(1, 0), RangeError, "positive, got 0");
  assertThrows(() => studentTQuantile(1, 5), RangeError, "(0, 1), got 1");
  assertThrows(() => regularizedIncompleteBeta(1.5, 1, 1), RangeError, "1.5");
});
