/**
 * `POST /v1/evaluate`: the `eval` command over HTTP. The answer is what
 * `eval --format json` prints for the same input and options.
 *
 * @module
 */

import { OFFICIAL_SPECS } from "../cli/eval.ts";
import { builtinRegistry } from "../metrics/builtin.ts";
import { Evaluator } from "../metrics/evaluate.ts";
import type { JudgedRanking } from "../metrics/judged_ranking.ts";
import type { Registry } from "../metrics/registry.ts";
import { evaluationToJson } from "../report/evaluation.ts";
import { Fields, type JsonObject } from "./json_body.ts";
import { qrelsFromInput, runFromInput } from "./ranking_input.ts";
import type { Deadline } from "./time_limit.ts";

/** The fields of an evaluate request. */
export const EVALUATE_FIELDS: readonly string[] = [
  "qrels",
  "run",
  "metrics",
  "relevanceLevel",
  "judgedOnly",
  "depth",
  "averageOverQrels",
  "strict",
  "perQuery",
];

/** What `POST /v1/evaluate` answers: the JSON form of `report/evaluation.ts`. */
export type EvaluateResponse = ReturnType<typeof evaluationToJson>;

/** Options of {@linkcode evaluateRequest}. */
export interface EvaluateRequestOptions {
  /** The registry that resolves metric specs. Default: the built-in one. */
  registry?: Registry;
  /** Checked between queries. Default: none. */
  deadline?: Deadline;
}

/**
 * Evaluates one run of a request object: `qrels` and `run` (TREC text or
 * JSON), `metrics` (default: trec_eval's official set) and the options of
 * `eval` (`relevanceLevel` `-l`, `judgedOnly` `-J`, `depth` `-M`,
 * `averageOverQrels` `-c`, `strict`, `perQuery` `-q`).
 *
 * @example
 * ```ts
 * import { evaluateRequest } from "./evaluate.ts";
 * const answer = await evaluateRequest({
 *   qrels: "q1 0 d1 1\nq1 0 d2 0\n",
 *   run: "q1 Q0 d2 1 2.0 bm25\nq1 Q0 d1 2 1.0 bm25\n",
 *   metrics: ["rr", "P@1"],
 * });
 * console.log(answer.runId, answer.aggregate); // "bm25" { rr: 0.5, "P@1": 0 }
 * ```
 *
 * @param body The request object.
 * @param options Registry and deadline.
 * @returns The evaluation as `eval --format json` prints it.
 * @throws {HttpProblem} 400 on a bad field; `InputError` on malformed qrels
 * or run; `SyntaxError`/`RangeError`/`TypeError` on a bad metric spec.
 */
export async function evaluateRequest(
  body: JsonObject,
  options: EvaluateRequestOptions = {},
): Promise<EvaluateResponse> {
  const fields = new Fields(body, EVALUATE_FIELDS);
  const qrelsInput = fields.required("qrels");
  const runInput = fields.required("run");
  const metrics = fields.strings("metrics");
  const evaluateOptions = {
    relevanceLevel: fields.integer("relevanceLevel", -1e9) ?? 1,
    judgedOnly: fields.boolean("judgedOnly"),
    depth: fields.integer("depth", 1),
    averageOverQrels: fields.boolean("averageOverQrels"),
    strict: fields.boolean("strict"),
  };
  const perQuery = fields.boolean("perQuery");
  // Specs are resolved before the qrels are read, so a typo fails fast.
  const registry = options.registry ?? builtinRegistry;
  const bound = (metrics?.length ? metrics : OFFICIAL_SPECS).map((spec) =>
    registry.resolve<JudgedRanking>(spec)
  );
  const evaluator = new Evaluator(
    await qrelsFromInput(qrelsInput, "qrels"),
    bound,
    evaluateOptions,
  );
  const runId = await addRun(evaluator, runInput, "run", options.deadline);
  return evaluationToJson(evaluator.finish(), { perQuery, runId });
}

/**
 * Feeds a run, TREC text or JSON, to an evaluator query by query, checking
 * the deadline between queries.
 *
 * @example
 * ```ts
 * import { Evaluator } from "../metrics/evaluate.ts";
 * import { addRun } from "./evaluate.ts";
 * const evaluator = new Evaluator(new Map([["q1", new Map([["d1", 1]])]]), ["rr"]);
 * console.log(await addRun(evaluator, "q1 Q0 d1 1 1.0 bm25\n", "run")); // "bm25"
 * console.log(evaluator.finish().aggregate); // { rr: 1 }
 * ```
 *
 * @param evaluator The evaluator.
 * @param input The run as the request gave it.
 * @param name The run's name in error messages.
 * @param deadline Checked between queries. Default: none.
 * @returns The run tag of TREC text, else `undefined`.
 * @throws {InputError} On a malformed run.
 */
export async function addRun(
  evaluator: Evaluator,
  input: unknown,
  name: string,
  deadline?: Deadline,
): Promise<string | undefined> {
  const run = runFromInput(input, name);
  if (Symbol.asyncIterator in run.lists) {
    for await (const ranked of run.lists) {
      evaluator.add(ranked);
      await deadline?.pause();
    }
  } else {
    for (const ranked of run.lists) {
      evaluator.add(ranked);
      await deadline?.pause();
    }
  }
  return run.tag();
}
