/**
 * Byte-level helpers the readers share when they open a file themselves.
 *
 * @module
 */

/**
 * Whether bytes start with gzip's magic number.
 *
 * @example
 * ```ts
 * import { isGzipMagic } from "./_file_bytes.ts";
 * console.log(isGzipMagic(new Uint8Array([0x1f, 0x8b, 8])), isGzipMagic(new Uint8Array([0x71]))); // true false
 * ```
 *
 * @param bytes The first bytes of a file.
 * @returns Whether they are gzip's.
 */
export function isGzipMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Reads a file synchronously into `bytes` until they are full or the file
 * ends: one `readSync` may return fewer bytes than asked.
 *
 * @example
 * ```ts
 * import { fillSync } from "./_file_bytes.ts";
 * const path = await Deno.makeTempFile();
 * await Deno.writeTextFile(path, "q1 0 d1 1\n");
 * using file = Deno.openSync(path);
 * console.log(fillSync(file, new Uint8Array(64))); // 10
 * await Deno.remove(path);
 * ```
 *
 * @param file The open file.
 * @param bytes Where to read.
 * @returns How many bytes were read.
 */
export function fillSync(file: Deno.FsFile, bytes: Uint8Array): number {
  let size = 0;
  for (
    let n;
    size < bytes.length && (n = file.readSync(bytes.subarray(size)));
  ) {
    size += n;
  }
  return size;
}
