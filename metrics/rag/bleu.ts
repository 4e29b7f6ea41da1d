/**
 * BLEU over normalized tokens: corpus BLEU as the aggregate, sentence BLEU
 * per sample.
 *
 * @module
 */

import type { MetricDefinition, Params } from "../metric.ts";
import type { RagInput } from "./input.ts";
import { answerApplies, type Tokens } from "./_shared.ts";

/** The sufficient statistics of BLEU, summed over a corpus. */
export interface BleuStatistics {
  /** Clipped n-gram matches, index 0 for unigrams. */
  readonly matches: readonly number[];
  /** Response n-grams, index 0 for unigrams. */
  readonly totals: readonly number[];
  /** Response length in tokens. */
  readonly responseLength: number;
  /** Length of the reference closest to the response (the shorter on a tie). */
  readonly referenceLength: number;
}

/** How BLEU treats an order with no matching n-gram. */
export type BleuSmoothing = "exp" | "none";

/**
 * The BLEU statistics of one response against its references: n-gram
 * matches clipped by the largest count in any one reference (Papineni et
 * al. 2002), and the closest reference length.
 *
 * @example
 * ```ts
 * import { bleuStatistics } from "./bleu.ts";
 * const stats = bleuStatistics(["the", "cat", "sat"], [["the", "cat", "sat", "down"]], 2);
 * console.log(stats.matches, stats.totals, stats.referenceLength); // [3, 2] [3, 2] 4
 * ```
 *
 * @param response The response's tokens.
 * @param references Each reference's tokens, at least one.
 * @param maxOrder The largest n-gram order.
 * @returns The statistics.
 */
export function bleuStatistics(
  response: Tokens,
  references: readonly Tokens[],
  maxOrder: number,
): BleuStatistics {
  // Tokens become small integers, so that n-grams are keyed by numbers:
  // hashing a new string per n-gram took most of BLEU's time.
  const ids = new Map<string, number>();
  const encode = (tokens: Tokens) =>
    Int32Array.from(tokens, (token) => {
      let id = ids.get(token);
      if (id === undefined) ids.set(token, id = ids.size);
      return id;
    });
  const hyp = encode(response);
  const refs = references.map(encode);
  const base = ids.size + 1;
  const numeric = base ** maxOrder <= Number.MAX_SAFE_INTEGER;
  const counts = (tokens: Int32Array, n: number) => {
    const out = new Map<number | string, number>();
    for (let i = 0; i + n <= tokens.length; i++) {
      let key: number | string;
      if (numeric) {
        key = 0;
        for (let j = 0; j < n; j++) key = key * base + tokens[i + j];
      } else key = tokens.subarray(i, i + n).join(",");
      out.set(key, (out.get(key) ?? 0) + 1);
    }
    return out;
  };
  const matches: number[] = [];
  const totals: number[] = [];
  for (let n = 1; n <= maxOrder; n++) {
    const clip = new Map<number | string, number>();
    for (const reference of refs) {
      for (const [gram, count] of counts(reference, n)) {
        if (count > (clip.get(gram) ?? 0)) clip.set(gram, count);
      }
    }
    let matched = 0;
    for (const [gram, count] of counts(hyp, n)) {
      matched += Math.min(count, clip.get(gram) ?? 0);
    }
    matches.push(matched);
    totals.push(Math.max(response.length - n + 1, 0));
  }
  let referenceLength = references[0].length;
  for (const { length } of references) {
    const better = Math.abs(length - response.length) -
      Math.abs(referenceLength - response.length);
    if (better < 0 || (better === 0 && length < referenceLength)) {
      referenceLength = length;
    }
  }
  return { matches, totals, responseLength: response.length, referenceLength };
}

/**
 * BLEU from (summed) statistics: the brevity penalty times the geometric
 * mean of the n-gram precisions, in [0, 1].
 *
 * - Orders of which the response has no n-gram at all are left out of the
 *   mean (sacrebleu's effective order), so a two-token answer is scored on
 *   unigrams and bigrams instead of scoring 0.
 * - No matching unigram means 0.
 * - An order with n-grams but no match: `none` gives 0 (Papineni's BLEU);
 *   `exp` (the default) uses precision 1 / (2^k × total) for the k-th such
 *   order (sacrebleu's default, Chen & Cherry's method 3).
 * - Brevity penalty exp(1 − r/c) when the response length c is at most the
 *   reference length r, else 1; an empty response scores 0.
 *
 * @example
 * ```ts
 * import { bleuFromStatistics } from "./bleu.ts";
 * const stats = { matches: [3, 2], totals: [3, 2], responseLength: 3, referenceLength: 4 };
 * console.log(bleuFromStatistics(stats)); // 0.7165313105737893 (= exp(1 - 4/3))
 * ```
 *
 * @param stats The statistics.
 * @param smoothing The treatment of orders without a match. Default: `exp`.
 * @returns The BLEU score.
 */
