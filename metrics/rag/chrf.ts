/**
 * sacrebleu's chrF (and chrF++ with `word_order=2`): character n-gram
 * F-score on the raw texts, `corpus_chrf` as the aggregate and
 * `sentence_chrf` per sample, on sacrebleu's 0-100 scale.
 *
 * @module
 */

import type { MetricDefinition, Params } from "../metric.ts";
import type { RagInput } from "./input.ts";
import { answerApplies } from "./_shared.ts";
import { pythonSplit } from "./_python.ts";

/** How sacrebleu's CHRF is configured. */
export interface ChrfOptions {
  /** Character n-gram orders. Default: 6. */
  charOrder?: number;
  /** Word n-gram orders (2 makes chrF++). Default: 0. */
  wordOrder?: number;
  /** Recall's weight. Default: 2. */
  beta?: number;
  /** Lowercase first. Default: false. */
  lowercase?: boolean;
  /** Keep white space in character n-grams. Default: false. */
  whitespace?: boolean;
  /** chrF++.py's epsilon smoothing instead of the effective order. Default: false. */
  epsSmoothing?: boolean;
}

/** Per order: response n-grams, reference n-grams, matches; orders in a row. */
export type ChrfStatistics = number[];

const SURROGATE = /[\uD800-\uDFFF]/;

// Python's string.punctuation, which chrF++ splits off words.
const PUNCTUATION = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");

