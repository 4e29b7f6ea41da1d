/**
 * rouge-score's ROUGE-N, ROUGE-L and ROUGE-Lsum, on rouge-score's own
 * tokenization of the raw texts, with NLTK's Porter stemmer for
 * `stem=porter`. Under the `flashrag` convention ROUGE-1, ROUGE-2 and
 * ROUGE-L are FlashRAG's, which calls the rouge package (rouge_package.ts),
 * unless a `stem` parameter asks for rouge-score's.
 *
 * @module
 */

import type { MetricAlias, MetricDefinition, Params } from "../metric.ts";
import type { RagInput } from "./input.ts";
import { normalizedText, ultraragNormalizer } from "./normalize.ts";
import { nltkPorterStem } from "./porter_stemmer.ts";
import { checkLcsCells, lcsTable } from "./_lcs_table.ts";
import {
  rougePackageL,
  rougePackageN,
  type RougePackageScore,
  rougePackageSentences,
} from "./rouge_package.ts";
import {
  answerApplies,
  fMeasure,
  ngramCounts,
  type Tokens,
} from "./_shared.ts";

/** Precision, recall and F-measure, as rouge-score's `Score`. */
export interface RougeScore {
  /** Matches over the response's count. */
  readonly precision: number;
  /** Matches over the reference's count. */
  readonly recall: number;
  /** Their harmonic mean, 0 when both are 0. */
  readonly fmeasure: number;
}

const ZERO: RougeScore = Object.freeze({
  precision: 0,
  recall: 0,
  fmeasure: 0,
});

function scoreOf(precision: number, recall: number): RougeScore {
  return { precision, recall, fmeasure: fMeasure(precision, recall) };
}

const NON_ALPHANUMERIC = /[^a-z0-9]+/g;
const STEMS = new Map<string, string>();
const STEM_CACHE_LIMIT = 100_000;

function stemmed(word: string): string {
  let stem = STEMS.get(word);
  if (stem === undefined) {
    if (STEMS.size >= STEM_CACHE_LIMIT) STEMS.clear();
    STEMS.set(word, stem = nltkPorterStem(word));
  }
  return stem;
}

/**
 * rouge-score's default tokenizer: lowercase (Python's `str.lower`),
 * anything but `a-z` and `0-9` separates, and with `stem` the words longer
 * than three letters go through NLTK's Porter stemmer.
 *
 * @example
 * ```ts
 * import { rougeTokens } from "./rouge.ts";
 * console.log(rougeTokens("The Zürich-based runners")); // ["the", "z", "rich", "based", "runners"]
 * console.log(rougeTokens("The Zürich-based runners", true)); // ["the", "z", "rich", "base", "runner"]
 * ```
 *
 * @param text The raw text.
 * @param stem Whether to stem. Default: false.
 * @returns The tokens.
 */
export function rougeTokens(text: string, stem = false): string[] {
  const words = text.toLowerCase().replace(NON_ALPHANUMERIC, " ").split(" ");
  const tokens: string[] = [];
  // Every word left is [a-z0-9]+ or empty (rouge-score's final check).
  for (const word of words) {
    if (word === "") continue;
    tokens.push(stem && word.length > 3 ? stemmed(word) : word);
  }
  return tokens;
}

/**
 * ROUGE-N as rouge-score's `_score_ngrams`: clipped n-gram matches over
 * the response's n-grams (precision) and the reference's (recall), each
 * count at least 1.
 *
 * @example
 * ```ts
 * import { rougeN } from "./rouge.ts";
 * console.log(rougeN(["testing", "one"], ["testing", "one", "two"], 2)); // { precision: 1, recall: 0.5, fmeasure: 0.6666666666666666 }
 * ```
 *
 * @param response The response's tokens.
 * @param reference The reference's tokens.
 * @param n The n-gram order, 1 or more.
 * @returns The scores.
 */
export function rougeN(
  response: Tokens,
  reference: Tokens,
  n: number,
): RougeScore {
  const hyp = ngramCounts(response, n);
  const ref = ngramCounts(reference, n);
  let shared = 0;
  for (const [gram, count] of ref) {
    shared += Math.min(count, hyp.get(gram) ?? 0);
  }
  const hypTotal = Math.max(response.length - n + 1, 0);
  const refTotal = Math.max(reference.length - n + 1, 0);
  return scoreOf(
    shared / Math.max(hypTotal, 1),
    shared / Math.max(refTotal, 1),
  );
}

