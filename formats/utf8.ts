/**
 * Input that must be UTF-8 text. A decoder left to itself turns every bad
 * byte into U+FFFD, so two different ids (`d\xff`, `d\xfe`) become one
 * string and match each other, while the byte-level run scanner keeps them
 * apart: a file that is not UTF-8 is refused instead, naming the line.
 *
 * @module
 */

import { InputError } from "../model/errors.ts";

const NEWLINE = 10;

/**
 * Passes a byte stream through unchanged while checking it is UTF-8.
 *
 * @example
 * ```ts
 * import { checkUtf8 } from "./utf8.ts";
 * const bytes = new Uint8Array([0x61, 0x0a, 0x62, 0xff, 0x0a]); // "a\nb\xff\n"
 * const stream = checkUtf8(ReadableStream.from([bytes]), "ids.txt");
 * await new Response(stream).text().catch((error) => console.log(error.message)); // "ids.txt:2: not UTF-8 text: byte 0xFF at column 2"
 * ```
 *
 * @param stream The bytes.
 * @param name The file name for the error.
 * @returns The same bytes.
 * @throws {InputError} While reading, at the first byte that is not part of
 * a UTF-8 sequence, with its line and column (1-based, in bytes).
 */
export function checkUtf8(
  stream: ReadableStream<Uint8Array>,
  name: string,
): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let lines = 0;
  let lineStart = 0; // offset of the current line's start, from the stream's
  let offset = 0; // offset of the chunk's first byte
  // The bytes of a sequence the previous chunk ended inside.
  let pending: Uint8Array = new Uint8Array(0);
  const fail = (bytes: Uint8Array, at: number, base: number): never => {
    let line = lines;
    let start = lineStart;
    for (let i = 0; i < at; i++) {
      if (bytes[i] === NEWLINE) {
        line++;
        start = base + i + 1;
      }
    }
    throw new InputError(
      name,
      line + 1,
      notUtf8Reason(bytes[at], base + at - start + 1),
    );
  };
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          const bytes = new Uint8Array(pending.length + chunk.length);
          bytes.set(pending);
          bytes.set(chunk, pending.length);
          fail(bytes, firstInvalid(bytes), offset - pending.length);
        }
        for (
          let i = chunk.indexOf(NEWLINE);
          i >= 0;
          i = chunk.indexOf(NEWLINE, i + 1)
        ) {
          lines++;
          lineStart = offset + i + 1;
        }
        pending = incompleteTail(pending, chunk);
        offset += chunk.length;
        controller.enqueue(chunk);
      },
      flush() {
        try {
          decoder.decode();
        } catch {
          fail(pending, pending.length, offset - pending.length);
        }
      },
    }),
  );
}

/**
 * What a lone surrogate does to an id, said the same by every reader: the
 * JSON readers (for an escape) and {@linkcode checkWellFormed} (for a string).
 */
export const LONE_SURROGATE_CONSEQUENCE =
  "which is no character; ids written with Python's surrogateescape are refused rather than merged with others";

/**
 * Refuses a string that is not well-formed UTF-16: a lone surrogate (as
 * Python's `surrogateescape` makes of a byte that is not UTF-8) would become
 * U+FFFD once the text is encoded for the readers, so `d\udcff` and
 * `d\udcfe` would be one id.
 *
 * @example
 * ```ts
 * import { checkWellFormed } from "./utf8.ts";
 * checkWellFormed("q1 0 d\u{1F600} 1\n", "qrels"); // a pair is one character
 * try {
 *   checkWellFormed("q1 0 d1 1\nq1 0 d\udcff 1\n", "qrels");
 * } catch (error) {
 *   console.log((error as Error).message); // "qrels:2: not well-formed text: a lone surrogate (\udcff) at column 7, which is no character; [...]"
 * }
 * ```
 *
 * @param text The text.
 * @param name The name for the error.
 * @param firstLine The line number of the text's first line. Default: 1.
 * @throws {InputError} At the first lone surrogate, with its line and column
 * (1-based, in characters).
 */
export function checkWellFormed(
  text: string,
  name: string,
  firstLine = 1,
): void {
  if (text.isWellFormed()) return;
  let line = firstLine;
  let column = 1;
  for (let i = 0; i < text.length; i++, column++) {
    const unit = text.charCodeAt(i);
    if (unit === NEWLINE) {
      line++;
      column = 0;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      const escape = `\\u${unit.toString(16).padStart(4, "0")}`;
      throw new InputError(
        name,
        line,
        `not well-formed text: a lone surrogate (${escape}) at column ${column}, ${LONE_SURROGATE_CONSEQUENCE}`,
      );
    }
  }
}

