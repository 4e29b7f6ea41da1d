/**
 * The built-in BM25 baseline: Anserini's BM25 (Lucene 8's `BM25Similarity`
 * with Anserini's English analyzer, k1 0.9, b 0.4), over an in-memory
 * inverted index, so any dataset can be scored with no external service
 * and the numbers are those an IR paper's "BM25 (Anserini)" row reports.
 *
 * @module
 */

import { compareIds } from "../model/compare_ids.ts";
import { rankByScore } from "../model/rank.ts";
import type { DatasetDocument } from "../formats/dataset.ts";
import {
  type AnalyzerName,
  ENGLISH_STOP_WORDS,
  TextAnalyzer,
} from "./analyzer.ts";
import { analysisOf, Bm25Index } from "./bm25_index.ts";
import { byteToLength, lengthToByte } from "./_small_float.ts";
import type { RetrieveOptions, Retriever, SearchHit } from "./retriever.ts";

export { ENGLISH_STOP_WORDS, TextAnalyzer };
export type { AnalyzerName };
export { Bm25Index };
export {
  forEachStandardToken,
  standardTokenize,
} from "./standard_tokenizer.ts";

/** How scores are computed: see {@linkcode Bm25Options.scoring}. */
export type Bm25Scoring = "lucene" | "exact";

/** How equal scores are ordered: see {@linkcode Bm25Options.ties}. */
export type Bm25Ties = "anserini" | "trec_eval";

/** Options of {@linkcode Bm25Retriever}. */
export interface Bm25Options {
  /** Term frequency saturation. Default: 0.9 (Anserini's). */
  k1?: number;
  /** Length normalisation, 0 to 1. Default: 0.4 (Anserini's). */
  b?: number;
  /**
   * The analysis: `anserini` (Lucene's `StandardTokenizer`, English
   * possessive filter, lower case, stop words, Porter stemmer), `split`
   * (split on white space and punctuation, then lower case, stop words,
   * Porter stemmer: ranklens' analysis before 0.2), or an analyzer.
   * Ignored when the retriever is given an index. Default: `anserini`.
   */
  analyzer?: AnalyzerName | TextAnalyzer;
  /** Reduce words to their Porter stem (for a named analyzer). Default: true. */
  stemming?: boolean;
  /** Words to drop after lower-casing (for a named analyzer). Default: {@linkcode ENGLISH_STOP_WORDS}. */
  stopWords?: ReadonlySet<string>;
  /**
   * `lucene`: Lucene 8's `BM25Similarity`, idf × (1 − 1 / (1 + tf / (k1 (1 − b
   * + b dl / avgdl)))) in 32-bit floats, with `dl` stored in one byte as
   * Lucene's index has it (`SmallFloat.intToByte4`). `exact`: the textbook
   * idf × tf (k1 + 1) / (tf + k1 (1 − b + b dl / avgdl)) in double
   * precision with exact lengths. Both use Lucene's idf ln(1 + (N − n +
   * 0.5) / (n + 0.5)). Default: `lucene`.
   */
  scoring?: Bm25Scoring;
  /**
   * `anserini`: the top `limit` by score (ties to the earlier document, as
   * Lucene's collector keeps them), then Anserini's `TiebreakerReranker`
   * (scores rounded to 4 decimals, ties by id ascending, each tie 1e-6
   * lower) and the 6-decimal scores Anserini writes, ordered as trec_eval
   * orders them. `trec_eval`: the raw scores, ties by id descending, as
   * trec_eval orders a run file. Either way a saved run re-evaluates to the
   * same numbers. Default: `anserini`.
   */
  ties?: Bm25Ties;
  /** The run tag. Default: `bm25`. */
  name?: string;
  /** Progress while the index builds: documents done and in all. */
  onProgress?: (done: number, total: number | undefined) => void;
}

const f32 = Math.fround;

/**
 * BM25 over the documents' title and text (joined as BEIR does). By
 * default it is Anserini's BM25 to the digit: on CACM its saved run scores
 * MAP 0.3123 and P_30 0.1942 with trec_eval, Anserini's published figures.
 *
 * A query is Anserini's bag of words: each distinct term once, weighted by
 * how often it occurs.
 *
 * @example
 * ```ts
 * import { Bm25Retriever } from "./bm25.ts";
 * const bm25 = new Bm25Retriever([
 *   { id: "d1", title: "Chains", text: "Lubricate the chain after wet rides." },
 *   { id: "d2", title: "Brakes", text: "Bed in new brake pads." },
 * ]);
 * const hits = bm25.retrieve("chain lubrication", { limit: 10 });
 * console.log(hits.map((hit) => hit.id)); // ["d1"]
 * ```
 */
