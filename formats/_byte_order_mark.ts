/**
 * A byte order mark past the start of a file: the readers skip one that
 * opens a file, but files joined with `cat` each keep theirs, and the mark
 * would become part of the next line's query id, a query no qrels or run
 * hold (a judgement or a topic lost without a word).
 *
 * @module
 */

import { InputError } from "../model/errors.ts";
import { quoted } from "../model/quote.ts";

/** U+FEFF, the byte order mark, as a UTF-16 code unit. */
export const BYTE_ORDER_MARK = 0xfeff;

/**
 * The refusal of a query id that a byte order mark opens.
 *
 * @example
 * ```ts
 * import { byteOrderMarkError } from "./_byte_order_mark.ts";
 * console.log(byteOrderMarkError("all.qrels", 51, "\ufeffq05").message);
 * // 'all.qrels:51: query id "q05" is preceded by a byte order mark (U+FEFF), as when files that each start with one are joined; remove it'
 * ```
 *
 * @param name The file.
 * @param line Its line, 0 when not known.
 * @param queryId The id as read, the mark first.
 * @returns The error.
 */
export function byteOrderMarkError(
  name: string,
  line: number,
  queryId: string,
): InputError {
  return new InputError(
    name,
    line,
    `query id ${
      quoted(queryId.slice(1))
    } is preceded by a byte order mark (U+FEFF), as when files that each start with one are joined; remove it`,
  );
}
