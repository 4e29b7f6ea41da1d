/**
 * Lexical context precision: how many retrieved contexts touch the
 * reference.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";
import { lexicalContextApplies } from "./context_recall.ts";

/**
 * A lexical proxy, not Ragas' LLM-judged `context_precision`: the share of
 * the retrieved contexts that share at least one token with the best
 * reference. A sample that retrieved nothing scores 0.
 */
export const contextPrecision: MetricDefinition<RagInput> = {
  name: "context_precision",
  kind: "rag",
  description:
    "lexical proxy (not Ragas' LLM metric): share of the retrieved contexts sharing a token with the reference; needs reference; no contexts score 0",
  cutoff: "none",
  appliesTo: lexicalContextApplies,
  create: () => (input) => {
    const contexts = (input.contextTokens ?? []).map((t) => new Set(t));
    if (contexts.length === 0) return 0;
    let best = 0;
    for (const reference of input.referenceTokens) {
      if (reference.length === 0) continue;
      const useful = contexts.filter((c) => reference.some((t) => c.has(t)));
      best = Math.max(best, useful.length / contexts.length);
    }
    return best;
  },
};
