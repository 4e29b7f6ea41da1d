/**
 * Answer conventions: how text becomes the normalized text and tokens the
 * answer metrics compare, and which reference code's scoring rules apply.
 * Each is named after the code it reproduces, character for character.
 *
 * `squad` (the default), the official SQuAD v1.1 `evaluate-v1.1.py`:
 * lowercase (Python's `str.lower`); delete the 32 characters of Python's
 * `string.punctuation` (ASCII only: "–", "¿" and "€" stay); replace `a`,
 * `an` and `the` between Python's Unicode word boundaries by a space; split
 * on Python's white space and join by single spaces. Token F1 is 0 when the
 * two texts share no token, so two texts that normalize to nothing score 0.
 *
 * `flashrag`, FlashRAG's `flashrag/evaluator`: SQuAD's normalization; token
 * F1 also scores 0 against a reference when either side normalizes to
 * `yes`, `no` or `noanswer` and the two differ; ROUGE-1/2/L are the rouge
 * package's on the raw texts, as FlashRAG's.
 *
 * `ultrarag`, UltraRAG's `servers/evaluation/src/evaluation.py`: a whole
 * text equal to `True` becomes `yes` and `False` becomes `no`; `_` becomes a
 * space; lowercase; every character of `string.punctuation` and "‘", "’",
 * "´" becomes a space; then SQuAD's article and white-space steps. `acc` is
 * 0 for a response that normalizes to nothing.
 *
 * `unicode`, Unicode-aware and opt-in (SQuAD's scoring rules): Unicode NFC;
 * lowercase; delete every character of the Unicode categories P and S;
 * split on Unicode white space; drop the tokens `a`, `an` and `the`; split
 * Han, Hiragana and Katakana runs into one token per character.
 *
 * `none`: the raw text, split on white space for token metrics
 * (`exact_match(normalize=none)` is raw string equality, as Ragas'
 * `ExactMatch` and Hugging Face's `exact_match`).
 *
 * @module
 */

import { pythonSplit } from "./_python.ts";

/** A text's tokens after normalization, in order. */
export type Tokens = readonly string[];

/** Whose scoring rules the answer metrics follow. */
export type ScoringRules = "squad" | "flashrag" | "ultrarag";

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
  /**
   * The normalized text that string comparisons (`exact_match`, the
   * substring test of `acc`) use. Default: the tokens joined by single
   * spaces.
   *
   * @param text The raw text.
   * @returns The normalized text.
   */
  normalize?(text: string): string;
  /** The scoring rules. Default: `squad`. */
  readonly rules?: ScoringRules;
}

/** The built-in conventions, the default first. */
export const NORMALIZATIONS = [
  "squad",
  "flashrag",
  "ultrarag",
  "unicode",
  "none",
] as const;
/** One of {@linkcode NORMALIZATIONS}. */
export type NormalizationName = typeof NORMALIZATIONS[number];

/** Python's `string.punctuation`. */
const PYTHON_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
/** `string.punctuation` and the four marks UltraRAG adds. */
const ULTRARAG_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~‘’´]/g;
/**
 * `\b(a|an|the)\b` with Python's Unicode word characters (letters, numbers
 * and `_`); JavaScript's `\b` knows ASCII only.
 */
const PYTHON_ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

function squadTokens(text: string): string[] {
  return pythonSplit(
    text.toLowerCase().replace(PYTHON_PUNCTUATION, "").replace(
      PYTHON_ARTICLES,
      " ",
    ),
  );
}

/**
 * The SQuAD v1.1 script's normalization and scoring rules (see the module
 * documentation).
 *
 * @example
 * ```ts
 * import { squadNormalizer } from "./normalize.ts";
 * console.log(squadNormalizer.tokenize("The Eiffel-Tower!")); // ["eiffeltower"]
 * console.log(squadNormalizer.tokenize("10–12 years")); // ["10–12", "years"]
 * ```
 */
export const squadNormalizer: Normalizer = Object.freeze({
  name: "squad",
  tokenize: squadTokens,
  rules: "squad",
});

/**
 * FlashRAG's normalization (SQuAD's) and scoring rules (see the module
 * documentation).
 *
 * @example
 * ```ts
 * import { flashragNormalizer } from "./normalize.ts";
 * console.log(flashragNormalizer.tokenize("Yes.")); // ["yes"]
 * ```
 */
export const flashragNormalizer: Normalizer = Object.freeze({
  name: "flashrag",
  tokenize: squadTokens,
  rules: "flashrag",
});

