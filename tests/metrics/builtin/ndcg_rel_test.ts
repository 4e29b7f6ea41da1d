import { assertAlmostEquals } from "../../assert.ts";
import { ndcgAtRelevant } from "../../../metrics/builtin/ndcg_rel.ts";
import { linear, RANKING } from "./_trec_fixture.ts";

// nDCG is taken at ranks 1, 4 and 6 (positive gain); the 2 relevant docs
// never retrieved each add the final DCG over the full ideal DCG; the mean
// is over the 5 docs with positive ideal gain.
Deno.test("ndcgAtRelevant averages nDCG at the relevant docs", () => {
  const ideal = [3, 2, 1, 1, 1].map((g, i) => g / Math.log2(i + 2));
  const idcg = (k: number) => ideal.slice(0, k).reduce((a, b) => a + b, 0);
  const dcg1 = 1, dcg4 = 1 + 2 / Math.log2(5);
  const dcg6 = dcg4 + 1 / Math.log2(7);
  const sum = dcg1 / idcg(1) + dcg4 / idcg(4) + dcg6 / idcg(5) +
    2 * dcg6 / idcg(5);
  assertAlmostEquals(ndcgAtRelevant(RANKING, linear), sum / 5);
});
