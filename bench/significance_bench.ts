// Cost of the paired tests on 5,000 queries (10,000 resamples where sampled).
import { bootstrapTest } from "../metrics/significance/bootstrap.ts";
import { fisherRandomizationTest } from "../metrics/significance/fisher.ts";
import { pairedTTest } from "../metrics/significance/paired_t.ts";
import { permutationTest } from "../metrics/significance/permutation.ts";
import { Xoshiro128 } from "../metrics/significance/prng.ts";
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
