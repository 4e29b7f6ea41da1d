/**
 * Token F1 (SQuAD F1).
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";
import type { ScoringRules } from "./normalize.ts";
import {
  answerApplies,
  answersReader,
  bestOver,
  fMeasure,
  ngramCounts,
  NORMALIZE_PARAM,
  overlap,
  type Tokens,
} from "./_shared.ts";

/**
 * The SQuAD v1.1 script's token F1 of two token lists: the harmonic mean of
 * the precision and recall of their multiset overlap, 0 when they share no
 * token (so two empty lists score 0, as in v1.1; UltraRAG agrees).
 *
 * @example
 * ```ts
 * import { tokenF1 } from "./token_f1.ts";
 * console.log(tokenF1(["quick", "brown", "fox"], ["quick", "brown", "dog"])); // 0.6666666666666666
 * console.log(tokenF1([], [])); // 0
 * ```
 *
 * @param response The response's tokens.
 * @param reference The reference's tokens.
 * @returns The F1, in [0, 1].
 */
export function tokenF1(response: Tokens, reference: Tokens): number {
  if (response.length === 0 || reference.length === 0) return 0;
  const shared = overlap(ngramCounts(response, 1), ngramCounts(reference, 1));
  if (shared === 0) return 0;
  return fMeasure(shared / response.length, shared / reference.length);
}

const FLASHRAG_SPECIAL = new Set(["yes", "no", "noanswer"]);

function f1Under(rules: ScoringRules | undefined) {
  if (rules !== "flashrag") {
    return (r: { tokens: Tokens }, g: { tokens: Tokens }) =>
      tokenF1(r.tokens, g.tokens);
  }
  // FlashRAG: a yes/no/noanswer on either side must match exactly.
  return (r: { text: string; tokens: Tokens }, g: typeof r) =>
    (FLASHRAG_SPECIAL.has(r.text) || FLASHRAG_SPECIAL.has(g.text)) &&
      r.text !== g.text
      ? 0
      : tokenF1(r.tokens, g.tokens);
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
    "token-overlap F1 of response and best reference (SQuAD F1; flashrag: its yes/no/noanswer rule); needs reference",
  params: { normalize: NORMALIZE_PARAM },
  cutoff: "none",
  appliesTo: answerApplies,
  create: (params) => {
    const read = answersReader(params);
    return (input) => {
      const answers = read(input);
      return bestOver(answers, f1Under(answers.rules));
    };
  },
};
