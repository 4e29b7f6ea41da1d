/**
 * Text analysis for the built-in BM25: text to index terms. `anserini` is
 * Anserini's `DefaultEnglishAnalyzer` (Lucene's `StandardTokenizer`,
 * English possessive filter, lower case, Lucene's English stop set, Porter
 * stemmer); `split` is the analysis ranklens used before it (split on white
 * space and punctuation, lower case, the same stop set and stemmer).
 *
 * @module
 */

import { stemmer } from "stemmer";
import { forEachStandardToken } from "./standard_tokenizer.ts";

/**
 * The English stop words of Lucene's `EnglishAnalyzer`
 * (`ENGLISH_STOP_WORDS_SET`, and so of Anserini's BM25 baselines): dropped
 * from documents and queries by default.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "but",
  "by",
  "for",
  "if",
  "in",
  "into",
  "is",
  "it",
  "no",
  "not",
  "of",
  "on",
  "or",
  "such",
  "that",
  "the",
  "their",
  "then",
  "there",
  "these",
  "they",
  "this",
  "to",
  "was",
  "will",
  "with",
]);

/** The names of the built-in analyzers. */
export type AnalyzerName = "anserini" | "split";

/** The names of the built-in analyzers, in the order the help lists them. */
export const ANALYZER_NAMES: readonly AnalyzerName[] = ["anserini", "split"];

/** Options of {@linkcode TextAnalyzer}. */
export interface TextAnalyzerOptions {
  /** Reduce words to their Porter stem (Lucene's `PorterStemFilter`). Default: true. */
  stemming?: boolean;
  /** Words to drop after lower-casing. Default: {@linkcode ENGLISH_STOP_WORDS}. */
  stopWords?: ReadonlySet<string>;
}

const SEPARATORS = /[\s\p{Z}\p{P}]+/gu;
// Tokens hold no white space or controls, so this tells ASCII ones apart.
const NON_ASCII = /[^ -~]/;
const UPPER_ASCII = /[A-Z]/;

/**
 * A tokenizer followed by filters that each look at one token, as a Lucene
 * analyzer is: so the analysis of a token can be cached, and an index
 * analyses each distinct word once.
 *
 * @example
 * ```ts
 * import { TextAnalyzer } from "./analyzer.ts";
 * const analyzer = new TextAnalyzer("anserini");
 * console.log(analyzer.analyze("The PRAM's models, e.g. for 3.5 GHz CPUs"));
 * // ["pram", "model", "e.g", "3.5", "ghz", "cpu"]
 * ```
 */
export class TextAnalyzer {
  /** The analyzer's name: `anserini` or `split`. */
  readonly name: AnalyzerName;
  /** Whether terms are Porter stems. */
  readonly stemming: boolean;
  /** The stop words. */
  readonly stopWords: ReadonlySet<string>;

  /**
   * Creates the analyzer.
   *
   * @param name `anserini` (Anserini's English analyzer) or `split` (split
   * on white space and punctuation, no possessive filter).
   * @param options Stemming and stop words.
   * @throws {TypeError} If the name is unknown.
   */
  constructor(name: AnalyzerName, options: TextAnalyzerOptions = {}) {
    if (!ANALYZER_NAMES.includes(name)) {
      throw new TypeError(
        `Analyzer must be one of ${ANALYZER_NAMES.join(", ")}, got ${
          JSON.stringify(name)
        }`,
      );
    }
    this.name = name;
    this.stemming = options.stemming ?? true;
    this.stopWords = options.stopWords ?? ENGLISH_STOP_WORDS;
  }

  /**
   * Calls `onToken` with each token of the text, before the filters.
   *
   * @param text The text.
   * @param onToken Called with each token.
   */
  forEachToken(text: string, onToken: (token: string) => void): void {
    this.forEachSpan(text, (start, end) => onToken(text.slice(start, end)));
  }

  /**
   * Calls `onSpan` with where each token of the text starts and ends
   * (UTF-16 offsets), before the filters: the tokens without the strings.
   *
   * @param text The text.
   * @param onSpan Called with each token's start and end.
   */
  forEachSpan(
    text: string,
    onSpan: (start: number, end: number) => void,
  ): void {
    if (this.name === "anserini") {
      forEachStandardToken(text, onSpan);
      return;
    }
    SEPARATORS.lastIndex = 0;
    let start = 0;
    for (let match; (match = SEPARATORS.exec(text)) !== null;) {
      if (match.index > start) onSpan(start, match.index);
      start = SEPARATORS.lastIndex;
    }
    if (start < text.length) onSpan(start, text.length);
  }

  /**
   * The term a token becomes, or undefined when it is dropped.
   *
   * @param token A token from {@linkcode TextAnalyzer.forEachToken}.
   * @returns The term, or undefined for a stop word.
   */
  term(token: string): string | undefined {
    if (this.name === "anserini") token = withoutPossessive(token);
    const lower = lowerCase(token);
    if (this.stopWords.has(lower)) return undefined;
    return this.stemming ? stemmer(lower) : lower;
  }

  /**
   * The terms of a text, in order.
   *
   * @param text The text.
   * @returns The terms.
   */
  analyze(text: string): string[] {
    const terms: string[] = [];
    this.forEachToken(text, (token) => {
      const term = this.term(token);
      if (term !== undefined) terms.push(term);
    });
    return terms;
  }
}

// Lucene's EnglishPossessiveFilter: a trailing 's after any apostrophe.
function withoutPossessive(token: string): string {
  const n = token.length;
  if (n < 2) return token;
  const s = token.charCodeAt(n - 1);
  if (s !== 0x73 && s !== 0x53) return token;
  const quote = token.charCodeAt(n - 2);
  return quote === 0x27 || quote === 0x2019 || quote === 0xFF07
    ? token.slice(0, n - 2)
    : token;
}

// Lucene's LowerCaseFilter lowers each code point alone (Java's
// Character.toLowerCase): no final sigma, and a dotted capital I is `i`.
function lowerCase(token: string): string {
  if (!NON_ASCII.test(token)) {
    return UPPER_ASCII.test(token) ? token.toLowerCase() : token;
  }
  let out = "";
  for (const ch of token) {
    const lower = ch.toLowerCase();
    out += ch === "\u0130" ? "i" : [...lower].length === 1 ? lower : ch;
  }
  return out;
}
