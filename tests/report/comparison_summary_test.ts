import { assertEquals } from "../assert.ts";
import { compareEvaluations } from "../../metrics/compare.ts";
import { evaluateSync } from "../../metrics/evaluate.ts";
import { MAX_RESAMPLED_DRAWS } from "../../metrics/significance/bootstrap.ts";
import { comparisonSummary } from "../../report/comparison.ts";

/** Two runs over `n` queries, one relevant document each. */
function comparison(n: number, resamples: number) {
  const qrels = new Map<string, Map<string, number>>();
  for (let q = 0; q < n; q++) qrels.set(`q${q}`, new Map([["d", 1]]));
  const run = (hit: (q: number) => boolean) =>
    [...qrels.keys()].map((queryId, q) => ({
      queryId,
      docs: [hit(q) ? "d" : "x"],
    }));
  const options = { averageOverQrels: true };
  return compareEvaluations(
    new Map([
      ["a", evaluateSync(run((q) => q % 2 === 0), qrels, ["P@1"], options)],
      ["b", evaluateSync(run((q) => q % 3 === 0), qrels, ["P@1"], options)],
    ]),
    { resamples },
  );
}

const LARGE_SAMPLE = "large-sample distribution";

Deno.test("the summary says when the bootstrap draws its means from the large-sample distribution", () => {
  // 6,711 queries x 10,000 resamples = 67,110,000 draws, past 2^26.
  assertEquals(MAX_RESAMPLED_DRAWS, 67_108_864);
  const large = comparisonSummary(comparison(6_711, 10_000));
  assertEquals(
    large.includes(
      "; 6711 queries x 10000 resamples pass the 67108864 draws the bootstrap makes, so its means are drawn from the resampled mean's large-sample distribution",
    ),
    true,
    large,
  );
  // 20 queries are resampled: the summary says nothing of it.
  assertEquals(
    comparisonSummary(comparison(20, 10_000)).includes(LARGE_SAMPLE),
    false,
  );
});
