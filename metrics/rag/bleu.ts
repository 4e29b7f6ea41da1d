/**
 * sacrebleu's BLEU: `corpus_bleu` as the aggregate, `sentence_bleu` per
 * sample, on sacrebleu's own tokenization of the raw texts, on its 0-100
 * scale.
 *
 * @module
 */

import type { MetricDefinition, Params } from "../metric.ts";
import type { RagInput } from "./input.ts";
import { answerApplies, type Tokens } from "./_shared.ts";
import {
  SACREBLEU_TOKENIZERS,
  type SacrebleuTokenizer,
  sacrebleuTokens,
} from "./sacrebleu_tokenize.ts";

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

/** sacrebleu's smoothing methods (Chen and Cherry 2014). */
export const BLEU_SMOOTHINGS = ["exp", "floor", "add-k", "none"] as const;
/** One of {@linkcode BLEU_SMOOTHINGS}. */
export type BleuSmoothing = typeof BLEU_SMOOTHINGS[number];

/** How {@linkcode bleuFromStatistics} scores. */
export interface BleuOptions {
  /** The smoothing. Default: `exp`. */
  smooth?: BleuSmoothing;
  /** The value of `floor` (default 0.1) and `add-k` (default 1). */
  smoothValue?: number;
  /** Whether orders of which the response has no n-gram are left out. Default: false. */
  effectiveOrder?: boolean;
}

/**
 * The BLEU statistics of one response against its references: n-gram
 * matches clipped by the largest count in any one reference, and the
 * closest reference length (the shorter on a tie), as sacrebleu counts them.
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

const SMOOTH_DEFAULTS: Readonly<Record<BleuSmoothing, number>> = {
  exp: 0,
  none: 0,
  floor: 0.1,
  "add-k": 1,
};

/** sacrebleu's `my_log`: the log, with log 0 floored at -9999999999. */
function flooredLog(x: number): number {
  return x === 0 ? -9999999999 : Math.log(x);
}

/**
 * sacrebleu's `BLEU.compute_bleu`, step for step: the brevity penalty
 * exp(1 − r/c) when c < r (0 for an empty response) times the geometric
 * mean of the percent n-gram precisions, on sacrebleu's 0-100 scale. No
 * match of any order scores 0. An order with n-grams but no match takes
 * 100 / (2^k × total) for the k-th such order under `exp`, 100 × value /
 * total under `floor`, and 0 (whose log is floored) under `none`; `add-k`
 * adds its value to the matches and totals of orders 2 and up. With
 * `effectiveOrder`, the mean stops at the last order the response has
 * n-grams of; without, every order counts.
 *
 * @example
 * ```ts
 * import { bleuFromStatistics } from "./bleu.ts";
 * const stats = { matches: [9, 7, 5, 3], totals: [10, 8, 6, 4], responseLength: 11, referenceLength: 11 };
 * console.log(bleuFromStatistics(stats)); // 83.75922397... (sacrebleu's test_scoring)
 * ```
 *
 * @param stats The statistics.
 * @param options Smoothing and effective order.
 * @returns The BLEU score, in [0, 100].
 */
