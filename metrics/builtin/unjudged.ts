/**
 * The share of unjudged documents in the top k, as trec_eval's `unj`.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition } from "../metric.ts";
import { atCutoffs } from "./_trec_eval.ts";

/**
 * Documents in the top k without a judgement (or with a negative one),
 * divided by k even when fewer than k were retrieved.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { unjudgedAt } from "./unjudged.ts";
 * const r = JudgedRanking.from("q", ["a", "x"], new Map([["a", 1]]));
 * console.log(unjudgedAt(r, 4)); // 0.25
 * ```
 *
 * @param ranking The ranking.
 * @param k The cutoff.
 * @returns The share.
 */
export function unjudgedAt(ranking: JudgedRanking, k: number): number {
  const grades = ranking.grades;
  const depth = Math.min(k, grades.length);
  let count = 0;
  for (let i = 0; i < depth; i++) if (grades[i] < 0) count++;
  return count / k;
}

/** `unj@k`: share of unjudged documents in the top k. */
export const unj: MetricDefinition = {
  name: "unj",
  peers: ["trec_eval"],
  aliases: [{ name: "unj_", peer: "trec_eval" }, "unjudged"],
  description: "unjudged docs in the top k over k (trec_eval unj)",
  cutoff: "required",
  trecEval: [
    {
      name: "unj",
      params: "long_cutoffs",
      defaults: [5, 10, 20],
      print: "double",
      summary: "mean",
      perTopic: true,
      since10: true,
      spec: "unj@k",
      bind: atCutoffs((k) => (r) => unjudgedAt(r, k)),
    },
  ],
  create: (_params, cutoff) => (ranking) => unjudgedAt(ranking, cutoff!),
};
