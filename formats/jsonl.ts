/**
 * JSON Lines: one JSON value per line, read and written as streams.
 *
 * @module
 */

import { parseJson } from "./json_text.ts";
import { openSource, readLines, type Source } from "./source.ts";
import { checkUtf8 } from "./utf8.ts";

/** One record of a JSON Lines file and where it was. */
export interface JsonLine {
  /** The parsed value. */
  readonly value: unknown;
  /** The 1-based line number. */
  readonly line: number;
}

/** Options of {@linkcode readJsonLines}. */
export interface ReadJsonLinesOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
}

/**
 * Reads JSON Lines, streaming, one record per non-blank line.
 *
 * @example
 * ```ts
 * import { readJsonLines } from "./jsonl.ts";
 * const text = '{"_id": "d1"}\n\n{"_id": "d2"}\n';
 * for await (const { value, line } of readJsonLines({ text })) {
 *   console.log(line, value); // 1 { _id: "d1" }, then 3 { _id: "d2" }
 * }
 * ```
 *
 * @param source A path (`-` for stdin, `.gz` decompressed), a stream or `{ text }`.
 * @param options The name for error messages.
 * @returns The records, in file order.
 * @throws {InputError} Naming the file and line of a record that is not valid JSON (while iterating).
 */
export async function* readJsonLines(
  source: Source,
  options: ReadJsonLinesOptions = {},
): AsyncGenerator<JsonLine> {
  const { name, stream } = await openSource(source, options.name);
  for await (const line of readLines(checkUtf8(stream, name), { name })) {
    if (line.text.trim() === "") continue;
    yield {
      value: parseJson(line.text, { name, firstLine: line.number }),
      line: line.number,
    };
  }
}

/**
 * Writes one value as a JSON Lines record.
 *
 * @example
 * ```ts
 * import { formatJsonLine } from "./jsonl.ts";
 * console.log(formatJsonLine({ _id: "q1", text: "rye" })); // '{"_id":"q1","text":"rye"}\n'
 * ```
 *
 * @param value The value; it must serialise to JSON.
 * @returns The line, ending in a newline.
 * @throws {TypeError} If the value has no JSON form (e.g. `undefined`).
 */
export function formatJsonLine(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) {
    throw new TypeError(`Cannot write ${String(value)} as a JSON Lines record`);
  }
  return json + "\n";
}

/**
 * Streams values as JSON Lines bytes, pulling the next value only when the
 * consumer wants more, so a large corpus never sits in memory as text.
 *
 * @example
 * ```ts
 * import { jsonLinesStream } from "./jsonl.ts";
 * const stream = jsonLinesStream([{ a: 1 }, { a: 2 }]);
 * console.log(await new Response(stream).text()); // '{"a":1}\n{"a":2}\n'
 * ```
 *
 * @param values The values, sync or async.
 * @returns The encoded stream.
 */
export function jsonLinesStream(
  values: Iterable<unknown> | AsyncIterable<unknown>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return ReadableStream.from(
    (async function* () {
      for await (const value of values) {
        yield encoder.encode(formatJsonLine(value));
      }
    })(),
  );
}
