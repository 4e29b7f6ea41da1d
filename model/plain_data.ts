/**
 * Runs and qrels as plain data: the `{query: {doc: number}}` objects ranx,
 * pytrec_eval and BEIR keep in memory (and write as JSON), and `Map`s alike,
 * turned into the model's types. The one validator of such data: the
 * library (`evaluate`, `compare`), the JSON dict readers
 * (`readJsonRun`, `readJsonQrels`, `readJsonLinesRun`) and the server's
 * JSON bodies all check it here, so the same data gives the same value or
 * the same {@linkcode InputError} through each. Checks stop at the first bad
 * entry and quote a short excerpt of it.
 *
 * @module
 */

import { compareIds } from "./compare_ids.ts";
import { InputError } from "./errors.ts";
import { describe, quoted } from "./quote.ts";
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
 * One query's ranking as plain data: document to score (ranked as trec_eval
 * ranks a TREC run), or document ids already in rank order.
 */
export type PlainRanking =
  | Readonly<Record<DocId, number>>
  | ReadonlyMap<DocId, number>
  | readonly DocId[];

/**
 * A run as a plain object, `{query: {doc: score}}` (ranx's and
 * pytrec_eval's in-memory runs) or `{query: [doc, ...]}` in rank order.
 */
export type ScoresRecord = Readonly<Record<QueryId, PlainRanking>>;

/** A run as maps, query to document to score. */
export type ScoresMap = ReadonlyMap<QueryId, ReadonlyMap<DocId, number>>;

