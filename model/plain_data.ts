/**
 * Runs and qrels as plain data: the `{query: {doc: number}}` objects ranx,
 * pytrec_eval and BEIR keep in memory, and `Map`s alike, turned into the
 * model's types. `evaluate` and `compare` take either.
 *
 * @module
 */

import { compareIds } from "./compare_ids.ts";
import { rankByScore } from "./rank.ts";
import type {
  DocId,
  Judgements,
  Qrels,
  QueryId,
  RankedList,
  Run,
} from "./types.ts";
import type { JudgingRun } from "./judged_run.ts";

/**
 * A run as a plain object, `{query: {doc: score}}`: ranx's and
 * pytrec_eval's in-memory runs.
 */
export type ScoresRecord = Readonly<
  Record<QueryId, Readonly<Record<DocId, number>>>
>;

/** A run as maps, query to document to score. */
export type ScoresMap = ReadonlyMap<QueryId, ReadonlyMap<DocId, number>>;

/**
 * Ranks one query's scored documents as trec_eval does: by score
 * descending, then document id descending in byte order.
 *
 * @example
 * ```ts
 * import { rankScores } from "./plain_data.ts";
 * const ranked = rankScores("q1", { a: 0.5, b: 0.5, c: 0.9 });
 * console.log(ranked.docs); // ["c", "b", "a"]
 * ```
 *
 * @param queryId The query.
 * @param scores Document to score, as a plain object or a map.
 * @returns The ranked list, with its scores.
 * @throws {TypeError} If a score is not a number.
 */
export function rankScores(
  queryId: QueryId,
  scores: Readonly<Record<DocId, number>> | ReadonlyMap<DocId, number>,
): RankedList {
  const entries: [DocId, number][] = scores instanceof Map
    ? [...scores]
    : Object.entries(scores);
  for (const [docId, score] of entries) {
    if (typeof score !== "number" || Number.isNaN(score)) {
      throw new TypeError(
        `Score of document "${docId}" for query "${queryId}" must be a number, got ${
          JSON.stringify(score)
        }`,
      );
    }
  }
  const order = rankByScore(
    entries.map(([, score]) => score),
    (a, b) => compareIds(entries[a][0], entries[b][0]),
  );
  return {
    queryId,
    docs: Array.from(order, (i) => entries[i][0]),
    scores: Array.from(order, (i) => entries[i][1]),
  };
}

/**
 * Turns a run given as `{query: {doc: score}}` (a plain object, as ranx and
 * pytrec_eval hold one, or maps) into ranked lists, each ranked as trec_eval
 * ranks a TREC run: by score descending, then document id descending.
 *
 * @example Score a ranx-style run
 * ```ts
 * import { runFromScores } from "./plain_data.ts";
 * import { evaluate } from "../metrics/evaluate.ts";
 * const run = runFromScores({ q1: { d1: 0.2, d2: 0.9 } });
 * console.log(run[0].docs); // ["d2", "d1"]
 * const result = await evaluate(run, { q1: { d1: 1 } }, ["rr"]);
 * console.log(result.aggregate.rr); // 0.5
 * ```
 *
 * @param scores Query to document to score.
 * @returns The ranked lists, in the object's query order.
 * @throws {TypeError} If a score is not a number.
 */
export function runFromScores(
  scores: ScoresRecord | ScoresMap,
): RankedList[] {
  const entries = scores instanceof Map
    ? [...scores]
    : Object.entries(scores as ScoresRecord);
  return entries.map(([queryId, docs]) => rankScores(queryId, docs));
}

/**
 * Qrels as maps, or as a plain object `{query: {doc: grade}}` (BEIR's and
 * pytrec_eval's shape), or a mix.
 */
export type QrelsLike =
  | Qrels
  | Readonly<
    Record<QueryId, Readonly<Record<DocId, number>> | Judgements>
  >;

/** A run as ranked lists, a {@linkcode JudgingRun}, or `{query: {doc: score}}`. */
export type RunLike = Run | JudgingRun | ScoresRecord | ScoresMap;

/**
 * Turns qrels given as maps or plain objects into {@linkcode Qrels}; maps
 * are kept as they are.
 *
 * @example
 * ```ts
 * import { qrelsOf } from "./plain_data.ts";
 * console.log(qrelsOf({ q1: { d1: 2 } }).get("q1")?.get("d1")); // 2
 * ```
 *
 * @param qrels The judgements.
 * @returns The judgements as maps.
 * @throws {TypeError} If it is not an object, or a grade is not a finite number.
 */
export function qrelsOf(qrels: QrelsLike): Qrels {
  if (qrels instanceof Map) {
    const values = [...qrels.values()];
    if (values.every((v) => v instanceof Map)) return qrels as Qrels;
  }
  if (typeof qrels !== "object" || qrels === null) {
    throw new TypeError(
      `Qrels must be a Map or an object {query: {doc: grade}}, got ${
        JSON.stringify(qrels)
      }`,
    );
  }
  const entries = qrels instanceof Map
    ? [...qrels]
    : Object.entries(qrels as Record<QueryId, unknown>);
  const out = new Map<QueryId, Judgements>();
  for (const [queryId, given] of entries) {
    out.set(queryId, judgementsOf(queryId, given));
  }
  return out;
}

/**
 * One query's judgements given as a map or `{doc: grade}`, as a map whose
 * grades are checked.
 *
 * @example
 * ```ts
 * import { judgementsOf } from "./plain_data.ts";
 * console.log(judgementsOf("q1", { d1: 2 }).get("d1")); // 2
 * ```
 *
 * @param queryId The query, named in errors.
 * @param given Its judgements.
 * @returns The judgements as a map (a map given is kept).
 * @throws {TypeError} If they are not an object, or a grade is not a finite
 * number.
 */
export function judgementsOf(queryId: QueryId, given: unknown): Judgements {
  if (typeof given !== "object" || given === null) {
    throw new TypeError(
      `Judgements of query "${queryId}" must be a Map or an object {doc: grade}, got ${
        JSON.stringify(given)
      }`,
    );
  }
  const judgements: Judgements = given instanceof Map
    ? given
    : new Map(Object.entries(given as Record<DocId, number>));
  for (const [docId, grade] of judgements) {
    if (typeof grade !== "number" || !Number.isFinite(grade)) {
      throw new TypeError(
        `Grade of document "${docId}" for query "${queryId}" must be a finite number, got ${
          JSON.stringify(grade)
        }`,
      );
    }
  }
  return judgements;
}

/**
 * Turns a run given as ranked lists or as `{query: {doc: score}}` (an
 * object or maps) into something `evaluate` iterates.
 *
 * @example
 * ```ts
 * import { runOf } from "./plain_data.ts";
 * const run = runOf({ q1: { d1: 1, d2: 3 } }) as { docs: string[] }[];
 * console.log(run[0].docs); // ["d2", "d1"]
 * ```
 *
 * @param run The run.
 * @returns Ranked lists or the run as given.
 * @throws {TypeError} If it is neither, or a score is not a number.
 */
export function runOf(run: RunLike): Run | JudgingRun {
  if (run instanceof Map) return runFromScores(run as ScoresMap);
  if (typeof run !== "object" || run === null) {
    throw new TypeError(
      `A run must be ranked lists or an object {query: {doc: score}}, got ${
        JSON.stringify(run)
      }`,
    );
  }
  if (Symbol.iterator in run || Symbol.asyncIterator in run) {
    return run as Run | JudgingRun;
  }
  return runFromScores(run as ScoresRecord);
}
