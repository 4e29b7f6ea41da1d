/**
 * Retrievers and retrieval evaluation: a function, an HTTP endpoint, search
 * hits and the built-in BM25, all scored by `evaluateRetrieval`.
 *
 * @example Evaluate a retriever function
 * ```ts
 * import { evaluateRetrieval } from "@ranklens/ranklens/adapters";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const report = await evaluateRetrieval(
 *   () => [{ id: "d2", score: 2 }, { id: "d1", score: 1 }],
 *   qrels,
 *   [{ id: "q1", text: "a query" }],
 *   { metrics: ["rr"] },
 * );
 * console.log(report.aggregate.rr); // 0.5
 * ```
 *
 * @module
 */

// Types of other folders that the signatures below name, re-exported as types
// only (values come from their own entry point), so that a user of this entry
// point alone can name every type it shows.
export type * from "../model/types.ts";
export type { JudgedRanking } from "../model/mod.ts";
export type {
  DatasetDocument,
  DatasetQuery,
  ExtraFields,
  FormatRunOptions,
  QrelsRecord,
  RetrievalDataset,
} from "../formats/mod.ts";
export type * from "../metrics/metric.ts";
export type {
  Evaluation,
  EvaluationCounts,
  Registry,
  SegmentSummary,
} from "../metrics/mod.ts";
export {
  asRetriever,
  checkConcurrency,
  functionRetriever,
  type FunctionRetrieverOptions,
  RetrievalError,
  type RetrievalErrorKind,
  type RetrievedItem,
  type RetrieveOptions,
  type Retriever,
  type RetrieverFunction,
  type RetrieverLike,
  type SearchHit,
} from "./retriever.ts";
export {
  rankingFromHits,
  type RankingFromHitsOptions,
  sourceIdOf,
} from "./search_hits.ts";
export {
  ANALYZER_NAMES,
  type AnalyzerName,
  ENGLISH_STOP_WORDS,
  TextAnalyzer,
  type TextAnalyzerOptions,
} from "./analyzer.ts";
export {
  type Bm25Options,
  Bm25Retriever,
  type Bm25Scoring,
  type Bm25Ties,
} from "./bm25.ts";
export {
  analysisOf,
  Bm25Index,
  type Bm25IndexAnalysis,
  type Bm25IndexBuildOptions,
} from "./bm25_index.ts";
export { standardTokenize } from "./standard_tokenizer.ts";
export {
  SEARCH_ENGINE_PRESET_NAMES,
  type SearchEnginePreset,
  type SearchEnginePresetName,
} from "./search_engine_presets.ts";
export {
  DEFAULT_REQUEST_TEMPLATE,
  HttpRetriever,
  type HttpRetrieverOptions,
} from "./http_retriever.ts";
export {
  type RetrievalFailure,
  RetrievalReport,
  type RetrievalReportInit,
  type SkippedQuery,
} from "./retrieval_report.ts";
export {
  DEFAULT_K_VALUES,
  DEFAULT_RETRIEVAL_METRICS,
  evaluateDataset,
  evaluateRetrieval,
  type EvaluateRetrievalOptions,
  type QueriesLike,
} from "./evaluate_retrieval.ts";
