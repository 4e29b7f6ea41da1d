/**
 * Lexical context recall: how much of the reference the retrieved contexts
 * contain.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";

/**
 * Applies when the evaluation lists retrieved contexts (a sample that lists
 * none, or an empty list, scores 0) and the sample has a reference with at
 * least one token: a reference that normalizes to nothing (an unanswerable
 * question) says nothing about what to retrieve.
 */
export function lexicalContextApplies(input: RagInput): boolean {
  return input.contextsListed &&
    input.referenceTokens.some((tokens) => tokens.length > 0);
}

/**
 * A lexical proxy, not Ragas' LLM-judged `context_recall`: the share of the
 * reference's distinct tokens that occur anywhere in the retrieved
 * contexts, for the best reference ("did retrieval surface the words the
 * answer needs"). No contexts score 0.
 */
export const contextRecall: MetricDefinition<RagInput> = {
  name: "context_recall",
  kind: "rag",
  description:
    "lexical proxy (not Ragas' LLM metric): share of the reference's distinct tokens found in the retrieved contexts; needs reference; no contexts score 0",
  cutoff: "none",
  appliesTo: lexicalContextApplies,
  create: () => (input) => {
    const found = new Set((input.contextTokens ?? []).flat());
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
