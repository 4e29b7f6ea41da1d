/**
 * `POST /v1/trec_eval`: trec_eval over HTTP. The route hands the texts and
 * options to a {@linkcode TrecEvalRunner} and answers its standard output as
 * `text/plain`.
 *
 * @module
 */

import { z } from "zod";
import { stringBytes } from "../trec_eval/lines.ts";
import { trecEval } from "../trec_eval/command.ts";
import { bindTrecEvalMeasures } from "../trec_eval/inputs.ts";
import { parseTrecEvalArgs } from "../trec_eval/options.ts";
import {
  type Budgets,
  checkBudget,
  checkParameterList,
  DEFAULT_BUDGETS,
} from "./budgets.ts";
import {
  type JsonObject,
  parseRequest,
  strings,
  text,
} from "./request_fields.ts";
import { HttpProblem } from "./problem.ts";
import { excerpt } from "../model/quote.ts";

/**
 * What a trec_eval run printed and how it ended. The texts hold one
 * character per byte, as `cli/trec_eval.ts` returns them, so ids that are
 * not UTF-8 come back byte for byte.
 */
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

const QRELS_NAME = "qrels";
const RUN_NAME = "run";

/**
 * The {@linkcode TrecEvalRunner} of `cli.ts trec_eval`: trec_eval 10.0's
 * options, messages and exit statuses, on texts instead of files. Nothing
 * is read from the file system: a name other than the two texts (a `-Z`
 * file) reads as empty, which trec_eval reports as unreadable.
 *
 * @example
 * ```ts
 * import { trecEvalOnTexts } from "./trec_eval.ts";
 * const { status, stdout } = await trecEvalOnTexts(
 *   ["-m", "P.1"],
 *   "q1 0 d1 1\n",
 *   "q1 Q0 d1 1 1.0 tag\n",
 * );
 * console.log(status, stdout); // 0 "P_1                   \tall\t1.0000\n"
 * ```
 *
 * @param args trec_eval's options, without file names.
 * @param qrels The qrels text (named `qrels` in messages).
 * @param run The run text (named `run` in messages).
 * @returns What trec_eval prints and its exit status.
 */
export async function trecEvalOnTexts(
  args: readonly string[],
  qrels: string,
  run: string,
): Promise<TrecEvalOutput> {
  const parsed = parseTrecEvalArgs([...args, QRELS_NAME, RUN_NAME]);
  if ("files" in parsed && !parsed.help && parsed.files.length !== 2) {
    return {
      stdout: "",
      stderr:
        `trec_eval: "args" holds options only; the qrels and run come from their fields, got extra ${
          parsed.files.slice(0, -2).map((f) => `"${f}"`).join(", ")
        }\n`,
      status: 1,
    };
  }
  const texts: Record<string, string> = {
    [QRELS_NAME]: qrels,
    [RUN_NAME]: run,
  };
  return await trecEval([...args, QRELS_NAME, RUN_NAME], {
    open: (name) => ({ text: texts[name] ?? "" }),
  });
}

/** The fields of a trec_eval request. */
export const TREC_EVAL_REQUEST = z.strictObject({
  qrels: text("TREC qrels text.", "TREC text"),
  run: text("TREC run text.", "TREC text"),
  args: strings(
    "trec_eval's options, e.g. `-q`, `-m`, `ndcg_cut.10`; no file names (-Z is refused).",
  ).default([]),
}).meta({ id: "TrecEvalRequest" });

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
 * console.log(new TextDecoder().decode(text)); // "-q -m P.5\n"
 * ```
 *
 * @param body The request object: `qrels` and `run` (TREC text), `args`.
 * @param runner Runs trec_eval.
 * @param signal Aborted when the request runs out of time.
 * @param budgets The budgets of the request. Default: {@linkcode DEFAULT_BUDGETS}.
 * @returns trec_eval's standard output, byte for byte.
 * @throws {HttpProblem} 400 on a bad field, a file option, or when trec_eval
 * fails (its standard error is the detail, its status `exitStatus`).
 */
export async function trecEvalRequest(
  body: JsonObject,
  runner: TrecEvalRunner,
  signal: AbortSignal,
  budgets: Budgets = DEFAULT_BUDGETS,
): Promise<Uint8Array<ArrayBuffer>> {
  const { qrels, run, args } = parseRequest(TREC_EVAL_REQUEST, body);
  const fileOption = args.find((arg) => READS_A_FILE.test(arg));
  if (fileOption !== undefined) {
    throw new HttpProblem(
      400,
      `Option "${
        excerpt(fileOption, 40)
      }" reads a file, which this service does not allow.`,
      { extensions: { field: "args" } },
    );
  }
  checkTrecEvalBudgets(budgets, args, qrels);
  const output = await runner(args, qrels, run, signal);
  if (output.status !== 0) {
    const stderr = excerpt(
      new TextDecoder().decode(stringBytes(output.stderr)),
      1000,
    );
    throw new HttpProblem(
      400,
      stderr.trim() || `trec_eval exited with status ${output.status}`,
      { extensions: { exitStatus: output.status, stderr } },
    );
  }
  checkBudget(
    budgets,
    "maxOutputBytes",
    output.stdout.length,
    "answer bytes",
  );
  // stringBytes allocates its own ArrayBuffer, never a shared one.
  return stringBytes(output.stdout) as Uint8Array<ArrayBuffer>;
}

/**
 * Checks a trec_eval request against the budgets before it runs: the count
 * of arguments, each `-m` parameter list, the values printed (measures ×
 * judged topics with `-q`) and, for preference judgements, the pairs of
 * the largest judgement group.
 *
 * @example
 * ```ts
 * import { DEFAULT_BUDGETS } from "./budgets.ts";
 * import { checkTrecEvalBudgets } from "./trec_eval.ts";
 * checkTrecEvalBudgets(DEFAULT_BUDGETS, ["-q", "-m", "P.5,10"], "q1 0 d1 1\n"); // within budget
 * ```
 *
 * @param budgets The budgets in force.
 * @param args trec_eval's options.
 * @param qrels The relevance text.
 * @throws {HttpProblem} 422 or 413 over a budget.
 */
export function checkTrecEvalBudgets(
  budgets: Budgets,
  args: readonly string[],
  qrels: string,
): void {
  checkBudget(budgets, "maxMetrics", args.length, "trec_eval arguments");
  for (const arg of args) checkParameterList(budgets, arg);
  const parsed = parseTrecEvalArgs([...args, QRELS_NAME, RUN_NAME]);
  // Bad options are trec_eval's to report, with its message and status.
  if (!("files" in parsed) || parsed.help) return;
  const measures = bindTrecEvalMeasures(parsed);
  if ("status" in measures) return;
  let values = 0;
  for (const measure of measures) values += measure.names.length;
  const topics = new Set<string>();
  // The first field of each line, found without splitting the text.
  const field = /[^\s]+/y;
  for (let start = 0; start < qrels.length;) {
    let end = qrels.indexOf("\n", start);
    if (end < 0) end = qrels.length;
    const line = qrels.slice(start, end).trimStart();
    start = end + 1;
    field.lastIndex = 0;
    const topic = field.exec(line)?.[0];
    if (topic === undefined) continue;
    topics.add(topic);
  }
  checkBudget(
    budgets,
    "maxOutputValues",
    values * (parsed.perTopic ? topics.size + 1 : 1),
    "values (measures × judged topics)",
  );
}