export class Bm25Retriever implements Retriever {
  /** The run tag. */
  readonly name: string;
  /** Searching is synchronous and in memory: one query at a time suffices. */
  readonly concurrency: number = 1;
  /** The index searched. */
  readonly index: Bm25Index;
  /** Term frequency saturation. */
  readonly k1: number;
  /** Length normalisation. */
  readonly b: number;
  /** How scores are computed. */
  readonly scoring: Bm25Scoring;
  /** How equal scores are ordered. */
  readonly ties: Bm25Ties;
  readonly #analyzer: TextAnalyzer;
  // 1 / (k1 (1 - b + b dl / avgdl)) by norm byte (lucene), or by document (exact).
  readonly #normInverse: Float64Array;
  readonly #norms: Uint8Array | undefined;
  #scores: Float64Array;
  readonly #touched: Uint32Array;

  /**
   * Indexes the documents, or takes an index built before.
   *
   * @param corpus The documents, or a {@linkcode Bm25Index}.
   * @param options BM25 parameters, analysis, scoring and ties.
   * @throws {RangeError} If `k1` is negative or `b` is outside 0 to 1.
   * @throws {TypeError} If a document id repeats or an option is unknown.
   */
  constructor(
    corpus: Iterable<DatasetDocument> | Bm25Index,
    options: Bm25Options = {},
  ) {
    const k1 = options.k1 ?? 0.9;
    const b = options.b ?? 0.4;
    if (!(k1 >= 0 && Number.isFinite(k1))) {
      throw new RangeError(`BM25 k1 must be a number >= 0, got ${k1}`);
    }
    if (!(b >= 0 && b <= 1)) {
      throw new RangeError(`BM25 b must be between 0 and 1, got ${b}`);
    }
    this.k1 = k1;
    this.b = b;
    this.scoring = choice("scoring", options.scoring ?? "lucene", [
      "lucene",
      "exact",
    ]);
    this.ties = choice("ties", options.ties ?? "anserini", [
      "anserini",
      "trec_eval",
    ]);
    this.name = options.name ?? "bm25";
    if (corpus instanceof Bm25Index) {
      this.index = corpus;
      const { name, stemming, stopWords } = corpus.analysis;
      this.#analyzer = new TextAnalyzer(name, {
        stemming,
        stopWords: new Set(stopWords),
      });
    } else {
      this.#analyzer = analyzerOf(options);
      this.index = Bm25Index.build(corpus, this.#analyzer, {
        onProgress: options.onProgress,
      });
    }
    const { lengths, documentCount, totalLength } = this.index;
    const n = lengths.length;
    if (this.scoring === "lucene") {
      const k1f = f32(k1);
      const bf = f32(b);
      const avgdl = f32(totalLength / Math.max(documentCount, 1));
      this.#normInverse = new Float64Array(256);
      for (let i = 0; i < 256; i++) {
        this.#normInverse[i] = f32(
          1 /
            f32(
              k1f * f32(f32(1 - bf) + f32(f32(bf * byteToLength(i)) / avgdl)),
            ),
        );
      }
      this.#norms = new Uint8Array(n);
      for (let d = 0; d < n; d++) this.#norms[d] = lengthToByte(lengths[d]);
    } else {
      const avgdl = totalLength / Math.max(documentCount, 1);
      this.#normInverse = new Float64Array(n);
      for (let d = 0; d < n; d++) {
        this.#normInverse[d] = 1 / (k1 * (1 - b + b * lengths[d] / avgdl));
      }
    }
    this.#scores = new Float64Array(n);
    this.#touched = new Uint32Array(n);
  }

  /**
   * Whether an index was built with the analysis these options ask for, so
   * that a saved index can be reused.
   *
   * @example
   * ```ts
   * import { Bm25Index, Bm25Retriever, TextAnalyzer } from "./bm25.ts";
   * const index = Bm25Index.build([{ id: "d1", text: "chain" }], new TextAnalyzer("anserini"));
   * console.log(Bm25Retriever.matches(index, {}), Bm25Retriever.matches(index, { analyzer: "split" })); // true false
   * ```
   *
   * @param index The index.
   * @param options The retriever's options.
   * @returns True when the analysis is the same.
   */
  static matches(index: Bm25Index, options: Bm25Options): boolean {
    return JSON.stringify(analysisOf(analyzerOf(options))) ===
      JSON.stringify(index.analysis);
  }

  /** How many documents are indexed. */
  get size(): number {
    return this.index.lengths.length;
  }

  /**
   * Ranks the documents that share a term with the query.
   *
   * @param query The query text.
   * @param options The limit.
   * @returns Hits with `id` and `score`, best first.
   */
  retrieve(query: string, options: RetrieveOptions): SearchHit[] {
    const index = this.index;
    const counts = new Map<number, number>();
    for (const term of this.#analyzer.analyze(query)) {
      const id = index.termId(term);
      if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const scores = this.#scores;
    const touched = this.#touched;
    let nTouched = 0;
    const { offsets, docs, freqs } = index;
    const nDocs = index.documentCount;
    const lucene = this.scoring === "lucene";
    const normInverse = this.#normInverse;
    const norms = this.#norms!;
    for (const [term, count] of counts) {
      const df = offsets[term + 1] - offsets[term];
      const idf = Math.log(1 + (nDocs - df + 0.5) / (df + 0.5));
      const end = offsets[term + 1];
      if (lucene) {
        const weight = f32(count * f32(idf));
        for (let p = offsets[term]; p < end; p++) {
          const d = docs[p];
          const s = f32(
            weight -
              f32(weight / f32(1 + f32(freqs[p] * normInverse[norms[d]]))),
          );
          if (scores[d] === 0) touched[nTouched++] = d;
          scores[d] += s;
        }
      } else {
        const weight = count * idf * (this.k1 + 1);
        for (let p = offsets[term]; p < end; p++) {
          const d = docs[p];
          const tf = freqs[p];
          if (scores[d] === 0) touched[nTouched++] = d;
          scores[d] += weight * tf / (tf + 1 / normInverse[d]);
        }
      }
    }
    const hits = this.#top(touched, nTouched, options.limit, lucene);
    for (let i = 0; i < nTouched; i++) scores[touched[i]] = 0;
    return hits;
  }

  #top(
    touched: Uint32Array,
    nTouched: number,
    limit: number,
    lucene: boolean,
  ): SearchHit[] {
    const scores = this.#scores;
    const ids = this.index.documentIds;
    const found = touched.subarray(0, nTouched);
    // Lucene sums a document's term scores in double precision, then
    // rounds the sum to a float.
    if (lucene) { for (const d of found) scores[d] = f32(scores[d]); }
    if (this.ties === "trec_eval") {
      const byId = (x: number, y: number) => compareIds(ids[y], ids[x]);
      const picked = Array.from(top(found, scores, limit, byId));
      picked.sort((x, y) => scores[y] - scores[x] || byId(x, y));
      return picked.map((d) => ({ id: ids[d], score: scores[d] }));
    }
    // Lucene's collector: score descending, then the earlier document.
    const picked = Array.from(top(found, scores, limit, (x, y) => x - y));
    picked.sort((x, y) => scores[y] - scores[x] || x - y);
    // Anserini's TiebreakerReranker, in 32-bit floats as it computes.
    const rounded = picked.map((d) =>
      f32(Math.round(f32(scores[d] * 1e4)) / 1e4)
    );
    const order = picked.map((_, i) => i).sort((x, y) =>
      rounded[y] - rounded[x] ||
      (ids[picked[x]] < ids[picked[y]] ? -1 : 1)
    );
    const hits: SearchHit[] = [];
    let dup = 0;
    let previous = 0;
    for (const i of order) {
      let score = rounded[i];
      if (previous === 0 || f32(previous - score) > f32(1e-4)) dup = 0;
      else {
        dup++;
        score = f32(score - f32(f32(1e-6) * dup));
      }
      previous = score;
      // What Anserini writes: the float with six decimals.
      hits.push({ id: ids[picked[i]], score: Number(score.toFixed(6)) });
    }
    // As trec_eval ranks those lines.
    const ranked = rankByScore(
      hits.map((hit) => hit.score!),
      (x, y) => compareIds(hits[x].id!, hits[y].id!),
    );
    return Array.from(ranked, (i) => hits[i]);
  }
}

