/**
 * The files a command reads, refused before reading when they cannot be
 * what the command needs: a directory, or qrels without a judgement.
 *
 * @module
 */

import type { Qrels } from "../model/types.ts";
import { InputError } from "../model/errors.ts";
import { UsageError } from "./errors.ts";
import {
  readQrelsInput,
  type ReadQrelsInputOptions,
  requireJudgements,
} from "../formats/inputs.ts";

/**
 * The name a file given on the command line has in error messages:
 * `<stdin>` for `-`, as the readers name standard input.
 *
 * @example
 * ```ts
 * import { inputName } from "./input_files.ts";
 * console.log(inputName("-"), inputName("run.txt")); // "<stdin>" "run.txt"
 * ```
 *
 * @param path The path, `-` for standard input.
 * @returns The name.
 */
export function inputName(path: string): string {
  return path === "-" ? "<stdin>" : path;
}

/**
 * Refuses `-` given for two inputs of one command: standard input can be
 * read once, so the second would read nothing and be called empty.
 *
 * @example
 * ```ts
 * import { checkStdinOnce } from "./input_files.ts";
 * checkStdinOnce(["-", "run.txt"], "eval QRELS RUN"); // once: fine
 * try {
 *   checkStdinOnce(["qrels.txt", "-", "-"], "compare QRELS RUN...");
 * } catch (error) {
 *   console.log((error as Error).message); // "Standard input (-) is given for 2 inputs; it can be read only once"
 * }
 * ```
 *
 * @param paths The input paths as given.
 * @param usage The command's usage line.
 * @throws {UsageError} If `-` is more than one of them.
 */
export function checkStdinOnce(
  paths: readonly (string | undefined)[],
  usage: string,
): void {
  const stdin = paths.filter((path) => path === "-").length;
  if (stdin > 1) {
    throw new UsageError(
      `Standard input (-) is given for ${stdin} inputs; it can be read only once`,
      usage,
    );
  }
}

/**
 * Checks that a path names a file (or is `-`, standard input): reading a
 * directory fails deep in a stream with a message that names no file.
 *
 * @example
 * ```ts
 * import { checkInputFile } from "./input_files.ts";
 * const dir = await Deno.makeTempDir();
 * await checkInputFile(dir).catch((error) => console.log(error.message)); // `${dir}: is a directory, not a file`
 * await Deno.remove(dir);
 * ```
 *
 * @param path The path as given.
 * @throws {InputError} If it is a directory.
 * @throws {Deno.errors.NotFound} If it does not exist.
 */
export async function checkInputFile(path: string): Promise<void> {
  if (path === "-") return;
  if ((await Deno.stat(path)).isDirectory) {
    throw new InputError(path, 0, "is a directory, not a file");
  }
}

/**
 * Reads the qrels a command evaluates against, in any shape
 * {@linkcode readQrelsInput} reads (TREC, BEIR TSV or folder, JSON): at
 * least one judgement, since every score against none would be a
 * meaningless 0.
 *
 * @example
 * ```ts
 * import { readQrelsFile } from "./input_files.ts";
 * const path = await Deno.makeTempFile();
 * await readQrelsFile(path).catch((error) => console.log(error.message)); // `${path}: no judgements: the qrels file has no data lines`
 * await Deno.writeTextFile(path, "q1 0 d1 1\n");
 * console.log((await readQrelsFile(path)).size); // 1
 * await Deno.remove(path);
 * ```
 *
 * @param path The file or BEIR folder, `-` for standard input.
 * @param options The format (default: detected) and a BEIR folder's split.
 * @returns The judgements.
 * @throws {InputError} If a line is malformed, the input is not qrels or
 * there is no judgement.
 */
export async function readQrelsFile(
  path: string,
  options: ReadQrelsInputOptions = {},
): Promise<Qrels> {
  return requireJudgements(
    await readQrelsInput(path, options),
    inputName(path),
  );
}
