/**
 * Evaluates a TREC run file, streaming when the run is grouped by topic and
 * reading it again whole when it is not.
 *
 * @module
 */

import {
  evaluate,
  type EvaluateOptions,
  type Evaluation,
  type MetricLike,
} from "../metrics/evaluate.ts";
import type { Qrels } from "../model/types.ts";
import {
  readRun,
  type ReadRunOptions,
  UngroupedRunError,
} from "../formats/trec_run.ts";
import { ReplayableStream } from "../formats/replayable_stream.ts";
import { type Source, stdinStream } from "../formats/source.ts";
import { InputError } from "../model/errors.ts";
import { checkInputFile } from "./input_files.ts";

/** An evaluation and the tag of the run it scored. */
export interface RunFileEvaluation {
  /** The evaluation. */
  readonly evaluation: Evaluation;
  /** The run tag of the last line. */
  readonly runId: string | undefined;
}

/**
 * Scores a run file with {@linkcode evaluate}, which scans it byte by byte
 * for the built-in metrics. Memory holds one topic of a grouped run; a run
 * whose topics are spread over the file is read a second time, whole (from
 * standard input, from what the first reading kept).
 *
 * @param qrels The judgements.
 * @param path The run file, `-` for stdin.
 * @param metrics Metric specs or bound metrics.
 * @param options Evaluation and reading options.
 * @returns The evaluation and run tag.
 * @throws {InputError} If the path is a directory, a line is malformed or
 * the run has no line at all.
 */
export async function evaluateRunFile(
  qrels: Qrels,
  path: string,
  metrics: readonly MetricLike[],
  options: EvaluateOptions & ReadRunOptions = {},
): Promise<RunFileEvaluation> {
  await checkInputFile(path);
  // Standard input cannot be read twice: what the first reading took is
  // kept for a second one.
  const stdin = path === "-" ? new ReplayableStream(stdinStream()) : undefined;
  const name = stdin ? "<stdin>" : path;
  const once = async (collect: boolean, source: Source) => {
    const run = readRun(source, { ...options, collect, name });
    const evaluation = await evaluate(run, qrels, metrics, options);
    // A run without a line scores 0 everywhere (or, without -c, nothing):
    // an empty or truncated file must not pass for a run that found nothing.
    if (run.tag === undefined) {
      throw new InputError(
        name,
        0,
        "no run lines: the run file has no data lines",
      );
    }
    return { evaluation, runId: run.tag };
  };
  try {
    return await once(false, stdin?.first ?? path);
  } catch (error) {
    if (error instanceof UngroupedRunError) {
      return await once(true, stdin?.replay() ?? path);
    }
    throw error;
  }
}
