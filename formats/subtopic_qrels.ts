/**
 * Subtopic qrels, TREC's diversity judgements as ndeval reads them:
 * `qid subtopic docno rel` per line.
 *
 * @module
 */

import type { DocId, QueryId, SubtopicQrels } from "../model/types.ts";
import { InputError } from "../model/errors.ts";
import { openSource, readLines, type Source, splitFields } from "./source.ts";
import { checkUtf8 } from "./utf8.ts";

export type { SubtopicJudgements, SubtopicQrels } from "../model/types.ts";

/** Options of {@linkcode readSubtopicQrels}. */
export interface ReadSubtopicQrelsOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
}

/**
 * Reads subtopic qrels, streaming: four whitespace-separated fields per
 * line (`qid subtopic docno rel`, the field that is `0` in TREC qrels naming
 * the subtopic, grades whole numbers of at least 0 as ndeval takes them), `#`
 * comment lines and blank lines skipped. A document may be
 * judged once per subtopic.
 *
 * @example
 * ```ts
 * import { readSubtopicQrels } from "./subtopic_qrels.ts";
 * const qrels = await readSubtopicQrels({ text: "1 1 d1 1\n1 2 d1 0\n1 2 d2 1\n" });
 * console.log(qrels.get("1")?.get("d1")?.get("2")); // 0
 * ```
 *
 * @param source A path (`-` for stdin, `.gz` decompressed), a stream or `{ text }`.
 * @param options The name for messages.
 * @returns The judgements, in file order.
 * @throws {InputError} On a malformed line or a repeated judgement.
 */
export async function readSubtopicQrels(
  source: Source,
  options: ReadSubtopicQrelsOptions = {},
): Promise<SubtopicQrels> {
  const { name, stream } = await openSource(source, options.name);
  const qrels = new Map<QueryId, Map<DocId, Map<string, number>>>();
  for await (const line of readLines(checkUtf8(stream, name))) {
    const fields = splitFields(line.text);
    if (fields.length === 0 || fields[0].startsWith("#")) continue;
    if (fields.length !== 4) {
      throw new InputError(
        name,
        line.number,
        `expected 4 fields "qid subtopic docno rel", got ${fields.length}`,
      );
    }
    const [qid, subtopic, docno, rel] = fields;
    if (!isNaturalNumber(rel)) {
      throw new InputError(
        name,
        line.number,
        `relevance must be a whole number of at least 0, as ndeval reads it, got "${rel}"`,
      );
    }
    let docs = qrels.get(qid);
    if (!docs) qrels.set(qid, docs = new Map());
    let subtopics = docs.get(docno);
    if (!subtopics) docs.set(docno, subtopics = new Map());
    if (subtopics.has(subtopic)) {
      throw new InputError(
        name,
        line.number,
        `document "${docno}" is judged twice for subtopic "${subtopic}" of query "${qid}"`,
      );
    }
    subtopics.set(subtopic, Number(rel));
  }
  return qrels;
}

// One pass over the digits: no pattern to backtrack on a hostile line.
function isNaturalNumber(text: string): boolean {
  if (text === "" || text.length > 15) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
