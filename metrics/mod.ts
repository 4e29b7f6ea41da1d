/**
 * Metrics: the registry and its spec language, every built-in ranking and
 * RAG metric, the evaluate core, significance tests and run comparison.
 *
 * @example Evaluate a run and compare two
 * ```ts
 * import { compare, evaluate } from "@ranklens/ranklens/metrics";
 * const qrels = new Map([["q1", new Map([["d1", 1]])], ["q2", new Map([["d2", 1]])]]);
 * const a = [{ queryId: "q1", docs: ["d1"] }, { queryId: "q2", docs: ["d9", "d2"] }];
 * console.log((await evaluate(a, qrels, ["rr"])).aggregate.rr); // 0.75
 * const b = [{ queryId: "q1", docs: ["d1"] }, { queryId: "q2", docs: ["d2"] }];
 * const result = await compare({ a, b }, qrels, ["rr"], { baseline: "a" });
 * console.log(result.systems.map((s) => s.means.rr)); // [0.75, 1]
 * ```
 *
 * @module
 */

// Types of other folders that the signatures below name, re-exported as types
// only (values come from their own entry point), so that a user of this entry
// point alone can name every type it shows.
export type * from "../model/types.ts";
export type {
  ContextId,
  JudgedItem,
  JudgedRanking,
  JudgedTopic,
  JudgeRequest,
  JUDGING_RESTART,
  JudgingRun,
  PlainRanking,
  QrelsLike,
  RagasSingleTurnSample,
  RagSample,
  RunLike,
  ScoresMap,
  ScoresRecord,
} from "../model/mod.ts";
export type {
  Aggregate,
  AnyMetricDefinition,
  BoundMetric,
  GainMap,
  MetricAlias,
  MetricDefinition,
  Params,
  ParamSchema,
  ParamSpec,
  ParamValue,
  Peer,
  TrecEvalBinding,
  TrecEvalMeasure,
  TrecEvalParams,
} from "./metric.ts";
export { Registry } from "./registry.ts";
export {
  formatParamValue,
  type ParsedSpec,
  parseSpec,
  splitSpecList,
} from "./spec.ts";
export { BUILTIN_METRICS, builtinRegistry, resolve } from "./builtin.ts";
export { type MetricListing, metricListing } from "./listing.ts";
export { expandMeasureList } from "./measure_list.ts";
export { OFFICIAL_SPECS } from "./official.ts";
export {
  evaluate,
  type EvaluateOptions,
  evaluateSync,
  type Evaluation,
  type EvaluationCounts,
  type MetricLike,
  type SegmentSummary,
} from "./evaluate.ts";
export { rbo, type RboOptions } from "./rbo.ts";
export { DIVERSITY_KIND, DIVERSITY_METRICS } from "./diversity/measures.ts";
export {
  SubtopicRanking,
  type SubtopicRelevance,
} from "./diversity/subtopic_ranking.ts";
export {
  evaluateDiversity,
  type EvaluateDiversityOptions,
} from "./diversity/evaluate.ts";
export {
  checkComparable,
  checkComparisonOptions,
  compare,
  compareEvaluations,
  type CompareEvaluationsOptions,
  type CompareOptions,
  type Comparison,
  type ComparisonOptions,
  curveSpecs,
  DEFAULT_COMPARE_SPECS,
  DEFAULT_CURVE_CUTOFFS,
  type MetricCurve,
  type Named,
  type PairComparison,
  QUERY_SETS,
  type QuerySet,
  SIGNIFICANCE_TESTS,
  type SignificanceTest,
  type SystemSummary,
} from "./compare.ts";
export {
  DEFAULT_RAG_METRICS,
  evaluateRag,
  type RagEvaluateOptions,
  type RagEvaluation,
  type RagMetricLike,
  resolveRagMetrics,
} from "./rag/evaluate.ts";
export {
  type NormalizedAnswers,
  type NormalizedText,
  RagInput,
  type RagInputOptions,
} from "./rag/input.ts";
export { RAG_METRICS } from "./rag/definitions.ts";
export {
  type NormalizationName,
  NORMALIZATIONS,
  normalizeAnswer,
  type Normalizer,
  normalizerOf,
  type ScoringRules,
  type Tokens,
} from "./rag/normalize.ts";
export { type Alternative, ALTERNATIVES } from "./significance/alternative.ts";
export {
  type BootstrapOptions,
  type BootstrapResult,
  bootstrapTest,
  MAX_RESAMPLED_DRAWS,
} from "./significance/bootstrap.ts";
export {
  adjustPValues,
  type Correction,
  CORRECTIONS,
} from "./significance/correction.ts";
export { pairedDifferences } from "./significance/differences.ts";
export { pairedEffectSize } from "./significance/effect_size.ts";
export {
  type FisherOptions,
  fisherRandomizationTest,
  type FisherResult,
} from "./significance/fisher.ts";
export {
  pairedTTest,
  type PairedTTestOptions,
  type PairedTTestResult,
} from "./significance/paired_t.ts";
export {
  type PermutationOptions,
  type PermutationResult,
  permutationTest,
} from "./significance/permutation.ts";
export {
  studentizedRangeCdf,
  studentizedRangeSf,
} from "./significance/studentized_range.ts";
export { tukeyHsd, type TukeyHsdResult } from "./significance/tukey_hsd.ts";
export {
  type WilcoxonMethod,
  type WilcoxonOptions,
  type WilcoxonResult,
  wilcoxonSignedRank,
  ZERO_METHODS,
  type ZeroMethod,
} from "./significance/wilcoxon.ts";
export { type WinsTiesLosses, winsTiesLosses } from "./significance/wins.ts";
export {
  aggregateValues,
  GEOMETRIC_FLOOR,
  geometricTerm,
} from "./aggregate.ts";
