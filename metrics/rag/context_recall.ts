/**
 * Lexical context recall: how much of the reference the retrieved contexts
 * contain.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";

/**
 * Applies when the sample lists its retrieved contexts (possibly none) and
 * has a reference with at least one token: a reference that normalizes to
 * nothing (an unanswerable question) says nothing about what to retrieve.
 */
export function lexicalContextApplies(input: RagInput): boolean {
  return input.contextTokens !== undefined &&
    input.referenceTokens.some((tokens) => tokens.length > 0);
}

/**
 * The share of the reference's distinct tokens that occur anywhere in the
 * retrieved contexts, for the best reference: a deterministic proxy for
 * "did retrieval surface what the answer needs". No contexts score 0.
 */
export const contextRecall: MetricDefinition<RagInput> = {
  name: "context_recall",
  kind: "rag",
  description:
    "share of the reference's distinct tokens found in the retrieved contexts; needs retrieved_contexts and reference",
  cutoff: "none",
  appliesTo: lexicalContextApplies,
  create: () => (input) => {
    const found = new Set(input.contextTokens!.flat());
    let best = 0;
    for (const reference of input.referenceTokens) {
      const distinct = new Set(reference);
      if (distinct.size === 0) continue;
      let hit = 0;
      for (const token of distinct) if (found.has(token)) hit++;
      best = Math.max(best, hit / distinct.size);
    }
    return best;
  },
};