/** Numbers tokens, the same number for the same token across calls. */
function tokenNumbering(): (tokens: Tokens) => Int32Array {
  const ids = new Map<string, number>();
  return (tokens) =>
    Int32Array.from(tokens, (t) => {
      let id = ids.get(t);
      if (id === undefined) ids.set(t, id = ids.size);
      return id;
    });
}

function encode(a: Tokens, b: Tokens): [Int32Array, Int32Array] {
  const of = tokenNumbering();
  return [of(a), of(b)];
}

/**
 * The length of the longest common subsequence of two token lists, in
 * linear space.
 *
 * @example
 * ```ts
 * import { lcsLength } from "./rouge.ts";
 * console.log(lcsLength(["a", "x", "b", "c"], ["a", "b", "y", "c"])); // 3
 * ```
 *
 * @param a One list.
 * @param b The other.
 * @returns The LCS length.
 * @throws {RangeError} If the lists need more than `LCS_CELL_LIMIT` (_lcs_table.ts) cells.
 */
export function lcsLength(a: Tokens, b: Tokens): number {
  checkLcsCells(a.length, b.length);
  // Short answers: comparing the strings costs less than numbering them.
  if (a.length * b.length <= 1024) return lcsOfRows(a, b);
  const [x, y] = encode(a, b);
  return lcsOfRows(x, y);
}

/** The LCS length by rows of the table, two rows at a time. */
function lcsOfRows<T>(x: ArrayLike<T>, y: ArrayLike<T>): number {
  let prev = new Uint32Array(y.length + 1);
  let row = new Uint32Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    const xi = x[i - 1];
    for (let j = 1; j <= y.length; j++) {
      row[j] = xi === y[j - 1]
        ? prev[j - 1] + 1
        : prev[j] > row[j - 1]
        ? prev[j]
        : row[j - 1];
    }
    [prev, row] = [row, prev];
  }
  return prev[y.length];
}

/**
 * ROUGE-L as rouge-score's `_score_lcs`: the longest common subsequence
 * over the response's length (precision) and the reference's (recall); 0
 * when either is empty.
 *
 * @example
 * ```ts
 * import { rougeL } from "./rouge.ts";
 * console.log(rougeL(["testing", "two"], ["testing", "one", "two"]).fmeasure); // 0.8
 * ```
 *
 * @param response The response's tokens.
 * @param reference The reference's tokens.
 * @returns The scores.
 * @throws {RangeError} If the texts need more than `LCS_CELL_LIMIT` (_lcs_table.ts) cells.
 */
export function rougeL(response: Tokens, reference: Tokens): RougeScore {
  if (response.length === 0 || reference.length === 0) return ZERO;
  const lcs = lcsLength(response, reference);
  return scoreOf(lcs / response.length, lcs / reference.length);
}

/**
 * The reference positions of one longest common subsequence, read back
 * from the full table as rouge-score's `_backtrack_norec` does (on a tie,
 * it steps back in the reference).
 */
function lcsIndices(ref: Int32Array, can: Int32Array): number[] {
  const { table, width: cols } = lcsTable(ref, can);
  const out: number[] = [];
  let i = ref.length, j = can.length;
  while (i > 0 && j > 0) {
    if (ref[i - 1] === can[j - 1]) {
      out.push(i - 1);
      i--;
      j--;
    } else if (table[i * cols + j - 1] > table[(i - 1) * cols + j]) j--;
    else i--;
  }
  return out.reverse();
}

/**
 * ROUGE-Lsum as rouge-score's `_summary_level_lcs` (Lin 2004, section
 * 3.2): for each reference sentence the union of its LCS with every
 * response sentence, each token counted at most as often as both texts
 * hold it, over the response's and the reference's token counts.
 *
 * @example
 * ```ts
 * import { rougeLsum } from "./rouge.ts";
 * const score = rougeLsum([["w1", "w2", "w6", "w7", "w8"], ["w1", "w3", "w8", "w9", "w5"]], [["w1", "w2", "w3", "w4", "w5"]]);
 * console.log(score.recall, score.precision); // 0.8 0.4
 * ```
 *
 * @param response The response's sentences, each its tokens.
 * @param reference The reference's sentences.
 * @returns The scores.
 * @throws {RangeError} If a sentence pair needs more than `LCS_CELL_LIMIT` (_lcs_table.ts) cells.
 */
