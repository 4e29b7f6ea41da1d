/**
 * `ranklens trec_eval [trec_eval's options] QRELS RUN`: a drop-in
 * replacement for trec_eval 10.0 (or 9.0.8 with `--trec-version 9`), with
 * the same options, output bytes, messages and exit statuses.
 *
 * @module
 */

import { trecEval } from "../trec_eval/command.ts";
import { stringBytes } from "../trec_eval/lines.ts";

/**
 * Runs the command, writing trec_eval's output and messages.
 *
 * @param args The arguments after `trec_eval`.
 * @returns The exit status.
 */
export async function run(args: string[]): Promise<number> {
  const sink = (text: string) => writeAllSync(Deno.stdout, stringBytes(text));
  const { stdout, stderr, status } = await trecEval(args, { sink });
  await writeAll(Deno.stdout, stringBytes(stdout));
  await writeAll(Deno.stderr, stringBytes(stderr));
  return status;
}

function writeAllSync(
  stream: { writeSync(p: Uint8Array): number },
  bytes: Uint8Array,
): void {
  for (let done = 0; done < bytes.length;) {
    done += stream.writeSync(bytes.subarray(done));
  }
}

async function writeAll(
  stream: { write(p: Uint8Array): Promise<number> },
  bytes: Uint8Array,
): Promise<void> {
  for (let done = 0; done < bytes.length;) {
    done += await stream.write(bytes.subarray(done));
  }
}
