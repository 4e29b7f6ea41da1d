/**
 * Answer normalization: how text becomes the tokens every RAG metric
 * compares. Two documented variants, both Unicode-aware.
 *
 * `squad` (the default), after the SQuAD evaluation script:
 * 1. Unicode NFC, so a composed and a decomposed "é" are one letter;
 * 2. lowercase (Unicode case mapping);
 * 3. delete punctuation and symbols: every character of the Unicode
 *    categories P and S. On ASCII these are exactly the characters of
 *    Python's `string.punctuation` that SQuAD deletes; beyond ASCII they
 *    take in "¿", "«", "。", "、", "€" and the like. Letters, marks and
 *    digits of every script are kept;
 * 4. split on Unicode white space and drop the tokens `a`, `an` and `the`
 *    (SQuAD's `\b(a|an|the)\b`, applied to whole tokens so a non-ASCII
 *    letter next to "a" never makes it an article);
 * 5. split Han, Hiragana and Katakana runs into one token per character,
 *    since those scripts put no spaces between words (the character-level
 *    matching used for Chinese and Japanese QA). Other scripts are split on
 *    white space only; Thai, Lao, Khmer and Burmese text, written without
 *    spaces, therefore stays one token per space-separated run.
 *
 * `ultrarag`, after UltraRAG's evaluation server: a whole text equal to
 * `True` becomes `yes` and `False` becomes `no` (exact, case-sensitive,
 * before anything else); punctuation and symbols (step 3, which includes
 * `_`, `‘`, `’`, `´` and `` ` ``) become spaces instead of being deleted;
 * the other steps are those of `squad`.
 *
 * @module
 */

/** A text's tokens after normalization, in order. */
export type Tokens = readonly string[];

/** Turns text into the normalized tokens RAG metrics compare. */
export interface Normalizer {
  /** The name, e.g. `squad`. */
  readonly name: string;
  /**
   * Normalizes and splits a text.
   *
   * @param text The raw text.
   * @returns Its tokens, possibly none.
   */
  tokenize(text: string): string[];
}

/** The built-in normalizations. */
export const NORMALIZATIONS = ["squad", "ultrarag"] as const;
/** One of {@linkcode NORMALIZATIONS}. */
export type NormalizationName = typeof NORMALIZATIONS[number];

const PUNCTUATION = /[\p{P}\p{S}]/gu;
const SPACE = /\s+/u;
const ARTICLES = new Set(["a", "an", "the"]);
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
const UNSPACED_RUNS =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]|[^\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]+/gu;

function split(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.split(SPACE)) {
    if (word === "" || ARTICLES.has(word)) continue;
    if (UNSPACED.test(word)) tokens.push(...word.match(UNSPACED_RUNS)!);
    else tokens.push(word);
  }
  return tokens;
}

/**
 * SQuAD normalization, Unicode-aware (see the module documentation).
 *
 * @example
 * ```ts
 * import { squadNormalizer } from "./normalize.ts";
 * console.log(squadNormalizer.tokenize("The Eiffel Tower!")); // ["eiffel", "tower"]
 * console.log(squadNormalizer.tokenize("Ça, c'est Zürich.")); // ["ça", "cest", "zürich"]
 * console.log(squadNormalizer.tokenize("东京塔。")); // ["东", "京", "塔"]
 * ```
 */
export const squadNormalizer: Normalizer = Object.freeze({
  name: "squad",
  tokenize(text: string): string[] {
    return split(
      text.normalize("NFC").toLowerCase().replace(PUNCTUATION, ""),
    );
  },
});

/**
 * UltraRAG normalization, Unicode-aware (see the module documentation).
 *
 * @example
 * ```ts
 * import { ultraragNormalizer } from "./normalize.ts";
 * console.log(ultraragNormalizer.tokenize("True")); // ["yes"]
 * console.log(ultraragNormalizer.tokenize("new_york's")); // ["new", "york", "s"]
 * ```
 */
export const ultraragNormalizer: Normalizer = Object.freeze({
  name: "ultrarag",
  tokenize(text: string): string[] {
    const mapped = text === "True" ? "yes" : text === "False" ? "no" : text;
    return split(
      mapped.normalize("NFC").toLowerCase().replace(PUNCTUATION, " "),
    );
  },
});

/**
 * The normalizer of a name, or the normalizer itself.
 *
 * @example
 * ```ts
 * import { normalizerOf } from "./normalize.ts";
 * console.log(normalizerOf("ultrarag").name); // "ultrarag"
 * ```
 *
 * @param choice A name from {@linkcode NORMALIZATIONS} or a custom normalizer.
 * @returns The normalizer.
 * @throws {TypeError} If the name is unknown.
 */
export function normalizerOf(choice: string | Normalizer): Normalizer {
  if (typeof choice !== "string") return choice;
  if (choice === "squad") return squadNormalizer;
  if (choice === "ultrarag") return ultraragNormalizer;
  throw new TypeError(
    `Unknown normalization "${choice}": expected one of ${
      NORMALIZATIONS.join(", ")
    }`,
  );
}

/**
 * A text as metrics see it: its normalized tokens joined by single spaces.
 *
 * @example
 * ```ts
 * import { normalizeAnswer } from "./normalize.ts";
 * console.log(normalizeAnswer("  The  Eiffel-Tower ")); // "eiffeltower"
 * console.log(normalizeAnswer("The Eiffel-Tower", "ultrarag")); // "eiffel tower"
 * ```
 *
 * @param text The raw text.
 * @param normalization The normalization. Default: `squad`.
 * @returns The normalized text.
 * @throws {TypeError} If the normalization name is unknown.
 */
export function normalizeAnswer(
  text: string,
  normalization: NormalizationName | Normalizer = "squad",
): string {
  return normalizerOf(normalization).tokenize(text).join(" ");
}
