/**
 * The error every reader throws for malformed input.
 *
 * @module
 */

/**
 * Malformed input at a known place: the message starts with `file:line:`.
 *
 * @example
 * ```ts
 * import { InputError } from "./errors.ts";
 * const error = new InputError("qrels.txt", 3, "expected 4 fields, got 5");
 * console.log(error.message); // "qrels.txt:3: expected 4 fields, got 5"
 * console.log(error instanceof SyntaxError); // true
 * ```
 */
export class InputError extends SyntaxError {
  /** The file (or stream) name. */
  readonly file: string;
  /** The 1-based line number, or 0 when the whole input is at fault. */
  readonly line: number;
  /** What was wrong, without the place. */
  readonly reason: string;

  /**
   * Creates the error.
   *
   * @param file The file name.
   * @param line The 1-based line number, 0 for none.
   * @param reason What was wrong.
   */
  constructor(file: string, line: number, reason: string) {
    super(line > 0 ? `${file}:${line}: ${reason}` : `${file}: ${reason}`);
    this.name = "InputError";
    this.file = file;
    this.line = line;
    this.reason = reason;
  }
}
