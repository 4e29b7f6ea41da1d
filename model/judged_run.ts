/**
 * The seam between reading and scoring: a run that joins its own rankings
 * with their judgements. The evaluate core asks a run for judged topics
 * through this one interface; readers that can do the join faster than
 * ranked lists (a TREC file scanned byte by byte) implement it, and any
 * other run goes through {@linkcode judgeRankedList}.
 *
 * @module
 */

import { judgedGradesOf, JudgedRanking } from "./judged_ranking.ts";
import type { Judgements, Qrels, QueryId, RankedList } from "./types.ts";

/** What the evaluate core asks of a run: how to join and how deep to read. */
export interface JudgeRequest {
  /** The judgements. */
  readonly qrels: Qrels;
  /** A document is relevant when its grade is at least this. */
  readonly relevanceLevel: number;
  /** Drop unjudged documents (trec_eval `-J`). */
  readonly judgedOnly: boolean;
  /**
   * Keep the top `depth` documents of each ranked list (trec_eval `-M`):
   * a repeated document within it is an error.
   */
  readonly depth: number;
  /**
   * The deepest rank any metric reads: grades below it need not be known.
   * Default: `depth`.
   */
  readonly readDepth?: number;
  /**
   * Whether a metric reads document ids: without it, a ranking's `docs` is
   * undefined on every path, so a metric sees the same input whichever
   * reader made it.
   */
  readonly readsDocs: boolean;
  /** Stops reading when aborted. */
  readonly signal?: AbortSignal;
  /**
   * The name errors give a run without a name of its own (`evaluate`'s
   * `runName`). Default: `run`.
   */
  readonly runName?: string;
}

/** One topic of a run: its judged ranking, or none when the qrels lack it. */
export interface JudgedTopic {
  /** The topic. */
  readonly queryId: QueryId;
  /** The ranking joined with its judgements; undefined for an unjudged topic. */
  readonly ranking: JudgedRanking | undefined;
  /** The segment key of the ranked list, when it has one. */
  readonly segment?: string;
  /**
   * The query's place among the qrels' queries in id order (0 first), for
   * a run that knows it: the evaluation then puts its rows in that order
   * without sorting their ids. Default: unknown.
   */
  readonly idOrder?: number;
}

/**
 * Yielded by {@linkcode JudgingRun.judge} when what it yielded so far must
 * be forgotten: a reader that found its topics spread over the input reads
 * it again whole.
 */
export const JUDGING_RESTART: unique symbol = Symbol("judging restart");

/** What {@linkcode JudgingRun.judge} yields. */
export type JudgedItem = JudgedTopic | typeof JUDGING_RESTART;

/**
 * A run that joins its rankings with judgements itself. `evaluate` uses
 * `judge` when a run has it; wrapping or mapping such a run gives a plain
 * iterable of ranked lists, joined by {@linkcode judgeRankedList} with the
 * same values and the same errors.
 */
export interface JudgingRun extends AsyncIterable<RankedList> {
  /**
   * The name that errors about the run carry (a file name, `<stdin>`).
   * Default: the request's `runName`.
   */
  readonly name?: string;
  /** The run tag of the last line read, when the format has one. */
  readonly tag: string | undefined;
  /**
   * The qrels the run was made for, checked when it was made: evaluated
   * against them, they are not checked again. Default: none.
   */
  readonly checkedQrels?: Qrels;
  /**
   * The run's topics joined with their judgements, in run order. A ranking
   * is valid until the next topic is asked for.
   *
   * @param request How to join.
   * @returns The judged topics.
   */
  judge(request: JudgeRequest): AsyncIterable<JudgedItem>;
  /**
   * What `judge` yields, a batch at a time (the topics of a chunk of the
   * input), for a reader whose topics would otherwise each cost a trip
   * through its asynchronous iterators. Each batch is read in full before
   * the next is asked for; a ranking is valid until the next topic is
   * asked for. It and `judge` share one reading.
   *
   * @param request How to join.
   * @returns Batches of judged topics.
   */
  judgeBatches?(request: JudgeRequest): AsyncIterable<Iterable<JudgedItem>>;
  /**
   * What `judge` yields, without a promise, for a run held in memory:
   * `evaluateSync` takes a run that has it. It and `judge` share one
   * reading.
   *
   * @param request How to join.
   * @returns The judged topics.
   */
  judgeSync?(request: JudgeRequest): Iterable<JudgedItem>;
}

/**
 * Whether a run joins its own rankings.
 *
 * @example
 * ```ts
 * import { isJudgingRun } from "./judged_run.ts";
 * console.log(isJudgingRun([{ queryId: "q1", docs: ["d1"] }])); // false
 * ```
 *
 * @param run A run.
 * @returns True for a {@linkcode JudgingRun}.
 */
export function isJudgingRun(run: unknown): run is JudgingRun {
  return typeof run === "object" && run !== null &&
    typeof (run as { judge?: unknown }).judge === "function";
}

/**
 * Joins one ranked list with its judgements: the join every run that does
 * not judge itself goes through. A repeated document is an error wherever
 * it sits, whatever depth the metrics read.
 *
 * @example
 * ```ts
 * import { judgeRankedList } from "./judged_run.ts";
 * const ranking = judgeRankedList(
 *   { queryId: "q1", docs: ["d2", "d1"] },
 *   new Map([["d1", 1]]),
 *   { relevanceLevel: 1, judgedOnly: false, depth: Infinity, readsDocs: false },
 * );
 * console.log(Array.from(ranking.grades)); // [-1, 1]
 * ```
 *
 * @param ranked The ranked list.
 * @param judgements Its query's judgements.
 * @param request How to join.
 * @param runName The run's name in errors. Default: `run`.
 * @returns The judged ranking.
 * @throws {RepeatedDocumentError} If a document appears twice within the
 * request's depth.
 * @throws {RangeError} If a grade is not a finite number.
 */
export function judgeRankedList(
  ranked: RankedList,
  judgements: Judgements,
  request: Omit<JudgeRequest, "qrels">,
  runName = "run",
): JudgedRanking {
  return JudgedRanking.from(ranked.queryId, ranked.docs, judgements, {
    relevanceLevel: request.relevanceLevel,
    judgedOnly: request.judgedOnly,
    depth: request.depth,
    readDepth: request.readDepth,
    keepDocs: request.readsDocs,
    runName,
  });
}

/**
 * A query of the qrels that the run never returned, as an empty ranking
 * (trec_eval `-c`).
 *
 * @example
 * ```ts
 * import { emptyRanking } from "./judged_run.ts";
 * console.log(emptyRanking("q1", new Map([["d1", 1]]), 1).numRel()); // 1
 * ```
 *
 * @param queryId The query.
 * @param judgements Its judgements.
 * @param relevanceLevel The relevance level.
 * @returns The ranking.
 */
export function emptyRanking(
  queryId: QueryId,
  judgements: Judgements,
  relevanceLevel: number,
): JudgedRanking {
  return new JudgedRanking(
    queryId,
    new Float64Array(0),
    judgedGradesOf(judgements, queryId),
    relevanceLevel,
    undefined,
    judgements,
  );
}
