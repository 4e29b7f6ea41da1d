/**
 * The data model shared by every part of ranklens: ids, judgements, ranked
 * lists and runs.
 *
 * @module
 */

/** The id of a query (a TREC "topic"). Compared as raw strings. */
export type QueryId = string;

/** The id of a document (a TREC "docno"). Compared as raw strings. */
export type DocId = string;

/**
 * The graded relevance judgements of one query: document id to grade.
 *
 * A grade of 0 means "judged not relevant"; a negative grade means "in the
 * pool but not judged", as in trec_eval.
 *
 * @example Build judgements
 * ```ts
 * import type { Judgements } from "./types.ts";
 * const judgements: Judgements = new Map([["d1", 2], ["d2", 0]]);
 * console.log(judgements.get("d1")); // 2
 * ```
 */
export type Judgements = ReadonlyMap<DocId, number>;

/**
 * The judgements of every query of a test collection.
 *
 * @example Build qrels
 * ```ts
 * import type { Qrels } from "./types.ts";
 * const qrels: Qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * console.log(qrels.size); // 1
 * ```
 */
export type Qrels = ReadonlyMap<QueryId, Judgements>;

/**
 * The documents a system returned for one query, best first.
 *
 * @example A ranked list with scores and a segment
 * ```ts
 * import type { RankedList } from "./types.ts";
 * const ranked: RankedList = {
 *   queryId: "q1",
 *   docs: ["d3", "d1"],
 *   scores: [12.5, 9.75],
 *   segment: "long-queries",
 * };
 * console.log(ranked.docs[0]); // "d3"
 * ```
 */
export interface RankedList {
  /** The query the documents answer. */
  readonly queryId: QueryId;
  /** Document ids in rank order, best first. Must not repeat. */
  readonly docs: readonly DocId[];
  /** Retrieval scores aligned with `docs`, when the system gave them. */
  readonly scores?: readonly number[];
  /** A key that groups queries for per-segment aggregates. */
  readonly segment?: string;
}

/**
 * A run: ranked lists, one per query, consumed once. A streaming reader of a
 * run file is a `Run`, and so is a plain array.
 */
export type Run = Iterable<RankedList> | AsyncIterable<RankedList>;

/** Subtopic to grade, for one document of one query (TREC's diversity qrels). */
export type SubtopicJudgements = ReadonlyMap<string, number>;

/** Query id to document id to subtopic to grade, as ndeval reads them. */
export type SubtopicQrels = ReadonlyMap<
  QueryId,
  ReadonlyMap<DocId, SubtopicJudgements>
>;
