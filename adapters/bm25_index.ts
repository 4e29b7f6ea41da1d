/**
 * The inverted index behind the built-in BM25: interned terms, postings in
 * typed arrays (document numbers and term frequencies, by term), document
 * lengths; built in one pass over the corpus, saved to and loaded from one
 * file.
 *
 * @module
 */

import { type DatasetDocument, documentText } from "../formats/dataset.ts";
import { writeFileAtomic } from "../formats/atomic_write.ts";
import type { AnalyzerName, TextAnalyzer } from "./analyzer.ts";
import { TokenTable } from "./_token_table.ts";

const MAGIC = "ranklens-bm25-index";
const VERSION = 1;
// Words seen more often than this many distinct ones are not cached: a
// corpus of random strings must not grow the cache without end.
const TOKEN_CACHE_LIMIT = 1 << 21;

/** Options of {@linkcode Bm25Index.build}. */
export interface Bm25IndexBuildOptions {
  /** Called every few thousand documents, and at the end, with how many are indexed and how many there are (undefined for an iterable of unknown size). */
  onProgress?: (done: number, total: number | undefined) => void;
}

/** What a saved index records of the analysis that built it. */
export interface Bm25IndexAnalysis {
  /** The analyzer's name. */
  readonly name: AnalyzerName;
  /** Whether terms are Porter stems. */
  readonly stemming: boolean;
  /** The stop words, sorted. */
  readonly stopWords: readonly string[];
}

/**
 * A corpus indexed for BM25. Document `i` of the corpus is number `i`; the
 * postings of term `t` are `docs[offsets[t]..offsets[t + 1]]` (ascending)
 * with their frequencies in `freqs`.
 *
 * @example
 * ```ts
 * import { Bm25Index } from "./bm25_index.ts";
 * import { TextAnalyzer } from "./analyzer.ts";
 * const index = Bm25Index.build([
 *   { id: "d1", text: "Chains wear; a worn chain wears the cassette." },
 *   { id: "d2", text: "Brake pads wear too." },
 * ], new TextAnalyzer("anserini"));
 * const wear = index.termId("wear")!;
 * console.log(index.documentFrequency(wear), index.lengths); // 2 Uint32Array(2) [ 6, 4 ]
 * ```
 */
export class Bm25Index {
  /** The document ids, by document number. */
  readonly documentIds: readonly string[];
  /** The terms, by term number. */
  readonly terms: readonly string[];
  /** Where each term's postings start; one more entry than terms. */
  readonly offsets: Uint32Array;
  /** Document numbers of the postings. */
  readonly docs: Uint32Array;
  /** Term frequencies of the postings. */
  readonly freqs: Uint32Array;
  /** Each document's number of terms after analysis. */
  readonly lengths: Uint32Array;
  /** The analysis the index was built with. */
  readonly analysis: Bm25IndexAnalysis;
  /** A hash of the documents' ids and texts, to tell whether a saved index is still the corpus's. */
  readonly fingerprint: string;
  /** Documents with at least one term (Lucene's `docCount`). */
  readonly documentCount: number;
  /** The sum of the lengths (Lucene's `sumTotalTermFreq`). */
  readonly totalLength: number;
  #termIds: Map<string, number> | undefined;

  private constructor(fields: {
    documentIds: readonly string[];
    terms: readonly string[];
    offsets: Uint32Array;
    docs: Uint32Array;
    freqs: Uint32Array;
    lengths: Uint32Array;
    analysis: Bm25IndexAnalysis;
    fingerprint: string;
    termIds?: Map<string, number>;
  }) {
    this.documentIds = fields.documentIds;
    this.terms = fields.terms;
    this.offsets = fields.offsets;
    this.docs = fields.docs;
    this.freqs = fields.freqs;
    this.lengths = fields.lengths;
    this.analysis = fields.analysis;
    this.fingerprint = fields.fingerprint;
    this.#termIds = fields.termIds;
    let count = 0;
    let total = 0;
    for (const length of this.lengths) {
      if (length > 0) count++;
      total += length;
    }
    this.documentCount = count;
    this.totalLength = total;
  }

