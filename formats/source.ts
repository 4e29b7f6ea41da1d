/**
 * Where input comes from: a path, standard input or a stream, gzip or not,
 * read as lines without ever holding the whole file.
 *
 * @module
 */

/** A file path (`-` is standard input), a byte stream or a string. */
export type Source = string | ReadableStream<Uint8Array> | { text: string };

/** A named byte stream. */
export interface OpenedSource {
  /** The name used in error messages. */
  readonly name: string;
  /** The bytes, decompressed when the file was gzipped. */
  readonly stream: ReadableStream<Uint8Array>;
}

/**
 * Opens a source. A path ending in `.gz` is decompressed on the fly.
 *
 * @param source A path, `-` for standard input, a stream or `{ text }`.
 * @param name The name for error messages. Default: the path, `<stdin>` or `<stream>`.
 * @returns The named stream.
 */
export async function openSource(
  source: Source,
  name?: string,
): Promise<OpenedSource> {
  if (typeof source === "string") {
    if (source === "-") {
      return { name: name ?? "<stdin>", stream: Deno.stdin.readable };
    }
    const file = await Deno.open(source);
    const stream = source.endsWith(".gz")
      ? file.readable.pipeThrough(new DecompressionStream("gzip"))
      : file.readable;
    return { name: name ?? source, stream };
  }
  if (source instanceof ReadableStream) {
    return { name: name ?? "<stream>", stream: source };
  }
  const bytes = new TextEncoder().encode(source.text);
  return {
    name: name ?? "<text>",
    stream: new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
  };
}

/** One line of input and where it was. */
export interface Line {
  /** The text, without its line break. */
  readonly text: string;
  /** The 1-based line number. */
  readonly number: number;
}

/**
 * Reads a stream as lines, decoding UTF-8 chunk by chunk.
 *
 * @example
 * ```ts
 * import { readLines } from "./source.ts";
 * const stream = ReadableStream.from([new TextEncoder().encode("a\nb\r\n")]);
 * for await (const line of readLines(stream)) console.log(line.number, line.text);
 * ```
 *
 * @param stream The bytes.
 * @returns The lines; a trailing `\r` is kept (callers treat it as whitespace).
 */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<Line> {
  const decoder = new TextDecoder();
  let rest = "";
  let number = 0;
  for await (const chunk of stream) {
    const text = rest + decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
      yield { text: text.slice(start, nl), number: ++number };
      start = nl + 1;
    }
    rest = text.slice(start);
  }
  rest += decoder.decode();
  if (rest !== "") yield { text: rest, number: ++number };
}

const ASCII_SPACE = /[ \t\r\v\f]+/;

/**
 * Splits a line on ASCII whitespace only, as C `isspace` does: Unicode
 * spaces such as U+00A0 stay inside their field.
 *
 * @example
 * ```ts
 * import { splitFields } from "./source.ts";
 * console.log(splitFields(" q1\t0  d\u00a0x 1\r")); // ["q1", "0", "d\u00a0x", "1"]
 * ```
 *
 * @param line The line.
 * @returns The fields, none for a blank line.
 */
export function splitFields(line: string): string[] {
  const fields = line.split(ASCII_SPACE);
  if (fields.length && fields[0] === "") fields.shift();
  if (fields.length && fields[fields.length - 1] === "") fields.pop();
  return fields;
}
