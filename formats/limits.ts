/**
 * The bounds every reader keeps, written once: how long a line may be, how
 * far a gzip file may inflate, how many metric specs one call may take. The
 * defaults are far beyond any real file (a TREC line is about 100 bytes, a
 * text file deflates about 3-20 to 1); a hostile or broken input (a
 * `/dev/zero`, a gzip bomb) is refused once it passes them, within that
 * many bytes, instead of filling memory. Each can be raised: per call with
 * the readers' `limits` option, for the process with
 * {@linkcode setInputLimits} (the CLI's `--max-line-bytes`,
 * `--max-gzip-ratio`, `--max-gzip-bytes` and `--max-metrics`).
 *
 * @module
 */

import { InputError } from "../model/errors.ts";

/** The bounds a reader keeps. */
export interface InputLimits {
  /**
   * The longest line, in bytes without its newline. Default: 16 MiB
   * (16,777,216). CLI: `--max-line-bytes`.
   */
  readonly maxLineBytes: number;
  /**
   * How many times its compressed size a `.gz` file may inflate to (files
   * may always inflate to 1 MiB). Deflate cannot
   * exceed 1032 to 1; text is about 3-20 to 1. Default: 200. CLI:
   * `--max-gzip-ratio`.
   */
  readonly maxGzipRatio: number;
  /**
   * The most bytes one `.gz` file may inflate to, whatever its size.
   * Default: 64 GiB. CLI: `--max-gzip-bytes`.
   */
  readonly maxGzipBytes: number;
  /**
   * The most metric specs one evaluation takes. Default: 10,000 (trec_eval's
   * `all_trec` is about 100). CLI: `--max-metrics`.
   */
  readonly maxMetrics: number;
}

/** The defaults of {@linkcode InputLimits}. */
export const DEFAULT_INPUT_LIMITS: InputLimits = Object.freeze({
  maxLineBytes: 1 << 24,
  maxGzipRatio: 200,
  maxGzipBytes: 64 * 2 ** 30,
  maxMetrics: 10_000,
});

/** Below this inflated size a `.gz` file is never refused for its ratio. */
export const GZIP_RATIO_FLOOR = 1 << 20;

/** The option that raises each bound, for messages. */
const OPTION: Record<keyof InputLimits, string> = {
  maxLineBytes: "--max-line-bytes",
  maxGzipRatio: "--max-gzip-ratio",
  maxGzipBytes: "--max-gzip-bytes",
  maxMetrics: "--max-metrics",
};

let current: InputLimits = DEFAULT_INPUT_LIMITS;

/**
 * The bounds in force: the process's (see {@linkcode setInputLimits}) with
 * `overrides` on top.
 *
 * @example
 * ```ts
 * import { inputLimits } from "./limits.ts";
 * console.log(inputLimits().maxLineBytes); // 16777216
 * console.log(inputLimits({ maxLineBytes: 100 }).maxLineBytes); // 100
 * ```
 *
 * @param overrides Bounds for one call.
 * @returns The bounds.
 */
export function inputLimits(overrides?: Partial<InputLimits>): InputLimits {
  if (!overrides) return current;
  const limits = { ...current };
  for (const key of Object.keys(OPTION) as (keyof InputLimits)[]) {
    const value = overrides[key];
    if (value !== undefined) limits[key] = checkedLimit(key, value);
  }
  return limits;
}

/**
 * Sets the process's bounds (the CLI does, from its `--max-*` options);
 * bounds not given keep their value.
 *
 * @example
 * ```ts
 * import { DEFAULT_INPUT_LIMITS, inputLimits, setInputLimits } from "./limits.ts";
 * setInputLimits({ maxLineBytes: 1 << 26 });
 * console.log(inputLimits().maxLineBytes); // 67108864
 * setInputLimits(DEFAULT_INPUT_LIMITS);
 * ```
 *
 * @param limits The bounds to change.
 * @throws {RangeError} If a bound is not a positive number.
 */
export function setInputLimits(limits: Partial<InputLimits>): void {
  current = Object.freeze(inputLimits(limits));
}

function checkedLimit(key: keyof InputLimits, value: number): number {
  if (!(value > 0) || Number.isNaN(value)) {
    throw new RangeError(
      `The ${OPTION[key]} limit must be a positive number, got ${value}`,
    );
  }
  return value;
}

/**
 * The error for a line longer than the bound.
 *
 * @example
 * ```ts
 * import { lineTooLong } from "./limits.ts";
 * console.log(lineTooLong("run.txt", 3, 100).message);
 * // "run.txt:3: line longer than 100 bytes (the limit; raise it with --max-line-bytes)"
 * ```
 *
 * @param name The file.
 * @param line The line's number.
 * @param max The bound.
 * @returns The error.
 */
