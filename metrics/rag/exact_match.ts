/**
 * Exact match (SQuAD EM).
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
 * 1 when the normalized response equals a normalized reference, else 0, as
 * the SQuAD script, FlashRAG and UltraRAG compute it; with
 * `normalize=none`, raw string equality (Ragas' `ExactMatch`).
 */
export const exactMatch: MetricDefinition<RagInput> = {
  name: "exact_match",
  peers: ["SQuAD"],
  aliases: [{ name: "em", peer: ["FlashRAG", "UltraRAG"] }],
  kind: "rag",
  description:
    "1 if the normalized response equals a reference, else 0 (SQuAD EM; normalize=none: raw equality); needs reference",
  params: { normalize: NORMALIZE_PARAM },
  cutoff: "none",
  appliesTo: answerApplies,
  create: (params) => {
    const read = answersReader(params);
    return (input) =>
      bestOver(
        read(input),
        (response, reference) => response.text === reference.text ? 1 : 0,
      );
  },
};
