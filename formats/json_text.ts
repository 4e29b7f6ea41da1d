/**
 * JSON parsing whose errors say where: V8's messages give a position for
 * some mistakes and none for others, so on failure a small scanner finds the
 * offending offset itself. A key repeated in one object is refused: JSON.parse
 * (and Python's json, hence ranx and ir_measures) keeps the last value and
 * drops the others without a word, as a TREC run repeating a document would
 * not be allowed to.
 *
 * @module
 */

import { InputError } from "../model/errors.ts";
import { quoted } from "../model/quote.ts";
import {
  checkWellFormed,
  LONE_SURROGATE_CONSEQUENCE,
  notWellFormedString,
} from "./utf8.ts";

/** Options of {@linkcode parseJson}. */
export interface ParseJsonOptions {
  /** The file name used in error messages. Default: `<json>`. */
  name?: string;
  /** The line number of the text's first line (JSON Lines records). Default: 1. */
  firstLine?: number;
}

/**
 * Parses JSON text, turning a syntax error into an {@linkcode InputError}
 * with the file and the line of the mistake, and refusing a key repeated in
 * one object (which JSON.parse would silently keep the last value of).
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
 * try {
 *   parseJson('{"q1": {"d2": 9, "d1": 1, "d2": 0}}', { name: "run.json" });
 * } catch (error) {
 *   console.log((error as Error).message); // 'run.json:1: key "d2" repeated in one object at column 27 (first at column 9); JSON.parse would keep only the last value'
 * }
 * ```
 *
 * @param text The JSON text.
 * @param options The file name and first line number.
 * @returns The parsed value.
 * @throws {InputError} If the text is not valid JSON, holds a lone
 * surrogate (itself or as an escape), or repeats a key in one object.
 */
export function parseJson(
  text: string,
  options: ParseJsonOptions = {},
): unknown {
  const value = parseJsonKeepingKeys(text, options);
  checkUniqueKeys(text, value, options);
  return value;
}

/**
 * {@linkcode parseJson} without the repeated-key check, for a reader that
 * walks every key of the value anyway: it counts them and calls
 * {@linkcode checkKeyCount}, sparing a second walk of a large run. Used in
 * formats/, not exported from `mod.ts`.
 *
 * @example
 * ```ts
 * import { checkKeyCount, parseJsonKeepingKeys } from "./json_text.ts";
 * const text = '{"q1": {"d1": 1, "d1": 2}}';
 * const value = parseJsonKeepingKeys(text) as Record<string, object>;
 * const keys = Object.keys(value).length + Object.keys(value.q1).length;
 * try {
 *   checkKeyCount(text, keys, { name: "run.json" });
 * } catch (error) {
 *   console.log((error as Error).message); // 'run.json:1: key "d1" repeated in one object at column 18 (first at column 9); JSON.parse would keep only the last value'
 * }
 * ```
 *
 * @param text The JSON text.
 * @param options The file name and first line number.
 * @returns The parsed value, the last value of a repeated key kept.
 * @throws {InputError} If the text is not valid JSON, or holds a lone
 * surrogate (itself or as an escape).
 */
export function parseJsonKeepingKeys(
  text: string,
  options: ParseJsonOptions = {},
): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const offset = jsonErrorOffset(text);
    const line = lineAt(text, offset, options.firstLine);
    const reason = offset >= text.length
      ? "invalid JSON: unexpected end of input"
      : `invalid JSON: unexpected ${shown(text.codePointAt(offset)!)}`;
    throw new InputError(options.name ?? "<json>", line, reason);
  }
  // A string given by a caller may hold one itself; text decoded from
  // UTF-8 never does. Otherwise only an escape can make a lone surrogate:
  // the walk runs only when the text holds one.
  checkWellFormed(text, options.name ?? "<json>", options.firstLine);
  if (
    SURROGATE_ESCAPE.test(text) && notWellFormedString(value) !== undefined
  ) {
    const match = LONE_SURROGATE_ESCAPE.exec(text);
    throw new InputError(
      options.name ?? "<json>",
      lineAt(text, match?.index ?? 0, options.firstLine),
      `invalid JSON string: a lone surrogate escape${
        match ? ` (${match[0]})` : ""
      }, ${LONE_SURROGATE_CONSEQUENCE}`,
    );
  }
  return value;
}

/**
 * Refuses JSON text whose parsed value lost a key repeated in one object:
 * for a caller that parsed the text with `JSON.parse` itself. Linear time:
 * the text's members are counted by their `:` separators and the value's
 * keys by a walk, and only when the counts differ (a key was repeated, or
 * a string starts with `:`) is the text scanned for the repeated key.
 *
 * @example
 * ```ts
 * import { checkUniqueKeys } from "./json_text.ts";
 * const text = '{"q1": {"d1": 1},\n "q1": {"d1": 0}}';
 * try {
 *   checkUniqueKeys(text, JSON.parse(text), { name: "qrels.json" });
 * } catch (error) {
 *   console.log((error as Error).message); // 'qrels.json:2: key "q1" repeated in one object at column 2 (first at line 1, column 2); JSON.parse would keep only the last value'
 * }
 * checkUniqueKeys('{"a": {"a": 1}}', { a: { a: 1 } }); // one key per object: no error
 * ```
 *
 * @param text The JSON text, valid JSON.
 * @param value What `JSON.parse` made of it.
 * @param options The file name and first line number.
 * @throws {InputError} Naming the line and column of the first repeated key
 * and of its first occurrence.
 */
export function checkUniqueKeys(
  text: string,
  value: unknown,
  options: ParseJsonOptions = {},
): void {
  checkKeyCount(text, keyCount(value), options);
}

