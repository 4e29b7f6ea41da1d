/**
 * `POST /v1/evaluate`: the `eval` command over HTTP. The answer is what
 * `eval --format json` prints for the same input and options.
 *
 * @module
 */

import { z } from "zod";
import { OFFICIAL_SPECS } from "../metrics/official.ts";
import { expandMeasureList, knownIn } from "../metrics/measure_list.ts";
import { builtinRegistry } from "../metrics/builtin.ts";
import {
  evaluate,
  type EvaluateOptions,
  type Evaluation,
} from "../metrics/evaluate.ts";
import type { BoundMetric } from "../metrics/metric.ts";
import type { Qrels } from "../model/types.ts";
import type { JudgedRanking } from "../model/judged_ranking.ts";
import type { Registry } from "../metrics/registry.ts";
import { DIVERSITY_KIND } from "../metrics/diversity/measures.ts";
import { evaluateDiversity } from "../metrics/diversity/evaluate.ts";
import { readSubtopicQrels } from "../formats/subtopic_qrels.ts";
import { requireJudgements } from "../formats/inputs.ts";
import { evaluationToJson } from "../report/evaluation.ts";
import {
  type Budgets,
  checkBudget,
  checkSpecs,
  DEFAULT_BUDGETS,
} from "./budgets.ts";
import {
  flag,
  integer,
  type JsonObject,
  parseRequest,
  strings,
} from "./request_fields.ts";
import { HttpProblem, userInput } from "./problem.ts";
import { excerpt } from "../model/quote.ts";
import {
  QRELS_FORMAT,
  QRELS_INPUT,
  qrelsFromInput,
  RUN_FORMAT,
  RUN_INPUT,
  runFromInput,
  type RunTextFormat,
} from "./ranking_input.ts";
import type { Deadline } from "./time_limit.ts";

/** The fields of an evaluate request: the options of `eval`. */
export const EVALUATE_REQUEST = z.strictObject({
  qrels: QRELS_INPUT,
  run: RUN_INPUT,
  qrelsFormat: QRELS_FORMAT,
  runFormat: RUN_FORMAT,
  metrics: strings(
    "Metric specs such as `ndcg@10`, `P(rel=2)@5`, `map_cut_100`, each entry read as `eval -m` reads one (`P.5,10`, `official`). Default: trec_eval's official set.",
  ).optional(),
  relevanceLevel: integer(
    0,
    "Grades >= this are relevant (trec_eval -l).",
  ).default(1),
  judgedOnly: flag("Drop unjudged documents before scoring (-J)."),
  depth: integer(1, "Keep the top N documents of each ranking (-M).")
    .optional(),
  averageOverQrels: flag(
    "Average over every judged query; missing ones score 0 (-c).",
  ),
  strict: flag("A run query without judgements is an error."),
  perQuery: flag("Also return each query's values (-q)."),
}).meta({ id: "EvaluateRequest" });

/** What `POST /v1/evaluate` answers: the JSON form of `report/evaluation.ts`. */
export type EvaluateResponse = ReturnType<typeof evaluationToJson>;

