// Cost of the paired tests on 5,000 queries (10,000 resamples where sampled).
import { bootstrapTest } from "../metrics/significance/bootstrap.ts";
import { fisherRandomizationTest } from "../metrics/significance/fisher.ts";
import { pairedTTest } from "../metrics/significance/paired_t.ts";
import { permutationTest } from "../metrics/significance/permutation.ts";
import { Xoshiro128 } from "../metrics/significance/prng.ts";
import { studentizedRangeSf } from "../metrics/significance/studentized_range.ts";
import { tukeyHsd } from "../metrics/significance/tukey_hsd.ts";
import { wilcoxonSignedRank } from "../metrics/significance/wilcoxon.ts";

const rng = new Xoshiro128(1);
const d = Float64Array.from(
  { length: 5000 },
  () => (rng.nextInt(21) - 10) / 20,
);

Deno.bench("paired t-test, 5000 queries", () => {
  pairedTTest(d);
});
Deno.bench("Wilcoxon signed-rank, 5000 queries", () => {
  wilcoxonSignedRank(d);
});
Deno.bench("permutation test (sampled), 5000 queries", () => {
  permutationTest(d);
});
Deno.bench("Fisher randomization, 5000 queries", () => {
  fisherRandomizationTest(d);
});
Deno.bench("bootstrap CI and p, 5000 queries", () => {
  bootstrapTest(d);
});
Deno.bench("exact permutation test, 30 non-zero differences", () => {
  permutationTest(d.subarray(0, 40));
});
Deno.bench("Wilcoxon signed-rank, one-sided, zsplit, 5000 queries", () => {
  wilcoxonSignedRank(d, { alternative: "greater", zeroMethod: "zsplit" });
});
Deno.bench("exact Wilcoxon (scipy's method='exact'), 400 queries", () => {
  wilcoxonSignedRank(d.subarray(0, 400), { method: "exact" });
});

// Tukey's HSD: 5 systems of 5000 queries (10 pairs, the interpolant of the
// range for k = 5 cached after the first call), and one value of the
// studentized range distribution.
const systems = Array.from(
  { length: 5 },
  (_, j) => Float64Array.from(d, (x, i) => x + 0.01 * j * ((i % 3) - 1)),
);
Deno.bench("Tukey's HSD, 5 systems x 5000 queries", () => {
  tukeyHsd(systems);
});
let q = 1;
Deno.bench("studentized range sf, k = 5, df = 60", () => {
  studentizedRangeSf(q, 5, 60);
  q = q > 6 ? 1 : q + 0.01;
});
