/**
 * Small text files read at once: a regular, uncompressed file read
 * synchronously into one buffer, and its lines split into fields by two
 * regular expressions over the whole text, for the readers' fast paths. A
 * TREC qrels file is read in a few native calls, where a line reader's
 * stream, split and record per line run cold in the interpreter (and an
 * asynchronous call waits for a thread pool, on a busy machine for a core).
 *
 * @module
 */

import { fillSync, isGzipMagic } from "./_file_bytes.ts";

/**
 * The bytes of a regular file of at most `maxBytes` that is not gzip data,
 * read at once and synchronously; undefined for anything else (standard
 * input, a pipe or device, a `.gz` name or gzip bytes, a larger file, a
 * file that cannot be read or changed while read), which a line reader then
 * reads or reports.
 *
 * @example
 * ```ts
 * import { readSmallFileSync } from "./whole_file.ts";
 * const path = await Deno.makeTempFile();
 * await Deno.writeTextFile(path, "q1 0 d1 1\n");
 * console.log(readSmallFileSync(path, 1 << 20)?.length); // 10
 * console.log(readSmallFileSync(path, 4)); // undefined
 * await Deno.remove(path);
 * ```
 *
 * @param path The file.
 * @param maxBytes The largest size read.
 * @returns The bytes, or undefined.
 */
export function readSmallFileSync(
  path: string,
  maxBytes: number,
): Uint8Array | undefined {
  if (path === "-" || path.endsWith(".gz")) return undefined;
  try {
    // Stat first: opening a pipe would wait for its writer.
    const { isFile, size } = Deno.statSync(path);
    if (!isFile || size > maxBytes) return undefined;
    using file = Deno.openSync(path);
    const bytes = new Uint8Array(size);
    if (
      fillSync(file, bytes) < size || file.readSync(new Uint8Array(1)) !== null
    ) {
      return undefined;
    }
    return isGzipMagic(bytes) ? undefined : bytes;
  } catch {
    return undefined;
  }
}

const FIELD = "[^ \\t\\r\\v\\f\\n]+", SPACE = "[ \\t\\r\\v\\f]";
const NOT_RECORDS = new Map<number, RegExp>();
const WHITESPACE = /[ \t\n\r\v\f]+/;

/**
 * The fields of a text whose every line has exactly `count` fields (split
 * on C `isspace`, so a U+00A0 stays inside a field) and does not start with
 * `#`, in order, `count` per line; undefined when a line does not (a
 * comment, a blank or malformed line), for a line reader to handle. The
 * empty string after a final newline is not a line.
 *
 * @example
 * ```ts
 * import { uniformFields } from "./whole_file.ts";
 * console.log(uniformFields("q1 0 d1 1\r\n\tq1 0 d2 0", 4)); // ["q1", "0", "d1", "1", "q1", "0", "d2", "0"]
 * console.log(uniformFields("# judged\nq1 0 d1 1\n", 4)); // undefined
 * ```
 *
 * @param text The text.
 * @param count The fields of every line, at least 1.
 * @returns The fields, or undefined.
 */
export function uniformFields(
  text: string,
  count: number,
): string[] | undefined {
  let notRecord = NOT_RECORDS.get(count);
  if (!notRecord) {
    notRecord = new RegExp(
      `^(?!${SPACE}*[^ \\t\\r\\v\\f\\n#][^ \\t\\r\\v\\f\\n]*(?:${SPACE}+${FIELD}){${
        count - 1
      }}${SPACE}*$)`,
      "m",
    );
    NOT_RECORDS.set(count, notRecord);
  }
  const lines = text.endsWith("\n") ? text.slice(0, -1) : text;
  if (lines === "" || notRecord.test(lines)) return undefined;
  const fields = lines.split(WHITESPACE);
  if (fields[0] === "") fields.shift();
  if (fields[fields.length - 1] === "") fields.pop();
  return fields;
}
