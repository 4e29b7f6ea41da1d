/**
 * TREC qrels: `qid iter docno rel` per line.
 *
 * @module
 */

import type { Qrels } from "../model/types.ts";
import { atol } from "./c_number.ts";
import { isWholeGrade } from "./_whole_grade.ts";
import { isDecimalLiteral } from "./_decimal.ts";
import { quoted } from "../model/quote.ts";
import { InputError } from "../model/errors.ts";
import { openSource, readLines, type Source, splitFields } from "./source.ts";
import { BYTE_ORDER_MARK, byteOrderMarkError } from "./_byte_order_mark.ts";
import { checkUtf8 } from "./utf8.ts";
import { checkTrecField } from "./trec_fields.ts";
import { type InputLimits, inputLimits } from "./limits.ts";
import { readSmallFileSync, uniformFields } from "./whole_file.ts";

/** Options of {@linkcode readQrels}. */
export interface ReadQrelsOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
  /**
   * Parse grades as trec_eval does (C `atol`: `2.9` is 2, `x` is 0) instead of
   * rejecting anything but a number. Default: false.
   */
  lenient?: boolean;
  /**
   * Bounds for this file: the longest line and how far a gzip file may
   * inflate. Default: the process's ({@linkcode inputLimits}: 16 MiB lines,
   * 200 times the compressed size, 64 GiB).
   */
  limits?: Partial<InputLimits>;
}

/**
 * Reads TREC qrels, streaming: four whitespace-separated fields per line,
 * `#` comment lines and blank lines skipped, CRLF accepted.
 *
 * @example Read qrels from text
 * ```ts
 * import { readQrels } from "./trec_qrels.ts";
 * const qrels = await readQrels({ text: "q1 0 d1 2\nq1 0 d2 0\n" });
 * console.log(qrels.get("q1")?.get("d1")); // 2
 * ```
 *
 * @example Bound the line length for one call
 * ```ts
 * import { readQrels } from "./trec_qrels.ts";
 * try {
 *   await readQrels({ text: "q1 0 d1 2\n" }, { limits: { maxLineBytes: 4 } });
 * } catch (error) {
 *   console.log((error as Error).message);
 *   // "<text>:1: line longer than 4 bytes (the limit; raise it with --max-line-bytes)"
 * }
 * ```
 *
 * @param source A path (`-` for stdin, `.gz` decompressed), a stream or `{ text }`.
 * @param options Name, leniency and bounds.
 * @returns Query id to document id to grade, in file order.
 * @throws {InputError} On a malformed line, a repeated (query, document)
 * pair, or a line or gzip file past the bounds.
 */
export async function readQrels(
  source: Source,
  options: ReadQrelsOptions = {},
): Promise<Qrels> {
  const limits = inputLimits(options.limits);
  // A small plain file of four-field lines is read at once; anything else
  // (a comment or blank line, a line the reader must report, gzip, a
  // stream) line by line.
  const whole = typeof source === "string"
    ? readSmallFileSync(source, limits.maxLineBytes)
    : undefined;
  const fast = whole && wellFormedQrels(whole, options.lenient ?? false);
  if (fast) return fast;
  const { name, stream } = await openSource(source, options.name, limits);
  const qrels = new Map<string, Map<string, number>>();
  const lines = readLines(checkUtf8(stream, name), {
    name,
    maxLineBytes: limits.maxLineBytes,
  });
  for await (const line of lines) {
    const fields = splitFields(line.text);
    if (fields.length === 0 || fields[0].startsWith("#")) continue;
    if (fields.length !== 4) {
      throw new InputError(
        name,
        line.number,
        `expected 4 fields "qid iter docno rel", got ${fields.length}`,
      );
    }
    const [qid, , docno, rel] = fields;
    if (qid.charCodeAt(0) === BYTE_ORDER_MARK) {
      throw byteOrderMarkError(name, line.number, qid);
    }
    let grade: number;
    if (options.lenient) grade = atol(rel);
    else if (isDecimalLiteral(rel)) grade = Number(rel);
    else {
      throw new InputError(
        name,
        line.number,
        `relevance must be a number, got ${quoted(rel)}`,
      );
    }
    if (!Number.isFinite(grade)) {
      throw new InputError(
        name,
        line.number,
        `relevance must be finite, got ${quoted(rel)}`,
      );
    }
    if (!options.lenient && !isWholeGrade(rel, grade)) {
      throw new InputError(
        name,
        line.number,
        `relevance must be a whole number, got ${
          quoted(rel)
        } (trec_eval reads it as ${
          atol(rel)
        }; ir_measures and ranx refuse it): round the grades, or score with ranklens trec_eval`,
      );
    }
    let judgements = qrels.get(qid);
    if (!judgements) qrels.set(qid, judgements = new Map());
    if (judgements.has(docno)) {
      throw new InputError(
        name,
        line.number,
        `document "${docno}" is judged twice for query "${qid}"`,
      );
    }
    judgements.set(docno, grade);
  }
  return qrels;
}

/**
 * The qrels of a file's bytes when every line is a four-field record with a
 * valid grade and no pair repeats, read as the line reader reads them;
 * undefined otherwise, for the line reader to report.
 */
function wellFormedQrels(
  bytes: Uint8Array,
  lenient: boolean,
): Qrels | undefined {
  let text;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return undefined;
  }
  // Decoding dropped a mark opening the file; one further on is refused by
  // the line reader, with its line.
  if (text.includes("\ufeff")) return undefined;
  const fields = uniformFields(text, 4);
  if (!fields) return undefined;
  const qrels = new Map<string, Map<string, number>>();
  let qid = "";
  let judgements: Map<string, number> | undefined;
  for (let i = 0; i < fields.length; i += 4) {
    if (judgements === undefined || fields[i] !== qid) {
      qid = fields[i];
      judgements = qrels.get(qid);
      if (!judgements) qrels.set(qid, judgements = new Map());
    }
    const docno = fields[i + 2], rel = fields[i + 3];
    const digit = rel.charCodeAt(0) - 48;
    let grade: number;
    if (rel.length === 1 && digit >= 0 && digit <= 9) grade = digit;
    else if (lenient) grade = atol(rel);
    else if (isDecimalLiteral(rel)) grade = Number(rel);
    else return undefined;
    if (!isWholeGrade(rel, grade) || judgements.has(docno)) return undefined;
    judgements.set(docno, grade);
  }
  return qrels;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Writes qrels as TREC text, one `qid 0 docno rel` line per judgement.
 *
 * @example
 * ```ts
 * import { formatQrels } from "./trec_qrels.ts";
 * console.log(formatQrels(new Map([["q1", new Map([["d1", 1]])]]))); // "q1 0 d1 1\n"
 * ```
 *
 * @param qrels The judgements.
 * @returns The text.
 * @throws {TypeError} If an id is empty or holds whitespace (or a query id
 * starts with `#`): the line would not read back as written.
 */
export function formatQrels(qrels: Qrels): string {
  let out = "";
  for (const [qid, judgements] of qrels) {
    checkTrecField(qid, "query id", "TREC qrels file", true);
    for (const [docno, rel] of judgements) {
      checkTrecField(docno, "document id", "TREC qrels file");
      out += `${qid} 0 ${docno} ${rel}\n`;
    }
  }
  return out;
}
