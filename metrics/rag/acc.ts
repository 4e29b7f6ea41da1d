/**
 * Accuracy: a reference contained in the response.
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
 * 1 when some normalized reference is a substring of the normalized
 * response, else 0, as FlashRAG's `acc` (Sub_ExactMatch) and UltraRAG's
 * `acc` test it. A substring test finds "no" in "i dont know"; UltraRAG
 * scores a response that normalizes to nothing 0.
 */
export const acc: MetricDefinition<RagInput> = {
  name: "acc",
  peers: ["FlashRAG", "UltraRAG"],
  aliases: [{ name: "accuracy", peer: "FlashRAG" }, "sub_em"],
  kind: "rag",
  description:
    "1 if a normalized reference is a substring of the normalized response, else 0 (FlashRAG, UltraRAG); needs reference",
  params: { normalize: NORMALIZE_PARAM },
  cutoff: "none",
  appliesTo: answerApplies,
  create: (params) => {
    const read = answersReader(params);
    return (input) => {
      const answers = read(input);
      if (answers.rules === "ultrarag" && answers.response.text === "") {
        return 0;
      }
      return bestOver(
        answers,
        (response, reference) => response.text.includes(reference.text) ? 1 : 0,
      );
    };
  },
};
