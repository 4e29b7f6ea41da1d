/**
 * The lines of trec_eval's input files as records, read the way trec_eval
 * reads them: fields split on ASCII whitespace, malformed lines numbered by
 * their place among the data lines (comments and skipped lines not counted).
 *
 * @module
 */

import { InputError } from "../model/errors.ts";
import { openSource, type Source } from "../formats/source.ts";
import {
  type InputLimits,
  inputLimits,
  LineLengthGuard,
  lineTooLong,
} from "../formats/limits.ts";

/**
 * A line that is not a record of the format. `record` is the line's place
 * among the data lines, which is the number trec_eval reports
 * ("Malformed line N").
 *
 * @example
 * ```ts
 * import { MalformedLineError } from "./lines.ts";
 * const error = new MalformedLineError("qrels", 4, 3, "expected 4 fields, got 5");
 * console.log(error.message); // "qrels:4: expected 4 fields, got 5"
 * console.log(error.record); // 3
 * ```
 */
export class MalformedLineError extends InputError {
  /** The 1-based place of the line among the data lines. */
  readonly record: number;

  /**
   * Creates the error.
   *
   * @param file The file name.
   * @param line The 1-based physical line number.
   * @param record The 1-based place among data lines.
   * @param reason What was wrong.
   */
  constructor(file: string, line: number, record: number, reason: string) {
    super(file, line, reason);
    this.name = "MalformedLineError";
    this.record = record;
  }
}

/** How ids are decoded. */
export type IdEncoding = "utf-8" | "bytes";

/** Options of {@linkcode readRecords}. */
export interface ReadRecordsOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
  /** Exactly this many fields (`exact`) or at least this many. */
  fields: number;
  /** Whether a record has exactly `fields` fields. Default: true. */
  exact?: boolean;
  /** Blank lines are skipped (runs) or malformed (qrels). Default: `malformed`. */
  blank?: "skip" | "malformed";
  /** Whether a line whose first non-blank character is `#` is a comment. Default: true. */
  comments?: boolean;
  /**
   * `utf-8` decodes the text; `bytes` makes each byte one character (code
   * unit 0-255), so ids compare and print byte for byte as in C, whatever
   * their encoding. Default: `utf-8`.
   */
  encoding?: IdEncoding;
  /** Bounds on the input (line length, gzip). Default: {@linkcode inputLimits}. */
  limits?: Partial<InputLimits>;
}

/** One data line split into fields. */
export interface InputRecord {
  /** The fields. */
  readonly fields: string[];
  /** The 1-based physical line number. */
  readonly line: number;
}

/** What {@linkcode readRecords} found besides the records. */
export interface RecordsSummary {
  /** The name used in messages. */
  readonly name: string;
  /** Whether the input had no bytes at all (trec_eval refuses such files). */
  readonly empty: boolean;
}

const ASCII_SPACE = /[ \t\r\v\f]+/;

/**
 * Reads an input as records. Each line is split on ASCII whitespace only
 * (C `isspace`; Unicode spaces such as U+00A0 stay inside fields).
 *
 * @example Read qrels-shaped records
 * ```ts
 * import { readRecords } from "./lines.ts";
 * const records: string[][] = [];
 * await readRecords({ text: "q1 0 d1 1\n# note\nq1 0 d2 0\n" }, { fields: 4 }, (r) => records.push(r.fields));
 * console.log(records); // [["q1", "0", "d1", "1"], ["q1", "0", "d2", "0"]]
 * ```
 *
 * @param source A path (`-` for stdin), a stream or `{ text }`.
 * @param options Field count and line rules.
 * @param onRecord Called with each record, in file order.
 * @returns The input's name and whether it was empty.
 * @throws {MalformedLineError} On a line that is not a record.
 */