  /**
   * Indexes documents (title and text joined, as BEIR does).
   *
   * @param documents The corpus.
   * @param analyzer The analysis.
   * @param options Progress.
   * @returns The index.
   * @throws {TypeError} If a document id repeats.
   */
  static build(
    documents: Iterable<DatasetDocument>,
    analyzer: TextAnalyzer,
    options: Bm25IndexBuildOptions = {},
  ): Bm25Index {
    const total = Array.isArray(documents) ? documents.length : undefined;
    const termIds = new Map<string, number>();
    const terms: string[] = [];
    // A token's term number, or -1 for a stop word.
    const tokens = new TokenTable(TOKEN_CACHE_LIMIT);
    const documentIds: string[] = [];
    const seen = new Set<string>();
    let lengths = new Uint32Array(1024);
    // (term, frequency) pairs, document after document.
    let pairTerms = new Uint32Array(1 << 16);
    let pairFreqs = new Uint32Array(1 << 16);
    let pairs = 0;
    let docPairs = new Uint32Array(1024);
    // Frequencies in the current document, by term; `touched` lists the terms.
    let counts = new Uint32Array(1024);
    let touched = new Uint32Array(1024);
    let nTouched = 0;
    const hasher = new Fingerprint();
    let text = "";
    const onSpan = (start: number, end: number) => {
      let id = tokens.get(text, start, end);
      if (id === -2) {
        const term = analyzer.term(text.slice(start, end));
        if (term === undefined) id = -1;
        else {
          id = termIds.get(term) ?? -1;
          if (id < 0) {
            id = terms.length;
            termIds.set(term, id);
            terms.push(term);
            if (id >= counts.length) counts = grow(counts, id + 1);
          }
        }
        tokens.set(text, start, end, id);
      }
      if (id < 0) return;
      if (counts[id]++ === 0) {
        if (nTouched === touched.length) {
          touched = grow(touched, nTouched + 1);
        }
        touched[nTouched++] = id;
      }
    };
    let n = 0;
    for (const document of documents) {
      if (seen.has(document.id)) {
        throw new TypeError(`Document id "${document.id}" appears twice`);
      }
      seen.add(document.id);
      documentIds.push(document.id);
      text = documentText(document);
      hasher.add(document.id);
      hasher.add(text);
      nTouched = 0;
      analyzer.forEachSpan(text, onSpan);
      if (pairs + nTouched > pairTerms.length) {
        pairTerms = grow(pairTerms, pairs + nTouched);
        pairFreqs = grow(pairFreqs, pairs + nTouched);
      }
      let length = 0;
      for (let i = 0; i < nTouched; i++) {
        const id = touched[i];
        pairTerms[pairs] = id;
        pairFreqs[pairs++] = counts[id];
        length += counts[id];
        counts[id] = 0;
      }
      if (n === lengths.length) {
        lengths = grow(lengths, n + 1);
        docPairs = grow(docPairs, n + 1);
      }
      lengths[n] = length;
      docPairs[n] = nTouched;
      n++;
      if (options.onProgress && n % 4096 === 0) options.onProgress(n, total);
    }
    options.onProgress?.(n, total);
    // Postings by term: a counting sort of the pairs, which keeps each
    // term's documents ascending.
    const offsets = new Uint32Array(terms.length + 1);
    for (let i = 0; i < pairs; i++) offsets[pairTerms[i] + 1]++;
    for (let t = 0; t < terms.length; t++) offsets[t + 1] += offsets[t];
    const next = offsets.slice(0, terms.length);
    const docs = new Uint32Array(pairs);
    const freqs = new Uint32Array(pairs);
    let p = 0;
    for (let d = 0; d < n; d++) {
      for (const end = p + docPairs[d]; p < end; p++) {
        const slot = next[pairTerms[p]]++;
        docs[slot] = d;
        freqs[slot] = pairFreqs[p];
      }
    }
    return new Bm25Index({
      documentIds,
      terms,
      offsets,
      docs,
      freqs,
      lengths: lengths.slice(0, n),
      analysis: analysisOf(analyzer),
      fingerprint: hasher.digest(n),
      termIds,
    });
  }

