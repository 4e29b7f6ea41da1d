/**
 * `POST /v1/compare`: the `compare` command over HTTP. The JSON answer is
 * what `compare --format json` prints for the same runs (named as the
 * request names them); the other formats are its other reports.
 *
 * @module
 */

import { z } from "zod";
import { MAX_SEED } from "../cli/options.ts";
import { builtinRegistry } from "../metrics/builtin.ts";
import {
  checkComparable,
  checkComparisonOptions,
  compareEvaluations,
  curveSpecs,
  DEFAULT_COMPARE_SPECS,
  DEFAULT_CURVE_CUTOFFS,
  QUERY_SETS,
  SIGNIFICANCE_TESTS,
} from "../metrics/compare.ts";
import type { Evaluation } from "../metrics/evaluate.ts";
import type { Registry } from "../metrics/registry.ts";
import { CORRECTIONS } from "../metrics/significance/correction.ts";
import { ALTERNATIVES } from "../metrics/significance/alternative.ts";
import {
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
} from "../metrics/significance/permutation.ts";
import { ZERO_METHODS } from "../metrics/significance/wilcoxon.ts";
import {
  COMPARISON_FORMATS,
  type ComparisonFormat,
  renderComparison,
} from "../report/comparison_formats.ts";
import { comparisonToJson } from "../report/comparison.ts";
import type { ReportInput } from "../report/html.ts";
import {
  type Budgets,
  checkBudget,
  checkSpecs,
  DEFAULT_BUDGETS,
} from "./budgets.ts";
import { expandSpecs, resolveSpecs, scoreRun } from "./evaluate.ts";
import {
  choice,
  flag,
  integer,
  type JsonObject,
  listOf,
  parseRequest,
  recordOf,
  strings,
  text,
} from "./request_fields.ts";
import { HttpProblem, userInput } from "./problem.ts";
import { describe, excerpt } from "../model/quote.ts";
import {
  QRELS_FORMAT,
  QRELS_INPUT,
  qrelsFromInput,
  RUN_FORMAT,
  RUN_INPUT,
} from "./ranking_input.ts";
import type { Deadline } from "./time_limit.ts";

/** The most runs one request may compare. */
export const MAX_COMPARED_RUNS = 20;
/** The most resamples one request may ask for. */
export const MAX_RESAMPLES = 100_000;

const NAMED_RUN = z.strictObject({
  name: text("The run's name."),
  run: RUN_INPUT,
});

/** The fields of a compare request: the options of `compare`. */
export const COMPARE_REQUEST = z.strictObject({
  qrels: QRELS_INPUT,
  qrelsFormat: QRELS_FORMAT,
  runFormat: RUN_FORMAT,
  runs: z.union([
    recordOf(
      RUN_INPUT,
      (name, run) =>
        `maps run "${name}" to ${
          describe(run)
        }; a run is TREC text or a JSON object keyed by query id.`,
      "Run name to run.",
    ),
    listOf(
      NAMED_RUN,
      '{"name", "run"} objects',
      "Runs in order, each with its name.",
    ),
  ], {
    error: (issue) =>
      issue.input === undefined
        ? "is required."
        : `must map run names to runs or list {"name", "run"} objects, got ${
          describe(issue.input)
        }.`,
  }).meta({
    description:
      `From 2 to ${MAX_COMPARED_RUNS} runs: an object of name to run, or a list of \`{name, run}\` (keeps the order of names that look like integers).`,
  }),
  metrics: strings(
    "Metric specs, each entry read as `compare -m` reads one (`P.5,10`). Default: ap, ndcg@10, P@10, rr.",
  )
    .optional(),
  test: choice(SIGNIFICANCE_TESTS, "The paired test (`--test`).").default(
    "t",
  ),
  alternative: choice(
    ALTERNATIVES,
    "The alternative hypothesis for the first run minus the second (scipy's `alternative`, `--alternative`); `tukey` takes only `two-sided`.",
  ).default("two-sided"),
  zeroMethod: choice(
    ZERO_METHODS,
    "Wilcoxon's handling of zero differences (`--zero-method`): wilcox drops them, pratt ranks them and drops their ranks, zsplit splits their ranks between the signs.",
  ).default("wilcox"),
  continuityCorrection: flag(
    "Continuity-correct Wilcoxon's normal approximation (`--continuity-correction`).",
  ),
  correction: choice(
    CORRECTIONS,
    "The multiple-comparison correction over all tests (`--correction`).",
  ).default("holm"),
  alpha: z.number({
    error: (issue) =>
      issue.input === undefined
        ? "is required."
        : `must be a number in (0, 1), got ${describe(issue.input)}.`,
  }).gt(0).lt(1).default(0.05).meta({
    description: "The significance level (`--alpha`).",
  }),
  seed: integer(
    0,
    "The seed of sampled tests and bootstrap intervals (`--seed`).",
    MAX_SEED,
  ).default(DEFAULT_SEED),
  resamples: integer(
    1,
    "Resamples of sampled tests and intervals (`--resamples`).",
    MAX_RESAMPLES,
  ).default(DEFAULT_RESAMPLES),
  querySet: choice(
    QUERY_SETS,
    "judged: every judged query, a query a run did not return scores 0 (trec_eval -c); intersection: queries every run returned.",
  ).default("judged"),
  baseline: text("Compare every run with this one instead of every pair.")
    .optional(),
  relevanceLevel: integer(0, "Grades >= this are relevant (-l).").default(1),
  depth: integer(1, "Keep the top N documents of each ranking (-M).")
    .optional(),
  judgedOnly: flag("Drop unjudged documents before scoring (-J)."),
  format: choice(COMPARISON_FORMATS, "The report's format.").default("json"),
  perQuery: flag("Per-query values in the json format."),
}).refine(
  (request) => request.test !== "tukey" || request.alternative === "two-sided",
  {
    path: ["alternative"],
    error: 'must be "two-sided" with "test": "tukey", which is two-sided.',
  },
).meta({ id: "CompareRequest" });

