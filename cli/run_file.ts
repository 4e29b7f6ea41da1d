/**
 * Evaluates a TREC run file for the commands that score one.
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
import { readRunInput, type ReadRunInputOptions } from "../formats/inputs.ts";
import { inputName } from "./input_files.ts";

/** An evaluation and the tag of the run it scored. */
export interface RunFileEvaluation {
  /** The evaluation. */
  readonly evaluation: Evaluation;
  /** The run tag of the last line. */
  readonly runId: string | undefined;
}

/**
 * Scores a run file with {@linkcode evaluate}, exactly as the library does
 * with `evaluate(await readRunInput(path), ...)`: a TREC run, a JSON dict,
 * JSON Lines or MS MARCO TSV, named by `format` or detected. A run with no
 * judged query is an error.
 *
 * @param qrels The judgements.
 * @param path The run file, `-` for stdin.
 * @param metrics Metric specs or bound metrics.
 * @param options Evaluation and reading options, and the run's format.
 * @returns The evaluation and run tag.
 * @throws {InputError} If the path is a directory, a line is malformed, the
 * run has no line at all or no judged query.
 */
export async function evaluateRunFile(
  qrels: Qrels,
  path: string,
  metrics: readonly MetricLike[],
  options: EvaluateOptions & ReadRunInputOptions = {},
): Promise<RunFileEvaluation> {
  const run = await readRunInput(path, options);
  const evaluation = await evaluate(run, qrels, metrics, {
    // A JSON run's lists carry no name: a repeated document, found in the
    // join, is named by the file as a TREC run's is.
    runName: inputName(path),
    ...options,
    requireJudged: true,
  });
  return { evaluation, runId: run.tag };
}
