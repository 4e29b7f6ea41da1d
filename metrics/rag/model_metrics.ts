/**
 * Ragas metrics that need a language model or an embedding model, which
 * ranklens does not run: their names are refused with a pointer to
 * `toRagasDataset`, rather than answered with a lexical stand-in.
 *
 * @module
 */

import type { Registry } from "../registry.ts";

/** The names of Ragas' model-judged metrics (lower case, `_`-separated). */
export const RAGAS_MODEL_METRICS: readonly string[] = [
  "faithfulness",
  "faithfulnesswithhhem",
  "answer_relevancy",
  "answer_relevance",
  "response_relevancy",
  "answer_correctness",
  "answer_similarity",
  "semantic_similarity",
  "factual_correctness",
  "context_entity_recall",
  "context_utilization",
  "context_relevance",
  "llm_context_recall",
  "llm_context_precision_with_reference",
  "llm_context_precision_without_reference",
  "noise_sensitivity",
  "response_groundedness",
  "answer_accuracy",
  "aspect_critic",
  "simple_criteria",
  "rubrics_score",
  "instance_rubrics",
  "summarization_score",
  "topic_adherence",
  "tool_call_accuracy",
  "agent_goal_accuracy",
  "multimodal_faithfulness",
  "multimodal_relevance",
];

/**
 * Throws when a spec names one of Ragas' model-judged metrics that the
 * registry does not define.
 *
 * @example
 * ```ts
 * import { refuseModelMetric } from "./model_metrics.ts";
 * import { builtinRegistry } from "../builtin.ts";
 * try {
 *   refuseModelMetric("faithfulness", builtinRegistry);
 * } catch (error) {
 *   console.log((error as Error).message.startsWith('Metric "faithfulness" needs a language model')); // true
 * }
 * ```
 *
 * @param spec A metric spec, e.g. `faithfulness` or `exact_match`.
 * @param registry The registry that would resolve it.
 * @throws {TypeError} If the spec names a model-judged Ragas metric the
 * registry lacks.
 */
export function refuseModelMetric(spec: string, registry: Registry): void {
  const name = spec.trim().split(/[(@]/, 1)[0].trim();
  const key = name.toLowerCase().replaceAll("-", "_");
  if (!RAGAS_MODEL_METRICS.includes(key)) return;
  try {
    registry.resolve(spec);
  } catch {
    throw new TypeError(
      `Metric "${name}" needs a language model or embeddings (a Ragas metric): ranklens scores without a model. turn the samples into Ragas rows with toRagasDataset (or formatRagasJsonl) and run Ragas with a model on them`,
    );
  }
}
