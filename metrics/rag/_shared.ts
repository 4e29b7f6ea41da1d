/**
 * Helpers the RAG metric files share: applicability, the best reference,
 * token multisets and n-grams.
 *
 * @module
 */

import type { ParamSpec } from "../metric.ts";
import type { RagInput } from "./input.ts";
import type { Tokens } from "./normalize.ts";

export type { Tokens };

/** An answer metric applies when the sample has a response and a reference. */
export function answerApplies(input: RagInput): boolean {
  return input.responseTokens !== undefined && input.references.length > 0;
}

/**
 * The best value of a response-against-reference score over the sample's
 * references. Callers check {@linkcode answerApplies} first.
 */
export function bestOver(
  input: RagInput,
  score: (response: Tokens, reference: Tokens) => number,
): number {
  const response = input.responseTokens!;
  let best = 0;
  for (const reference of input.referenceTokens) {
    best = Math.max(best, score(response, reference));
    if (best === 1) break;
  }
  return best;
}

/** Whether two token lists are equal. */
export function sameTokens(a: Tokens, b: Tokens): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/**
 * Whether `needle` occurs as a contiguous run of whole tokens in `haystack`.
 * A reference that normalizes to nothing (an unanswerable question) is
 * matched only by a response that normalizes to nothing.
 */
export function containsRun(haystack: Tokens, needle: Tokens): boolean {
  if (needle.length === 0) return haystack.length === 0;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) {
      if (haystack[i + j] !== needle[j]) continue outer;
    }
    return true;
  }
  return false;
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

/** The `stem` parameter of the ROUGE metrics. */
export const STEM_PARAM: ParamSpec = {
  type: "string",
  description:
    "porter: Porter-stem ASCII words longer than 3 letters before matching (rouge-score's use_stemmer)",
  default: "none",
  choices: ["none", "porter"],
};