// The `limit` best of `found` by score, in no order; of the documents tied
// at the cut, those first by `tieOrder`.
function top(
  found: Uint32Array,
  scores: Float64Array,
  limit: number,
  tieOrder: (x: number, y: number) => number,
): Uint32Array {
  if (found.length <= limit) return found;
  // The limit-th best score: everything above it is in.
  const values = new Float64Array(found.length);
  for (let i = 0; i < found.length; i++) values[i] = scores[found[i]];
  const threshold = kthLargest(values, limit);
  const out = new Uint32Array(limit);
  let n = 0;
  const equal: number[] = [];
  for (const d of found) {
    const s = scores[d];
    if (s > threshold) out[n++] = d;
    else if (s === threshold) equal.push(d);
  }
  equal.sort(tieOrder);
  for (let i = 0; n < limit; i++) out[n++] = equal[i];
  return out;
}

function analyzerOf(options: Bm25Options): TextAnalyzer {
  const analyzer = options.analyzer ?? "anserini";
  return analyzer instanceof TextAnalyzer ? analyzer : new TextAnalyzer(
    analyzer,
    { stemming: options.stemming, stopWords: options.stopWords },
  );
}

function choice<T extends string>(
  name: string,
  value: T,
  values: readonly T[],
): T {
  if (!values.includes(value)) {
    throw new TypeError(
      `BM25 ${name} must be ${values.join(" or ")}, got ${
        JSON.stringify(value)
      }`,
    );
  }
  return value;
}

// The k-th largest value (1-based), by quickselect: sorting every matching
// document of a query of common words costs more than scoring them.
function kthLargest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  const target = values.length - k;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i++] = values[j];
        values[j--] = t;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  return values[target];
}
