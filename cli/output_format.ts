/**
 * The format of a report written with `--out FILE`: named by `--format`,
 * or told by the file's extension, and never both in contradiction.
 *
 * @module
 */

import { UsageError } from "./errors.ts";

/**
 * The report formats each file extension means, the first a command writes
 * winning: a `.txt` file is `compare`'s table and `eval`'s trec_eval text.
 */
const BY_EXTENSION: Readonly<Record<string, readonly string[]>> = {
  ".html": ["html"],
  ".htm": ["html"],
  ".md": ["markdown"],
  ".markdown": ["markdown"],
  ".csv": ["csv"],
  ".json": ["json"],
  ".tex": ["latex"],
  ".txt": ["table", "trec"],
};

/**
 * Chooses a report's format: `--format` when given, else the one the `--out`
 * file's extension means (among `formats`), else `fallback`. An extension
 * that names a report format (`.html`, `.json`, `.csv`, `.md`, `.tex`,
 * `.txt`, each also `.gz`) must agree with the format written.
 *
 * @example
 * ```ts
 * import { outputFormat } from "./output_format.ts";
 * const formats = ["table", "html", "json"] as const;
 * console.log(outputFormat(undefined, "report.html", formats, "table", "compare ...")); // "html"
 * console.log(outputFormat("json", undefined, formats, "table", "compare ...")); // "json"
 * console.log(outputFormat(undefined, "scores.txt", ["trec", "json"], "json", "eval ...")); // "trec"
 * ```
 *
 * @param given The `--format` value.
 * @param out The `--out` file.
 * @param formats The formats the command writes.
 * @param fallback The default format.
 * @param usage The command's usage line.
 * @returns The format.
 * @throws {UsageError} If `--format` is unknown or contradicts the
 * extension, or the extension names a format the command does not write.
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
  // An extension that names no report format (.out, .tsv) tells nothing.
  if (implied === undefined) return (given as F | undefined) ?? fallback;
  const told = implied.find((format) => formats.includes(format as F));
  if (given !== undefined) {
    if (!implied.includes(given)) {
      throw new UsageError(
        `--format ${given} contradicts --out "${out}", whose extension means ${
          told ?? implied[0]
        }; drop one of them`,
        usage,
      );
    }
    return given as F;
  }
  if (told === undefined) {
    throw new UsageError(
      `--out "${out}": its extension means ${
        implied[0]
      }, a format this command does not write (${
        formats.join(", ")
      }); give the file another extension`,
      usage,
    );
  }
  return told as F;
}
