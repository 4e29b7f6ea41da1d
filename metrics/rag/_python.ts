/**
 * Python's `str` methods the reference implementations rely on, where
 * JavaScript's differ (Python's white space is not `\s`).
 *
 * @module
 */

const SPACE_CLASS =
  "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
/** Python's `str.isspace` characters (`\x1c`-`\x1f` and `\x85` but not U+FEFF). */
const SPACES = new RegExp(`[${SPACE_CLASS}]+`);
const TRAILING_SPACES = new RegExp(`[${SPACE_CLASS}]+$`);

/** Python's `str.split()`: runs of white space separate, none at the ends. */
export function pythonSplit(text: string): string[] {
  return text.split(SPACES).filter((t) => t !== "");
}

/** Python's `str.rstrip()`. */
export function pythonRstrip(text: string): string {
  return text.replace(TRAILING_SPACES, "");
}