function charNgrams(
  line: string,
  order: number,
  whitespace: boolean,
): Map<string, number>[] {
  const text = whitespace ? line : pythonSplit(line).join("");
  // Python slices code points; without surrogate pairs, code units are those.
  const chars: ArrayLike<string> & { slice(a: number, b: number): unknown } =
    SURROGATE.test(text) ? Array.from(text) : text;
  const out: Map<string, number>[] = [];
  for (let n = 1; n <= order; n++) {
    const counts = new Map<string, number>();
    for (let i = 0; i + n <= chars.length; i++) {
      const piece = chars.slice(i, i + n);
      const gram = typeof piece === "string"
        ? piece
        : (piece as string[]).join("");
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
    out.push(counts);
  }
  return out;
}

/** chrF++'s words: one punctuation mark split off a word's end, else its start. */
function words(line: string): string[] {
  const out: string[] = [];
  for (const w of pythonSplit(line)) {
    const chars = Array.from(w);
    if (chars.length === 1) out.push(w);
    else if (PUNCTUATION.has(chars[chars.length - 1])) {
      out.push(chars.slice(0, -1).join(""), chars[chars.length - 1]);
    } else if (PUNCTUATION.has(chars[0])) {
      out.push(chars[0], chars.slice(1).join(""));
    } else out.push(w);
  }
  return out;
}

function wordNgrams(tokens: string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const gram = tokens.slice(i, i + n).join(" ");
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function ngramsOf(text: string, o: Required<ChrfOptions>) {
  const line = o.lowercase ? text.toLowerCase() : text;
  const all = charNgrams(line, o.charOrder, o.whitespace);
  if (o.wordOrder > 0) {
    const w = words(line);
    for (let n = 1; n <= o.wordOrder; n++) all.push(wordNgrams(w, n));
  }
  return all;
}

function withDefaults(options: ChrfOptions): Required<ChrfOptions> {
  return {
    charOrder: options.charOrder ?? 6,
    wordOrder: options.wordOrder ?? 0,
    beta: options.beta ?? 2,
    lowercase: options.lowercase ?? false,
    whitespace: options.whitespace ?? false,
    epsSmoothing: options.epsSmoothing ?? false,
  };
}

/**
 * sacrebleu's `CHRF._compute_f_score`: without epsilon smoothing, the F-beta
 * of the precisions and recalls averaged over the orders both sides have
 * n-grams of; with it, the mean of each order's F-beta (1e-16 for an empty
 * side). On the 0-100 scale.
 *
 * @example
 * ```ts
 * import { chrfFromStatistics } from "./chrf.ts";
 * // "aa" against "ab", char_order 6, beta 3 (sacrebleu's test_chrf_eff_order).
 * console.log(chrfFromStatistics([2, 2, 1, 1, 1, 0], { beta: 3, charOrder: 2 })); // 25.000000000000004
 * ```
 *
 * @param stats The statistics, three numbers per order.
 * @param options Beta and smoothing (the orders are read off `stats`).
 * @returns chrF, in [0, 100].
 */
export function chrfFromStatistics(
  stats: readonly number[],
  options: ChrfOptions = {},
): number {
  const o = withDefaults(options);
  const eps = 1e-16;
  const factor = o.beta ** 2;
  const orders = stats.length / 3;
  let score = 0, precisionSum = 0, recallSum = 0, effective = 0;
  for (let i = 0; i < orders; i++) {
    const [hyp, ref, match] = stats.slice(3 * i, 3 * i + 3);
    const precision = hyp > 0 ? match / hyp : eps;
    const recall = ref > 0 ? match / ref : eps;
    const denominator = factor * precision + recall;
    score += denominator > 0
      ? (1 + factor) * precision * recall / denominator
      : eps;
    if (hyp > 0 && ref > 0) {
      precisionSum += precision;
      recallSum += recall;
      effective++;
    }
  }
  if (o.epsSmoothing) return 100 * score / orders;
  const p = effective === 0 ? 0 : precisionSum / effective;
  const r = effective === 0 ? 0 : recallSum / effective;
  if (p + r === 0) return 0;
  return 100 * ((1 + factor) * p * r / (factor * p + r));
}

/**
 * The chrF statistics of one response against its references: those of
 * the reference with the best chrF (the first on a tie), as sacrebleu
 * picks them.
 *
 * @example
 * ```ts
 * import { chrfStatistics } from "./chrf.ts";
 * console.log(chrfStatistics("aa", ["ab"], { charOrder: 2 })); // [2, 2, 1, 1, 1, 0]
 * ```
 *
 * @param response The raw response.
 * @param references The raw references, at least one.
 * @param options The configuration.
 * @returns The statistics, three numbers per order.
 */
export function chrfStatistics(
  response: string,
  references: readonly string[],
  options: ChrfOptions = {},
): ChrfStatistics {
  const o = withDefaults(options);
  const hyp = ngramsOf(response, o);
  let best: ChrfStatistics = [];
  let bestScore = -1;
  for (const reference of references) {
    const ref = ngramsOf(reference, o);
    const stats: number[] = [];
    hyp.forEach((h, i) => {
      const r = ref[i];
      let hypCount = 0, match = 0, refCount = 0;
      for (const [gram, count] of h) {
        hypCount += count;
        const inRef = r.get(gram);
        if (inRef !== undefined) match += Math.min(count, inRef);
      }
      for (const count of r.values()) refCount += count;
      stats.push(r.size > 0 ? hypCount : 0, refCount, match);
    });
    const f = chrfFromStatistics(stats, o);
    if (f > bestScore) {
      bestScore = f;
      best = stats;
    }
  }
  return best;
}

function optionsOf(params: Params): Required<ChrfOptions> {
  return {
    charOrder: params.char_order as number,
    wordOrder: params.word_order as number,
    beta: params.beta as number,
    lowercase: params.lowercase === "true",
    whitespace: params.whitespace === "true",
    epsSmoothing: params.eps_smoothing === "true",
  };
}

function statsOf(input: RagInput, o: Required<ChrfOptions>): ChrfStatistics {
  return input.memo(
    `chrf ${JSON.stringify(o)}`,
    () => chrfStatistics(input.response, input.references, o),
  );
}

const FLAG = (description: string) => ({
  type: "string" as const,
  description,
  default: "false",
  choices: ["false", "true"],
});

/**
 * sacrebleu's chrF: per sample `sentence_chrf`, as the aggregate
 * `corpus_chrf` (statistics summed over the samples), on the raw texts.
 */
export const chrf: MetricDefinition<RagInput> = {
  name: "chrf",
  aliases: ["chrF"],
  kind: "rag",
  description:
    "sacrebleu's chrF (0-100; word_order=2: chrF++) of the raw texts: corpus_chrf as the aggregate, sentence_chrf per sample; needs reference",
  params: {
    char_order: {
      type: "integer",
      description: "character n-gram orders",
      default: 6,
      min: 1,
      max: 20,
    },
    word_order: {
      type: "integer",
      description: "word n-gram orders (2: chrF++)",
      default: 0,
      min: 0,
      max: 10,
    },
    beta: {
      type: "number",
      description: "recall's weight",
      default: 2,
      min: 0,
    },
    lowercase: FLAG("true: lowercase both sides first"),
    whitespace: FLAG("true: keep white space in character n-grams"),
    eps_smoothing: FLAG(
      "true: chrF++.py's epsilon smoothing instead of the effective order",
    ),
  },
  cutoff: "none",
  aggregate: "corpus",
  appliesTo: answerApplies,
  create: (params: Params) => {
    const o = optionsOf(params);
    return (input) => chrfFromStatistics(statsOf(input, o), o);
  },
  createCorpus: (params: Params) => {
    const o = optionsOf(params);
    return (inputs) => {
      const sum = new Array<number>(3 * (o.charOrder + o.wordOrder)).fill(0);
      for (const input of inputs) {
        statsOf(input, o).forEach((v, i) => sum[i] += v);
      }
      return chrfFromStatistics(sum, o);
    };
  },
};
