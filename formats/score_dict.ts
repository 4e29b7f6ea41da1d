/**
 * Runs and qrels as JSON dicts, the shape ranx and pytrec_eval keep them
 * in: `{qid: {docid: score}}` for a run, `{qid: {docid: grade}}` for qrels,
 * as one JSON file or as JSON Lines.
 *
 * @module
 */

import type { DocId, Qrels, QueryId, RankedList } from "../model/types.ts";
import {
  type QrelsLike,
  qrelsOf,
  rankScores,
  runFromScores,
  scoresOf,
  type ScoresRecord,
} from "../model/plain_data.ts";
import { InputError, RepeatedDocumentError } from "../model/errors.ts";
import { describe, quoted } from "../model/quote.ts";
import { checkKeyCount, parseJsonKeepingKeys } from "./json_text.ts";
import { readJsonLines } from "./jsonl.ts";
import { openSource, type Source } from "./source.ts";
import { checkUtf8 } from "./utf8.ts";
import { isRecord } from "./_records.ts";
import { UnwritableValueError } from "./_unwritable.ts";

/** Options of the JSON dict readers. */
export interface ReadScoreDictOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
}

async function readText(
  source: Source,
  options: ReadScoreDictOptions,
): Promise<{ name: string; text: string }> {
  const { name, stream } = await openSource(source, options.name);
  return { name, text: await new Response(checkUtf8(stream, name)).text() };
}

function mergeInto(
  into: Map<QueryId, Map<DocId, number>>,
  entries: [QueryId, Map<DocId, number>][],
  name: string,
  line: number,
): void {
  for (const [queryId, docs] of entries) {
    let known = into.get(queryId);
    if (!known) into.set(queryId, known = new Map());
    for (const [docId, number] of docs) {
      if (known.has(docId)) {
        throw new RepeatedDocumentError(name, line, queryId, docId);
      }
      known.set(docId, number);
    }
  }
}

/**
 * Reads a run kept as a JSON dict, `{qid: {docid: score}}` (ranx's
 * `Run.save` and pytrec_eval's shape), ranked as trec_eval ranks a TREC run.
 *
 * @example
 * ```ts
 * import { readJsonRun } from "./score_dict.ts";
 * const run = await readJsonRun({ text: '{"q1": {"d1": 1.5, "d2": 12.5}}' });
 * console.log(run[0].docs); // ["d2", "d1"]
 * ```
 *
 * @param source A path (`-` for stdin, `.gz` decompressed), a stream or `{ text }`.
 * @param options The name for error messages.
 * @returns The ranked lists, in file order (but integer-like query ids
 * first, ascending, as JSON.parse orders an object's keys).
 * @throws {InputError} If the text is not JSON of that shape.
 */
export async function readJsonRun(
  source: Source,
  options: ReadScoreDictOptions = {},
): Promise<RankedList[]> {
  const { name, text } = await readText(source, options);
  const value = parseJsonKeepingKeys(text, { name });
  const run = runFromScores(value as ScoresRecord, { name });
  // The keys: a query's, and its documents' when it maps them to scores
  // (only those ranked lists have scores). Counted here, not walked again.
  let keys = run.length;
  for (const ranked of run) if (ranked.scores) keys += ranked.docs.length;
  checkKeyCount(text, keys, { name });
  return run;
}

/**
 * Reads qrels kept as a JSON dict, `{qid: {docid: grade}}` (ranx's and
 * pytrec_eval's shape).
 *
 * @example
 * ```ts
 * import { readJsonQrels } from "./score_dict.ts";
 * const qrels = await readJsonQrels({ text: '{"q1": {"d1": 2}}' });
 * console.log(qrels.get("q1")?.get("d1")); // 2
 * ```
 *
 * @param source A path (`-` for stdin, `.gz` decompressed), a stream or `{ text }`.
 * @param options The name for error messages.
 * @returns The judgements, in file order (but integer-like ids first,
 * ascending, as JSON.parse orders an object's keys).
 * @throws {InputError} If the text is not JSON of that shape.
 */
export async function readJsonQrels(
  source: Source,
  options: ReadScoreDictOptions = {},
): Promise<Qrels> {
  const { name, text } = await readText(source, options);
  const value = parseJsonKeepingKeys(text, { name });
  const qrels = qrelsOf(value as QrelsLike, { name });
  let keys = qrels.size;
  for (const judgements of qrels.values()) keys += judgements.size;
  checkKeyCount(text, keys, { name });
  return qrels;
}

const QUERY_KEYS = ["qid", "query_id", "queryId", "query-id"];
const DOC_KEYS = ["docid", "doc_id", "docId", "docno", "pid", "corpus-id"];

// The record's key among a few spellings; two spellings that disagree would
// leave the choice of id to the order of this list. A number or the like
// there is a record's id of the wrong type (pandas writes `"qid": 1`): it
// could be no query's scores either.
function idKey(
  record: Record<string, unknown>,
  keys: readonly string[],
  what: string,
  name: string,
  line: number,
): string | undefined {
  const wrong = keys.find((k) => {
    const value = record[k];
    return Object.hasOwn(record, k) && typeof value !== "string" &&
      (value === null || typeof value !== "object");
  });
  if (wrong !== undefined) {
    throw new InputError(
      name,
      line,
      `field ${quoted(wrong)} (the ${what} id) must be a string, got ${
        describe(record[wrong])
      }`,
    );
  }
  const given = keys.filter((k) => typeof record[k] === "string");
  const other = given.find((k) => record[k] !== record[given[0]]);
  if (other !== undefined) {
    throw new InputError(
      name,
      line,
      `the record gives two ${what} ids, ${quoted(given[0])}: ${
        quoted(record[given[0]] as string)
      } and ${quoted(other)}: ${quoted(record[other] as string)}`,
    );
  }
  return given[0];
}

