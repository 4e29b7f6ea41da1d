/**
 * The data model every part of ranklens shares: queries, documents, qrels,
 * ranked lists, judged rankings, the seam between reading and scoring, RAG
 * samples, and the error bad input raises.
 *
 * @example Join a ranked list with its judgements
 * ```ts
 * import { judgeRankedList } from "@ranklens/ranklens/model";
 * const ranking = judgeRankedList(
 *   { queryId: "q1", docs: ["d2", "d1"] },
 *   new Map([["d1", 2]]),
 *   { relevanceLevel: 1, judgedOnly: false, depth: Infinity, readsDocs: false },
 * );
 * console.log(Array.from(ranking.grades)); // [-1, 2]
 * ```
 *
 * @module
 */

export type {
  DocId,
  Judgements,
  Qrels,
  QueryId,
  RankedList,
  Run,
  SubtopicJudgements,
  SubtopicQrels,
} from "./types.ts";
export {
  joinJudgements,
  type JoinJudgementsOptions,
  judgedGradesOf,
  type JudgedPositions,
  JudgedRanking,
  type JudgedRankingOptions,
  NOT_POOLED,
  POOLED_UNJUDGED,
} from "./judged_ranking.ts";
export {
  emptyRanking,
  isJudgingRun,
  type JudgedItem,
  type JudgedTopic,
  judgeRankedList,
  type JudgeRequest,
  JUDGING_RESTART,
  type JudgingRun,
} from "./judged_run.ts";
export {
  type NumberedList,
  NumberedQrels,
  type NumberedQrelsOptions,
} from "./numbered_qrels.ts";
export { InputError, RepeatedDocumentError } from "./errors.ts";
export {
  type PlainDataOptions,
  type PlainRanking,
  type QrelsLike,
  qrelsOf,
  rankScores,
  runFromScores,
  type RunLike,
  runOf,
  type ScoresMap,
  type ScoresRecord,
} from "./plain_data.ts";
export { compareIds } from "./compare_ids.ts";
export { rankByScore, type RankOptions } from "./rank.ts";
export {
  checkRagSample,
  type ContextId,
  RAG_SAMPLE_FIELDS,
  RAGAS_FIELDS,
  type RagasSingleTurnSample,
  type RagSample,
  referencesOf,
} from "./rag_sample.ts";
