/**
 * User input in error messages, cut short: a megabyte-long field, spec or
 * request must not make a megabyte-long message. One rule for the readers,
 * the metric specs and the server: at most `max` characters are kept, and a
 * cut says the full length. Used across the package, not exported from
 * `mod.ts`.
 *
 * @module
 */

/** How many characters of a value {@linkcode quoted} keeps by default. */
export const QUOTED_LENGTH = 80;

// The first `max` code units, without a high surrogate cut from its pair
// (which would print as a lone escape).
function head(text: string, max: number): string {
  const end = max > 0 && isHighSurrogate(text.charCodeAt(max - 1))
    ? max - 1
    : max;
  return text.slice(0, end);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Text for an error message, kept whole up to `max` characters and
 * otherwise cut to them, `...` and the full length marking the cut.
 *
 * @example
 * ```ts
 * import { excerpt } from "./quote.ts";
 * console.log(excerpt("abcdefghij", 4)); // "abcd... (10 characters)"
 * console.log(excerpt("abc", 4)); // "abc"
 * ```
 *
 * @param text The text.
 * @param max The most characters (UTF-16 code units) kept.
 * @returns The text, or its start and its length.
 */
export function excerpt(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${head(text, max)}... (${text.length} characters)`;
}

/**
 * A value in double quotes for an error message, cut as
 * {@linkcode excerpt} cuts, with the length outside the quotes.
 *
 * @example
 * ```ts
 * import { quoted } from "./quote.ts";
 * console.log(quoted("ndcg@10")); // "\"ndcg@10\""
 * console.log(quoted("1".repeat(50), 4)); // "\"1111...\" (50 characters)"
 * ```
 *
 * @param value The value.
 * @param max The most characters kept. Default: {@linkcode QUOTED_LENGTH}.
 * @returns The quoted value, `...` and the full length marking a cut.
 */
export function quoted(value: string, max: number = QUOTED_LENGTH): string {
  return value.length <= max
    ? `"${value}"`
    : `"${head(value, max)}..." (${value.length} characters)`;
}

/**
 * A short description of a value for an error message, whatever its size:
 * its type, and the value itself when it is a number, a boolean or a
 * string (quoted, cut to 40 characters).
 *
 * @example
 * ```ts
 * import { describe } from "./quote.ts";
 * console.log(describe("ten")); // 'the string "ten"'
 * console.log(describe(7)); // "number 7"
 * console.log(describe([1])); // "an array"
 * ```
 *
 * @param value The value.
 * @returns The description.
 */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (value instanceof Map) return "a map";
  switch (typeof value) {
    case "string":
      return `the string ${quoted(value, 40)}`;
    case "number":
    case "boolean":
    case "bigint":
      return `${typeof value} ${value}`;
    case "undefined":
      return "nothing";
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}
