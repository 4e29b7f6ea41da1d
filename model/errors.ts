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
  /**
   * The file (or stream) name; empty when the data came from no file (the
   * judgements of an in-memory qrels), and the message is the reason alone.
   */
  readonly file: string;
  /** The 1-based line number, or 0 when the whole input is at fault. */
  readonly line: number;
  /** What was wrong, without the place. */
  readonly reason: string;

  /**
   * Creates the error.
   *
   * @param file The file name, or `""` for data from no file.
   * @param line The 1-based line number, 0 for none.
   * @param reason What was wrong.
   */
  constructor(file: string, line: number, reason: string) {
    super(
      file === ""
        ? reason
        : line > 0
        ? `${file}:${line}: ${reason}`
        : `${file}: ${reason}`,
    );
    this.name = "InputError";
    this.file = file;
    this.line = line;
    this.reason = reason;
  }
}

/**
 * A document appears twice in one query's ranking: an {@linkcode InputError}
 * whichever reader or joiner finds it, so every path refuses the same run.
 *
 * @example
 * ```ts
 * import { RepeatedDocumentError } from "./errors.ts";
 * const error = new RepeatedDocumentError("run.txt", 20, "q1", "d7", 3);
 * console.log(error.message); // 'run.txt:20: document "d7" appears twice in query "q1" (lines 3 and 20)'
 * ```
 */
export class RepeatedDocumentError extends InputError {
  /** The query. */
  readonly queryId: string;
  /** The repeated document. */
  readonly docno: string;
  /** The line of the first copy, 0 when unknown. */
  readonly firstLine: number;

  /**
   * Creates the error.
   *
   * @param file The run's name.
   * @param line The line of the second copy, 0 when unknown.
   * @param queryId The query.
   * @param docno The document.
   * @param firstLine The line of the first copy, 0 when unknown.
   */
  constructor(
    file: string,
    line: number,
    queryId: string,
    docno: string,
    firstLine = 0,
  ) {
    super(
      file,
      line,
      `document "${docno}" appears twice in query "${queryId}"` +
        (firstLine > 0 && line > 0 ? ` (lines ${firstLine} and ${line})` : ""),
    );
    this.queryId = queryId;
    this.docno = docno;
    this.firstLine = firstLine;
  }
}
