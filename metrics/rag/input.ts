/**
 * What a RAG metric scores: a sample with its texts normalized once per
 * convention and shared by every metric.
 *
 * @module
 */

import {
  normalizedText,
  type Normalizer,
  type ScoringRules,
  squadNormalizer,
  type Tokens,
} from "./normalize.ts";
import { type RagSample, referencesOf } from "../../model/rag_sample.ts";

/** A text under one convention: its normalized text and its tokens. */
export interface NormalizedText {
  /** The normalized text, which string comparisons use. */
  readonly text: string;
  /** Its tokens, which token metrics use. */
  readonly tokens: Tokens;
}

/** The answer texts of a sample under one convention. */
export interface NormalizedAnswers {
  /** The response (an absent one is the empty text). */
  readonly response: NormalizedText;
  /** Each reference, in order. */
  readonly references: readonly NormalizedText[];
  /** The convention's scoring rules. */
  readonly rules: ScoringRules;
  /**
   * Whether the sample has no response: answer metrics score it 0, as the
   * SQuAD script scores an unanswered question, even against a reference
   * that normalizes to nothing (which the empty answer matches).
   */
  readonly responseMissing?: boolean;
}

/** Options of the {@linkcode RagInput} constructor. */
export interface RagInputOptions {
  /**
   * Whether some sample of the evaluation lists `retrieved_contexts`: then
   * the lexical context metrics score a sample without any 0 instead of
   * skipping it. Default: whether this sample lists them.
   */
  contextsListed?: boolean;
  /**
   * Whether some sample lists `retrieved_context_ids`, likewise for the id
   * context metrics. Default: whether this sample lists them.
   */
  contextIdsListed?: boolean;
}

/**
 * A {@linkcode RagSample} and the convention of the evaluation, with each
 * text normalized on first use and kept.
 *
 * @example
 * ```ts
 * import { RagInput } from "./input.ts";
 * const input = new RagInput({ response: "The Louvre.", reference: "Louvre" });
 * console.log(input.responseTokens); // ["louvre"]
 * console.log(input.referenceTokens); // [["louvre"]]
 * console.log(input.contextTokens); // undefined
 * ```
 */
export class RagInput {
  /** The sample as given. */
  readonly sample: RagSample;
  /** The convention every answer text goes through by default. */
  readonly normalizer: Normalizer;
  /** Whether the lexical context metrics apply to this sample's evaluation. */
  readonly contextsListed: boolean;
  /** Whether the id context metrics apply to this sample's evaluation. */
  readonly contextIdsListed: boolean;
  #references: readonly string[];
  #answers = new Map<Normalizer, NormalizedAnswers>();
  #contextTokens?: readonly Tokens[] | null;
  #memo = new Map<string, unknown>();

  /**
   * Wraps a sample.
   *
   * @param sample The sample.
   * @param normalizer The convention. Default: SQuAD's.
   * @param options Whether the evaluation lists contexts.
   * @throws {TypeError} If `reference` is not one of `references`.
   */
  constructor(
    sample: RagSample,
    normalizer: Normalizer = squadNormalizer,
    options: RagInputOptions = {},
  ) {
    this.sample = sample;
    this.normalizer = normalizer;
    this.#references = referencesOf(sample);
    this.contextsListed = options.contextsListed ??
      sample.retrieved_contexts !== undefined;
    this.contextIdsListed = options.contextIdsListed ??
      sample.retrieved_context_ids !== undefined;
  }

  /**
   * What a metric computes once for this sample and reads again (a
   * sentence's BLEU statistics serve the corpus BLEU; ROUGE's tokens serve
   * every ROUGE metric), kept with the sample rather than in a table of
   * samples: `make`'s value the first time `key` is asked, the same value
   * after. Keys begin with the metric's name.
   *
   * @example
   * ```ts
   * import { RagInput } from "./input.ts";
   * const input = new RagInput({ response: "a b", reference: "a" });
   * let made = 0;
   * input.memo("demo words", () => ++made);
   * console.log(input.memo("demo words", () => ++made), made); // 1 1
   * ```
   *
   * @param key What is kept, with every parameter it depends on.
   * @param make Computes it.
   * @returns The kept value.
   */
  memo<T>(key: string, make: () => T): T {
    if (this.#memo.has(key)) return this.#memo.get(key) as T;
    const value = make();
    this.#memo.set(key, value);
    return value;
  }

  /** The acceptable answers, raw: `references`, else `reference`, else none. */
  get references(): readonly string[] {
    return this.#references;
  }

  /** The raw response; the empty text when the sample has none. */
  get response(): string {
    return this.sample.response ?? "";
  }

  /** Whether the sample has no response (scored as the empty answer). */
  get responseMissing(): boolean {
    return this.sample.response === undefined;
  }

  /**
   * The response and references under a convention, computed once.
   *
   * @param normalizer The convention. Default: the evaluation's.
   * @returns The normalized texts and tokens.
   */
  answers(normalizer: Normalizer = this.normalizer): NormalizedAnswers {
    let answers = this.#answers.get(normalizer);
    if (!answers) {
      const of = (text: string): NormalizedText => {
        const tokens = normalizer.tokenize(text);
        return {
          text: normalizer.normalize
            ? normalizedText(normalizer, text)
            : joined(tokens),
          tokens,
        };
      };
      answers = {
        response: of(this.response),
        references: this.#references.map(of),
        rules: normalizer.rules ?? "squad",
        responseMissing: this.responseMissing,
      };
      this.#answers.set(normalizer, answers);
    }
    return answers;
  }

  /** The response's tokens under the evaluation's convention. */
  get responseTokens(): Tokens {
    return this.answers().response.tokens;
  }

  /** Each reference's tokens; none when the sample has no reference. */
  get referenceTokens(): readonly Tokens[] {
    return this.answers().references.map((r) => r.tokens);
  }

  /** Each retrieved context's tokens; `undefined` when the sample lists none. */
  get contextTokens(): readonly Tokens[] | undefined {
    if (this.#contextTokens === undefined) {
      const contexts = this.sample.retrieved_contexts;
      this.#contextTokens = contexts === undefined
        ? null
        : contexts.map((c) => this.normalizer.tokenize(c));
    }
    return this.#contextTokens ?? undefined;
  }
}

/**
 * Tokens joined by spaces, as the built-in conventions' texts are; a custom
 * normalizer's tokens that hold a space are kept apart by their JSON array
 * instead, so ["a b", "c"] never equals ["a", "b c"].
 */
function joined(tokens: Tokens): string {
  return tokens.some((t) => t.includes(" "))
    ? JSON.stringify(tokens)
    : tokens.join(" ");
}