export function bleuFromStatistics(
  stats: BleuStatistics,
  smoothing: BleuSmoothing = "exp",
): number {
  const { matches, totals, responseLength, referenceLength } = stats;
  if (responseLength === 0 || matches[0] === 0) return 0;
  let logSum = 0;
  let order = 0;
  let halvings = 0;
  for (let n = 0; n < totals.length && totals[n] > 0; n++) {
    order++;
    if (matches[n] > 0) logSum += Math.log(matches[n] / totals[n]);
    else if (smoothing === "none") return 0;
    else logSum -= Math.log(2 ** ++halvings * totals[n]);
  }
  const brevity = responseLength > referenceLength
    ? 1
    : Math.exp(1 - referenceLength / responseLength);
  return brevity * Math.exp(logSum / order);
}

/**
 * Adds statistics, as corpus BLEU does before dividing.
 *
 * @example
 * ```ts
 * import { sumBleuStatistics } from "./bleu.ts";
 * const a = { matches: [1], totals: [2], responseLength: 2, referenceLength: 1 };
 * console.log(sumBleuStatistics([a, a], 1).matches); // [2]
 * ```
 *
 * @param all The statistics of each sample.
 * @param maxOrder The largest n-gram order.
 * @returns Their sums.
 */
export function sumBleuStatistics(
  all: Iterable<BleuStatistics>,
  maxOrder: number,
): BleuStatistics {
  const matches = new Array<number>(maxOrder).fill(0);
  const totals = new Array<number>(maxOrder).fill(0);
  let responseLength = 0, referenceLength = 0;
  for (const stats of all) {
    for (let n = 0; n < maxOrder; n++) {
      matches[n] += stats.matches[n];
      totals[n] += stats.totals[n];
    }
    responseLength += stats.responseLength;
    referenceLength += stats.referenceLength;
  }
  return { matches, totals, responseLength, referenceLength };
}

// A sample's statistics serve its sentence BLEU and then the corpus BLEU.
const STATISTICS = new WeakMap<RagInput, Map<number, BleuStatistics>>();

function statisticsOf(input: RagInput, maxOrder: number): BleuStatistics {
  let byOrder = STATISTICS.get(input);
  if (!byOrder) STATISTICS.set(input, byOrder = new Map());
  let stats = byOrder.get(maxOrder);
  if (!stats) {
    stats = bleuStatistics(
      input.responseTokens!,
      input.referenceTokens,
      maxOrder,
    );
    byOrder.set(maxOrder, stats);
  }
  return stats;
}

/**
 * BLEU: per sample, sentence BLEU; as the aggregate, corpus BLEU, which sums
 * every sample's n-gram counts and lengths before dividing (so it is not the
 * mean of the per-sample values).
 */
export const bleu: MetricDefinition<RagInput> = {
  name: "bleu",
  kind: "rag",
  description:
    "BLEU of response against references; the aggregate is corpus BLEU (summed n-gram counts), not a mean; needs response and reference",
  params: {
    max_order: {
      type: "integer",
      description: "the largest n-gram order",
      default: 4,
      min: 1,
      max: 10,
    },
    smooth: {
      type: "string",
      description:
        "orders with n-grams but no match: exp halves a pseudo-count per such order (sacrebleu), none scores 0",
      default: "exp",
      choices: ["exp", "none"],
    },
  },
  cutoff: "none",
  aggregate: "corpus",
  appliesTo: answerApplies,
  create: (params: Params) => {
    const maxOrder = params.max_order as number;
    const smoothing = params.smooth as BleuSmoothing;
    return (input) =>
      bleuFromStatistics(statisticsOf(input, maxOrder), smoothing);
  },
  createCorpus: (params: Params) => {
    const maxOrder = params.max_order as number;
    const smoothing = params.smooth as BleuSmoothing;
    return (inputs) =>
      bleuFromStatistics(
        sumBleuStatistics(
          inputs.map((i) => statisticsOf(i, maxOrder)),
          maxOrder,
        ),
        smoothing,
      );
  },
};
