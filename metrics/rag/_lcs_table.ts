/**
 * Longest-common-subsequence tables, bounded so that ROUGE-L never blocks
 * on long texts: shared by rouge-score's and the rouge package's ROUGE-L,
 * which read a subsequence back from the same table by different rules.
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
 * import { LcsLimitError } from "./_lcs_table.ts";
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
 * import { checkLcsCells } from "./_lcs_table.ts";
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

/**
 * The full LCS table of `rows` by `cols`, row-major with `cols.length + 1`
 * cells a row: cell (i, j) holds the LCS length of the first i rows and the
 * first j cols.
 *
 * @example
 * ```ts
 * import { lcsTable } from "./_lcs_table.ts";
 * const { table, width } = lcsTable(["a", "b", "c"], ["a", "c"]);
 * console.log(table[3 * width + 2]); // 2
 * ```
 *
 * @param rows One token list (the reference, in both ROUGE-Ls).
 * @param cols The other.
 * @returns The table and its row width.
 * @throws {LcsLimitError} If the table would pass {@linkcode LCS_CELL_LIMIT}.
 */
export function lcsTable<T>(
  rows: ArrayLike<T>,
  cols: ArrayLike<T>,
): { table: Uint16Array | Uint32Array; width: number } {
  checkLcsCells(cols.length, rows.length);
  const width = cols.length + 1;
  const table = rows.length < 65_535 && cols.length < 65_535
    ? new Uint16Array((rows.length + 1) * width)
    : new Uint32Array((rows.length + 1) * width);
  for (let i = 1; i <= rows.length; i++) {
    for (let j = 1; j <= cols.length; j++) {
      const up = table[(i - 1) * width + j];
      const left = table[i * width + j - 1];
      table[i * width + j] = rows[i - 1] === cols[j - 1]
        ? table[(i - 1) * width + j - 1] + 1
        : up > left
        ? up
        : left;
    }
  }
  return { table, width };
}