  /**
   * The fingerprint {@linkcode Bm25Index.build} would record for these
   * documents, to check a saved index without building one.
   *
   * @example
   * ```ts
   * import { Bm25Index } from "./bm25_index.ts";
   * const docs = [{ id: "d1", text: "chain" }];
   * console.log(Bm25Index.fingerprintOf(docs) === Bm25Index.fingerprintOf([{ id: "d1", text: "chains" }])); // false
   * ```
   *
   * @param documents The corpus.
   * @returns The fingerprint.
   */
  static fingerprintOf(documents: Iterable<DatasetDocument>): string {
    const hasher = new Fingerprint();
    let n = 0;
    for (const document of documents) {
      hasher.add(document.id);
      hasher.add(documentText(document));
      n++;
    }
    return hasher.digest(n);
  }

  /**
   * A term's number.
   *
   * @param term An analyzed term.
   * @returns Its number, or undefined when no document has it.
   */
  termId(term: string): number | undefined {
    this.#termIds ??= new Map(this.terms.map((t, i) => [t, i]));
    return this.#termIds.get(term);
  }

  /**
   * How many documents hold a term.
   *
   * @param termId The term's number.
   * @returns The document frequency.
   */
  documentFrequency(termId: number): number {
    return this.offsets[termId + 1] - this.offsets[termId];
  }

  /**
   * Writes the index to one file, atomically.
   *
   * @example
   * ```ts
   * import { Bm25Index } from "./bm25_index.ts";
   * import { TextAnalyzer } from "./analyzer.ts";
   * const dir = await Deno.makeTempDir();
   * const index = Bm25Index.build([{ id: "d1", text: "chain wear" }], new TextAnalyzer("anserini"));
   * await index.save(`${dir}/bm25.index`);
   * const loaded = await Bm25Index.load(`${dir}/bm25.index`);
   * console.log(loaded.terms, loaded.fingerprint === index.fingerprint); // ["chain", "wear"] true
   * await Deno.remove(dir, { recursive: true });
   * ```
   *
   * @param path The file.
   */
  async save(path: string): Promise<void> {
    const arrays = [this.lengths, this.offsets, this.docs, this.freqs];
    const header = new TextEncoder().encode(JSON.stringify({
      format: MAGIC,
      version: VERSION,
      littleEndian: true,
      analysis: this.analysis,
      fingerprint: this.fingerprint,
      arrays: arrays.map((a) => a.length),
      documentIds: this.documentIds,
      terms: this.terms,
    }));
    const headerEnd = align(8 + header.length);
    let size = headerEnd;
    for (const a of arrays) size += a.byteLength;
    const bytes = new Uint8Array(size);
    const view = new DataView(bytes.buffer);
    view.setUint32(0, 0x4D42_4C52, true); // "RLBM"
    view.setUint32(4, header.length, true);
    bytes.set(header, 8);
    let at = headerEnd;
    for (const a of arrays) {
      bytes.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
      at += a.byteLength;
    }
    await writeFileAtomic(path, bytes);
  }

