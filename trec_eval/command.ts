/**
 * trec_eval as a function: its arguments in, its output, messages and exit
 * status out, as strings with one character per byte. The `trec_eval`
 * command and `POST /v1/trec_eval` are shells over it.
 *
 * @module
 */

import { GzipFileReader, type Source, stdinStream } from "../formats/source.ts";
import { evaluateTrecEval, type TrecEvalResult } from "./evaluate.ts";
import type { ReplayableStream } from "../formats/replayable_stream.ts";
import {
  bindTrecEvalMeasures,
  readTrecEvalInputs,
  readTrecEvalRelevance,
} from "./inputs.ts";
import { parseTrecEvalArgs, TREC_EVAL_USAGE } from "./options.ts";
import { evaluateTrecEvalScan } from "./stream.ts";

/** Options of {@linkcode trecEval}. */
export interface TrecEvalOptions {
  /** Resolve relative file names against this directory (messages keep them as given). Default: the process's. */
  cwd?: string;
  /**
   * Opens a file named on the command line instead of the file system, e.g.
   * `(name) => ({ text })` for texts sent to a server. Default: the file.
   */
  open?: (name: string) => Source;
  /**
   * Receives standard output as it is made (one character per byte), so a
   * large `-q` output never sits in memory whole; `stdout` is then empty.
   * Default: everything in `stdout`.
   */
  sink?: (text: string) => void;
  /**
   * What a run named `-` reads. Default: the process's standard input.
   */
  stdin?: ReadableStream<Uint8Array>;
}

/**
 * Runs trec_eval on its arguments and returns what it prints (strings with
 * one character per byte) and its exit status, without touching the
 * process's streams.
 *
 * @example Texts instead of files
 * ```ts
 * import { trecEval } from "./command.ts";
 * const texts: Record<string, string> = { qrels: "q1 0 d1 1\n", run: "q1 Q0 d1 1 1.5 sys\n" };
 * const { stdout, status } = await trecEval(["-m", "map", "qrels", "run"], {
 *   open: (name) => ({ text: texts[name] }),
 * });
 * console.log(status, stdout); // 0 "map                   \tall\t1.0000\n"
 * ```
 *
 * @param args trec_eval's arguments.
 * @param options Where files are found, and where output goes.
 * @returns Standard output, standard error and the exit status.
 */
export async function trecEval(
  args: readonly string[],
  options: TrecEvalOptions = {},
): Promise<TrecEvalResult> {
  const result = await evaluate(args, options);
  const parsed = parseTrecEvalArgs(args);
  if (!result.about || !("files" in parsed)) return result;
  const [rel, run] = parsed.files;
  const { cwd } = options;
  const resolve = cwd === undefined
    ? undefined
    : (await import("node:path")).resolve;
  // Failures are rare: their annotations, the help and standard input's
  // replay are loaded when needed.
  const { annotateTrecEval } = await import("./annotate.ts");
  return await annotateTrecEval(result, {
    rel,
    run,
    open: options.open ?? ((path) => resolve ? resolve(cwd!, path) : path),
  });
}

async function evaluate(
  args: readonly string[],
  options: TrecEvalOptions,
): Promise<TrecEvalResult> {
  const parsed = parseTrecEvalArgs(args);
  if (!("files" in parsed)) return parsed;
  if (parsed.help) {
    const { trecEvalHelp } = await import("./help.ts");
    return { stdout: trecEvalHelp(), stderr: "", status: 0 };
  }
  if (parsed.files.length !== 2) {
    return { stdout: "", stderr: TREC_EVAL_USAGE, status: 1 };
  }
  const { cwd } = options;
  // node:path only for a server's directory: the command line needs none,
  // and loading it costs more than scoring a small run.
  const resolve = cwd === undefined
    ? undefined
    : (await import("node:path")).resolve;
  const locate = options.open ??
    (resolve && ((path: string) => resolve(cwd!, path)));
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
  // reproduce exactly (errors, other formats) reads the run whole, standard
  // input included: what the scan read of it is replayed.
  const [relPath, runPath] = parsed.files;
  const fromStdin = runPath.startsWith("-");
  let stdin: ReplayableStream | undefined;
  if (parsed.relFormat === "qrels" && !(fromStdin && relPath === "-")) {
    const path = resolve ? resolve(cwd!, runPath) : runPath;
    // A gzip run's inflater starts on its worker while the qrels are read.
    const early = !options.open && !fromStdin && path.endsWith(".gz")
      ? GzipFileReader.open(path).catch(() => undefined)
      : undefined;
    try {
      const relevance = await readTrecEvalRelevance(parsed, locate);
      const measures = bindTrecEvalMeasures(parsed);
      if (!("status" in relevance) && !("status" in measures)) {
        if (fromStdin) {
          const { ReplayableStream } = await import(
            "../formats/replayable_stream.ts"
          );
          stdin = new ReplayableStream(options.stdin ?? stdinStream());
        }
        const scanned = await evaluateTrecEvalScan(
          relevance,
          stdin?.first ?? options.open?.(runPath) ?? (await early) ?? path,
          measures,
          settings,
          options.sink,
        );
        if (scanned) return scanned;
      }
    } finally {
      (await early)?.close();
    }
  }
  const data = await readTrecEvalInputs(
    parsed,
    locate,
    stdin?.replay() ?? options.stdin,
  );
  if ("status" in data) return data;
  const measures = bindTrecEvalMeasures(parsed);
  if ("status" in measures) return measures;
  return evaluateTrecEval(data, measures, settings);
}
