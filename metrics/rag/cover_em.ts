/**
 * Cover exact match: every token of a reference present in the response.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";
import { answerApplies, bestOver } from "./_shared.ts";

/**
 * 1 when every token of some reference appears somewhere in the response,
 * in any order, else 0. A reference that normalizes to nothing is covered
 * only by a response that normalizes to nothing.
 */
export const coverEm: MetricDefinition<RagInput> = {
  name: "cover_em",
  aliases: [{ name: "coverem", peer: "UltraRAG" }],
  kind: "rag",
  description:
    "1 if every token of a reference appears in the response, else 0; needs response and reference",
  cutoff: "none",
  appliesTo: answerApplies,
  create: () => (input) =>
    bestOver(input, (response, reference) => {
      if (reference.length === 0) return response.length === 0 ? 1 : 0;
      const present = new Set(response);
      return reference.every((t) => present.has(t)) ? 1 : 0;
    }),
};