/** Options of {@linkcode evaluateRequest}. */
export interface EvaluateRequestOptions {
  /** The registry that resolves metric specs. Default: the built-in one. */
  registry?: Registry;
  /** Checked between queries. Default: none. */
  deadline?: Deadline;
  /** The budgets of the request. Default: {@linkcode DEFAULT_BUDGETS}. */
  budgets?: Budgets;
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
  const {
    qrels: qrelsInput,
    run: runInput,
    qrelsFormat,
    runFormat,
    metrics,
    perQuery,
    ...evaluateOptions
  } = parseRequest(EVALUATE_REQUEST, body);
  // Specs are resolved before the qrels are read, so a typo fails fast.
  const budgets = options.budgets ?? DEFAULT_BUDGETS;
  checkSpecs(budgets, metrics ?? []);
  const registry = options.registry ?? builtinRegistry;
  const specs = metrics?.length
    ? expandSpecs(metrics, registry, budgets)
    : OFFICIAL_SPECS;
  if (specs.every((spec) => isDiversitySpec(spec, registry))) {
    // As `eval` does: the diversity measures read subtopic qrels.
    const refused = [
      body.relevanceLevel != null && "relevanceLevel (give each measure rel=)",
      evaluateOptions.judgedOnly &&
      "judgedOnly (give each measure judged_only=True)",
      evaluateOptions.strict && "strict",
      qrelsFormat !== undefined && "qrelsFormat",
    ].filter((o): o is string => typeof o === "string");
    if (refused.length) {
      throw new HttpProblem(
        400,
        `The diversity measures do not take ${refused.join(", ")}.`,
        { extensions: { field: "metrics" } },
      );
    }
    if (typeof qrelsInput !== "string") {
      throw new HttpProblem(
        400,
        'Field "qrels" must be subtopic qrels text ("qid subtopic docno rel") for the diversity measures.',
        { extensions: { field: "qrels" } },
      );
    }
    // Each measure once, as resolveSpecs keeps the others.
    const labels = [
      ...new Set(
        specs.map((spec) => registry.resolve(spec, DIVERSITY_KIND).label),
      ),
    ];
    const qrels = requireJudgements(
      await readSubtopicQrels({ text: qrelsInput }, { name: "qrels" }),
      "qrels",
    );
    if (perQuery) {
      checkBudget(
        budgets,
        "maxOutputValues",
        (qrels.size + 1) * labels.length,
        "values (judged topics × metrics)",
      );
    }
    const run = runFromInput(runInput, "run", runFormat);
    const evaluation = await evaluateDiversity(run.lists, qrels, labels, {
      depth: evaluateOptions.depth,
      averageOverQrels: evaluateOptions.averageOverQrels,
      registry,
      requireJudged: true,
    });
    return evaluationToJson(evaluation, { perQuery, runId: run.tag() });
  }
  const diversity = specs.find((spec) => isDiversitySpec(spec, registry));
  if (diversity !== undefined) {
    throw new HttpProblem(
      400,
      `Metric "${
        excerpt(diversity, 40)
      }" scores rankings against subtopic qrels ("qid subtopic docno rel"): ask for the diversity measures in a request of their own.`,
      { extensions: { field: "metrics" } },
    );
  }
  const bound = resolveSpecs(specs, options.registry);
  const qrels = await qrelsFromInput(qrelsInput, "qrels", qrelsFormat);
  if (perQuery) {
    checkBudget(
      budgets,
      "maxOutputValues",
      (qrels.size + 1) * bound.length,
      "values (judged topics × metrics)",
    );
  }
  // The request is checked: what scoring throws now is the data's (an
  // InputError, a 400) or a bug (a 500, logged), never a TypeError taken
  // for the user's.
  const { evaluation, runId } = await scoreRun(qrels, bound, runInput, "run", {
    format: runFormat,
    ...evaluateOptions,
    registry: options.registry,
    deadline: options.deadline,
  });
  return evaluationToJson(evaluation, { perQuery, runId });
}

/** Whether a spec names a diversity measure (read against subtopic qrels). */
function isDiversitySpec(spec: string, registry: Registry): boolean {
  try {
    return registry.resolve(spec, DIVERSITY_KIND).kind === DIVERSITY_KIND;
  } catch {
    return false;
  }
}

/**
 * A request's `metrics` as `eval -m` and `compare -m` read theirs: an entry
 * may hold several specs (`"ndcg@10,P@5"`), trec_eval's `name.params`
 * (`"P.5,10"`) or a nickname (`"official"`), as {@linkcode expandMeasureList}
 * turns them into specs; the specs it makes are bounded as the entries are.
 *
 * @example
 * ```ts
 * import { expandSpecs } from "./evaluate.ts";
 * console.log(expandSpecs(["P.5,10", "ndcg@10"])); // ["P@5", "P@10", "ndcg@10"]
 * ```
 *
 * @param metrics The entries.
 * @param registry The registry, which says which bare names it knows.
 * Default: the built-in one.
 * @param budgets The bounds. Default: {@linkcode DEFAULT_BUDGETS}.
 * @returns The specs.
 * @throws {HttpProblem} 400 on a malformed list, or on more specs than the
 * budget allows.
 */
