/**
 * Token F1 (SQuAD F1).
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";
import {
  answerApplies,
  bestOver,
  fMeasure,
  ngramCounts,
  overlap,
  sameTokens,
  type Tokens,
} from "./_shared.ts";

/**
 * SQuAD's token F1 of two token lists: the harmonic mean of the precision
 * and recall of their multiset overlap. When either list is empty the value
 * is 1 if both are, else 0 (SQuAD v2's rule for unanswerable questions).
 *
 * @example
 * ```ts
 * import { tokenF1 } from "./token_f1.ts";
 * console.log(tokenF1(["quick", "brown", "fox"], ["quick", "brown", "dog"])); // 0.6666666666666666
 * console.log(tokenF1([], [])); // 1
 * ```
 *
 * @param response The response's tokens.
 * @param reference The reference's tokens.
 * @returns The F1, in [0, 1].
 */
export function tokenF1(response: Tokens, reference: Tokens): number {
  if (response.length === 0 || reference.length === 0) {
    return sameTokens(response, reference) ? 1 : 0;
  }
  const shared = overlap(ngramCounts(response, 1), ngramCounts(reference, 1));
  return fMeasure(shared / response.length, shared / reference.length);
}

/** The best {@linkcode tokenF1} of the response over the references. */
export const tokenF1Metric: MetricDefinition<RagInput> = {
  name: "token_f1",
  aliases: [
    { name: "f1", peer: ["SQuAD", "FlashRAG", "UltraRAG"] },
    "squad_f1",
  ],
  kind: "rag",
  description:
    "token-overlap F1 of response and best reference (SQuAD F1); needs response and reference",
  cutoff: "none",
  appliesTo: answerApplies,
  create: () => (input) => bestOver(input, tokenF1),
};
