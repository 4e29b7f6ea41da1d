/**
 * The format of a report written with `--out FILE`: named by `--format`,
 * or told by the file's extension, and never both in contradiction.
 *
 * @module
 */

import { UsageError } from "./errors.ts";

/** The report formats each file extension means. */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  ".html": "html",
  ".htm": "html",
  ".md": "markdown",
  ".markdown": "markdown",
  ".csv": "csv",
  ".json": "json",
  ".tex": "latex",
  ".txt": "table",
};

/**
 * Chooses a report's format: `--format` when given, else the one the `--out`
 * file's extension means (among `formats`), else `fallback`.
 *
 * @example
 * ```ts
 * import { outputFormat } from "./output_format.ts";
 * const formats = ["table", "html", "json"] as const;
 * console.log(outputFormat(undefined, "report.html", formats, "table", "compare ...")); // "html"
 * console.log(outputFormat("json", undefined, formats, "table", "compare ...")); // "json"
 * ```
 *
 * @param given The `--format` value.
 * @param out The `--out` file.
 * @param formats The formats the command writes.
 * @param fallback The default format.
 * @param usage The command's usage line.
 * @returns The format.
 * @throws {UsageError} If `--format` is unknown or contradicts the extension.
 */
export function outputFormat<F extends string>(
  given: string | undefined,
  out: string | undefined,
  formats: readonly F[],
  fallback: F,
  usage: string,
): F {
  if (given !== undefined && !formats.includes(given as F)) {
    throw new UsageError(
      `--format must be one of ${formats.join(", ")}, got "${given}"`,
      usage,
    );
  }
  const dot = out?.toLowerCase().replace(/\.gz$/, "").match(/\.[a-z]+$/)?.[0];
  const implied = dot === undefined ? undefined : BY_EXTENSION[dot];
  const told = implied !== undefined && formats.includes(implied as F)
    ? implied as F
    : undefined;
  if (given !== undefined && told !== undefined && given !== told) {
    throw new UsageError(
      `--format ${given} contradicts --out "${out}", whose extension means ${told}; drop one of them`,
      usage,
    );
  }
  return (given as F | undefined) ?? told ?? fallback;
}