export function rougeLsum(
  response: readonly Tokens[],
  reference: readonly Tokens[],
): RougeScore {
  if (response.length === 0 || reference.length === 0) return ZERO;
  const m = reference.reduce((n, s) => n + s.length, 0);
  const n = response.reduce((k, s) => k + s.length, 0);
  if (m === 0 || n === 0) return ZERO;
  const of = tokenNumbering();
  const refs = reference.map(of);
  const cans = response.map(of);
  const countsRef = new Map<number, number>();
  const countsCan = new Map<number, number>();
  for (const s of refs) {
    for (const t of s) countsRef.set(t, (countsRef.get(t) ?? 0) + 1);
  }
  for (const s of cans) {
    for (const t of s) countsCan.set(t, (countsCan.get(t) ?? 0) + 1);
  }
  let hits = 0;
  for (const r of refs) {
    const union = new Set<number>();
    for (const c of cans) for (const i of lcsIndices(r, c)) union.add(i);
    for (const i of [...union].sort((a, b) => a - b)) {
      const t = r[i];
      const inCan = countsCan.get(t) ?? 0;
      const inRef = countsRef.get(t) ?? 0;
      if (inCan > 0 && inRef > 0) {
        hits++;
        countsCan.set(t, inCan - 1);
        countsRef.set(t, inRef - 1);
      }
    }
  }
  return scoreOf(hits / n, hits / m);
}

/** rouge-score's ROUGE-Lsum sentences: the non-empty lines. */
function sentencesOf(text: string): string[] {
  return text.split("\n").filter((s) => s.length > 0);
}

type Texts = { response: string; references: readonly string[] };

/**
 * The texts ROUGE reads: the raw ones, or under the `ultrarag` convention
 * UltraRAG's normalized ones (its evaluation server scores ROUGE on
 * `normalize_text` output, with stemming).
 */
function textsOf(input: RagInput): Texts {
  if (input.normalizer.rules !== "ultrarag") {
    return { response: input.response, references: input.references };
  }
  const norm = (t: string) => normalizedText(ultraragNormalizer, t);
  return {
    response: norm(input.response),
    references: input.references.map(norm),
  };
}

// A sample's tokens serve every ROUGE metric that asks for them.
function tokensOf(input: RagInput, stem: boolean): [Tokens, Tokens[]] {
  return input.memo(`rouge tokens ${stem}`, (): [Tokens, Tokens[]] => {
    const { response, references } = textsOf(input);
    return [
      rougeTokens(response, stem),
      references.map((r) => rougeTokens(r, stem)),
    ];
  });
}

/** Whether the metric stems: its parameter, else the convention's default. */
function stemsFor(params: Params, input: RagInput): boolean {
  if (params.stem !== undefined) return params.stem === "porter";
  return input.normalizer.rules === "ultrarag";
}

type Measure = "fmeasure" | "precision" | "recall";

function measureOf(params: Params): Measure {
  return params.measure === "precision"
    ? "precision"
    : params.measure === "recall"
    ? "recall"
    : "fmeasure";
}

/**
 * The score against the reference with the best F-measure (the first on a
 * tie), as rouge-score's `score_multi`, in the asked measure.
 */
function bestReference(
  scores: Iterable<RougeScore>,
  measure: Measure,
): number {
  let best: RougeScore | undefined;
  for (const score of scores) {
    if (best === undefined || score.fmeasure > best.fmeasure) best = score;
  }
  return (best ?? ZERO)[measure];
}

const PARAMS = {
  stem: {
    type: "string",
    description:
      "porter: NLTK's Porter stemmer on words longer than 3 letters (rouge-score's use_stemmer); default none, porter under --normalize ultrarag; given under --normalize flashrag, rouge-score's ROUGE instead of FlashRAG's",
    choices: ["none", "porter"],
  },
  measure: {
    type: "string",
    description: "f (fmeasure), precision or recall",
    default: "f",
    choices: ["f", "precision", "recall"],
  },
} as const;

