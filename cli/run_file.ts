/**
 * Evaluates a TREC run file, streaming when the run is grouped by topic and
 * reading it again whole when it is not.
 *
 * @module
 */

import {
  type EvaluateOptions,
  type Evaluation,
  Evaluator,
  type MetricLike,
} from "../metrics/evaluate.ts";
import type { Qrels } from "../metrics/types.ts";
import {
  readRun,
  type ReadRunOptions,
  UngroupedRunError,
} from "../formats/trec_run.ts";
import { scanTopicsParallel } from "../formats/trec_run_parallel.ts";
import { forEachRanking, scanTopics } from "../formats/trec_run_scan.ts";
import { ReplayableStream } from "../formats/replayable_stream.ts";
import { type Source, stdinStream } from "../formats/source.ts";
import { InputError } from "../formats/errors.ts";
import { checkInputFile } from "./input_files.ts";

/** An evaluation and the tag of the run it scored. */
export interface RunFileEvaluation {
  /** The evaluation. */
  readonly evaluation: Evaluation;
  /** The run tag of the last line. */
  readonly runId: string | undefined;
}

/**
 * Scores a run file. Memory holds one topic of a grouped run; a run whose
 * topics are spread over the file is read a second time, whole. With the
 * built-in metrics (no custom registry), which never read document ids, the
 * file is scanned byte by byte on two cores instead of parsed into lists.
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
  // A run without a line scores 0 everywhere (or, without -c, nothing):
  // an empty or truncated file must not pass for a run that found nothing.
  let topics = 0;
  const finish = (evaluator: Evaluator, runId: string | undefined) => {
    if (topics === 0) {
      throw new InputError(
        path === "-" ? "<stdin>" : path,
        0,
        "no run lines: the run file has no data lines",
      );
    }
    return { evaluation: evaluator.finish(), runId };
  };
  // Standard input cannot be read twice: what the first reading took is
  // kept for a second one.
  const stdin = path === "-" ? new ReplayableStream(stdinStream()) : undefined;
  const name = stdin ? "<stdin>" : path;
  const once = async (collect: boolean, source: Source) => {
    const evaluator = new Evaluator(qrels, metrics, options);
    const run = readRun(source, { ...options, collect, name });
    topics = 0;
    for await (const ranked of run) {
      topics++;
      evaluator.add(ranked);
    }
    return finish(evaluator, run.tag);
  };
  const scan = async () => {
    const evaluator = new Evaluator(qrels, metrics, options);
    const run = stdin
      ? scanTopics(stdin.first, qrels, { ...options, name })
      : scanTopicsParallel(path, qrels, options);
    topics = 0;
    await forEachRanking(run, qrels, options, (queryId, ranking) => {
      topics++;
      if (ranking) evaluator.addRanking(ranking);
      else evaluator.skipUnjudged(queryId);
    });
    return finish(evaluator, run.tag);
  };
  await checkInputFile(path);
  try {
    if (options.registry === undefined) return await scan();
    return await once(false, stdin?.first ?? path);
  } catch (error) {
    if (error instanceof UngroupedRunError) {
      return await once(true, stdin?.replay() ?? path);
    }
    throw error;
  }
}
