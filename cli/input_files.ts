/**
 * The files a command reads, refused before reading when they cannot be
 * what the command needs: a directory, or qrels without a judgement.
 *
 * @module
 */

import type { Qrels } from "../model/types.ts";
import { InputError } from "../model/errors.ts";
import { readQrels } from "../formats/trec_qrels.ts";

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
 * Reads a TREC qrels file a command evaluates against: a file with at least
 * one judgement, since every score against none would be a meaningless 0.
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
 * @param path The file, `-` for standard input.
 * @returns The judgements.
 * @throws {InputError} If the path is a directory, a line is malformed or
 * there is no judgement.
 */
export async function readQrelsFile(path: string): Promise<Qrels> {
  await checkInputFile(path);
  const qrels = await readQrels(path);
  if (qrels.size === 0) {
    throw new InputError(
      path === "-" ? "<stdin>" : path,
      0,
      "no judgements: the qrels file has no data lines",
    );
  }
  return qrels;
}
