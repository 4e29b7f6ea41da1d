/**
 * ROUGE-1, ROUGE-2 and ROUGE-L as the `rouge` package (pltrdy/rouge 1.0.1)
 * computes them, the ROUGE that FlashRAG's `flashrag/evaluator` reports as
 * `rouge-1`, `rouge-2` and `rouge-l`. It differs from rouge-score's on
 * purpose of its own: no lower case and no tokenizer (words are what white
 * space separates, punctuation stays on them), sentences end at every ".",
 * n-grams and words are counted once however often they occur, ROUGE-L is
 * the summary-level union LCS over those sentences, and F is
 * 2PR / (P + R + 1e-8).
 *
 * @module
 */

import { pythonSplit } from "./_python.ts";
import { ngramCounts, type Tokens } from "./_shared.ts";
import { lcsTable } from "./_lcs_table.ts";

/** The `f`, `p` and `r` of a `rouge` package score. */
export interface RougePackageScore {
  /** 2PR / (P + R + 1e-8). */
  readonly f: number;
  /** Distinct matches over the response's distinct n-grams (words). */
  readonly p: number;
  /** Distinct matches over the reference's distinct n-grams (words). */
  readonly r: number;
}

const ZERO: RougePackageScore = Object.freeze({ f: 0, p: 0, r: 0 });

function scoreOf(p: number, r: number): RougePackageScore {
  return { f: 2 * ((p * r) / (p + r + 1e-8)), p, r };
}

/**
 * The package's sentences of a text, each as its words: the text split at
 * every ".", the empty pieces dropped, each piece's white-space-separated
 * words (Python's `str.split`) joined by one space and split at it again.
 * So a piece of white space alone is one empty word, as in the package.
 *
 * @example
 * ```ts
 * import { rougePackageSentences } from "./rouge_package.ts";
 * console.log(rougePackageSentences("The cat sat.  On the mat.")); // [["The", "cat", "sat"], ["On", "the", "mat"]]
 * console.log(rougePackageSentences(" . Paris")); // [[""], ["Paris"]]
 * ```
 *
 * @param text The raw text.
 * @returns Its sentences, none for a text of dots alone or an empty one.
 */
export function rougePackageSentences(text: string): string[][] {
  return text.split(".").filter((piece) => piece.length > 0)
    .map((piece) => pythonSplit(piece).join(" ").split(" "));
}

/**
 * The package's `rouge_n`: the distinct n-grams of all the sentences' words
 * run together (an n-gram may span two sentences), the distinct ones both
 * hold over the response's (P) and the reference's (R) distinct count.
 * Where the package raises for a text without sentences, this scores 0.
 *
 * @example
 * ```ts
 * import { rougePackageN, rougePackageSentences } from "./rouge_package.ts";
 * const s = rougePackageN(rougePackageSentences("the the cat"), rougePackageSentences("The cat sat"), 1);
 * console.log(s.p, s.r); // 0.5 0.3333333333333333
 * ```
 *
 * @param response The response's sentences.
 * @param reference The reference's sentences.
 * @param n The n-gram order, 1 or more.
 * @returns The scores.
 */
export function rougePackageN(
  response: readonly Tokens[],
  reference: readonly Tokens[],
  n: number,
): RougePackageScore {
  if (response.length === 0 || reference.length === 0) return ZERO;
  const hyp = ngramCounts(response.flat(), n);
  const ref = ngramCounts(reference.flat(), n);
  let shared = 0;
  for (const gram of hyp.keys()) if (ref.has(gram)) shared++;
  return scoreOf(
    hyp.size === 0 ? 0 : shared / hyp.size,
    ref.size === 0 ? 0 : shared / ref.size,
  );
}

/**
 * The words of the LCS of a reference sentence and a response sentence
 * that the package's `_recon_lcs` reads back: from the end, a match is
 * taken, else it steps back in the reference when that keeps a longer LCS,
 * else in the response.
 */
function lcsWords(ref: Tokens, hyp: Tokens): string[] {
  const { table, width: cols } = lcsTable(ref, hyp);
  const words: string[] = [];
  let i = ref.length, j = hyp.length;
  while (i > 0 && j > 0) {
    if (ref[i - 1] === hyp[j - 1]) {
      words.push(ref[i - 1]);
      i--;
      j--;
    } else if (table[(i - 1) * cols + j] > table[i * cols + j - 1]) i--;
    else j--;
  }
  return words;
}

/**
 * The package's `rouge_l_summary_level`: the distinct words of the LCS of
 * every reference sentence with every response sentence, over the
 * response's (P) and the reference's (R) distinct words. Where the package
 * raises for a text without sentences, this scores 0.
 *
 * @example
 * ```ts
 * import { rougePackageL, rougePackageSentences } from "./rouge_package.ts";
 * const s = rougePackageL(rougePackageSentences("w1 w2 w6 w7 w8. w1 w3 w8 w9 w5"), rougePackageSentences("w1 w2 w3 w4 w5"));
 * console.log(s.r, s.p); // 0.8 0.5
 * ```
 *
 * @param response The response's sentences.
 * @param reference The reference's sentences.
 * @returns The scores.
 * @throws {LcsLimitError} If a sentence pair needs more than `LCS_CELL_LIMIT` (_lcs_table.ts) cells.
 */
export function rougePackageL(
  response: readonly Tokens[],
  reference: readonly Tokens[],
): RougePackageScore {
  if (response.length === 0 || reference.length === 0) return ZERO;
  const union = new Set<string>();
  for (const ref of reference) {
    for (const hyp of response) {
      for (const word of lcsWords(ref, hyp)) union.add(word);
    }
  }
  return scoreOf(
    union.size / new Set(response.flat()).size,
    union.size / new Set(reference.flat()).size,
  );
}