export function bleuFromStatistics(
  stats: BleuStatistics,
  options: BleuOptions = {},
): number {
  const smooth = options.smooth ?? "exp";
  const value = options.smoothValue ?? SMOOTH_DEFAULTS[smooth];
  const { responseLength: sys, referenceLength: ref } = stats;
  const correct = [...stats.matches];
  const total = [...stats.totals];
  const maxOrder = correct.length;
  let bp = 1;
  if (sys < ref) bp = sys > 0 ? Math.exp(1 - ref / sys) : 0;
  if (correct.every((c) => c === 0)) return 0;
  const precisions = new Array<number>(maxOrder).fill(0);
  let mteval = 1;
  let order = maxOrder;
  for (let n = 1; n <= maxOrder; n++) {
    if (smooth === "add-k" && n > 1) {
      correct[n - 1] += value;
      total[n - 1] += value;
    }
    if (total[n - 1] === 0) break;
    if (options.effectiveOrder) order = n;
    if (correct[n - 1] === 0) {
      if (smooth === "exp") {
        mteval *= 2;
        precisions[n - 1] = 100 / (mteval * total[n - 1]);
      } else if (smooth === "floor") {
        precisions[n - 1] = 100 * value / total[n - 1];
      }
    } else {
      precisions[n - 1] = 100 * correct[n - 1] / total[n - 1];
    }
  }
  let logSum = 0;
  for (let i = 0; i < order; i++) logSum += flooredLog(precisions[i]);
  return bp * Math.exp(logSum / order);
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

/** The `lowercase` parameter of the sacrebleu metrics. */
const LOWERCASE_PARAM = {
  type: "string",
  description: "true: lowercase both sides first (sacrebleu's lowercase)",
  default: "false",
  choices: ["false", "true"],
} as const;

// A sample's statistics serve its sentence BLEU and then the corpus BLEU.
function statisticsOf(
  input: RagInput,
  tokenizer: SacrebleuTokenizer,
  lowercase: boolean,
  maxOrder: number,
): BleuStatistics {
  return input.memo(`bleu ${tokenizer} ${lowercase} ${maxOrder}`, () => {
    const tokens = (text: string) =>
      sacrebleuTokens(text, tokenizer, lowercase);
    return bleuStatistics(
      tokens(input.response),
      input.references.map(tokens),
      maxOrder,
    );
  });
}

function bound(params: Params) {
  const tokenizer = params.tokenize as SacrebleuTokenizer;
  const lowercase = params.lowercase === "true";
  const maxOrder = params.max_order as number;
  const options = (effectiveOrder: boolean): BleuOptions => ({
    smooth: params.smooth as BleuSmoothing,
    smoothValue: params.smooth_value as number | undefined,
    effectiveOrder: params.effective_order === undefined
      ? effectiveOrder
      : params.effective_order === "true",
  });
  return {
    stats: (input: RagInput) =>
      statisticsOf(input, tokenizer, lowercase, maxOrder),
    sentence: options(true),
    corpus: options(false),
    maxOrder,
  };
}

/**
 * sacrebleu's BLEU on the raw texts: per sample `sentence_bleu`, as the
 * aggregate `corpus_bleu`, which sums every sample's n-gram counts and
 * lengths before dividing (so it is not the mean of the per-sample values).
 * Both on sacrebleu's 0-100 scale with its defaults: the `13a` tokenizer,
 * `exp` smoothing, effective order for sentences only.
 */
export const bleu: MetricDefinition<RagInput> = {
  name: "bleu",
  aliases: ["sacrebleu"],
  kind: "rag",
  description:
    "sacrebleu's BLEU (0-100) of the raw texts: corpus_bleu as the aggregate, sentence_bleu per sample; needs reference",
  params: {
    tokenize: {
      type: "string",
      description:
        "sacrebleu's tokenizer, used instead of the answer normalization",
      default: "13a",
      choices: SACREBLEU_TOKENIZERS,
    },
    smooth: {
      type: "string",
      description:
        "sacrebleu's smooth_method for orders without a match: exp, floor, add-k or none",
      default: "exp",
      choices: BLEU_SMOOTHINGS,
    },
    smooth_value: {
      type: "number",
      description: "the value of floor (default 0.1) and add-k (default 1)",
      min: 0,
    },
    lowercase: LOWERCASE_PARAM,
    max_order: {
      type: "integer",
      description: "the largest n-gram order",
      default: 4,
      min: 1,
      max: 10,
    },
    effective_order: {
      type: "string",
      description:
        "true or false for both; default: as sacrebleu, sentence_bleu yes, corpus_bleu no",
      choices: ["true", "false"],
    },
  },
  cutoff: "none",
  aggregate: "corpus",
  appliesTo: answerApplies,
  create: (params: Params) => {
    const { stats, sentence } = bound(params);
    return (input) => bleuFromStatistics(stats(input), sentence);
  },
  createCorpus: (params: Params) => {
    const { stats, corpus, maxOrder } = bound(params);
    return (inputs) =>
      bleuFromStatistics(
        sumBleuStatistics(inputs.map(stats), maxOrder),
        corpus,
      );
  },
};
