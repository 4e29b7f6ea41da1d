import {
  assertAlmostEquals,
  assertEquals,
  assertThrows,
} from "../../assert.ts";
import { tukeyHsd } from "../../../metrics/significance/tukey_hsd.ts";
import { TUKEY_REFERENCE } from "./_tukey.ts";

// p-values to 1e-11: the largest difference seen is 1.4e-12 (df = 2997),
// scipy's own quadrature error there (see studentized_range_test.ts).
Deno.test("tukeyHsd matches scipy.stats.tukey_hsd: statistics to 1e-15, p-values to 1e-11", () => {
  for (const c of TUKEY_REFERENCE.tukey_hsd) {
    const result = tukeyHsd(c.groups);
    const k = c.groups.length;
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) {
        const name = `${c.name} (${i}, ${j})`;
        assertAlmostEquals(
          result.statistic[i][j],
          c.statistic[i][j],
          1e-15,
          name,
        );
        assertAlmostEquals(result.pValue[i][j], c.pvalue[i][j], 1e-11, name);
      }
    }
  }
  assertEquals(TUKEY_REFERENCE.tukey_hsd.length, 17);
});

Deno.test("tukeyHsd degenerate groups and errors", () => {
  const constant = tukeyHsd([[1, 1], [1, 1], [2, 2]]);
  assertEquals(constant.pValue[0][1], 1);
  assertEquals(constant.pValue[0][2], 0);
  assertThrows(() => tukeyHsd([[1, 2]]), RangeError, "got 1");
  assertThrows(() => tukeyHsd([[1, 2], [3]]), RangeError, "got 1 in group 1");
  assertThrows(
    () => tukeyHsd([[1, 2], [3, NaN]]),
    RangeError,
    "got NaN at position 1 of group 1",
  );
});