// A sample's sentences as the rouge package splits them serve every
// FlashRAG ROUGE metric.
function packageSentencesOf(input: RagInput): [Tokens[], Tokens[][]] {
  return input.memo("rouge package sentences", (): [Tokens[], Tokens[][]] => [
    rougePackageSentences(input.response),
    input.references.map(rougePackageSentences),
  ]);
}

function fromPackage({ f, p, r }: RougePackageScore): RougeScore {
  return { precision: p, recall: r, fmeasure: f };
}

type PackagePair = (
  response: readonly Tokens[],
  reference: readonly Tokens[],
) => RougePackageScore;

/**
 * A ROUGE metric: rouge-score's, or under the `flashrag` convention without
 * a `stem` parameter FlashRAG's (the rouge package's, on the raw texts).
 */
function rougeMetric(
  name: string,
  aliases: MetricAlias[],
  what: string,
  pair: (
    response: Tokens,
    reference: Tokens,
  ) => RougeScore,
  flashragPair: PackagePair,
): MetricDefinition<RagInput> {
  return {
    name,
    aliases,
    kind: "rag",
    description:
      `rouge-score's ${what} of response and best reference (flashrag: FlashRAG's, the rouge package's); needs reference`,
    params: PARAMS,
    cutoff: "none",
    appliesTo: answerApplies,
    create: (params: Params) => {
      const measure = measureOf(params);
      return (input) => {
        if (
          input.normalizer.rules === "flashrag" && params.stem === undefined
        ) {
          const [response, references] = packageSentencesOf(input);
          return bestReference(
            references.map((reference) =>
              fromPackage(flashragPair(response, reference))
            ),
            measure,
          );
        }
        const [response, references] = tokensOf(input, stemsFor(params, input));
        return bestReference(
          references.map((reference) => pair(response, reference)),
          measure,
        );
      };
    },
  };
}

/** ROUGE-1: unigram overlap. */
export const rouge1: MetricDefinition<RagInput> = rougeMetric(
  "rouge_1",
  [{ name: "rouge-1", peer: "FlashRAG" }, {
    name: "rouge1",
    peer: "rouge-score",
  }],
  "ROUGE-1 (unigrams)",
  (r, g) => rougeN(r, g, 1),
  (r, g) => rougePackageN(r, g, 1),
);

/** ROUGE-2: bigram overlap. */
export const rouge2: MetricDefinition<RagInput> = rougeMetric(
  "rouge_2",
  [{ name: "rouge-2", peer: "FlashRAG" }, {
    name: "rouge2",
    peer: "rouge-score",
  }],
  "ROUGE-2 (bigrams)",
  (r, g) => rougeN(r, g, 2),
  (r, g) => rougePackageN(r, g, 2),
);

/** ROUGE-L: longest common subsequence. */
export const rougeLMetric: MetricDefinition<RagInput> = rougeMetric(
  "rouge_l",
  [{ name: "rouge-l", peer: "FlashRAG" }, {
    name: "rougel",
    peer: "rouge-score",
  }],
  "ROUGE-L (longest common subsequence)",
  rougeL,
  rougePackageL,
);

/** ROUGE-Lsum: summary-level LCS over newline-separated sentences. */
export const rougeLsumMetric: MetricDefinition<RagInput> = {
  name: "rouge_lsum",
  aliases: [{ name: "rougelsum", peer: "rouge-score" }, "rouge-lsum"],
  kind: "rag",
  description:
    "rouge-score's ROUGE-Lsum (summary-level LCS over newline-separated sentences) of response and best reference; needs reference",
  params: PARAMS,
  cutoff: "none",
  appliesTo: answerApplies,
  create: (params: Params) => {
    const measure = measureOf(params);
    return (input) => {
      const stem = stemsFor(params, input);
      const { response, references } = textsOf(input);
      const sentences = (t: string) =>
        sentencesOf(t).map((s) => rougeTokens(s, stem));
      const hyp = sentences(response);
      return bestReference(
        references.map((r) => rougeLsum(hyp, sentences(r))),
        measure,
      );
    };
  },
};
