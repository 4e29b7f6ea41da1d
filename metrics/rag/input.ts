/**
 * What a RAG metric scores: a sample with its texts normalized once and
 * shared by every metric.
 *
 * @module
 */

import { type Normalizer, squadNormalizer } from "./normalize.ts";
import { type RagSample, referencesOf } from "../../model/rag_sample.ts";

/**
 * A {@linkcode RagSample} and the normalizer of the evaluation, with each
 * text tokenized on first use and kept.
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
  /** The normalizer every text goes through. */
  readonly normalizer: Normalizer;
  #references: readonly string[];
  #response?: readonly string[] | null;
  #referenceTokens?: readonly (readonly string[])[];
  #contextTokens?: readonly (readonly string[])[] | null;

  /**
   * Wraps a sample.
   *
   * @param sample The sample.
   * @param normalizer The normalizer. Default: SQuAD's.
   * @throws {TypeError} If `reference` is not one of `references`.
   */
  constructor(sample: RagSample, normalizer: Normalizer = squadNormalizer) {
    this.sample = sample;
    this.normalizer = normalizer;
    this.#references = referencesOf(sample);
  }

  /** The acceptable answers, raw: `references`, else `reference`, else none. */
  get references(): readonly string[] {
    return this.#references;
  }

  /** The response's tokens; `undefined` when the sample has no response. */
  get responseTokens(): readonly string[] | undefined {
    if (this.#response === undefined) {
      const { response } = this.sample;
      this.#response = response === undefined
        ? null
        : this.normalizer.tokenize(response);
    }
    return this.#response ?? undefined;
  }

  /** Each reference's tokens; none when the sample has no reference. */
  get referenceTokens(): readonly (readonly string[])[] {
    this.#referenceTokens ??= this.#references.map((r) =>
      this.normalizer.tokenize(r)
    );
    return this.#referenceTokens;
  }

  /** Each retrieved context's tokens; `undefined` when the sample lists none. */
  get contextTokens(): readonly (readonly string[])[] | undefined {
    if (this.#contextTokens === undefined) {
      const contexts = this.sample.retrieved_contexts;
      this.#contextTokens = contexts === undefined
        ? null
        : contexts.map((c) => this.normalizer.tokenize(c));
    }
    return this.#contextTokens ?? undefined;
  }
}