/**
 * Reads a run kept as JSON Lines: each line either a dict
 * `{qid: {docid: score}}` (one or more queries) or one record
 * `{"qid": ..., "docid": ..., "score": ...}` (also `query_id`, `doc_id`,
 * `docno`, `pid`). Ranked as trec_eval ranks a TREC run.
 *
 * @example
 * ```ts
 * import { readJsonLinesRun } from "./score_dict.ts";
 * const text = '{"q1": {"d1": 1}}\n{"qid": "q1", "docid": "d2", "score": 3}\n';
 * const run = await readJsonLinesRun({ text });
 * console.log(run[0].docs); // ["d2", "d1"]
 * ```
 *
 * @param source A path (`-` for stdin, `.gz` decompressed), a stream or `{ text }`.
 * @param options The name for error messages.
 * @returns The ranked lists, in order of each query's first line.
 * @throws {InputError} Naming the line of a record of another shape, a
 * record whose spellings of one id disagree (`qid` and `query_id`), or a
 * document given twice for a query.
 */
export async function readJsonLinesRun(
  source: Source,
  options: ReadScoreDictOptions = {},
): Promise<RankedList[]> {
  const { name, stream } = await openSource(source, options.name);
  const run = new Map<QueryId, Map<DocId, number>>();
  for await (const { value, line } of readJsonLines(stream, { name })) {
    if (isRecord(value)) {
      const queryKey = idKey(value, QUERY_KEYS, "query", name, line);
      const docKey = idKey(value, DOC_KEYS, "document", name, line);
      if (queryKey && docKey) {
        const queryId = value[queryKey] as string;
        const scores = { [value[docKey] as string]: value.score };
        const entries: [QueryId, Map<DocId, number>][] = [
          [queryId, scoresOf(queryId, scores, { name, line })],
        ];
        mergeInto(run, entries, name, line);
        continue;
      }
    }
    if (!isRecord(value)) {
      throw new InputError(
        name,
        line,
        `expected an object {"query": {"doc": score}} or a record {"qid", "docid", "score"}, got ${
          describe(value)
        }`,
      );
    }
    const entries = Object.entries(value).map((
      [queryId, scores],
    ): [QueryId, Map<DocId, number>] => [
      queryId,
      scoresOf(queryId, scores, { name, line }),
    ]);
    mergeInto(run, entries, name, line);
  }
  return [...run].map(([queryId, docs]) => rankScores(queryId, docs));
}

/** Scores of a ranked list, or minus each rank when it has none. */
function scoresOfList(ranked: RankedList): Record<DocId, number> {
  return Object.fromEntries(
    ranked.docs.map((docId, i) => [
      docId,
      finite(ranked.scores?.[i] ?? -(i + 1), "Score", docId, ranked.queryId),
    ]),
  );
}

// JSON.stringify writes a non-finite number as null, which reads back as no
// score at all (trec_eval reads 1e999 as the best one).
function finite(
  value: number,
  what: string,
  docId: DocId,
  queryId: QueryId,
): number {
  if (!Number.isFinite(value)) {
    throw new UnwritableValueError(
      `${what} ${value} of document "${docId}" for query "${queryId}" is not finite; JSON cannot hold it`,
    );
  }
  return value;
}

/**
 * Writes ranked lists as a JSON dict `{qid: {docid: score}}`. Without
 * scores, a document's score is minus its rank, so the order survives.
 *
 * @example
 * ```ts
 * import { formatJsonRun } from "./score_dict.ts";
 * console.log(formatJsonRun([{ queryId: "q1", docs: ["d1"], scores: [2] }])); // '{"q1":{"d1":2}}\n'
 * ```
 *
 * @param run The ranked lists.
 * @returns The JSON text.
 * @throws {TypeError} If a score is not finite (JSON has no Infinity).
 */
export function formatJsonRun(run: readonly RankedList[]): string {
  const out = Object.fromEntries(
    run.map((ranked) => [ranked.queryId, scoresOfList(ranked)]),
  );
  return JSON.stringify(out) + "\n";
}

/**
 * Writes ranked lists as JSON Lines, one `{qid: {docid: score}}` line per
 * query.
 *
 * @example
 * ```ts
 * import { formatJsonLinesRun } from "./score_dict.ts";
 * console.log(formatJsonLinesRun([{ queryId: "q1", docs: ["d1"] }])); // '{"q1":{"d1":-1}}\n'
 * ```
 *
 * @param run The ranked lists.
 * @returns The text.
 * @throws {TypeError} If a score is not finite (JSON has no Infinity).
 */
export function formatJsonLinesRun(run: readonly RankedList[]): string {
  return run.map((ranked) =>
    JSON.stringify({ [ranked.queryId]: scoresOfList(ranked) }) + "\n"
  ).join("");
}

/**
 * Writes qrels as a JSON dict `{qid: {docid: grade}}`.
 *
 * @example
 * ```ts
 * import { formatJsonQrels } from "./score_dict.ts";
 * console.log(formatJsonQrels(new Map([["q1", new Map([["d1", 1]])]]))); // '{"q1":{"d1":1}}\n'
 * ```
 *
 * @param qrels The judgements.
 * @returns The JSON text.
 * @throws {TypeError} If a grade is not finite (JSON has no Infinity).
 */
export function formatJsonQrels(qrels: Qrels): string {
  const out = Object.fromEntries(
    [...qrels].map(([queryId, judgements]) => [
      queryId,
      Object.fromEntries(
        [...judgements].map(([docId, grade]) => [
          docId,
          finite(grade, "Grade", docId, queryId),
        ]),
      ),
    ]),
  );
  return JSON.stringify(out) + "\n";
}
