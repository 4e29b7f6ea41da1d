/**
 * `POST /v1/trec_eval`: trec_eval over HTTP. The route hands the texts and
 * options to a {@linkcode TrecEvalRunner} and answers its standard output as
 * `text/plain`.
 *
 * @module
 */

import { Fields, type JsonObject } from "./json_body.ts";
import { HttpProblem } from "./problem.ts";

/** What a trec_eval run printed and how it ended. */
export interface TrecEvalOutput {
  /** The exit status: 0 on success. */
  readonly status: number;
  /** The standard output: the measures. */
  readonly stdout: string;
  /** The standard error: why it failed. */
  readonly stderr: string;
}

/**
 * Runs trec_eval on texts instead of files: `args` are its options only
 * (`-q`, `-m ndcg_cut.10`, ...); the qrels and run come as text.
 */
export type TrecEvalRunner = (
  args: readonly string[],
  qrels: string,
  run: string,
  signal: AbortSignal,
) => Promise<TrecEvalOutput>;

/** The fields of a trec_eval request. */
export const TREC_EVAL_FIELDS: readonly string[] = ["qrels", "run", "args"];

// -Z names a z-score file to read: request data must not choose files.
const READS_A_FILE = /^(?:-[^-]*Z|--Z)/;

/**
 * Checks a trec_eval request and runs it.
 *
 * @example With a runner that echoes its options
 * ```ts
 * import { trecEvalRequest } from "./trec_eval.ts";
 * const echo = (args: readonly string[]) =>
 *   Promise.resolve({ status: 0, stdout: args.join(" ") + "\n", stderr: "" });
 * const text = await trecEvalRequest(
 *   { qrels: "q1 0 d1 1\n", run: "q1 Q0 d1 1 1 t\n", args: ["-q", "-m", "P.5"] },
 *   echo,
 *   new AbortController().signal,
 * );
 * console.log(text); // "-q -m P.5\n"
 * ```
 *
 * @param body The request object: `qrels` and `run` (TREC text), `args`.
 * @param runner Runs trec_eval.
 * @param signal Aborted when the request runs out of time.
 * @returns trec_eval's standard output.
 * @throws {HttpProblem} 400 on a bad field, a file option, or when trec_eval
 * fails (its standard error is the detail, its status `exitStatus`).
 */
export async function trecEvalRequest(
  body: JsonObject,
  runner: TrecEvalRunner,
  signal: AbortSignal,
): Promise<string> {
  const fields = new Fields(body, TREC_EVAL_FIELDS);
  const qrels = text(fields, "qrels");
  const run = text(fields, "run");
  const args = fields.strings("args") ?? [];
  const fileOption = args.find((arg) => READS_A_FILE.test(arg));
  if (fileOption !== undefined) {
    throw new HttpProblem(
      400,
      `Option "${fileOption}" reads a file, which this service does not allow.`,
      { extensions: { field: "args" } },
    );
  }
  const output = await runner(args, qrels, run, signal);
  if (output.status !== 0) {
    throw new HttpProblem(
      400,
      output.stderr.trim() || `trec_eval exited with status ${output.status}`,
      { extensions: { exitStatus: output.status, stderr: output.stderr } },
    );
  }
  return output.stdout;
}

function text(fields: Fields, name: string): string {
  const value = fields.required(name);
  if (typeof value !== "string") {
    throw new HttpProblem(
      400,
      `Field "${name}" must be TREC text, got ${
        Array.isArray(value) ? "an array" : `a ${typeof value}`
      }.`,
      { extensions: { field: name } },
    );
  }
  return value;
}
