/**
 * `ranklens trec_eval [trec_eval's options] QRELS RUN`: a drop-in
 * replacement for trec_eval 10.0 (or 9.0.8 with `--trec-version 9`), with
 * the same options, output bytes, messages and exit statuses.
 *
 * @module
 */

import {
  evaluateTrecEval,
  type TrecEvalResult,
} from "../metrics/trec_eval/evaluate.ts";
import { trecEvalHelp } from "../metrics/trec_eval/help.ts";
import {
  bindTrecEvalMeasures,
  readTrecEvalInputs,
  readTrecEvalRelevance,
} from "../metrics/trec_eval/inputs.ts";
import { evaluateTrecEvalScan } from "../metrics/trec_eval/stream.ts";
import {
  parseTrecEvalArgs,
  TREC_EVAL_USAGE,
} from "../metrics/trec_eval/options.ts";
import { resolve } from "node:path";
import { stringBytes } from "../formats/trec_eval_lines.ts";

/** Options of {@linkcode trecEval}. */
export interface TrecEvalOptions {
  /** Resolve relative file names against this directory (messages keep them as given). Default: the process's. */
  cwd?: string;
  /**
   * Receives standard output as it is made (one character per byte), so a
   * large `-q` output never sits in memory whole; `stdout` is then empty.
   * Default: everything in `stdout`.
   */
  sink?: (text: string) => void;
}

/**
 * Runs trec_eval on its arguments and returns what it prints (strings with
 * one character per byte) and its exit status, without touching the
 * process's streams.
 *
 * @example
 * ```ts ignore
 * import { trecEval } from "./trec_eval.ts";
 * const { stdout, status } = await trecEval(["-m", "map", "qrels.test", "results.test"]);
 * ```
 *
 * @param args trec_eval's arguments.
 * @param options Where relative file names are resolved.
 * @returns Standard output, standard error and the exit status.
 */
export async function trecEval(
  args: readonly string[],
  options: TrecEvalOptions = {},
): Promise<TrecEvalResult> {
  const parsed = parseTrecEvalArgs(args);
  if (!("files" in parsed)) return parsed;
  if (parsed.help) return { stdout: trecEvalHelp(), stderr: "", status: 0 };
  if (parsed.files.length !== 2) {
    return { stdout: "", stderr: TREC_EVAL_USAGE, status: 1 };
  }
  const { cwd } = options;
  const locate = cwd === undefined
    ? undefined
    : (path: string) => resolve(cwd, path);
  const settings = {
    perTopic: parsed.perTopic,
    complete: parsed.complete,
    summary: parsed.summary,
    judgedOnly: parsed.judgedOnly,
    relevanceLevel: parsed.relevanceLevel,
    collectionSize: parsed.collectionSize,
    maxDocs: parsed.maxDocs,
    version: parsed.version,
    debugQuery: parsed.debugQuery,
  };
  // The fast path scans the run file as it reads it; anything it cannot
  // reproduce exactly (errors, stdin, other formats) reads the run whole.
  const runPath = parsed.files[1];
  if (!runPath.startsWith("-") && parsed.relFormat === "qrels") {
    const relevance = await readTrecEvalRelevance(parsed, locate);
    const measures = bindTrecEvalMeasures(parsed);
    if (!("status" in relevance) && !("status" in measures)) {
      const scanned = await evaluateTrecEvalScan(
        relevance,
        locate ? locate(runPath) : runPath,
        measures,
        settings,
        options.sink,
      );
      if (scanned) return scanned;
    }
  }
  const data = await readTrecEvalInputs(parsed, locate);
  if ("status" in data) return data;
  const measures = bindTrecEvalMeasures(parsed);
  if ("status" in measures) return measures;
  return evaluateTrecEval(data, measures, settings);
}

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