/** The media type of each report format. */
export const COMPARISON_MEDIA_TYPES: Readonly<
  Record<ComparisonFormat, string>
> = {
  json: "application/json",
  table: "text/plain; charset=utf-8",
  markdown: "text/markdown; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  latex: "application/x-latex; charset=utf-8",
  html: "text/html; charset=utf-8",
};

/** A rendered comparison. */
export interface CompareResponse {
  /** The format asked for. */
  readonly format: ComparisonFormat;
  /** The JSON form (format `json`) or the report text. */
  readonly body: unknown;
}

/** Options of {@linkcode compareRequest}. */
export interface CompareRequestOptions {
  /** The registry that resolves metric specs. Default: the built-in one. */
  registry?: Registry;
  /** Checked between queries. Default: none. */
  deadline?: Deadline;
  /** The budgets of the request. Default: {@linkcode DEFAULT_BUDGETS}. */
  budgets?: Budgets;
}

function namedRuns(
  runs: z.output<typeof COMPARE_REQUEST>["runs"],
): [string, unknown][] {
  const invalid = (detail: string) =>
    new HttpProblem(400, `Field "runs" ${detail}`, {
      extensions: { field: "runs" },
    });
  const entries: [string, unknown][] = Array.isArray(runs)
    ? runs.map(({ name, run }) => [name, run])
    : Object.entries(runs);
  if (entries.length < 2 || entries.length > MAX_COMPARED_RUNS) {
    throw invalid(
      `must hold from 2 to ${MAX_COMPARED_RUNS} runs, got ${entries.length}.`,
    );
  }
  const names = new Set<string>();
  for (const [name] of entries) {
    if (names.has(name)) {
      throw invalid(`names run "${excerpt(name, 40)}" twice.`);
    }
    names.add(name);
  }
  return entries;
}

// The time limit is checked between paired tests; this answers at once a
// request that would surely run out of it (20 runs at 10000 resamples over
// 300 queries would take minutes).
function checkWork(
  budgets: Budgets,
  runs: number,
  baseline: string | undefined,
  metrics: number,
  resamples: number = DEFAULT_RESAMPLES,
  queries: number,
): void {
  const pairs = baseline === undefined ? runs * (runs - 1) / 2 : runs - 1;
  checkBudget(
    budgets,
    "maxResampledValues",
    pairs * metrics * resamples * queries,
    `resampled values (${pairs} pairs × ${metrics} metrics × ${resamples} resamples × ${queries} queries; name a "baseline" or lower "resamples" for fewer)`,
  );
}

/**
 * The HTML report's inputs: the request's fields, each with the SHA-256 of
 * its text (of its JSON when it is not text).
 */
async function requestInputs(
  qrels: unknown,
  runs: readonly [string, unknown][],
): Promise<ReportInput[]> {
  const hash = async (value: unknown) => {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    const digest = await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode(text),
    );
    return [...new Uint8Array(digest)].map((b) =>
      b.toString(16).padStart(2, "0")
    ).join("");
  };
  return [
    { role: "qrels", name: "qrels", sha256: await hash(qrels) },
    ...await Promise.all(runs.map(async ([name, run]) => ({
      role: `run ${name}`,
      name: `runs.${name}`,
      sha256: await hash(run),
    }))),
  ];
}

