/**
 * How the CLI ends: usage errors exit 2 with a hint, data errors exit 1 with
 * `file:line`, never a stack trace.
 *
 * @module
 */

/**
 * A mistake on the command line: exit status 2 and a usage hint.
 *
 * @example
 * ```ts
 * import { UsageError } from "./errors.ts";
 * const error = new UsageError("missing RUN", "eval QRELS RUN");
 * console.log(error.message); // "missing RUN"
 * ```
 */
export class UsageError extends Error {
  /** The usage line of the command. */
  readonly usage: string;

  /**
   * Creates the error.
   *
   * @param message What was wrong.
   * @param usage The command's usage line.
   */
  constructor(message: string, usage: string) {
    super(message);
    this.name = "UsageError";
    this.usage = usage;
  }
}

/**
 * An explicit exit status with a message (e.g. trec_eval's statuses).
 *
 * @example
 * ```ts
 * import { ExitError } from "./errors.ts";
 * console.log(new ExitError(4, "duplicate docs").status); // 4
 * ```
 */
export class ExitError extends Error {
  /** The process exit status. */
  readonly status: number;
  /** Whether the message already ends the way it must be printed. */
  readonly raw: boolean;

  /**
   * Creates the error.
   *
   * @param status The exit status.
   * @param message The text for stderr.
   * @param raw Print the message exactly as given, without a newline.
   */
  constructor(status: number, message: string, raw = false) {
    super(message);
    this.name = "ExitError";
    this.status = status;
    this.raw = raw;
  }
}

/**
 * Runs `parse` (an argument parser, a value check) and turns whatever it
 * throws into a usage error of the command.
 *
 * @example
 * ```ts
 * import { parseArgs } from "./_args.ts";
 * import { UsageError, usageErrors } from "./errors.ts";
 * try {
 *   usageErrors("cmd [-v]", () => parseArgs({ args: ["--bogus"], options: {} }));
 * } catch (error) {
 *   console.log(error instanceof UsageError, (error as UsageError).usage); // true "cmd [-v]"
 * }
 * ```
 *
 * @param usage The command's usage line.
 * @param parse What may fail.
 * @returns What `parse` returns.
 * @throws {UsageError} With the message of the error `parse` threw.
 */
export function usageErrors<T>(usage: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message, usage);
  }
}