/** Where plain data came from, named in its errors. */
export interface PlainDataOptions {
  /**
   * The name an error starts with: a file, a request field. Default: `run`
   * for a run, `qrels` for qrels.
   */
  name?: string;
  /** The 1-based line it was read from, 0 for none. Default: 0. */
  line?: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fail(options: PlainDataOptions, what: string, reason: string) {
  return new InputError(options.name ?? what, options.line ?? 0, reason);
}

// An empty id has no TREC line: a run or qrels holding one could not be
// written as a TREC file, nor read back.
function checkQueryId(
  queryId: QueryId,
  what: string,
  options: PlainDataOptions,
) {
  if (queryId === "") throw fail(options, what, "a query id is empty");
}

function checkDocId(
  queryId: QueryId,
  docId: DocId,
  what: string,
  options: PlainDataOptions,
) {
  if (docId === "") {
    throw fail(
      options,
      what,
      `a document id of query ${quoted(queryId)} is empty`,
    );
  }
}

function entriesOf(value: object): [string, unknown][] {
  return value instanceof Map ? [...value] : Object.entries(value);
}

/**
 * One query's scores, `{doc: score}` or a map, checked: every score a
 * number other than NaN (no order would rank NaN; ±Infinity ranks, as a
 * TREC run's `inf` does).
 *
 * @example
 * ```ts
 * import { scoresOf } from "./plain_data.ts";
 * console.log(scoresOf("q1", { d1: 1.5 }).get("d1")); // 1.5
 * ```
 *
 * @param queryId The query, named in errors.
 * @param given Its scores.
 * @param options The name and line errors give. Default name: `run`.
 * @returns Document to score, in the given order.
 * @throws {InputError} If they are not an object, or a score is not a number.
 */
export function scoresOf(
  queryId: QueryId,
  given: unknown,
  options: PlainDataOptions = {},
): Map<DocId, number> {
  if (!isObject(given)) {
    throw fail(
      options,
      "run",
      `query ${quoted(queryId)} must map document ids to scores, got ${
        describe(given)
      }`,
    );
  }
  const scores = new Map<DocId, number>();
  for (const [docId, score] of entriesOf(given)) {
    checkDocId(queryId, docId, "run", options);
    checkScore(queryId, docId, score, options);
    scores.set(docId, score as number);
  }
  return scores;
}

function checkScore(
  queryId: QueryId,
  docId: DocId,
  score: unknown,
  options: PlainDataOptions,
): void {
  if (typeof score === "number" && !Number.isNaN(score)) return;
  throw fail(
    options,
    "run",
    `score of document ${quoted(docId)} for query ${quoted(queryId)} must be ${
      typeof score === "number" ? "a number other than NaN" : "a number"
    }, got ${describe(score)}`,
  );
}

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
 * @param options The name and line errors give. Default name: `run`.
 * @returns The ranked list, with its scores.
 * @throws {InputError} If they are not an object, or a score is not a
 * number (or is NaN).
 */
export function rankScores(
  queryId: QueryId,
  scores: Readonly<Record<DocId, number>> | ReadonlyMap<DocId, number>,
  options: PlainDataOptions = {},
): RankedList {
  const entries = [...scoresOf(queryId, scores, options)];
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
 * One query's ranking given as {@linkcode PlainRanking}, as a ranked list.
 *
 * @example
 * ```ts
 * import { rankingOf } from "./plain_data.ts";
 * console.log(rankingOf("q1", { a: 1, b: 2 }).docs); // ["b", "a"]
 * console.log(rankingOf("q1", ["a", "b"]).docs); // ["a", "b"]
 * ```
 *
 * @param queryId The query.
 * @param given Document to score, or document ids in rank order.
 * @param options The name and line errors give. Default name: `run`.
 * @returns The ranked list; with scores when scores were given.
 * @throws {InputError} If it is neither, or an entry is of the wrong type.
 * A document repeated in a list is left to the join, which refuses it only
 * within the evaluation's depth, as it refuses a TREC run's.
 */
export function rankingOf(
  queryId: QueryId,
  given: unknown,
  options: PlainDataOptions = {},
): RankedList {
  if (Array.isArray(given)) {
    for (let i = 0; i < given.length; i++) {
      if (typeof given[i] === "string") {
        checkDocId(queryId, given[i], "run", options);
        continue;
      }
      throw fail(
        options,
        "run",
        `rank ${i + 1} of query ${quoted(queryId)} must be a document id, got ${
          describe(given[i])
        }`,
      );
    }
    return { queryId, docs: [...given] };
  }
  if (!isObject(given)) {
    throw fail(
      options,
      "run",
      `query ${
        quoted(queryId)
      } must map document ids to scores or list them in rank order, got ${
        describe(given)
      }`,
    );
  }
  return rankScores(queryId, given as Record<DocId, number>, options);
}

/**
 * Turns a run given as `{query: {doc: score}}` or `{query: [doc, ...]}` (a
 * plain object, as ranx and pytrec_eval hold one and as JSON holds it, or
 * maps) into ranked lists, scored ones ranked as trec_eval ranks a TREC
 * run: by score descending, then document id descending.
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
 * @example The first bad entry names the run, the query and the document
 * ```ts
 * import { runFromScores } from "./plain_data.ts";
 * try {
 *   runFromScores({ q1: { d1: "high" } } as never, { name: "run.json" });
 * } catch (error) {
 *   console.log((error as Error).message);
 *   // 'run.json: score of document "d1" for query "q1" must be a number, got the string "high"'
 * }
 * ```
 *
 * @param scores Query to ranking.
 * @param options The name and line errors give. Default name: `run`.
 * @returns The ranked lists, in the object's query order.
 * @throws {InputError} If it is not an object, or a ranking is malformed.
 */
export function runFromScores(
  scores: ScoresRecord | ScoresMap,
  options: PlainDataOptions = {},
): RankedList[] {
  if (!isObject(scores)) {
    throw fail(
      options,
      "run",
      `expected an object {"query": {"doc": score}}, got ${describe(scores)}`,
    );
  }
  return entriesOf(scores).map(([queryId, ranking]) => {
    checkQueryId(queryId, "run", options);
    return rankingOf(queryId, ranking, options);
  });
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
 * Turns qrels given as maps or plain objects (as JSON holds them) into
 * {@linkcode Qrels}, checking every id and grade; maps of maps are checked
 * and kept as they are, so a bad grade gives the same error whether the
 * judgements came as objects or as maps.
 *
 * @example
 * ```ts
 * import { qrelsOf } from "./plain_data.ts";
 * console.log(qrelsOf({ q1: { d1: 2 } }).get("q1")?.get("d1")); // 2
 * ```
 *
 * @param qrels The judgements.
 * @param options The name and line errors give. Default name: `qrels`.
 * @returns The judgements as maps.
 * @throws {InputError} If it is not an object, or a grade is not a finite
 * number.
 */
export function qrelsOf(
  qrels: QrelsLike,
  options: PlainDataOptions = {},
): Qrels {
  if (!isObject(qrels)) {
    throw fail(
      options,
      "qrels",
      `expected an object {"query": {"doc": grade}}, got ${describe(qrels)}`,
    );
  }
  if (qrels instanceof Map && checkedMaps(qrels, options)) {
    return qrels as unknown as Qrels;
  }
  const out = new Map<QueryId, Judgements>();
  for (const [queryId, given] of entriesOf(qrels)) {
    checkQueryId(queryId, "qrels", options);
    out.set(queryId, judgementsOf(queryId, given, options));
  }
  return out;
}

// Whether qrels given as a map hold only maps, each checked (without a copy:
// a reader's qrels of a million topics are checked on every evaluate).
function checkedMaps(
  qrels: ReadonlyMap<QueryId, unknown>,
  options: PlainDataOptions,
): boolean {
  for (const [queryId, judgements] of qrels) {
    if (!(judgements instanceof Map)) return false;
    checkQueryId(queryId, "qrels", options);
    checkGrades(queryId, judgements, options);
  }
  return true;
}

function checkGrades(
  queryId: QueryId,
  judgements: ReadonlyMap<DocId, unknown>,
  options: PlainDataOptions,
): void {
  // The grades alone when all is well; entry by entry otherwise, so the
  // first bad entry is the one named.
  if (!judgements.has("") && allFinite(judgements.values())) return;
  for (const [docId, grade] of judgements) {
    checkDocId(queryId, docId, "qrels", options);
    if (Number.isFinite(grade)) continue;
    throw fail(
      options,
      "qrels",
      `grade of document ${quoted(docId)} for query ${
        quoted(queryId)
      } must be a finite number, got ${describe(grade)}`,
    );
  }
}

// Number.isFinite is false for anything but a finite number, strings included.
function allFinite(values: Iterable<unknown>): boolean {
  for (const value of values) if (!Number.isFinite(value)) return false;
  return true;
}

/**
 * One query's judgements given as a map or `{doc: grade}`, as a map whose
 * grades are checked: finite numbers (as a TREC qrels file's; fractions
 * are kept).
 *
 * @example
 * ```ts
 * import { judgementsOf } from "./plain_data.ts";
 * console.log(judgementsOf("q1", { d1: 2 }).get("d1")); // 2
 * ```
 *
 * @param queryId The query, named in errors.
 * @param given Its judgements.
 * @param options The name and line errors give. Default name: `qrels`.
 * @returns The judgements as a map (a map given is kept).
 * @throws {InputError} If they are not an object, or a grade is not a
 * finite number.
 */
export function judgementsOf(
  queryId: QueryId,
  given: unknown,
  options: PlainDataOptions = {},
): Judgements {
  if (!isObject(given)) {
    throw fail(
      options,
      "qrels",
      `query ${quoted(queryId)} must map document ids to grades, got ${
        describe(given)
      }`,
    );
  }
  const judgements: Map<DocId, number> = given instanceof Map
    ? given
    : new Map(Object.entries(given) as [DocId, number][]);
  checkGrades(queryId, judgements, options);
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
 * @param options The name and line errors give. Default name: `run`.
 * @returns Ranked lists or the run as given.
 * @throws {TypeError} If it is neither ranked lists nor an object.
 * @throws {InputError} If a ranking of a plain run is malformed.
 */
export function runOf(
  run: RunLike,
  options: PlainDataOptions = {},
): Run | JudgingRun {
  if (run instanceof Map) return runFromScores(run as ScoresMap, options);
  if (typeof run !== "object" || run === null) {
    throw new TypeError(
      `A run must be ranked lists or an object {query: {doc: score}}, got ${
        describe(run)
      }`,
    );
  }
  if (Symbol.iterator in run || Symbol.asyncIterator in run) {
    return run as Run | JudgingRun;
  }
  return runFromScores(run as ScoresRecord, options);
}