export async function readRecords(
  source: Source,
  options: ReadRecordsOptions,
  onRecord: (record: InputRecord) => void,
): Promise<RecordsSummary> {
  const { name, stream } = await openSource(
    source,
    options.name,
    options.limits,
  );
  const {
    fields: count,
    exact = true,
    blank = "malformed",
    comments = true,
    encoding = "utf-8",
  } = options;
  let records = 0;
  let lineNumber = 0;
  let bytes = 0;
  const handle = (text: string) => {
    lineNumber++;
    // An empty line without the split: a file of newlines (a gzip bomb of
    // them) is skipped at the speed it is read.
    if (text === "" && blank === "skip") return;
    const fields = text.split(ASCII_SPACE);
    if (fields[0] === "") fields.shift();
    if (fields.length && fields[fields.length - 1] === "") fields.pop();
    if (fields.length === 0 && blank === "skip") return;
    if (comments && fields.length && fields[0].startsWith("#")) return;
    records++;
    if (exact ? fields.length !== count : fields.length < count) {
      throw new MalformedLineError(
        name,
        lineNumber,
        records,
        `expected ${
          exact ? "" : "at least "
        }${count} fields, got ${fields.length}`,
      );
    }
    onRecord({ fields, line: lineNumber });
  };
  const decode = encoding === "bytes" ? byteString : utf8Decoder();
  const guard = new LineLengthGuard(inputLimits(options.limits).maxLineBytes);
  // The text since the last newline, in pieces: joined once its line ends,
  // not copied again with every chunk.
  const pieces: string[] = [];
  for await (const whole of stream) {
    bytes += whole.length;
    const long = guard.check(whole);
    const chunk = long < 0 ? whole : whole.subarray(0, long);
    const text = decode(chunk, true);
    let nl = text.indexOf("\n");
    if (nl >= 0) {
      pieces.push(text.slice(0, nl));
      handle(pieces.length === 1 ? pieces[0] : pieces.join(""));
      pieces.length = 0;
      let start = nl + 1;
      for (
        nl = text.indexOf("\n", start);
        nl >= 0;
        nl = text.indexOf("\n", start)
      ) {
        handle(text.slice(start, nl));
        start = nl + 1;
      }
      if (start < text.length) pieces.push(text.slice(start));
    } else if (text !== "") pieces.push(text);
    if (long >= 0) throw lineTooLong(name, lineNumber + 1, guard.max);
  }
  const rest = pieces.join("") + decode(new Uint8Array(0), false);
  if (rest !== "") handle(rest);
  return { name, empty: bytes === 0 };
}

function utf8Decoder(): (chunk: Uint8Array, more: boolean) => string {
  const decoder = new TextDecoder();
  return (chunk, more) => decoder.decode(chunk, { stream: more });
}

const UTF16 = new TextDecoder("utf-16le");
const ASCII = new TextDecoder("windows-1252");
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Turns bytes into a string with one character per byte (code units 0-255).
 *
 * @example
 * ```ts
 * import { byteString } from "./lines.ts";
 * console.log(byteString(new Uint8Array([0x61, 0xc2, 0xa0])).length); // 3
 * ```
 *
 * @param bytes The bytes.
 * @returns The string.
 */
export function byteString(bytes: Uint8Array): string {
  // ASCII (nearly every run and qrels file) decodes alike in windows-1252,
  // into a one-byte string, which V8 hashes and compares faster than the
  // two-byte string that widening to UTF-16 gives. windows-1252 maps every
  // byte from 0x80 up to a code point from 0x80 up, so a pattern finds them:
  // a loop over the bytes ran in the interpreter, 3 ms of a TREC qrels file.
  const text = ASCII.decode(bytes);
  if (!NON_ASCII.test(text)) return text;
  const units = new Uint16Array(bytes.length);
  units.set(bytes);
  return UTF16.decode(units);
}

/**
 * Turns a string into bytes: a byte string (every code unit below 256) one
 * byte per character, anything else as UTF-8.
 *
 * @example
 * ```ts
 * import { stringBytes } from "./lines.ts";
 * console.log(stringBytes("a\u00a0")); // Uint8Array(2) [ 97, 160 ]
 * console.log(stringBytes("\u20ac").length); // 3
 * ```
 *
 * @param text The text.
 * @returns The bytes.
 */
export function stringBytes(text: string): Uint8Array {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 255) return new TextEncoder().encode(text);
  }
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
