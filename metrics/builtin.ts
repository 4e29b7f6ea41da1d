/**
 * The registry of built-in metrics: the ranking metrics of
 * `ranking_metrics.ts`, the diversity measures and the RAG metrics.
 *
 * @module
 */

import type { JudgedRanking } from "../model/judged_ranking.ts";
import type { AnyMetricDefinition, BoundMetric } from "./metric.ts";
import { Registry } from "./registry.ts";
import { BUILTIN_METRICS } from "./ranking_metrics.ts";
import { RAG_METRICS } from "./rag/definitions.ts";
import { DIVERSITY_METRICS } from "./diversity/measures.ts";

export { BUILTIN_METRICS };

/**
 * The registry of built-in metrics. Extend it with `new Registry(builtinRegistry)`
 * rather than registering into it, so plugins stay local to their user.
 */
export const builtinRegistry: Registry = new Registry();
const ALL_METRICS: readonly AnyMetricDefinition[] = [
  ...BUILTIN_METRICS,
  ...DIVERSITY_METRICS,
  ...RAG_METRICS,
];
for (const definition of ALL_METRICS) {
  builtinRegistry.register(definition);
}

/**
 * Resolves a spec against the built-in metrics.
 *
 * @example Three spellings of one metric
 * ```ts
 * import { resolve } from "./builtin.ts";
 * console.log(resolve("ndcg@10").label); // "ndcg@10"
 * console.log(resolve("nDCG@10").label); // "ndcg@10"
 * console.log(resolve("ndcg_cut_10").label); // "ndcg@10"
 * console.log(resolve("err(max_rel=3)@20").label); // "err(max_rel=3)@20"
 * ```
 *
 * @param spec A spec such as `ndcg@10`, `P(rel=2)@5` or `recip_rank`.
 * @returns The bound metric.
 * @throws {SyntaxError} If the spec is malformed.
 * @throws {TypeError} If the metric or a parameter is unknown.
 * @throws {RangeError} If a parameter value is out of range.
 */
export function resolve(spec: string): BoundMetric<JudgedRanking> {
  return builtinRegistry.resolve(spec, "ranking");
}
