/**
 * What may stand as one field of a TREC line, for the TREC writers.
 *
 * @module
 */

import { UnwritableValueError } from "./_unwritable.ts";

const FIELD_BREAK = /[ \t\r\n\v\f]/;

/**
 * Checks that a value can stand as one field of a TREC line (qrels, run):
 * not empty, no ASCII whitespace (it would split the field) and, for the
 * first field, no leading `#` (the line would read back as a comment).
 *
 * @example
 * ```ts
 * import { checkTrecField } from "./trec_fields.ts";
 * checkTrecField("doc-1", "document id", "TREC run");
 * try {
 *   checkTrecField("doc 1", "document id", "TREC run");
 * } catch (error) {
 *   console.log((error as Error).message); // 'Document id "doc 1" contains whitespace; a TREC run cannot hold it'
 * }
 * ```
 *
 * @param value The value.
 * @param what What it is, for the message (e.g. `query id`).
 * @param format The format being written, for the message.
 * @param first Whether it is the first field of its line. Default: false.
 * @throws {TypeError} If the value cannot be written as one field.
 */
export function checkTrecField(
  value: string,
  what: string,
  format: string,
  first = false,
): void {
  const problem = value === ""
    ? "is empty"
    : FIELD_BREAK.test(value)
    ? "contains whitespace"
    : first && value.startsWith("#")
    ? 'starts with "#", which marks a comment'
    : undefined;
  if (problem) {
    throw new UnwritableValueError(
      `${what[0].toUpperCase()}${what.slice(1)} ${
        JSON.stringify(value)
      } ${problem}; a ${format} cannot hold it`,
    );
  }
}
