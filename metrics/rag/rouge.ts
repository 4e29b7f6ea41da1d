/**
 * ROUGE-1, ROUGE-2 and ROUGE-L F-measures, with optional Porter stemming.
 *
 * @module
 */

import { stemmer } from "stemmer";
import type { MetricAlias, MetricDefinition, Params } from "../metric.ts";
import type { RagInput } from "./input.ts";
import {
  answerApplies,
  bestOver,
  fMeasure,
  ngramCounts,
  overlap,
  STEM_PARAM,
  type Tokens,
} from "./_shared.ts";

/**
 * ROUGE-N F-measure: clipped n-gram overlap over the response's n-grams
 * (precision) and the reference's (recall). 0 when either side has no
 * n-gram, as in Google's `rouge-score`.
 *
 * @example
 * ```ts
 * import { rougeN } from "./rouge.ts";
 * console.log(rougeN(["a", "b", "c"], ["a", "b", "d"], 2)); // 0.5
 * ```
 *
 * @param response The response's tokens.
 * @param reference The reference's tokens.
 * @param n The n-gram order, 1 or more.
 * @returns The F-measure, in [0, 1].
 */
export function rougeN(response: Tokens, reference: Tokens, n: number): number {
  const hyp = ngramCounts(response, n);
  const ref = ngramCounts(reference, n);
  const hypTotal = Math.max(response.length - n + 1, 0);
  const refTotal = Math.max(reference.length - n + 1, 0);
  if (hypTotal === 0 || refTotal === 0) return 0;
  const shared = overlap(hyp, ref);
  return fMeasure(shared / hypTotal, shared / refTotal);
}

/**
 * The length of the longest common subsequence of two token lists.
 *
 * @example
 * ```ts
 * import { lcsLength } from "./rouge.ts";
 * console.log(lcsLength(["a", "x", "b", "c"], ["a", "b", "y", "c"])); // 3
 * ```
 *
 * @param a One list.
 * @param b The other.
 * @returns The LCS length.
 */
export function lcsLength(a: Tokens, b: Tokens): number {
  let prev = new Uint32Array(b.length + 1);
  let row = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      row[j] = a[i - 1] === b[j - 1]
        ? prev[j - 1] + 1
        : Math.max(prev[j], row[j - 1]);
    }
    [prev, row] = [row, prev];
  }
  return prev[b.length];
}

/**
 * ROUGE-L F-measure: the longest common subsequence over the response's
 * length (precision) and the reference's (recall); 0 when either is empty.
 *
 * @example
 * ```ts
 * import { rougeL } from "./rouge.ts";
 * console.log(rougeL(["a", "x", "b", "c"], ["a", "b", "c"])); // 0.8571428571428571
 * ```
 *
 * @param response The response's tokens.
 * @param reference The reference's tokens.
 * @returns The F-measure, in [0, 1].
 */
export function rougeL(response: Tokens, reference: Tokens): number {
  if (response.length === 0 || reference.length === 0) return 0;
  const lcs = lcsLength(response, reference);
  return fMeasure(lcs / response.length, lcs / reference.length);
}

const STEMMABLE = /^[a-z]{4,}$/;

/**
 * Porter-stems the ASCII words longer than three letters and leaves every
 * other token as it is (the stemmer knows English only; `rouge-score` also
 * leaves words of three letters or fewer alone).
 *
 * @example
 * ```ts
 * import { porterStem } from "./rouge.ts";
 * console.log(porterStem(["running", "was", "cafés", "東"])); // ["run", "was", "cafés", "東"]
 * ```
 *
 * @param tokens Normalized tokens.
 * @returns The stemmed tokens.
 */
export function porterStem(tokens: Tokens): string[] {
  return tokens.map((t) => STEMMABLE.test(t) ? stemmer(t) : t);
}

function rougeMetric(
  name: string,
  aliases: MetricAlias[],
  what: string,
  pair: (response: Tokens, reference: Tokens) => number,
): MetricDefinition<RagInput> {
  return {
    name,
    aliases,
    kind: "rag",
    description:
      `${what} F-measure of response and best reference; needs response and reference`,
    params: { stem: STEM_PARAM },
    cutoff: "none",
    appliesTo: answerApplies,
    create: (params: Params) =>
      params.stem === "porter"
        ? (input) =>
          bestOver(input, (r, g) => pair(porterStem(r), porterStem(g)))
        : (input) => bestOver(input, pair),
  };
}

/** ROUGE-1: unigram overlap F-measure. */
export const rouge1: MetricDefinition<RagInput> = rougeMetric(
  "rouge_1",
  [{ name: "rouge-1", peer: "FlashRAG" }, {
    name: "rouge1",
    peer: "rouge-score",
  }],
  "unigram-overlap (ROUGE-1)",
  (r, g) => rougeN(r, g, 1),
);

/** ROUGE-2: bigram overlap F-measure. */
export const rouge2: MetricDefinition<RagInput> = rougeMetric(
  "rouge_2",
  [{ name: "rouge-2", peer: "FlashRAG" }, {
    name: "rouge2",
    peer: "rouge-score",
  }],
  "bigram-overlap (ROUGE-2)",
  (r, g) => rougeN(r, g, 2),
);

/** ROUGE-L: longest-common-subsequence F-measure. */
export const rougeLMetric: MetricDefinition<RagInput> = rougeMetric(
  "rouge_l",
  [{ name: "rouge-l", peer: "FlashRAG" }, {
    name: "rougel",
    peer: "rouge-score",
  }],
  "longest-common-subsequence (ROUGE-L)",
  rougeL,
);
