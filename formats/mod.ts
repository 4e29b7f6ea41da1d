/**
 * Readers and writers: TREC runs and qrels, BEIR, Go-style JSON datasets,
 * JSON Lines, Ragas and answer files, the format registry and conversion.
 *
 * @example Read a run and its qrels, and score it
 * ```ts
 * import { readQrels, readRun } from "@ranklens/ranklens/formats";
 * import { evaluate } from "@ranklens/ranklens/metrics";
 * const qrels = await readQrels({ text: "q1 0 d1 1\n" });
 * const run = readRun({ text: "q1 Q0 d2 1 2.0 bm25\nq1 Q0 d1 2 1.0 bm25\n" });
 * console.log((await evaluate(run, qrels, ["rr"])).aggregate.rr); // 0.5
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
  InputError,
  JudgedItem,
  JudgedRanking,
  JudgedTopic,
  JudgeRequest,
  JUDGING_RESTART,
  JudgingRun,
  RagasSingleTurnSample,
  RagSample,
} from "../model/mod.ts";
export {
  type ByteReader,
  type Line,
  type OpenedSource,
  openSource,
  readerStream,
  readLineBatches,
  readLines,
  type ReadLinesOptions,
  type Source,
  splitFields,
  stdinStream,
} from "./source.ts";
export { formatQrels, readQrels, type ReadQrelsOptions } from "./trec_qrels.ts";
export { readSmallFileSync, uniformFields } from "./whole_file.ts";
export {
  formatRun,
  type FormatRunOptions,
  readRun,
  type ReadRunOptions,
  type TrecRun,
  UngroupedRunError,
} from "./trec_run.ts";
export { checkTrecField } from "./trec_fields.ts";
export {
  readSubtopicQrels,
  type ReadSubtopicQrelsOptions,
} from "./subtopic_qrels.ts";
export {
  DEFAULT_INPUT_LIMITS,
  type InputLimits,
  inputLimits,
  setInputLimits,
} from "./limits.ts";
export {
  type DatasetDocument,
  type DatasetQuery,
  documentText,
  type ExtraFields,
  type QrelsRecord,
  type RetrievalDataset,
  validateDataset,
  type ValidateDatasetOptions,
} from "./dataset.ts";
export {
  BEIR_QRELS_PATHS,
  formatBeirQrels,
  readBeir,
  type ReadBeirOptions,
  readBeirQrels,
  type ReadBeirQrelsOptions,
  writeBeir,
  type WriteBeirOptions,
} from "./beir.ts";
export {
  formatGoDataset,
  type FormatGoDatasetOptions,
  parseGoDataset,
  readGoDataset,
  type ReadGoDatasetOptions,
  writeGoDataset,
} from "./go_dataset.ts";
export {
  checkUniqueKeys,
  parseJson,
  type ParseJsonOptions,
} from "./json_text.ts";
export {
  formatJsonLine,
  type JsonLine,
  jsonLinesStream,
  readJsonLines,
  type ReadJsonLinesOptions,
} from "./jsonl.ts";
export { writeFileAtomic } from "./atomic_write.ts";
export {
  formatRagasJsonl,
  formatRagasLine,
  readRagasJsonl,
  type ReadRagasOptions,
  toRagasDataset,
  writeRagasJsonl,
} from "./ragas.ts";
export {
  ANSWER_KEYS,
  type AnswerKeyMap,
  type AnswerPart,
  DEFAULT_ANSWER_KEY_MAP,
  parseKeyMap,
  readAnswersJsonl,
  type ReadAnswersOptions,
} from "./answers.ts";
export { readRagSamples, type ReadRagSamplesOptions } from "./rag_samples.ts";
export {
  type AnyDataFormat,
  BEIR_FORMAT,
  BEIR_QRELS_FORMAT,
  builtinFormats,
  type DataFormat,
  type DetectFormatOptions,
  type FormatKind,
  type FormatProbe,
  FormatRegistry,
  type FormatValues,
  GO_JSON_FORMAT,
  JSON_QRELS_FORMAT,
  JSON_RUN_FORMAT,
  JSONL_RUN_FORMAT,
  MSMARCO_RUN_FORMAT,
  TREC_QRELS_FORMAT,
  TREC_RUN_FORMAT,
} from "./format_registry.ts";
export {
  readQrelsInput,
  type ReadQrelsInputOptions,
  readRunInput,
  type ReadRunInputOptions,
  type RunInput,
} from "./inputs.ts";
export {
  formatJsonLinesRun,
  formatJsonQrels,
  formatJsonRun,
  readJsonLinesRun,
  readJsonQrels,
  readJsonRun,
  type ReadScoreDictOptions,
} from "./score_dict.ts";
export {
  formatMsMarcoRun,
  readMsMarcoRun,
  type ReadMsMarcoRunOptions,
} from "./msmarco_run.ts";
export {
  type ConversionSummary,
  convertFile,
  type ConvertOptions,
} from "./convert.ts";