/**
 * Refuses JSON text that has more members than its parsed value has keys:
 * some key was repeated in one object. Used in formats/, not exported from
 * `mod.ts`.
 *
 * @example
 * ```ts
 * import { checkKeyCount } from "./json_text.ts";
 * checkKeyCount('{"a": 1, "b": ":"}', 2); // two keys, the string's ':' no separator
 * try {
 *   checkKeyCount('[{"a": 1, "a": 1}]', 1, { name: "x.json" });
 * } catch (error) {
 *   console.log((error as Error).message); // 'x.json:1: key "a" repeated in one object at column 11 (first at column 3); JSON.parse would keep only the last value'
 * }
 * ```
 *
 * @param text The JSON text, valid JSON.
 * @param keys How many keys the parsed value has, in all its objects.
 * @param options The file name and first line number.
 * @throws {InputError} Naming the first repeated key, as
 * {@linkcode checkUniqueKeys} does.
 */
export function checkKeyCount(
  text: string,
  keys: number,
  options: ParseJsonOptions = {},
): void {
  if (memberCount(text) === keys) return;
  const repeat = firstRepeatedKey(text);
  if (repeat === undefined) return;
  const [first, second] = places(text, [repeat.first, repeat.second]);
  const lineOne = (options.firstLine ?? 1) - 1;
  const firstAt = first.line === second.line
    ? `column ${first.column}`
    : `line ${lineOne + first.line}, column ${first.column}`;
  throw new InputError(
    options.name ?? "<json>",
    lineOne + second.line,
    `key ${
      quoted(repeat.key)
    } repeated in one object at column ${second.column} (first at ${firstAt}); JSON.parse would keep only the last value`,
  );
}

/**
 * At least the members of valid JSON text, and as many unless a string
 * starts with a colon: the `:` that follow a quote (and maybe white space)
 * not escaped by an odd run of backslashes. A separator follows a key's
 * closing quote; in a string, a quote before a colon is escaped, or opens
 * it. Too many only costs a scan.
 */
function memberCount(text: string): number {
  let count = 0;
  for (let i = text.indexOf(":"); i !== -1; i = text.indexOf(":", i + 1)) {
    let quote = i - 1;
    let code = text.charCodeAt(quote);
    while (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) {
      code = text.charCodeAt(--quote);
    }
    if (code === 0x22 && !escaped(text, quote)) count++;
  }
  return count;
}

/**
 * The keys of every object of a parsed JSON value. A loop over a stack of
 * its own, not recursion: JSON.parse takes nesting deeper than the call
 * stack.
 */
function keyCount(value: unknown): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== "object" || item === null) continue;
    if (Array.isArray(item)) {
      for (const element of item) {
        if (typeof element === "object") pending.push(element);
      }
      continue;
    }
    // Own keys only: a for-in would count what a library added to
    // Object.prototype, and a count that way could equal the text's.
    const keys = Object.keys(item);
    count += keys.length;
    for (const key of keys) {
      const member = (item as Record<string, unknown>)[key];
      if (typeof member === "object") pending.push(member);
    }
  }
  return count;
}

const STRUCTURE = /["{}[\],]/g;

/**
 * The first key of valid JSON text met a second time in the same object,
 * with the offsets of both occurrences. One pass; each open object keeps
 * the keys it has met.
 */
function firstRepeatedKey(
  text: string,
): { key: string; first: number; second: number } | undefined {
  // One entry per open container: an object's keys, or null for an array.
  const open: (Map<string, number> | null)[] = [];
  let expectKey = false;
  STRUCTURE.lastIndex = 0;
  for (let match; (match = STRUCTURE.exec(text)) !== null;) {
    const at = match.index;
    const char = match[0];
    if (char === '"') {
      let end = at + 1;
      for (;;) {
        end = text.indexOf('"', end);
        if (!escaped(text, end)) break;
        end++;
      }
      STRUCTURE.lastIndex = end + 1;
      const keys = open.at(-1);
      if (!expectKey || !keys) continue;
      expectKey = false;
      const raw = text.slice(at + 1, end);
      const key = raw.includes("\\")
        ? JSON.parse(text.slice(at, end + 1)) as string
        : raw;
      const first = keys.get(key);
      if (first !== undefined) return { key, first, second: at };
      keys.set(key, at);
    } else if (char === "{") {
      open.push(new Map());
      expectKey = true;
    } else if (char === "[") {
      open.push(null);
    } else if (char === ",") {
      expectKey = open.at(-1) != null;
    } else {
      open.pop();
    }
  }
  return undefined;
}

/** Whether the character at `at` follows an odd run of backslashes. */
function escaped(text: string, at: number): boolean {
  let slash = at - 1;
  while (text.charCodeAt(slash) === 0x5c) slash--;
  return (at - 1 - slash) % 2 === 1;
}

/** The line of an offset, counting from `firstLine` (default 1). */
function lineAt(text: string, offset: number, firstLine = 1): number {
  let line = firstLine;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The 1-based lines and columns (in characters) of ascending offsets. */
function places(
  text: string,
  offsets: readonly number[],
): { line: number; column: number }[] {
  const out: { line: number; column: number }[] = [];
  let line = 1;
  let column = 1;
  let i = 0;
  for (const offset of offsets) {
    for (; i < offset; i++) {
      const unit = text.charCodeAt(i);
      if (unit === 0x0a) {
        line++;
        column = 1;
      } else if (unit < 0xdc00 || unit > 0xdfff) column++;
    }
    out.push({ line, column });
  }
  return out;
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const LONE_SURROGATE_ESCAPE =
  /\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}/;

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
