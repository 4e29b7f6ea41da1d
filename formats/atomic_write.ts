/**
 * Writes a file so readers see the old content or the new, never half of it:
 * into a temporary file beside the target, then renamed over it.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";

/**
 * Writes text, bytes or a byte stream to `path` atomically. The temporary
 * file is removed when writing fails. A path ending in `.gz` is written
 * gzip-compressed, as every reader of ranklens decompresses it.
 *
 * @example
 * ```ts
 * import { writeFileAtomic } from "./atomic_write.ts";
 * const dir = await Deno.makeTempDir();
 * await writeFileAtomic(`${dir}/run.txt`, "q1 Q0 d1 1 1 x\n");
 * console.log(await Deno.readTextFile(`${dir}/run.txt`)); // "q1 Q0 d1 1 1 x\n"
 * await writeFileAtomic(`${dir}/run.txt.gz`, "q1 Q0 d1 1 1 x\n");
 * const gz = (await Deno.open(`${dir}/run.txt.gz`)).readable;
 * console.log(await new Response(gz.pipeThrough(new DecompressionStream("gzip"))).text()); // "q1 Q0 d1 1 1 x\n"
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param path The target file.
 * @param data The content.
 * @throws {Deno.errors.IsADirectory} If `path` is a directory.
 * @throws {Deno.errors.NotFound} If its directory does not exist.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array | ReadableStream<Uint8Array>,
): Promise<void> {
  const temp = join(
    dirname(path),
    `.${basename(path)}.${crypto.randomUUID().slice(0, 8)}.tmp`,
  );
  try {
    if (path.endsWith(".gz")) {
      const bytes = typeof data === "string"
        ? new TextEncoder().encode(data)
        : data;
      const stream = bytes instanceof ReadableStream
        ? bytes
        : ReadableStream.from([bytes]);
      await Deno.writeFile(
        temp,
        stream.pipeThrough(
          new CompressionStream("gzip") as TransformStream<
            Uint8Array,
            Uint8Array<ArrayBuffer>
          >,
        ),
      );
    } else if (typeof data === "string") await Deno.writeTextFile(temp, data);
    else await Deno.writeFile(temp, data);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    // Deno's messages name the temporary file; say which file could not be
    // written, and why.
    if (error instanceof Deno.errors.IsADirectory) {
      throw new Deno.errors.IsADirectory(
        `Cannot write "${path}": it is a directory`,
      );
    }
    if (
      error instanceof Deno.errors.NotFound &&
      !(await Deno.stat(dirname(path)).then(() => true, () => false))
    ) {
      throw new Deno.errors.NotFound(
        `Cannot write "${path}": no directory "${dirname(path)}"`,
      );
    }
    throw error;
  }
}
