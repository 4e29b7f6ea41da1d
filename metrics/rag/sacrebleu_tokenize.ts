/**
 * sacrebleu's tokenizers, which BLEU applies to the raw texts instead of
 * the answer normalization: `13a` (mteval-v13a, sacrebleu's default),
 * `intl` (mteval-v14's international tokenization), `char` (every
 * character a token) and `none` (white space only).
 *
 * @module
 */

import { pythonRstrip, pythonSplit } from "./_python.ts";

/** The tokenizers sacrebleu's BLEU takes that need no model or dictionary. */
export const SACREBLEU_TOKENIZERS = ["13a", "intl", "char", "none"] as const;
/** One of {@linkcode SACREBLEU_TOKENIZERS}. */
export type SacrebleuTokenizer = typeof SACREBLEU_TOKENIZERS[number];

// tokenizer_re.py: the language-dependent part of mteval-v13a.
const V13A_SYMBOLS = /([\{-\~\[-\` -\&\(-\+\:-\@\/])/g;
const V13A_POINT_AFTER = /([^0-9])([\.,])/g;
const V13A_POINT_BEFORE = /([\.,])([^0-9])/g;
const V13A_DASH = /([0-9])(-)/g;

// Letters, digits and white space only: no rule of 13a changes the tokens.
const V13A_UNTOUCHED = /^[A-Za-z0-9\s]*$/;

function tokenize13a(line: string): string {
  if (V13A_UNTOUCHED.test(line)) return line;
  line = line.replaceAll("<skipped>", "").replaceAll("-\n", "")
    .replaceAll("\n", " ");
  if (line.includes("&")) {
    line = line.replaceAll("&quot;", '"').replaceAll("&amp;", "&")
      .replaceAll("&lt;", "<").replaceAll("&gt;", ">");
  }
  line = ` ${line} `.replace(V13A_SYMBOLS, " $1 ");
  // The later rules only touch ".", "," and "-": skip them when absent.
  if (line.includes(".") || line.includes(",")) {
    line = line.replace(V13A_POINT_AFTER, "$1 $2 ")
      .replace(V13A_POINT_BEFORE, " $1 $2");
  }
  return line.includes("-") ? line.replace(V13A_DASH, "$1 $2 ") : line;
}

const INTL_PUNCT_AFTER = /(\P{N})(\p{P})/gu;
const INTL_PUNCT_BEFORE = /(\p{P})(\P{N})/gu;
const INTL_SYMBOL = /(\p{S})/gu;

function tokenizeIntl(line: string): string {
  return line.replace(INTL_PUNCT_AFTER, "$1 $2 ")
    .replace(INTL_PUNCT_BEFORE, " $1 $2")
    .replace(INTL_SYMBOL, " $1 ");
}

/**
 * The tokens sacrebleu's BLEU counts for a segment: lowercased when asked
 * (Python's `str.lower`), trailing white space stripped, tokenized, then
 * split on white space.
 *
 * @example
 * ```ts
 * import { sacrebleuTokens } from "./sacrebleu_tokenize.ts";
 * console.log(sacrebleuTokens("It wasn't surprising.", "13a")); // ["It", "wasn", "'", "t", "surprising", "."]
 * console.log(sacrebleuTokens("1,000.5 km.", "13a")); // ["1,000.5", "km", "."]
 * console.log(sacrebleuTokens("Ab c", "char", true)); // ["a", "b", "c"]
 * ```
 *
 * @param text The raw segment.
 * @param tokenizer The tokenizer.
 * @param lowercase Whether to lowercase first. Default: false.
 * @param rstrip Whether to strip trailing white space first, as sacrebleu's
 * BLEU does (Hugging Face's copy of the 13a tokenizer does not). Default: true.
 * @returns The tokens.
 */
export function sacrebleuTokens(
  text: string,
  tokenizer: SacrebleuTokenizer,
  lowercase = false,
  rstrip = true,
): string[] {
  const cased = lowercase ? text.toLowerCase() : text;
  let line = rstrip ? pythonRstrip(cased) : cased;
  switch (tokenizer) {
    case "13a":
      line = tokenize13a(line);
      break;
    case "intl":
      line = tokenizeIntl(line);
      break;
    case "char":
      line = Array.from(line).join(" ");
      break;
    case "none":
      break;
  }
  return pythonSplit(line);
}