/**
 * UltraRAG's normalization and scoring rules (see the module documentation).
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
    return pythonSplit(
      mapped.replaceAll("_", " ").toLowerCase()
        .replace(ULTRARAG_PUNCTUATION, " ")
        .replace(PYTHON_ARTICLES, " "),
    );
  },
  rules: "ultrarag",
});

const UNICODE_PUNCTUATION = /[\p{P}\p{S}]/gu;
const UNICODE_SPACE = /\s+/u;
const ARTICLES = new Set(["a", "an", "the"]);
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
const UNSPACED_RUNS =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]|[^\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]+/gu;

/**
 * A Unicode-aware SQuAD normalization, opt-in (see the module
 * documentation): "¿", "«", "。", "–" and "€" are deleted like ASCII
 * punctuation, and Chinese and Japanese text is split into characters.
 *
 * @example
 * ```ts
 * import { unicodeNormalizer } from "./normalize.ts";
 * console.log(unicodeNormalizer.tokenize("Ça, c'est Zürich.")); // ["ça", "cest", "zürich"]
 * console.log(unicodeNormalizer.tokenize("东京塔。")); // ["东", "京", "塔"]
 * ```
 */
export const unicodeNormalizer: Normalizer = Object.freeze({
  name: "unicode",
  tokenize(text: string): string[] {
    const tokens: string[] = [];
    const cleaned = text.normalize("NFC").toLowerCase()
      .replace(UNICODE_PUNCTUATION, "");
    for (const word of cleaned.split(UNICODE_SPACE)) {
      if (word === "" || ARTICLES.has(word)) continue;
      if (!UNSPACED.test(word)) tokens.push(word);
      // One token per character: a loop, as a spread of a long run into
      // push() overflows the stack.
      else for (const [run] of word.matchAll(UNSPACED_RUNS)) tokens.push(run);
    }
    return tokens;
  },
  rules: "squad",
});

/**
 * No normalization: string comparisons see the raw text, token metrics its
 * white-space-separated words.
 *
 * @example
 * ```ts
 * import { rawNormalizer } from "./normalize.ts";
 * console.log(rawNormalizer.normalize!(" Paris ")); // " Paris "
 * console.log(rawNormalizer.tokenize(" Paris, France")); // ["Paris,", "France"]
 * ```
 */
export const rawNormalizer: Normalizer = Object.freeze({
  name: "none",
  tokenize: pythonSplit,
  normalize: (text: string) => text,
  rules: "squad",
});

const BY_NAME: Readonly<Record<NormalizationName, Normalizer>> = {
  squad: squadNormalizer,
  flashrag: flashragNormalizer,
  ultrarag: ultraragNormalizer,
  unicode: unicodeNormalizer,
  none: rawNormalizer,
};

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
  if (Object.hasOwn(BY_NAME, choice)) {
    return BY_NAME[choice as NormalizationName];
  }
  throw new TypeError(
    `Unknown normalization "${choice}": expected one of ${
      NORMALIZATIONS.join(", ")
    }`,
  );
}

/**
 * The normalized text of a normalizer: its `normalize`, else its tokens
 * joined by single spaces.
 *
 * @example
 * ```ts
 * import { normalizedText, ultraragNormalizer } from "./normalize.ts";
 * console.log(normalizedText(ultraragNormalizer, "The Eiffel-Tower")); // "eiffel tower"
 * ```
 *
 * @param normalizer The normalizer.
 * @param text The raw text.
 * @returns The normalized text.
 */
export function normalizedText(normalizer: Normalizer, text: string): string {
  return normalizer.normalize
    ? normalizer.normalize(text)
    : normalizer.tokenize(text).join(" ");
}

/**
 * A text as metrics see it under a convention.
 *
 * @example
 * ```ts
 * import { normalizeAnswer } from "./normalize.ts";
 * console.log(normalizeAnswer("  The  Eiffel-Tower ")); // "eiffeltower"
 * console.log(normalizeAnswer("The Eiffel-Tower", "ultrarag")); // "eiffel tower"
 * ```
 *
 * @param text The raw text.
 * @param normalization The convention. Default: `squad`.
 * @returns The normalized text.
 * @throws {TypeError} If the normalization name is unknown.
 */
export function normalizeAnswer(
  text: string,
  normalization: NormalizationName | Normalizer = "squad",
): string {
  return normalizedText(normalizerOf(normalization), text);
}