  /**
   * Reads an index written by {@linkcode Bm25Index.save}.
   *
   * @param path The file.
   * @returns The index.
   * @throws {SyntaxError} If the file is not an index of this version, naming it.
   */
  static async load(path: string): Promise<Bm25Index> {
    const bytes = await Deno.readFile(path);
    const bad = (what: string) =>
      new SyntaxError(`${path}: not a ranklens BM25 index (${what})`);
    if (bytes.length < 8) throw bad("too short");
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    if (view.getUint32(0, true) !== 0x4D42_4C52) throw bad("no magic number");
    const headerLength = view.getUint32(4, true);
    if (8 + headerLength > bytes.length) throw bad("truncated header");
    let header: {
      format?: string;
      version?: number;
      littleEndian?: boolean;
      analysis: Bm25IndexAnalysis;
      fingerprint: string;
      arrays: number[];
      documentIds: string[];
      terms: string[];
    };
    try {
      header = JSON.parse(
        new TextDecoder().decode(bytes.subarray(8, 8 + headerLength)),
      );
    } catch {
      throw bad("unreadable header");
    }
    if (header.format !== MAGIC || header.version !== VERSION) {
      throw bad(`format ${header.format} version ${header.version}`);
    }
    const [nLengths, nOffsets, nDocs, nFreqs] = header.arrays;
    const headerEnd = align(8 + headerLength);
    if (
      headerEnd + 4 * (nLengths + nOffsets + nDocs + nFreqs) !== bytes.length ||
      nLengths !== header.documentIds.length ||
      nOffsets !== header.terms.length + 1 || nDocs !== nFreqs
    ) {
      throw bad("sizes do not match");
    }
    // The file's bytes are copied once into an aligned buffer of their own.
    const body = bytes.slice(headerEnd).buffer;
    let at = 0;
    const take = (length: number) => {
      const array = new Uint32Array(body, at, length);
      at += 4 * length;
      return array;
    };
    const lengths = take(nLengths);
    const offsets = take(nOffsets);
    const docs = take(nDocs);
    const freqs = take(nFreqs);
    if (offsets[offsets.length - 1] !== nDocs) throw bad("offsets");
    return new Bm25Index({
      documentIds: header.documentIds,
      terms: header.terms,
      offsets,
      docs,
      freqs,
      lengths,
      analysis: header.analysis,
      fingerprint: header.fingerprint,
    });
  }
}

/**
 * What an analyzer records in an index.
 *
 * @example
 * ```ts
 * import { analysisOf } from "./bm25_index.ts";
 * import { TextAnalyzer } from "./analyzer.ts";
 * const analyzer = new TextAnalyzer("anserini", { stopWords: new Set(["the", "a"]) });
 * console.log(analysisOf(analyzer)); // { name: "anserini", stemming: true, stopWords: ["a", "the"] }
 * ```
 *
 * @param analyzer The analyzer.
 * @returns Its name, stemming and sorted stop words.
 */
export function analysisOf(analyzer: TextAnalyzer): Bm25IndexAnalysis {
  return {
    name: analyzer.name,
    stemming: analyzer.stemming,
    stopWords: [...analyzer.stopWords].sort(),
  };
}

function align(n: number): number {
  return (n + 7) & ~7;
}

function grow<T extends Uint32Array>(array: T, needed: number): T {
  let size = array.length * 2;
  while (size < needed) size *= 2;
  const bigger = new Uint32Array(size) as T;
  bigger.set(array);
  return bigger;
}

// Two 32-bit multiplicative hashes over the UTF-16 code units, with each
// string's length mixed in so that ("ab", "c") and ("a", "bc") differ.
class Fingerprint {
  #h1 = 0x811C9DC5;
  #h2 = 0x01000193;
  #chars = 0;

  add(text: string): void {
    let h1 = this.#h1;
    let h2 = this.#h2;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5BD1E995);
    }
    h1 = Math.imul(h1 ^ text.length, 0x01000193);
    h2 = Math.imul(h2 ^ (h2 >>> 15), 0x2C1B3C6D);
    this.#h1 = h1;
    this.#h2 = h2;
    this.#chars += text.length;
  }

  digest(documents: number): string {
    const hex = (h: number) => (h >>> 0).toString(16).padStart(8, "0");
    return `${documents}-${this.#chars}-${hex(this.#h1)}${hex(this.#h2)}`;
  }
}
