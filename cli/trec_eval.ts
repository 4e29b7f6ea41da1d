/**
 * `ranklens trec_eval [trec_eval's options] QRELS RUN`: a drop-in
 * replacement for trec_eval 10.0 (or 9.0.8 with `--trec-version 9`), with
 * the same options, output bytes, messages and exit statuses. Standard
 * output is held until the command succeeds (in memory, then in a temporary
 * file past {@linkcode HELD_IN_MEMORY}), so a run that fails half way
 * leaves nothing on it, where trec_eval leaves the topics before the fault.
 *
 * @module
 */

import { trecEval } from "../trec_eval/command.ts";
import { checkPermissions } from "./permissions.ts";
import { stringBytes } from "../trec_eval/lines.ts";

/** Output up to this many bytes waits in memory; beyond, in a temporary file. */
export const HELD_IN_MEMORY = 64 << 20;

/**
 * Runs the command, writing trec_eval's output and messages.
 *
 * @param args The arguments after `trec_eval`.
 * @returns The exit status.
 */
export async function run(args: string[]): Promise<number> {
  // Asked for before any work, as every command does; trec_eval's own
  // parser reads the rest, and its files are its last two arguments.
  await checkPermissions({
    read: args.length < 2
      ? []
      : args.slice(-2).filter((arg) => !arg.startsWith("-") || arg === "-"),
  });
  const held = new HeldOutput();
  try {
    const { stdout, stderr, status } = await trecEval(args, {
      sink: (text) => held.add(stringBytes(text)),
    });
    held.add(stringBytes(stdout));
    // Written synchronously, as console.log writes: an asynchronous write
    // is a trip through a thread pool, which on a busy machine waits for a
    // core longer than trec_eval takes to run.
    if (status === 0) held.writeTo(Deno.stdout);
    writeAllSync(Deno.stderr, stringBytes(stderr));
    return status;
  } finally {
    held.discard();
  }
}

/** Output kept until it is known to be wanted. */
class HeldOutput {
  #blocks: Uint8Array[] = [];
  #size = 0;
  #spill: { path: string; file: Deno.FsFile } | undefined;

  add(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    if (!this.#spill && this.#size + bytes.length > HELD_IN_MEMORY) {
      const path = Deno.makeTempFileSync({ prefix: "ranklens-trec_eval-" });
      this.#spill = { path, file: Deno.openSync(path, { write: true }) };
      for (const block of this.#blocks) writeAllSync(this.#spill.file, block);
      this.#blocks = [];
    }
    if (this.#spill) writeAllSync(this.#spill.file, bytes);
    else this.#blocks.push(bytes);
    this.#size += bytes.length;
  }

  writeTo(stream: { writeSync(p: Uint8Array): number }): void {
    if (!this.#spill) {
      for (const block of this.#blocks) writeAllSync(stream, block);
      return;
    }
    this.#spill.file.close();
    using file = Deno.openSync(this.#spill.path);
    const buffer = new Uint8Array(1 << 20);
    for (let n; (n = file.readSync(buffer)) !== null;) {
      writeAllSync(stream, buffer.subarray(0, n));
    }
  }

  discard(): void {
    this.#blocks = [];
    if (this.#spill) {
      try {
        this.#spill.file.close();
      } catch {
        // Closed for the copy.
      }
      Deno.removeSync(this.#spill.path);
      this.#spill = undefined;
    }
  }
}

function writeAllSync(
  stream: { writeSync(p: Uint8Array): number },
  bytes: Uint8Array,
): void {
  for (let done = 0; done < bytes.length;) {
    done += stream.writeSync(bytes.subarray(done));
  }
}
