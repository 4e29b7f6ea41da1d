/**
 * Helpers the RAG metric files share: applicability, the best reference,
 * token multisets and n-grams.
 *
 * @module
 */

import type { Params, ParamSpec } from "../metric.ts";
import type { NormalizedAnswers, NormalizedText, RagInput } from "./input.ts";
import { NORMALIZATIONS, normalizerOf, type Tokens } from "./normalize.ts";

export type { Tokens };

/**
 * An answer metric applies when the sample has a reference: a missing
 * response scores 0 (see {@linkcode bestOver}).
 */
export function answerApplies(input: RagInput): boolean {
  return input.references.length > 0;
}

/** The `normalize` parameter of the answer metrics. */
export const NORMALIZE_PARAM: ParamSpec = {
  type: "string",
  description:
    "the answer convention for this metric alone; default: the evaluation's (--normalize)",
  choices: NORMALIZATIONS,
};

/**
 * A reader of a sample's normalized answers under the metric's `normalize`
 * parameter, else under the evaluation's convention.
 */
export function answersReader(
  params: Params,
): (input: RagInput) => NormalizedAnswers {
  if (params.normalize === undefined) return (input) => input.answers();
  const normalizer = normalizerOf(params.normalize as string);
  return (input) => input.answers(normalizer);
}

/**
 * The best value of a response-against-reference score over the sample's
 * references (0 when none scores more, and for a missing response).
 */
export function bestOver(
  answers: NormalizedAnswers,
  score: (response: NormalizedText, reference: NormalizedText) => number,
): number {
  if (answers.responseMissing) return 0;
  let best = 0;
  for (const reference of answers.references) {
    best = Math.max(best, score(answers.response, reference));
    if (best === 1) break;
  }
  return best;
}

/** Whether two token lists are equal. */
export function sameTokens(a: Tokens, b: Tokens): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/**
 * Counts of each n-gram. An n-gram's key must tell its tokens apart: a
 * custom normalizer's tokens may hold spaces, and joined by a space
 * ["a b", "c"] and ["a", "b c"] would be one bigram. Tokens are joined by
 * U+0001, which tokens hardly ever hold; an n-gram whose tokens do is keyed
 * by its JSON array instead, which escapes U+0001 and so never equals a
 * joined key.
 */
export function ngramCounts(tokens: Tokens, n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    let gram = tokens[i];
    for (let j = 1; j < n; j++) gram += GRAM_SEPARATOR + tokens[i + j];
    if (n > 1 && hasSeparator(tokens, i, n)) {
      gram = JSON.stringify(tokens.slice(i, i + n));
    }
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

const GRAM_SEPARATOR = "\u0001";

function hasSeparator(tokens: Tokens, from: number, n: number): boolean {
  for (let j = from; j < from + n; j++) {
    if (tokens[j].includes(GRAM_SEPARATOR)) return true;
  }
  return false;
}

/** The size of the multiset intersection of two count maps. */
export function overlap(
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
): number {
  let shared = 0;
  for (const [gram, count] of a) shared += Math.min(count, b.get(gram) ?? 0);
  return shared;
}

/** The harmonic mean of precision and recall, 0 when both are 0. */
export function fMeasure(precision: number, recall: number): number {
  return precision + recall === 0
    ? 0
    : 2 * precision * recall / (precision + recall);
}
