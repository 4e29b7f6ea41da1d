/**
 * Quoting of user input in error messages.
 *
 * @module
 */

/** The most characters of a value an error message quotes. */
const MAX_QUOTED = 80;

/**
 * A value in double quotes for an error message, cut to its first
 * characters so that a 100 KB spec does not make a 100 KB message.
 *
 * @example
 * ```ts
 * import { quoted } from "./_quoted.ts";
 * console.log(quoted("ndcg@10")); // "\"ndcg@10\""
 * console.log(quoted("x".repeat(100)).length); // 105
 * ```
 *
 * @param value The value.
 * @returns The quoted value, `...` and the count left out marking a cut.
 */
export function quoted(value: string): string {
  return value.length > MAX_QUOTED
    ? `"${value.slice(0, MAX_QUOTED)}..." (${value.length} characters)`
    : `"${value}"`;
}