export function lineTooLong(
  name: string,
  line: number,
  max: number,
): InputError {
  return new InputError(
    name,
    line,
    `line longer than ${max} bytes (the limit; raise it with ${OPTION.maxLineBytes})`,
  );
}

/**
 * How many bytes a `.gz` file of `compressedBytes` may inflate to.
 *
 * @example
 * ```ts
 * import { gzipInflateLimit } from "./limits.ts";
 * console.log(gzipInflateLimit(1 << 30, { maxGzipRatio: 10, maxGzipBytes: 2 ** 40 })); // 10737418240
 * ```
 *
 * @param compressedBytes The file's size.
 * @param limits The bounds.
 * @returns The bound in bytes.
 */
export function gzipInflateLimit(
  compressedBytes: number,
  limits: Pick<InputLimits, "maxGzipRatio" | "maxGzipBytes">,
): number {
  return Math.min(
    Math.max(compressedBytes * limits.maxGzipRatio, GZIP_RATIO_FLOOR),
    limits.maxGzipBytes,
  );
}

/**
 * The reason a `.gz` file was refused for inflating past its bound.
 *
 * @example
 * ```ts
 * import { gzipTooLarge } from "./limits.ts";
 * console.log(gzipTooLarge(1000, 1048576, { maxGzipRatio: 200, maxGzipBytes: 2 ** 36 }));
 * ```
 *
 * @param compressedBytes The file's size.
 * @param limit The bound it passed.
 * @param limits The bounds.
 * @returns The reason, naming the option to raise.
 */
export function gzipTooLarge(
  compressedBytes: number,
  limit: number,
  limits: Pick<InputLimits, "maxGzipRatio" | "maxGzipBytes">,
): string {
  return limit >= limits.maxGzipBytes
    ? `inflates past ${limit} bytes (the limit; raise it with ${OPTION.maxGzipBytes})`
    : `inflates past ${limit} bytes, ${limits.maxGzipRatio} times its ${compressedBytes} compressed bytes (the limit; raise it with ${OPTION.maxGzipRatio})`;
}

/**
 * Refuses more metric specs than the bound, before any is parsed.
 *
 * @example
 * ```ts
 * import { checkMetricCount } from "./limits.ts";
 * checkMetricCount(3);
 * try {
 *   checkMetricCount(3, { maxMetrics: 2 });
 * } catch (error) {
 *   console.log((error as Error).message); // "Too many metric specs: 3, more than 2 (the limit; raise it with --max-metrics)"
 * }
 * ```
 *
 * @param count How many specs.
 * @param overrides Bounds for this call.
 * @throws {RangeError} If there are more than `maxMetrics`.
 */
export function checkMetricCount(
  count: number,
  overrides?: Partial<InputLimits>,
): void {
  const max = inputLimits(overrides).maxMetrics;
  if (count > max) {
    throw new RangeError(
      `Too many metric specs: ${count}, more than ${max} (the limit; raise it with ${OPTION.maxMetrics})`,
    );
  }
}

/**
 * Checks line lengths on bytes as they arrive, in time linear in the bytes
 * (the native `indexOf`, and only near the bound): a line without end is
 * refused once it passes the bound, not when memory runs out.
 *
 * @example
 * ```ts
 * import { LineLengthGuard } from "./limits.ts";
 * const guard = new LineLengthGuard(4);
 * const bytes = new TextEncoder();
 * console.log(guard.check(bytes.encode("ab\ncd"))); // -1
 * console.log(guard.check(bytes.encode("e\nfghij\n"))); // 2
 * ```
 */
export class LineLengthGuard {
  /** The bound, in bytes without the newline. */
  readonly max: number;
  #run = 0;

  /**
   * @param max The bound.
   */
  constructor(max: number) {
    this.max = max;
  }

  /**
   * Takes the next bytes of the input.
   *
   * @param chunk The bytes.
   * @returns Where in `chunk` the first line longer than the bound starts
   * (0 also when it started in an earlier chunk), or -1 when every line so
   * far keeps the bound.
   */
  check(chunk: Uint8Array): number {
    const run = this.#run;
    if (run + chunk.length > this.max) {
      let start = 0;
      let carried = run;
      for (;;) {
        const nl = chunk.indexOf(10, start);
        const end = nl < 0 ? chunk.length : nl;
        if (carried + end - start > this.max) return start;
        if (nl < 0) break;
        start = nl + 1;
        carried = 0;
      }
    }
    const last = chunk.lastIndexOf(10);
    this.#run = last < 0 ? run + chunk.length : chunk.length - 1 - last;
    return -1;
  }
}
