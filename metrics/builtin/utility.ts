/**
 * Linear set utility, as trec_eval's `utility`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { relevantRetrieved } from "./_trec.ts";

/**
 * a·k + b·(n−k) + c·(R−k) + d·(N + k − n − R): k relevant retrieved, n
 * retrieved, R relevant judged, N the collection size.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { utility } from "./utility.ts";
 * const r = JudgedRanking.from("q", ["a", "x"], new Map([["a", 1], ["b", 1]]));
 * console.log(utility(r, [1, -1, 0, 0], 0)); // 0
 * ```
 *
 * @param ranking The ranking.
 * @param coefficients a, b, c and d.
 * @param collectionSize N.
 * @returns The utility.
 */
export function utility(
  ranking: JudgedRanking,
  coefficients: readonly number[],
  collectionSize: number,
): number {
  const [a, b, c, d] = coefficients;
  const k = relevantRetrieved(ranking, ranking.relevanceLevel);
  const n = ranking.grades.length;
  const numRel = ranking.numRel(ranking.relevanceLevel);
  return a * k + b * (n - k) + c * (numRel - k) +
    d * (collectionSize + k - n - numRel);
}

const coefficient = (description: string, value: number) => ({
  type: "number" as const,
  description,
  default: value,
});

/** `utility(rel_ret=1, nonrel_ret=-1, rel_missed=0, nonrel_missed=0, collection=0)`. */
export const utilityMetric: MetricDefinition = {
  name: "utility",
  peers: ["trec_eval"],
  description:
    "weighted count of relevant/nonrelevant docs retrieved and missed (trec_eval utility)",
  params: {
    rel_ret: coefficient("worth of a relevant retrieved doc (a)", 1),
    nonrel_ret: coefficient("worth of a nonrelevant retrieved doc (b)", -1),
    rel_missed: coefficient("worth of a relevant doc not retrieved (c)", 0),
    nonrel_missed: coefficient(
      "worth of a nonrelevant doc not retrieved (d)",
      0,
    ),
    collection: {
      type: "integer",
      description: "number of docs in the collection, for d (trec_eval -N)",
      default: 0,
      min: 0,
    },
  },
  cutoff: "none",
  trecEval: [
    {
      name: "utility",
      params: "doubles",
      defaults: [1, -1, 0, 0],
      print: "double",
      summary: "mean",
      perTopic: true,
      spec:
        "utility(rel_ret=a,nonrel_ret=b,rel_missed=c,nonrel_missed=d,collection=N)",
      refuse: (numbers) =>
        numbers.length === 4
          ? undefined
          : "trec_eval.calc_utility: improper number of coefficients\n",
      bind: ({ numbers, collectionSize }) => (r) => [
        utility(r, numbers, collectionSize),
      ],
    },
  ],
  create: (params) => {
    const coefficients = [
      params.rel_ret,
      params.nonrel_ret,
      params.rel_missed,
      params.nonrel_missed,
    ] as number[];
    const size = params.collection as number;
    return (ranking) => utility(ranking, coefficients, size);
  },
};
