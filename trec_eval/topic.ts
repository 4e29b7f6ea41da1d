/**
 * One topic as trec_eval evaluates it: the run's lines ranked by score, cut
 * at `-M`, checked for repeated documents and joined with the judgements.
 *
 * @module
 */

import { compareIds } from "../model/compare_ids.ts";
import { joinJudgements, type JudgedRanking } from "../model/judged_ranking.ts";
import { rankByScore } from "../model/rank.ts";
import type { TrecEvalQrelsTopic } from "./qrels_file.ts";
import type { TrecEvalRunTopic } from "./run_file.ts";
import { IdTable } from "./id_table.ts";

/**
 * A topic trec_eval cannot evaluate. The message is what trec_eval prints
 * (it may lack a final newline, as trec_eval's duplicate message does);
 * `status` is its exit status.
 *
 * @example
 * ```ts
 * import { TopicError } from "./topic.ts";
 * const error = new TopicError("trec_eval.form_res_qrels: duplicate docs d1");
 * console.log(error.status); // 4
 * ```
 */
export class TopicError extends Error {
  /** The exit status. */
  readonly status: number;
  /** The repeated document, when that is the fault, for its lines. */
  readonly repeat?: TopicRepeat;

  /**
   * Creates the error.
   *
   * @param message trec_eval's message.
   * @param status The exit status. Default: 4.
   * @param repeat The repeated document, when that is the fault.
   */
  constructor(message: string, status = 4, repeat?: TopicRepeat) {
    super(message);
    this.name = "TopicError";
    this.status = status;
    if (repeat) this.repeat = repeat;
  }
}

/** A document a topic holds twice, and in which input. */
export interface TopicRepeat {
  /** `run` (a retrieved document) or `rel` (a judged one). */
  readonly in: "run" | "rel";
  /** The topic. */
  readonly queryId: string;
  /** The document. */
  readonly docno: string;
}

/** Options of {@linkcode rankTopic}. */
export interface RankTopicOptions {
  /** Keep at most this many documents (`-M`). Default: all. */
  maxDocs?: number;
  /**
   * Order equal scores by document id ascending (trec_eval's preference
   * code) instead of descending (every other measure). Default: false.
   */
  ascendingTies?: boolean;
  /** The start of the message for a repeated document. */
  duplicateMessage?: string;
  /** The topic, so that a repeat's error can say where it is. Default: none. */
  queryId?: string;
}

/**
 * Ranks a run topic as trec_eval does: lines in document id order, then a
 * glibc merge sort by score descending with ties broken by document id; the
 * first `maxDocs` are kept and must not repeat a document.
 *
 * @example
 * ```ts
 * import { rankTopic } from "./topic.ts";
 * console.log(rankTopic({ docnos: ["a", "b", "c"], scores: [1, 1, 2] })); // ["c", "b", "a"]
 * ```
 *
 * @param topic The run's lines for the topic.
 * @param options Depth and tie order.
 * @returns Document ids in rank order.
 * @throws {TopicError} If a document repeats within the kept depth.
 */
export function rankTopic(
  topic: TrecEvalRunTopic,
  options: RankTopicOptions = {},
): string[] {
  const { docnos, scores } = topic;
  const order = rankByScore(
    scores,
    (a, b) => compareIds(docnos[a], docnos[b]),
    {
      ascendingTies: options.ascendingTies,
      nan: "glibc",
    },
  );
  const depth = Math.max(
    0,
    Math.min(order.length, options.maxDocs ?? Infinity),
  );
  const ranked = Array.from(order.subarray(0, depth), (i) => docnos[i]);
  const repeated = firstRepeated(ranked);
  if (repeated !== undefined) {
    throw new TopicError(
      `${
        options.duplicateMessage ?? "trec_eval.form_res_qrels: duplicate docs"
      } ${repeated}`,
      4,
      options.queryId === undefined
        ? undefined
        : { in: "run", queryId: options.queryId, docno: repeated },
    );
  }
  return ranked;
}

/**
 * The smallest id (in byte order) that occurs twice, if any.
 *
 * @example
 * ```ts
 * import { firstRepeated } from "./topic.ts";
 * console.log(firstRepeated(["b", "a", "b", "a"])); // "a"
 * ```
 *
 * @param ids The ids.
 * @returns The repeated id.
 */
export function firstRepeated(ids: readonly string[]): string | undefined {
  // Most lists repeat nothing: one pass finds out; only a repeat costs a sort.
  if (new IdTable(ids).firstRepeat === -1) return undefined;
  const sorted = [...ids].sort(compareIds);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1]) return sorted[i];
  }
  return undefined;
}

/** Options of {@linkcode judgeRanking}. */
export interface JudgeRankingOptions {
  /** The relevance level (`-l`). Default: 1. */
  relevanceLevel?: number;
  /** Drop documents without a judgement or with a negative one (`-J`). Default: false. */
  judgedOnly?: boolean;
  /** Report a document judged twice (trec_eval does for qrels, not for qrels_jg). Default: true. */
  checkRepeats?: boolean;
}

/**
 * Joins ranked documents with a topic's judgements the way trec_eval does:
 * a judged grade as is, -1 without a judgement, -2 for a negative one.
 *
 * @example
 * ```ts
 * import { judgeRanking } from "./topic.ts";
 * const r = judgeRanking("q", ["a", "x", "b"], { docnos: ["a", "b"], rels: [1, -1] });
 * console.log(Array.from(r.grades)); // [1, -1, -2]
 * ```
 *
 * @param queryId The topic.
 * @param ranked Document ids in rank order.
 * @param judgements The topic's judgements.
 * @param options Level, judged-only and the repeat check.
 * @returns The joined ranking.
 * @throws {TopicError} If a document is judged twice.
 */
export function judgeRanking(
  queryId: string,
  ranked: readonly string[],
  judgements: TrecEvalQrelsTopic,
  options: JudgeRankingOptions = {},
): JudgedRanking {
  const { relevanceLevel = 1, judgedOnly = false, checkRepeats = true } =
    options;
  const judged = new IdTable(judgements.docnos);
  // A repeat (qrels_jg's reader refuses them itself) is named as trec_eval
  // names it, the smallest repeated id.
  if (checkRepeats && judged.firstRepeat !== -1) {
    const docno = firstRepeated(judgements.docnos)!;
    throw new TopicError(
      `trec_eval.form_res_rels: duplicate docs ${docno}\n`,
      4,
      { in: "rel", queryId, docno },
    );
  }
  const ranks: number[] = [];
  const grades: number[] = [];
  ranked.forEach((docno, i) => {
    const at = judged.indexOf(docno);
    if (at === -1) return;
    ranks.push(i + 1);
    grades.push(judgements.rels[at]);
  });
  return joinJudgements(
    queryId,
    { numRet: ranked.length, ranks, grades },
    undefined,
    {
      relevanceLevel,
      judgedOnly,
      judgedGrades: Float64Array.from(judgements.rels.filter((rel) => rel >= 0))
        .sort().reverse(),
    },
  );
}
