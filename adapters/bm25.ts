/**
 * A lexical BM25 baseline over an in-memory corpus, built on MiniSearch, so
 * any dataset can be scored with no external service.
 *
 * @module
 */

import MiniSearch from "minisearch";
import { stemmer } from "stemmer";
import { compareIds } from "../model/compare_ids.ts";
import { type DatasetDocument, documentText } from "../formats/dataset.ts";
import type { RetrieveOptions, Retriever, SearchHit } from "./retriever.ts";

/**
 * The English stop words of Lucene's `EnglishAnalyzer` (and so of Anserini's
 * BM25 baselines): dropped from documents and queries by default.
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

const SEPARATORS = /[\s\p{Z}\p{P}]+/u;
const MARK = "\u0000";

/** Options of {@linkcode Bm25Retriever}. */
export interface Bm25Options {
  /** Term frequency saturation. Default: 0.9 (Anserini's BEIR baseline). */
  k1?: number;
  /** Length normalisation, 0 to 1. Default: 0.4 (Anserini's BEIR baseline). */
  b?: number;
  /** Reduce words to their Porter stem. Default: true. */
  stemming?: boolean;
  /** Words to drop after lower-casing. Default: {@linkcode ENGLISH_STOP_WORDS}. */
  stopWords?: ReadonlySet<string>;
  /** The run tag. Default: `bm25`. */
  name?: string;
}

/**
 * Okapi BM25 over the documents' title and text (joined as BEIR does), with
 * Lucene's IDF `ln(1 + (N - n + 0.5) / (n + 0.5))` and term weight
 * `tf (k1 + 1) / (tf + k1 (1 - b + b dl / avgdl))`, where `dl` counts the
 * terms a document keeps after analysis. Text is split on whitespace and
 * punctuation, lower-cased, stop words dropped and Porter stemmed. Ties are ordered by document id descending, as trec_eval orders a
 * run file, so a saved run re-evaluates to the same numbers.
 *
 * MiniSearch multiplies each score by the number of query terms matched; the
 * factor is divided out so the score is plain BM25.
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
  readonly #index: MiniSearch<{ id: string; text: string }>;

  /**
   * Indexes the documents.
   *
   * @param documents The corpus.
   * @param options BM25 parameters and text processing.
   * @throws {RangeError} If `k1` is negative or `b` is outside 0 to 1.
   * @throws {TypeError} If a document id repeats.
   */
  constructor(documents: Iterable<DatasetDocument>, options: Bm25Options = {}) {
    const k1 = options.k1 ?? 0.9;
    const b = options.b ?? 0.4;
    if (!(k1 >= 0 && Number.isFinite(k1))) {
      throw new RangeError(`BM25 k1 must be a number >= 0, got ${k1}`);
    }
    if (!(b >= 0 && b <= 1)) {
      throw new RangeError(`BM25 b must be between 0 and 1, got ${b}`);
    }
    const stopWords = options.stopWords ?? ENGLISH_STOP_WORDS;
    const stem = options.stemming ?? true;
    this.name = options.name ?? "bm25";
    const analyze = (text: string): string[] => {
      const terms: string[] = [];
      for (const token of text.split(SEPARATORS)) {
        if (token === "") continue;
        const lower = token.toLowerCase();
        if (stopWords.has(lower)) continue;
        terms.push(stem ? stemmer(lower) : lower);
      }
      return terms;
    };
    this.#index = new MiniSearch({
      fields: ["text"],
      // MiniSearch takes a field's length to be its number of distinct
      // tokens, where BM25 wants the number of terms; numbering each term
      // makes the two agree, and processTerm strips the number again.
      tokenize: (text) => analyze(text).map((term, i) => `${term}${MARK}${i}`),
      processTerm: (token) => token.slice(0, token.lastIndexOf(MARK)),
      searchOptions: { bm25: { k: k1, b, d: 0 } },
    });
    const seen = new Set<string>();
    for (const doc of documents) {
      if (seen.has(doc.id)) {
        throw new TypeError(`Document id "${doc.id}" appears twice`);
      }
      seen.add(doc.id);
      this.#index.add({ id: doc.id, text: documentText(doc) });
    }
  }

  /** How many documents are indexed. */
  get size(): number {
    return this.#index.documentCount;
  }

  /**
   * Ranks the documents that share a term with the query.
   *
   * @param query The query text.
   * @param options The limit.
   * @returns Hits with `id` and `score`, best first.
   */
  retrieve(query: string, options: RetrieveOptions): SearchHit[] {
    const hits = this.#index.search(query).map((result) => ({
      id: result.id as string,
      score: result.score / Math.max(result.queryTerms.length, 1),
    }));
    hits.sort((x, y) => y.score - x.score || compareIds(y.id, x.id));
    return hits.slice(0, options.limit);
  }
}
