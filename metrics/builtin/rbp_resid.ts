/**
 * The residual of RBP, as trec_eval's `rbp_resid`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { PERSISTENCE_PARAM } from "./_trec.ts";

/**
 * How much RBP could still rise: p^n for the unseen tail plus (1 − p)·Σ
 * p^(i−1) over unjudged retrieved documents. 0 when every retrieved
 * document is judged.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { rbpResidual } from "./rbp_resid.ts";
 * const r = JudgedRanking.from("q", ["a", "x"], new Map([["a", 1]]));
 * console.log(rbpResidual(r, 0.5)); // 0.5
 * ```
 *
 * @param ranking The ranking.
 * @param p The persistence.
 * @returns The residual.
 */
export function rbpResidual(ranking: JudgedRanking, p: number): number {
  const grades = ranking.grades;
  let unjudged = 0, sum = 0, weight = 1;
  for (let i = 0; i < grades.length; i++) {
    if (grades[i] < 0) {
      unjudged++;
      sum += weight;
    }
    weight = weight * p;
  }
  return unjudged ? weight + (1 - p) * sum : 0;
}

/** `rbp_resid(p=0.9)`: the residual of RBP. */
export const rbpResid: MetricDefinition = {
  name: "rbp_resid",
  peers: ["trec_eval"],
  description:
    "upper uncertainty of RBP from unjudged docs and the unseen tail (trec_eval rbp_resid)",
  params: { p: PERSISTENCE_PARAM },
  cutoff: "none",
  trecEval: [
    {
      name: "rbp_resid",
      params: "pairs",
      print: "double",
      summary: "mean",
      perTopic: true,
      since10: true,
      spec: "rbp_resid(p=x)",
      bind: ({ persistence }) => (r) => [rbpResidual(r, persistence)],
    },
  ],
  create: (params) => {
    const p = params.p as number;
    return (ranking) => rbpResidual(ranking, p);
  },
};
