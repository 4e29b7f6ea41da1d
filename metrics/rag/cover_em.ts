/**
 * Cover exact match: every token of a reference present in the response.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";
import {
  answerApplies,
  answersReader,
  bestOver,
  NORMALIZE_PARAM,
} from "./_shared.ts";

/**
 * 1 when every token of some reference appears somewhere in the response,
 * in any order, else 0, as UltraRAG's `coverem`: a reference that
 * normalizes to nothing is covered by any response.
 */
export const coverEm: MetricDefinition<RagInput> = {
  name: "cover_em",
  aliases: [{ name: "coverem", peer: "UltraRAG" }],
  kind: "rag",
  description:
    "1 if every token of a reference appears in the response, else 0 (UltraRAG coverem); needs reference",
  params: { normalize: NORMALIZE_PARAM },
  cutoff: "none",
  appliesTo: answerApplies,
  create: (params) => {
    const read = answersReader(params);
    return (input) => {
      const answers = read(input);
      const present = new Set(answers.response.tokens);
      return bestOver(
        answers,
        (_, reference) => reference.tokens.every((t) => present.has(t)) ? 1 : 0,
      );
    };
  },
};
