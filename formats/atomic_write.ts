/**
 * Writes a file so readers see the old content or the new, never half of it:
 * into a temporary file beside the target, then renamed over it. Only a
 * regular file is replaced that way (or a new one made): a device or a FIFO
 * (`/dev/null`, `/dev/stdout`) is written in place, and a symbolic link or a
 * read-only file is refused, since renaming over them would swap the node
 * itself (as root, `--save-report /dev/null` would replace the system's).
 *
 * @module
 */

import { InputError } from "../model/errors.ts";

/**
 * Writes text, bytes or a byte stream to `path` atomically. The temporary
 * file is removed when writing fails, and when the process is stopped by
 * SIGINT or SIGTERM while it writes. A path ending in `.gz` is written
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
 * @throws {InputError} If `path` is a symbolic link or a read-only file, or
 * writing fails (a full disk), naming `path`.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array | ReadableStream<Uint8Array>,
): Promise<void> {
  const info = await Deno.lstat(path).catch((error) => {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  });
  if (info?.isSymlink) {
    throw new InputError(
      path,
      0,
      "is a symbolic link; ranklens does not replace one (name its target)",
    );
  }
  if (info?.isDirectory) {
    throw new Deno.errors.IsADirectory(
      `Cannot write "${path}": it is a directory`,
    );
  }
  if (info && !info.isFile) {
    // A device or FIFO: written in place, as a shell redirection would.
    try {
      await writeTo(path, data, { write: true }, path.endsWith(".gz"));
    } catch (error) {
      throw writeFailure(path, error);
    }
    return;
  }
  if (info && info.mode !== null && (info.mode & 0o222) === 0) {
    throw new InputError(
      path,
      0,
      "is read-only; ranklens does not replace it (make it writable first)",
    );
  }
  // node:path when a file is written, not whenever this module is loaded:
  // the first node: module sets up Node compatibility (about 10 ms).
  const { basename, dirname, join } = await import("node:path");
  const temp = join(
    dirname(path),
    `.${basename(path)}.${crypto.randomUUID().slice(0, 8)}.tmp`,
  );
  PENDING.add(temp);
  watchSignals();
  try {
    await writeTo(
      temp,
      data,
      { write: true, createNew: true },
      path.endsWith(".gz"),
    );
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    // Deno's messages name the temporary file; say which file could not be
    // written, and why.
    if (
      error instanceof Deno.errors.NotFound &&
      !(await Deno.stat(dirname(path)).then(() => true, () => false))
    ) {
      throw new Deno.errors.NotFound(
        `Cannot write "${path}": no directory "${dirname(path)}"`,
      );
    }
    throw writeFailure(path, error);
  } finally {
    PENDING.delete(temp);
    if (PENDING.size === 0) unwatchSignals();
  }
}

/** Writes the content, gzipped when asked, into a file opened so. */
async function writeTo(
  path: string,
  data: string | Uint8Array | ReadableStream<Uint8Array>,
  open: Deno.OpenOptions,
  gzip: boolean,
): Promise<void> {
  const bytes = typeof data === "string"
    ? new TextEncoder().encode(data)
    : data;
  let stream = bytes instanceof ReadableStream
    ? bytes
    : ReadableStream.from([bytes]);
  if (gzip) {
    stream = stream.pipeThrough(
      new CompressionStream("gzip") as TransformStream<
        Uint8Array,
        Uint8Array<ArrayBuffer>
      >,
    );
  }
  // Written chunk by chunk: `FsFile.writable` drops a write's error (a
  // full disk), so a pipe into it would report success.
  const file = await Deno.open(path, open);
  try {
    for await (const chunk of stream) {
      for (let done = 0; done < chunk.length;) {
        done += await file.write(chunk.subarray(done));
      }
    }
  } finally {
    file.close();
  }
}

/**
 * The error for content that could not be written: a source's own error
 * passes through; a system error (`ENOSPC`, `EACCES`) names the target.
 */
function writeFailure(path: string, error: unknown): unknown {
  if (
    error instanceof Error && typeof (error as { code?: unknown }).code ===
      "string"
  ) {
    const reason = error.message.replace(/: [a-z]+ '[^']*'$/, "");
    return new InputError(path, 0, `cannot write the file: ${reason}`);
  }
  if (error instanceof Deno.errors.PermissionDenied) {
    return new InputError(path, 0, `cannot write the file: ${error.message}`);
  }
  return error;
}

/** Temporary files being written, removed if the process is stopped. */
const PENDING = new Set<string>();
const SIGNALS = ["SIGINT", "SIGTERM"] as const;
let watching = false;

function onSignal(signal: typeof SIGNALS[number]): () => void {
  return () => {
    for (const temp of PENDING) {
      try {
        Deno.removeSync(temp);
      } catch {
        // Already renamed or removed.
      }
    }
    Deno.exit(signal === "SIGINT" ? 130 : 143);
  };
}

const HANDLERS = Object.fromEntries(
  SIGNALS.map((signal) => [signal, onSignal(signal)]),
) as Record<typeof SIGNALS[number], () => void>;

function watchSignals(): void {
  if (watching) return;
  watching = true;
  for (const signal of SIGNALS) {
    try {
      Deno.addSignalListener(signal, HANDLERS[signal]);
    } catch {
      // No such signal here (Windows has no SIGTERM listener).
    }
  }
}

function unwatchSignals(): void {
  if (!watching) return;
  watching = false;
  for (const signal of SIGNALS) {
    try {
      Deno.removeSignalListener(signal, HANDLERS[signal]);
    } catch {
      // Never added.
    }
  }
}
