/**
 * Exact match (SQuAD EM).
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";
import { answerApplies, bestOver, sameTokens } from "./_shared.ts";

/**
 * 1 when the normalized response equals a normalized reference, else 0.
 * Texts are compared as token lists, so white space never matters.
 */
export const exactMatch: MetricDefinition<RagInput> = {
  name: "exact_match",
  peers: ["SQuAD"],
  aliases: [{ name: "em", peer: ["FlashRAG", "UltraRAG"] }],
  kind: "rag",
  description:
    "1 if the normalized response equals a reference, else 0 (SQuAD EM); needs response and reference",
  cutoff: "none",
  appliesTo: answerApplies,
  create: () => (input) =>
    bestOver(
      input,
      (response, reference) => sameTokens(response, reference) ? 1 : 0,
    ),
};
