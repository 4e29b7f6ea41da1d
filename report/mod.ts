/**
 * Renderers: evaluations as trec_eval text, JSON, CSV and Markdown;
 * comparisons as text, Markdown, CSV, JSON, LaTeX and single-file HTML; RAG
 * evaluations; saved reports for `gate`.
 *
 * @example Render an evaluation as trec_eval prints it
 * ```ts
 * import { evaluate } from "@ranklens/ranklens/metrics";
 * import { renderEvaluation } from "@ranklens/ranklens/report";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const evaluation = await evaluate([{ queryId: "q1", docs: ["d1"] }], qrels, ["rr"]);
 * console.log(renderEvaluation(evaluation, "trec", { runId: "bm25" }).split("\n")[2]);
 * // "rr                    \tall\t1.0000"
 * ```
 *
 * @module
 */

// Types of other folders that the signatures below name, re-exported as types
// only (values come from their own entry point), so that a user of this entry
// point alone can name every type it shows.
export type * from "../model/types.ts";
export type { JudgedRanking } from "../model/mod.ts";
export type * from "../metrics/metric.ts";
export type {
  Alternative,
  ALTERNATIVES,
  Comparison,
  Correction,
  CORRECTIONS,
  EvaluateOptions,
  Evaluation,
  EvaluationCounts,
  MetricCurve,
  PairComparison,
  QUERY_SETS,
  QuerySet,
  RagEvaluation,
  Registry,
  SegmentSummary,
  SIGNIFICANCE_TESTS,
  SignificanceTest,
  SystemSummary,
  ZERO_METHODS,
  ZeroMethod,
} from "../metrics/mod.ts";
export {
  EVALUATION_FORMATS,
  type EvaluationFormat,
  evaluationTable,
  evaluationToJson,
  evaluationToTrec,
  renderEvaluation,
  type RenderOptions,
  type TableOptions,
} from "./evaluation.ts";
export { type Table, toAligned, toCsv, toMarkdown } from "./table.ts";
export {
  type RagEvaluationJson,
  ragEvaluationTable,
  ragEvaluationToJson,
  ragEvaluationToTrec,
  type RagRenderOptions,
  type RagTableOptions,
  renderRagEvaluation,
} from "./rag.ts";
export {
  type ComparisonJson,
  comparisonSummary,
  comparisonToCsv,
  comparisonToJson,
  comparisonToMarkdown,
  comparisonToText,
  type PairJson,
  type SystemJson,
  type TextOptions,
} from "./comparison.ts";
export {
  COMPARISON_FORMATS,
  type ComparisonFormat,
  type ComparisonRenderOptions,
  renderComparison,
} from "./comparison_formats.ts";
export { comparisonToLatex } from "./latex.ts";
export {
  comparisonToHtml,
  type HtmlOptions,
  type ReportInput,
} from "./html.ts";
export {
  baselineEvaluation,
  type BaselineReport,
  parseSavedReport,
  type SavedOptions,
  type SavedReport,
  savedReport,
} from "./baseline.ts";