/**
 * Compares the runs of a request object: `qrels`, `runs` (an object of
 * name to run, or a list of `{"name", "run"}`; each TREC text or JSON),
 * `metrics` (default: ap, ndcg@10, P@10, rr) and the options of `compare`
 * (`test`, `correction`, `alpha`, `seed`, `resamples`, `querySet`,
 * `baseline`, `relevanceLevel`, `depth`, `judgedOnly`), `format` (default
 * `json`) and `perQuery`.
 *
 * @example
 * ```ts
 * import { compareRequest } from "./compare.ts";
 * const { body } = await compareRequest({
 *   qrels: { q1: { d1: 1 }, q2: { d2: 1 } },
 *   runs: { new: { q1: ["d1"], q2: ["d2"] }, old: { q1: ["d0", "d1"] } },
 *   metrics: ["rr"],
 * });
 * const [pair] = (body as { pairs: { aMean: number; B_mean: number }[] }).pairs;
 * console.log(pair.aMean, pair.B_mean); // 1 0.25
 * ```
 *
 * @param body The request object.
 * @param options Registry and deadline.
 * @returns The format and the rendered comparison.
 * @throws {HttpProblem} 400 on a bad field; `InputError` on malformed
 * input; `TypeError`/`RangeError` on a bad spec or option.
 */
export async function compareRequest(
  body: JsonObject,
  options: CompareRequestOptions = {},
): Promise<CompareResponse> {
  const {
    qrels: qrelsInput,
    runs: runsInput,
    qrelsFormat,
    runFormat,
    metrics: specs,
    querySet,
    baseline,
    format,
    perQuery,
    relevanceLevel,
    depth,
    judgedOnly,
    resamples,
    ...significance
  } = parseRequest(COMPARE_REQUEST, body);
  const runs = namedRuns(runsInput);
  const evaluateOptions = {
    relevanceLevel,
    depth,
    judgedOnly,
    averageOverQrels: querySet === "judged",
  };

  const budgets = options.budgets ?? DEFAULT_BUDGETS;
  const registry = options.registry ?? builtinRegistry;
  checkSpecs(budgets, specs ?? []);
  const given = specs?.length
    ? expandSpecs(specs, registry, budgets)
    : DEFAULT_COMPARE_SPECS;
  const tested = resolveSpecs(given, registry);
  // Everything compare refuses about the request is checked before any run
  // is scored; what fails after that is the data's (an InputError) or a bug.
  for (const metric of tested) {
    userInput("metrics", () => checkComparable(metric));
  }
  userInput("baseline", () =>
    checkComparisonOptions(
      { ...significance, resamples, querySet, baseline },
      runs.map(([name]) => name),
    ));
  const labels = tested.map((metric) => metric.label);
  const curveCutoffs = format === "html" ? DEFAULT_CURVE_CUTOFFS : [];
  const curves = userInput(
    "metrics",
    () => curveSpecs(labels, curveCutoffs, registry),
  );
  const bound = resolveSpecs(labels.concat(curves), registry);
  checkBudget(budgets, "maxMetrics", bound.length, "metrics with curves");
  const qrels = await qrelsFromInput(qrelsInput, "qrels", qrelsFormat);
  const pairs = baseline === undefined
    ? runs.length * (runs.length - 1) / 2
    : runs.length - 1;
  checkBudget(
    budgets,
    "maxOutputValues",
    (runs.length + pairs) * labels.length * (perQuery ? qrels.size + 1 : 1),
    "values ((runs + pairs) × metrics × judged topics)",
  );
  checkWork(
    budgets,
    runs.length,
    baseline,
    labels.length,
    resamples,
    qrels.size,
  );
  const evaluations = new Map<string, Evaluation>();
  for (const [name, run] of runs) {
    const { evaluation } = await scoreRun(qrels, bound, run, `runs.${name}`, {
      format: runFormat,
      ...evaluateOptions,
      registry: options.registry,
      deadline: options.deadline,
    });
    evaluations.set(name, evaluation);
  }
  options.deadline?.check();
  const comparison = compareEvaluations(evaluations, {
    checkpoint: () => options.deadline?.check(),
    ...significance,
    resamples,
    querySet,
    baseline,
    metrics: labels,
    judgedQueries: qrels.keys(),
    curveCutoffs,
  });
  return {
    format,
    body: format === "json"
      ? comparisonToJson(comparison, { perQuery })
      : renderComparison(comparison, format, {
        perQuery,
        html: format === "html"
          ? {
            inputs: await requestInputs(qrelsInput, runs),
            options: {
              metrics: labels.join(" "),
              "relevance level": String(evaluateOptions.relevanceLevel),
              depth: evaluateOptions.depth === undefined
                ? "all"
                : String(evaluateOptions.depth),
              "judged only": evaluateOptions.judgedOnly ? "yes" : "no",
            },
          }
          : undefined,
      }),
  };
}
