/**
 * Accuracy: a reference contained in the response.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";
import { answerApplies, bestOver, containsRun } from "./_shared.ts";

/**
 * 1 when some normalized reference occurs in the normalized response as a
 * run of whole tokens, else 0. UltraRAG tests substrings instead, which
 * finds "no" in "i dont know"; whole tokens do not.
 */
export const acc: MetricDefinition<RagInput> = {
  name: "acc",
  aliases: [{ name: "accuracy", peer: "FlashRAG" }],
  kind: "rag",
  description:
    "1 if a reference occurs in the response as whole tokens, else 0; needs response and reference",
  cutoff: "none",
  appliesTo: answerApplies,
  create: () => (input) =>
    bestOver(
      input,
      (response, reference) => containsRun(response, reference) ? 1 : 0,
    ),
};
