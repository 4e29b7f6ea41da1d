/**
 * The limit on longest-common-subsequence tables that keeps ROUGE-L from
 * blocking on long texts, shared by rouge-score's and the rouge package's
 * ROUGE-L.
 *
 * @module
 */

/**
 * The most cells of a longest-common-subsequence table one response and
 * one reference (or, for ROUGE-Lsum, one sentence pair) may need: 2^24, a
 * few tens of milliseconds. Longer texts are refused, never left to block.
 */
export const LCS_CELL_LIMIT = 2 ** 24;

/**
 * ROUGE-L refused texts whose table would pass {@linkcode LCS_CELL_LIMIT}:
 * a `RangeError` of its own class, so a caller scoring user samples can tell
 * this refusal of the data from a bug.
 *
 * @example
 * ```ts
 * import { LcsLimitError } from "./lcs_limit.ts";
 * console.log(new LcsLimitError("too long") instanceof RangeError); // true
 * ```
 */
export class LcsLimitError extends RangeError {
  /**
   * Creates the error.
   *
   * @param message What was refused.
   */
  constructor(message: string) {
    super(message);
    this.name = "LcsLimitError";
  }
}

/**
 * Refuses an LCS table of `a` by `b` cells past {@linkcode LCS_CELL_LIMIT}.
 *
 * @example
 * ```ts
 * import { checkLcsCells } from "./lcs_limit.ts";
 * checkLcsCells(100, 100); // 10,000 cells: allowed
 * try {
 *   checkLcsCells(5000, 5000);
 * } catch (error) {
 *   console.log((error as Error).name); // "LcsLimitError"
 * }
 * ```
 *
 * @param a The response's token count.
 * @param b The reference's token count.
 * @throws {LcsLimitError} If the table would pass the limit.
 */
export function checkLcsCells(a: number, b: number): void {
  if (a * b > LCS_CELL_LIMIT) {
    throw new LcsLimitError(
      `ROUGE-L of ${a} response tokens and ${b} reference tokens needs ${
        a * b
      } table cells, over the limit of ${LCS_CELL_LIMIT}: shorten the texts or use rouge_1/rouge_2`,
    );
  }
}
