/**
 * Google's GLEU as Hugging Face's `google_bleu` computes it (NLTK's
 * `corpus_gleu` over sacrebleu's 13a tokens): per sample the sentence
 * value, as the aggregate the corpus value.
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

/** A sample's GLEU counts: matching n-grams, and the larger n-gram total. */
export interface GleuCounts {
  /** n-grams the response shares with the chosen reference (clipped). */
  readonly matches: number;
  /** The larger of the response's and that reference's n-gram totals. */
  readonly total: number;
}

function everygrams(tokens: Tokens, min: number, max: number) {
  const counts = new Map<string, number>();
  let total = 0;
  for (let n = min; n <= Math.min(max, tokens.length); n++) {
    for (let i = 0; i + n <= tokens.length; i++) {
      // JSON keeps n-grams apart whatever the tokens hold.
      const gram = n === 1 ? tokens[i] : JSON.stringify(tokens.slice(i, i + n));
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
      total++;
    }
  }
  return { counts, total };
}

/**
 * NLTK's GLEU counts of one response against its references: for each
 * reference the clipped n-gram matches and the larger of the two n-gram
 * totals; the reference with the best ratio (the first on a tie) is kept.
 * `undefined` when neither side has an n-gram (the sample adds nothing).
 *
 * @example
 * ```ts
 * import { gleuCounts } from "./gleu.ts";
 * const counts = gleuCounts("the cat sat on the mat".split(" "), ["the cat ate the mat".split(" ")], 1, 4);
 * console.log(counts); // { matches: 6, total: 18 }
 * ```
 *
 * @param response The response's tokens.
 * @param references Each reference's tokens.
 * @param minLength The smallest n-gram order.
 * @param maxLength The largest n-gram order.
 * @returns The counts.
 */
export function gleuCounts(
  response: Tokens,
  references: readonly Tokens[],
  minLength: number,
  maxLength: number,
): GleuCounts | undefined {
  const hyp = everygrams(response, minLength, maxLength);
  let best: GleuCounts | undefined;
  for (const reference of references) {
    const ref = everygrams(reference, minLength, maxLength);
    let matches = 0;
    for (const [gram, count] of ref.counts) {
      matches += Math.min(count, hyp.counts.get(gram) ?? 0);
    }
    const total = Math.max(hyp.total, ref.total);
    if (total === 0) continue;
    if (best === undefined || matches / total > best.matches / best.total) {
      best = { matches, total };
    }
  }
  return best;
}

function countsOf(input: RagInput, params: Params): GleuCounts | undefined {
  const key = `gleu ${params.tokenize} ${params.min_len} ${params.max_len}`;
  return input.memo(key, () => {
    const tokens = (t: string) =>
      sacrebleuTokens(t, params.tokenize as SacrebleuTokenizer, false, false);
    return gleuCounts(
      tokens(input.response),
      input.references.map(tokens),
      params.min_len as number,
      params.max_len as number,
    );
  });
}

/**
 * Google's GLEU (Wu et al. 2016) as Hugging Face's `google_bleu`: per
 * sample its sentence GLEU, as the aggregate the corpus GLEU (summed
 * matches over summed totals).
 */
export const gleu: MetricDefinition<RagInput> = {
  name: "gleu",
  aliases: ["google_bleu"],
  kind: "rag",
  description:
    "Google's GLEU as Hugging Face's google_bleu (NLTK corpus_gleu over 13a tokens): corpus value as the aggregate, sentence value per sample; needs reference",
  params: {
    tokenize: {
      type: "string",
      description: "sacrebleu's tokenizer (google_bleu's default: 13a)",
      default: "13a",
      choices: SACREBLEU_TOKENIZERS,
    },
    min_len: {
      type: "integer",
      description: "the smallest n-gram order",
      default: 1,
      min: 1,
      max: 10,
    },
    max_len: {
      type: "integer",
      description: "the largest n-gram order",
      default: 4,
      min: 1,
      max: 10,
    },
  },
  cutoff: "none",
  aggregate: "corpus",
  appliesTo: answerApplies,
  create: (params: Params) => (input) => {
    const counts = countsOf(input, params);
    return counts === undefined ? 0 : counts.matches / counts.total;
  },
  createCorpus: (params: Params) => (inputs) => {
    let matches = 0, total = 0;
    for (const input of inputs) {
      const counts = countsOf(input, params);
      if (counts) {
        matches += counts.matches;
        total += counts.total;
      }
    }
    return total === 0 ? 0 : matches / total;
  },
};
