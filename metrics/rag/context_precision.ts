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
 * The share of the retrieved contexts that share at least one token with
 * the best reference. Undefined (skipped) when nothing was retrieved, as
 * precision is 0/0 there (Ragas scores such a sample NaN).
 */
export const contextPrecision: MetricDefinition<RagInput> = {
  name: "context_precision",
  kind: "rag",
  description:
    "share of the retrieved contexts sharing a token with the reference; needs non-empty retrieved_contexts and reference",
  cutoff: "none",
  appliesTo: (input) =>
    lexicalContextApplies(input) && input.contextTokens!.length > 0,
  create: () => (input) => {
    const contexts = input.contextTokens!.map((tokens) => new Set(tokens));
    let best = 0;
    for (const reference of input.referenceTokens) {
      if (reference.length === 0) continue;
      const useful = contexts.filter((c) => reference.some((t) => c.has(t)));
      best = Math.max(best, useful.length / contexts.length);
    }
    return best;
  },
};
