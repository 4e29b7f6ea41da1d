/**
 * MS MARCO run files: `qid<TAB>pid<TAB>rank` per line, as the MS MARCO
 * passage ranking scripts write and read them.
 *
 * @module
 */

import type { DocId, QueryId, RankedList } from "../model/types.ts";
import { InputError } from "../model/errors.ts";
import { openSource, readLines, type Source } from "./source.ts";
import { checkUtf8 } from "./utf8.ts";
import { quoted } from "../model/quote.ts";
import { UnwritableValueError } from "./_unwritable.ts";
import { BYTE_ORDER_MARK, byteOrderMarkError } from "./_byte_order_mark.ts";

/** Options of {@linkcode readMsMarcoRun}. */
export interface ReadMsMarcoRunOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
}

/**
 * Reads an MS MARCO run: tab-separated `qid pid rank` lines (blank lines
 * skipped, CRLF accepted), each query ranked by its rank column, ascending.
 *
 * @example
 * ```ts
 * import { readMsMarcoRun } from "./msmarco_run.ts";
 * const run = await readMsMarcoRun({ text: "q1\td7\t2\nq1\td3\t1\n" });
 * console.log(run[0].docs); // ["d3", "d7"]
 * ```
 *
 * @param source A path (`-` for stdin, `.gz` decompressed), a stream or `{ text }`.
 * @param options The name for error messages.
 * @returns The ranked lists, in order of each query's first line.
 * @throws {InputError} Naming the line of a row without three fields, a
 * rank that is not a positive integer, or a document or rank given twice
 * for a query.
 */
export async function readMsMarcoRun(
  source: Source,
  options: ReadMsMarcoRunOptions = {},
): Promise<RankedList[]> {
  const { name, stream } = await openSource(source, options.name);
  const topics = new Map<
    QueryId,
    { docs: Map<DocId, number>; ranks: Map<number, number> }
  >();
  for await (const line of readLines(checkUtf8(stream, name), { name })) {
    const text = line.text.endsWith("\r") ? line.text.slice(0, -1) : line.text;
    if (text.trim() === "") continue;
    const fields = text.split("\t");
    const fail = (reason: string): never => {
      throw new InputError(name, line.number, reason);
    };
    if (fields.length !== 3) {
      fail(
        `expected 3 tab-separated fields "qid pid rank", got ${fields.length}`,
      );
    }
    const [queryId, docId, rankText] = fields;
    if (queryId.charCodeAt(0) === BYTE_ORDER_MARK) {
      throw byteOrderMarkError(name, line.number, queryId);
    }
    if (queryId === "" || docId === "") fail("empty query or passage id");
    if (!/^\d+$/.test(rankText) || Number(rankText) < 1) {
      fail(`rank must be a positive integer, got ${quoted(rankText)}`);
    }
    const rank = Number(rankText);
    let topic = topics.get(queryId);
    if (!topic) {
      topics.set(queryId, topic = { docs: new Map(), ranks: new Map() });
    }
    if (topic.docs.has(docId)) {
      fail(`document "${docId}" appears twice in query "${queryId}"`);
    }
    if (topic.ranks.has(rank)) {
      fail(
        `rank ${rank} is given twice in query "${queryId}" (lines ${
          topic.ranks.get(rank)
        } and ${line.number})`,
      );
    }
    topic.docs.set(docId, rank);
    topic.ranks.set(rank, line.number);
  }
  return [...topics].map(([queryId, { docs }]) => ({
    queryId,
    docs: [...docs].sort((a, b) => a[1] - b[1]).map(([docId]) => docId),
  }));
}

/**
 * Writes ranked lists as an MS MARCO run, `qid<TAB>pid<TAB>rank` lines.
 *
 * @example
 * ```ts
 * import { formatMsMarcoRun } from "./msmarco_run.ts";
 * console.log(formatMsMarcoRun([{ queryId: "q1", docs: ["d3", "d7"] }])); // "q1\td3\t1\nq1\td7\t2\n"
 * ```
 *
 * @param run The ranked lists.
 * @returns The text.
 * @throws {TypeError} If an id is empty or holds a tab or a line break.
 */
export function formatMsMarcoRun(run: readonly RankedList[]): string {
  let out = "";
  for (const ranked of run) {
    ranked.docs.forEach((docId, i) => {
      for (const id of [ranked.queryId, docId]) {
        if (id === "" || /[\t\r\n]/.test(id)) {
          throw new UnwritableValueError(
            `An MS MARCO run id must be non-empty without tabs or line breaks, got ${
              JSON.stringify(id)
            }`,
          );
        }
      }
      out += `${ranked.queryId}\t${docId}\t${i + 1}\n`;
    });
  }
  return out;
}