export function expandSpecs(
  metrics: readonly string[],
  registry: Registry = builtinRegistry,
  budgets: Budgets = DEFAULT_BUDGETS,
): string[] {
  const known = knownIn(registry, ["ranking", DIVERSITY_KIND]);
  const specs = userInput("metrics", () => expandMeasureList(metrics, known));
  checkSpecs(budgets, specs);
  return specs;
}

/**
 * Resolves a request's metric specs, each metric once, answering a bad spec
 * with a 400 problem that names the `metrics` field. As with `eval -m` and
 * `compare -m`, a metric asked for twice (`["map", "ap"]`) is scored, listed
 * and counted among the tests once: counted twice, it would raise every
 * corrected p-value of the comparison.
 *
 * @example
 * ```ts
 * import { resolveSpecs } from "./evaluate.ts";
 * console.log(resolveSpecs(["ndcg@10", "map", "ndcg_cut_10", "ap"]).map((m) => m.label)); // ["ndcg@10", "ap"]
 * ```
 *
 * @param specs The specs.
 * @param registry The registry. Default: the built-in one.
 * @returns The bound metrics, in the order of each label's first spec.
 * @throws {HttpProblem} 400 on a spec the registry refuses.
 */
export function resolveSpecs(
  specs: readonly string[],
  registry: Registry = builtinRegistry,
): BoundMetric<JudgedRanking>[] {
  const byLabel = new Map<string, BoundMetric<JudgedRanking>>();
  for (const spec of specs) {
    const metric = userInput(
      "metrics",
      () => registry.resolve<JudgedRanking>(spec),
    );
    if (!byLabel.has(metric.label)) byLabel.set(metric.label, metric);
  }
  return [...byLabel.values()];
}

/** Options of {@linkcode scoreRun}. */
export interface ScoreRunOptions extends EvaluateOptions {
  /** The format of run text. Default: detected, TREC when none matches. */
  format?: RunTextFormat;
  /** Checked between queries. Default: none. */
  deadline?: Deadline;
}

/**
 * Scores a run, TREC text or JSON, query by query, checking the deadline
 * between queries.
 *
 * TREC text scored with the built-in metrics is scanned byte by byte, as
 * `cli.ts eval` scans files; a run whose topics are spread over the text, a
 * custom registry or JSON input is read into ranked lists instead.
 *
 * @example
 * ```ts
 * import { resolve } from "../metrics/builtin.ts";
 * import { scoreRun } from "./evaluate.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const { evaluation, runId } = await scoreRun(qrels, [resolve("rr")], "q1 Q0 d0 1 2.0 bm25\nq1 Q0 d1 2 1.0 bm25\n", "run");
 * console.log(runId, evaluation.aggregate); // "bm25" { rr: 0.5 }
 * ```
 *
 * @param qrels The judgements.
 * @param metrics The bound metrics.
 * @param input The run as the request gave it.
 * @param name The run's name in error messages.
 * @param options Evaluation options and deadline.
 * @returns The evaluation and the run tag of TREC text.
 * @throws {InputError} On a malformed run.
 */
export async function scoreRun(
  qrels: Qrels,
  metrics: readonly BoundMetric<JudgedRanking>[],
  input: unknown,
  name: string,
  options: ScoreRunOptions = {},
): Promise<{ evaluation: Evaluation; runId: string | undefined }> {
  const { deadline, format, ...evaluateOptions } = options;
  const run = runFromInput(input, name, format);
  const evaluation = await evaluate(run.lists, qrels, metrics, {
    ...evaluateOptions,
    runName: name,
    requireJudged: true,
    signal: deadline?.signal,
    onQuery: deadline && (() => deadline.pause()),
  });
  return { evaluation, runId: run.tag() };
}