/**
 * The first string of a value, object keys included, that is not
 * well-formed UTF-16 (holds a lone surrogate): for data parsed from JSON,
 * where only an escape (`"d\udcff"`) makes one. A loop, not recursion:
 * nesting may be deeper than the stack. Used in formats/ and server/, not
 * exported from `mod.ts`.
 *
 * @example
 * ```ts
 * import { notWellFormedString } from "./utf8.ts";
 * console.log(notWellFormedString({ q1: { "d\u{1F600}": 1 } })); // undefined
 * console.log(notWellFormedString({ q1: ["d1", "d\udcff"] }) === "d\udcff"); // true
 * ```
 *
 * @param value The value.
 * @returns The string, or `undefined` when every one is well formed.
 */
export function notWellFormedString(value: unknown): string | undefined {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (!item.isWellFormed()) return item;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (typeof item === "object" && item !== null) {
      for (const [key, member] of Object.entries(item)) {
        if (!key.isWellFormed()) return key;
        pending.push(member);
      }
    }
  }
  return undefined;
}

/**
 * What a reader says of text that is not UTF-8: the first byte that is not
 * part of a UTF-8 sequence and its column, or that the input ends inside a
 * character. The line reader's check and the run scanner say it alike.
 *
 * @example
 * ```ts
 * import { notUtf8Reason } from "./utf8.ts";
 * console.log(notUtf8Reason(0xff, 7)); // "not UTF-8 text: byte 0xFF at column 7"
 * console.log(notUtf8Reason(undefined, 7)); // "not UTF-8 text: the input ends inside a character"
 * ```
 *
 * @param byte The byte, or undefined when the input ends inside a character.
 * @param column Its column, 1-based, in bytes.
 * @returns The reason.
 */
export function notUtf8Reason(
  byte: number | undefined,
  column: number,
): string {
  return byte === undefined
    ? "not UTF-8 text: the input ends inside a character"
    : `not UTF-8 text: byte ${hexByte(byte)} at column ${column}`;
}

/**
 * A byte as error messages show it.
 *
 * @example
 * ```ts
 * import { hexByte } from "./utf8.ts";
 * console.log(hexByte(0xe9)); // "0xE9"
 * ```
 *
 * @param byte The byte.
 * @returns `0x` and two upper-case hex digits.
 */
export function hexByte(byte: number): string {
  return `0x${byte.toString(16).toUpperCase().padStart(2, "0")}`;
}

/** The bytes of an unfinished sequence at the end of `previous + chunk`. */
function incompleteTail(previous: Uint8Array, chunk: Uint8Array): Uint8Array {
  const bytes = chunk.length >= 3
    ? chunk.subarray(chunk.length - 3)
    : Uint8Array.from([...previous, ...chunk]).slice(-3);
  for (let j = bytes.length - 1; j >= 0; j--) {
    const b = bytes[j];
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > bytes.length - j ? bytes.slice(j) : new Uint8Array(0);
  }
  return new Uint8Array(0);
}

/**
 * The index of the first byte of `bytes[start, end)` that does not start a
 * well-formed UTF-8 sequence (RFC 3629: no overlong forms, surrogates or
 * values above U+10FFFF), or `end` when there is none or a sequence is cut
 * off by the end: the one check of every reader.
 *
 * @example
 * ```ts
 * import { firstInvalid } from "./utf8.ts";
 * console.log(firstInvalid(new Uint8Array([0x61, 0xc3, 0xa9, 0xff]))); // 3
 * ```
 *
 * @param bytes The bytes.
 * @param start Where to start. Default: 0.
 * @param end Where to stop. Default: the length.
 * @returns The index.
 */
export function firstInvalid(
  bytes: Uint8Array,
  start = 0,
  end: number = bytes.length,
): number {
  let i = start;
  while (i < end) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number, low = 0x80, high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      if (i + k >= end) return end;
      const c = bytes[i + k];
      // The sequence's lead byte is the one at fault: it promised a
      // continuation that is not there.
      if (c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += need + 1;
  }
  return end;
}
