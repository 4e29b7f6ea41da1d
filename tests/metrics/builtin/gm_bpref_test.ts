import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { evaluateSync } from "../../../metrics/evaluate.ts";

// bpref 1 for q1 (relevant first) and 0 for q2 (after the only nonrelevant):
// exp(mean(log(max(x, 1e-5)))) = exp((0 + log 1e-5) / 2).
Deno.test("gm_bpref combines bpref by geometric mean", () => {
  const qrels = new Map([
    ["q1", new Map([["a", 1], ["b", 0]])],
    ["q2", new Map([["a", 1], ["b", 0]])],
  ]);
  const result = evaluateSync(
    [{ queryId: "q1", docs: ["a", "b"] }, { queryId: "q2", docs: ["b", "a"] }],
    qrels,
    ["gm_bpref", "bpref"],
  );
  assertEquals(result.aggregate.bpref, 0.5);
  assertAlmostEquals(
    result.aggregate.gm_bpref,
    Math.exp(Math.log(0.00001) / 2),
  );
});
