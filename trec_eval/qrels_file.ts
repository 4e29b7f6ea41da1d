/**
 * Qrels read exactly as trec_eval reads them.
 *
 * @module
 */

import type { Source } from "../formats/source.ts";
import { atol } from "../formats/c_number.ts";
import { inputLimits } from "../formats/limits.ts";
import { readSmallFileSync, uniformFields } from "../formats/whole_file.ts";
import { byteString, type IdEncoding, readRecords } from "./lines.ts";

/** The judgements of one topic as trec_eval reads them, in file order. */
export interface TrecEvalQrelsTopic {
  /** Document ids; a repeated id is kept (trec_eval reports it later). */
  readonly docnos: string[];
  /** Grades aligned with `docnos`, parsed with C `atol`. */
  readonly rels: number[];
}

/** Options of {@linkcode readTrecEvalQrels}. */
export interface ReadTrecEvalQrelsOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
  /** `bytes` keeps ids byte for byte (one character per byte). Default: `utf-8`. */
  encoding?: IdEncoding;
}

/**
 * Reads qrels exactly as trec_eval 10 does: four fields per line, grades
 * with C `atol` (`2.9` is 2, `x` is 0), a blank line is malformed, a line
 * starting with `#` is a comment. Repeated (topic, document) pairs are kept,
 * since trec_eval only reports them when it evaluates the topic.
 *
 * @example
 * ```ts
 * import { readTrecEvalQrels } from "./qrels_file.ts";
 * const { topics } = await readTrecEvalQrels({ text: "q1 0 d1 2.9\nq1 0 d2 x\n" });
 * console.log(topics.get("q1")); // { docnos: ["d1", "d2"], rels: [2, 0] }
 * ```
 *
 * @param source A path (`-` for stdin), a stream or `{ text }`.
 * @param options Name and id encoding.
 * @returns The topics in order of first appearance, and whether the input was empty.
 * @throws {MalformedLineError} On a line without exactly four fields.
 */
export async function readTrecEvalQrels(
  source: Source,
  options: ReadTrecEvalQrelsOptions = {},
): Promise<{ topics: Map<string, TrecEvalQrelsTopic>; empty: boolean }> {
  const whole = typeof source === "string"
    ? readSmallFileSync(source, inputLimits().maxLineBytes)
    : undefined;
  if (whole) {
    const text = options.encoding === "bytes"
      ? byteString(whole)
      : new TextDecoder().decode(whole);
    const topics = wellFormedTopics(text);
    if (topics) return { topics, empty: whole.length === 0 };
  }
  // Anything else (a stream, gzip, a comment, a malformed line) is read
  // line by line, with trec_eval's messages.
  const topics = new Map<string, TrecEvalQrelsTopic>();
  const { empty } = await readRecords(
    source,
    { name: options.name, fields: 4, encoding: options.encoding },
    ({ fields }) => {
      let topic = topics.get(fields[0]);
      if (!topic) topics.set(fields[0], topic = { docnos: [], rels: [] });
      topic.docnos.push(fields[2]);
      topic.rels.push(atol(fields[3]));
    },
  );
  return { topics, empty };
}

/**
 * The topics of a qrels text whose every line is a four-field record, as the
 * line reader would read them; undefined when a line is not (a comment, a
 * blank or malformed line), for the line reader to handle.
 */
function wellFormedTopics(
  text: string,
): Map<string, TrecEvalQrelsTopic> | undefined {
  const fields = uniformFields(text, 4);
  if (!fields) return undefined;
  const topics = new Map<string, TrecEvalQrelsTopic>();
  let qid = "";
  let topic: TrecEvalQrelsTopic | undefined;
  for (let i = 0; i < fields.length; i += 4) {
    if (topic === undefined || fields[i] !== qid) {
      qid = fields[i];
      topic = topics.get(qid);
      if (!topic) topics.set(qid, topic = { docnos: [], rels: [] });
    }
    topic.docnos.push(fields[i + 2]);
    const grade = fields[i + 3];
    const digit = grade.charCodeAt(0) - 48;
    topic.rels.push(
      grade.length === 1 && digit >= 0 && digit <= 9 ? digit : atol(grade),
    );
  }
  return topics;
}
