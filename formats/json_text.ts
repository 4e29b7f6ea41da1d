/**
 * JSON parsing whose errors say where: V8's messages give a position for
 * some mistakes and none for others, so on failure a small scanner finds the
 * offending offset itself.
 *
 * @module
 */

import { InputError } from "../model/errors.ts";
import { checkWellFormed, LONE_SURROGATE_CONSEQUENCE } from "./utf8.ts";

/** Options of {@linkcode parseJson}. */
export interface ParseJsonOptions {
  /** The file name used in error messages. Default: `<json>`. */
  name?: string;
  /** The line number of the text's first line (JSON Lines records). Default: 1. */
  firstLine?: number;
}

/**
 * Parses JSON text, turning a syntax error into an {@linkcode InputError}
 * with the file and the line of the mistake.
 *
 * @example
 * ```ts
 * import { parseJson } from "./json_text.ts";
 * console.log(parseJson('{"a": [1, 2]}')); // { a: [ 1, 2 ] }
 * try {
 *   parseJson('{\n  "a": 1,\n  "b": }', { name: "data.json" });
 * } catch (error) {
 *   console.log((error as Error).message); // "data.json:3: invalid JSON: unexpected '}'"
 * }
 * ```
 *
 * @param text The JSON text.
 * @param options The file name and first line number.
 * @returns The parsed value.
 * @throws {InputError} If the text is not valid JSON, or holds a lone
 * surrogate (itself or as an escape).
 */
export function parseJson(
  text: string,
  options: ParseJsonOptions = {},
): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const offset = jsonErrorOffset(text);
    let line = options.firstLine ?? 1;
    for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
    const reason = offset >= text.length
      ? "invalid JSON: unexpected end of input"
      : `invalid JSON: unexpected ${shown(text.codePointAt(offset)!)}`;
    throw new InputError(options.name ?? "<json>", line, reason);
  }
  // A string given by a caller may hold one itself; text decoded from
  // UTF-8 never does. Otherwise only an escape can make a lone surrogate:
  // the walk runs only when the text holds one.
  checkWellFormed(text, options.name ?? "<json>", options.firstLine);
  if (SURROGATE_ESCAPE.test(text) && !wellFormed(value)) {
    const match = LONE_SURROGATE_ESCAPE.exec(text);
    let line = options.firstLine ?? 1;
    const offset = match?.index ?? 0;
    for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
    throw new InputError(
      options.name ?? "<json>",
      line,
      `invalid JSON string: a lone surrogate escape${
        match ? ` (${match[0]})` : ""
      }, ${LONE_SURROGATE_CONSEQUENCE}`,
    );
  }
  return value;
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const LONE_SURROGATE_ESCAPE =
  /\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}/;

/** Whether every string of a parsed value, keys included, is well formed. */
function wellFormed(value: unknown): boolean {
  if (typeof value === "string") return value.isWellFormed();
  if (typeof value !== "object" || value === null) return true;
  if (Array.isArray(value)) return value.every(wellFormed);
  for (const [key, item] of Object.entries(value)) {
    if (!key.isWellFormed() || !wellFormed(item)) return false;
  }
  return true;
}

function shown(codePoint: number): string {
  return codePoint < 0x20
    ? `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`
    : `'${String.fromCodePoint(codePoint)}'`;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
const STRING_BODY = /(?:[^"\\]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

/**
 * The offset of the first character that makes `text` invalid JSON, or the
 * text's length when it ends too early. Only called after `JSON.parse`
 * failed, so it favours brevity over speed.
 */
function jsonErrorOffset(text: string): number {
  let i = 0;
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const match = (re: RegExp) => {
    re.lastIndex = i;
    if (!re.test(text)) return false;
    i = re.lastIndex;
    return true;
  };
  // Each returns false at the first mistake, leaving `i` on it.
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    const start = ++i;
    match(STRING_BODY);
    // JSON forbids raw control characters inside strings.
    for (let j = start; j < i; j++) {
      if (text.charCodeAt(j) < 0x20) return i = j, false;
    }
    if (text[i] !== '"') return false;
    i++;
    return true;
  };
  const value = (): boolean => {
    space();
    const c = text[i];
    if (c === "{") {
      i++;
      space();
      if (text[i] === "}") return i++, true;
      for (;;) {
        space();
        if (!string()) return false;
        space();
        if (text[i] !== ":") return false;
        i++;
        if (!value()) return false;
        space();
        if (text[i] === "}") return i++, true;
        if (text[i] !== ",") return false;
        i++;
      }
    }
    if (c === "[") {
      i++;
      space();
      if (text[i] === "]") return i++, true;
      for (;;) {
        if (!value()) return false;
        space();
        if (text[i] === "]") return i++, true;
        if (text[i] !== ",") return false;
        i++;
      }
    }
    if (c === '"') return string();
    return match(NUMBER) || match(LITERAL);
  };
  if (value()) {
    space();
  }
  return i;
}
