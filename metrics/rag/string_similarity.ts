/**
 * Ragas' `NonLLMStringSimilarity`: 1 minus rapidfuzz's normalized
 * Levenshtein, Hamming, Jaro or Jaro-Winkler distance of the raw reference
 * and response, over Python's code points.
 *
 * @module
 */

// The package's ES module build: its CommonJS main would load Node
// compatibility (node:module, require) into every command that reaches the
// metric registry, 70 ms before `eval` scores anything.
import { distance as levenshteinDistance } from "fastest-levenshtein/esm/mod.js";
import type { MetricDefinition, Params } from "../metric.ts";
import type { RagInput } from "./input.ts";
import { answerApplies } from "./_shared.ts";

/** The distances Ragas' `DistanceMeasure` names. */
export const STRING_DISTANCES = [
  "levenshtein",
  "hamming",
  "jaro",
  "jaro_winkler",
] as const;
/** One of {@linkcode STRING_DISTANCES}. */
export type StringDistance = typeof STRING_DISTANCES[number];

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Both texts with every code point as one UTF-16 unit, so a distance over
 * code units is rapidfuzz's over code points: characters beyond the Basic
 * Multilingual Plane are renumbered into it (only equality matters).
 */
function asUnits(a: string, b: string): [string, string] {
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return [a, b];
  const ids = new Map<string, string>();
  let next = 0xE000;
  const map = (s: string) =>
    Array.from(s, (c) => {
      if (c.length === 1) return c;
      let id = ids.get(c);
      if (id === undefined) {
        // Private use first, then the other non-surrogate units above.
        while (next >= 0xD800 && next <= 0xDFFF) next++;
        ids.set(c, id = String.fromCharCode(next++));
      }
      return id;
    }).join("");
  return [map(a), map(b)];
}

/** rapidfuzz's `Levenshtein.normalized_distance`: distance over the longer length, 0 for two empty texts. */
function levenshtein(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 0 : levenshteinDistance(a, b) / longer;
}

/** rapidfuzz's `Hamming.normalized_distance` with `pad=True`: a length difference counts as mismatches. */
function hamming(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 0;
  let distance = longer;
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) if (a[i] === b[i]) distance--;
  return distance / longer;
}

/** rapidfuzz's Jaro similarity (its `Jaro_py` reference implementation). */
export function jaroSimilarity(a: string, b: string): number {
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  if (a.length === 1 && b.length === 1) return a === b ? 1 : 0;
  const bound = Math.floor(Math.max(a.length, b.length) / 2) - 1;
  // Parts of the longer text beyond the window of the shorter never match.
  const s1 = a.length > b.length + bound ? a.slice(0, b.length + bound) : a;
  const s2 = b.length > a.length + bound ? b.slice(0, a.length + bound) : b;
  const flags1 = new Uint8Array(a.length);
  const flags2 = new Uint8Array(b.length);
  let common = 0;
  for (let i = 0; i < s1.length; i++) {
    const low = Math.max(0, i - bound);
    const high = Math.min(i + bound, b.length - 1);
    for (let j = low; j <= high; j++) {
      if (!flags2[j] && s2[j] === s1[i]) {
        flags1[i] = flags2[j] = 1;
        common++;
        break;
      }
    }
  }
  if (common === 0) return 0;
  let k = 0, transpositions = 0;
  for (let i = 0; i < a.length; i++) {
    if (!flags1[i]) continue;
    let j = k;
    for (; j < b.length; j++) {
      if (flags2[j]) {
        k = j + 1;
        break;
      }
    }
    if (s1[i] !== s2[j]) transpositions++;
  }
  const half = Math.floor(transpositions / 2);
  return (common / a.length + common / b.length + (common - half) / common) /
    3;
}

/** rapidfuzz's Jaro-Winkler: the common prefix (up to 4) boosts a Jaro above 0.7. */
export function jaroWinklerSimilarity(
  a: string,
  b: string,
  prefixWeight = 0.1,
): number {
  const max = Math.min(a.length, b.length, 4);
  let prefix = 0;
  while (prefix < max && a[prefix] === b[prefix]) prefix++;
  let sim = jaroSimilarity(a, b);
  if (sim > 0.7) sim = Math.min(sim + prefix * prefixWeight * (1 - sim), 1);
  return sim;
}

/**
 * Ragas' `NonLLMStringSimilarity` of two raw texts: 1 − rapidfuzz's
 * normalized distance, over Python's code points.
 *
 * @example
 * ```ts
 * import { stringSimilarity } from "./string_similarity.ts";
 * console.log(stringSimilarity("kitten", "sitting", "levenshtein")); // 0.5714285714285714
 * console.log(stringSimilarity("MARTHA", "MARHTA", "jaro_winkler")); // 0.9611111111111111
 * ```
 *
 * @param reference The reference.
 * @param response The response.
 * @param distance The distance.
 * @returns The similarity, in [0, 1].
 */
export function stringSimilarity(
  reference: string,
  response: string,
  distance: StringDistance,
): number {
  const [a, b] = asUnits(reference, response);
  switch (distance) {
    case "levenshtein":
      return 1 - levenshtein(a, b);
    case "hamming":
      return 1 - hamming(a, b);
    case "jaro":
      return 1 - (1 - jaroSimilarity(a, b));
    case "jaro_winkler":
      return 1 - (1 - jaroWinklerSimilarity(a, b));
  }
}

/**
 * Ragas' `NonLLMStringSimilarity` on the raw texts, the best reference
 * counting.
 */
export const stringSimilarityMetric: MetricDefinition<RagInput> = {
  name: "string_similarity",
  peers: ["Ragas"],
  aliases: [{ name: "non_llm_string_similarity", peer: "Ragas" }],
  kind: "rag",
  description:
    "Ragas' NonLLMStringSimilarity: 1 - rapidfuzz's normalized string distance of the raw response and best reference; needs reference",
  params: {
    distance: {
      type: "string",
      description: "levenshtein, hamming, jaro or jaro_winkler (rapidfuzz's)",
      default: "levenshtein",
      choices: STRING_DISTANCES,
    },
  },
  cutoff: "none",
  appliesTo: answerApplies,
  create: (params: Params) => {
    const distance = params.distance as StringDistance;
    return (input) => {
      // Ragas passes a missing response to rapidfuzz as None: distance 1.
      if (input.responseMissing) return 0;
      let best = 0;
      for (const reference of input.references) {
        best = Math.max(
          best,
          stringSimilarity(reference, input.response, distance),
        );
      }
      return best;
    };
  },
};
