/**
 * Saved evaluation reports: what `eval --save-report` writes and `gate`
 * reads back as a baseline. A report is the JSON form of an evaluation with
 * every per-query value and the options it was scored with.
 *
 * @module
 */

import { builtinRegistry } from "../metrics/builtin.ts";
import {
  type EvaluateOptions,
  evaluateSync,
  type Evaluation,
} from "../metrics/evaluate.ts";
import type { Qrels, QueryId } from "../model/types.ts";
import type { Registry } from "../metrics/registry.ts";
import { InputError } from "../model/errors.ts";
import { evaluationToJson } from "./evaluation.ts";

/** The evaluation options a saved report records. */
export interface SavedOptions {
  /** Relevance level. */
  relevanceLevel: number;
  /** Depth, or null for all. */
  depth: number | null;
  /** Unjudged documents dropped. */
  judgedOnly: boolean;
  /** Unretrieved judged queries scored (trec_eval -c). */
  averageOverQrels: boolean;
}

/** The JSON of a saved report. */
export interface SavedReport extends ReturnType<typeof evaluationToJson> {
  /** Marks the file as a ranklens evaluation report, with its version. */
  ranklens: { report: "evaluation"; version: 1 };
  /** How it was scored. */
  options: SavedOptions;
}

/**
 * The report `eval --save-report` writes: the evaluation's JSON with
 * per-query values, the run id and the options, so a later run can be
 * scored the same way and compared query by query.
 *
 * @example
 * ```ts
 * import { evaluateSync } from "../metrics/evaluate.ts";
 * import { savedReport } from "./baseline.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const evaluation = evaluateSync([{ queryId: "q1", docs: ["d1"] }], qrels, ["P@1"]);
 * const report = savedReport(evaluation, { averageOverQrels: true }, "bm25");
 * console.log(report.perQuery, report.options.averageOverQrels); // { q1: { "P@1": 1 } } true
 * ```
 *
 * @param evaluation The evaluation.
 * @param options The options it was scored with.
 * @param runId The run tag.
 * @returns The report, ready for `JSON.stringify`.
 */
export function savedReport(
  evaluation: Evaluation,
  options: EvaluateOptions,
  runId?: string,
): SavedReport {
  return {
    ranklens: { report: "evaluation", version: 1 },
    ...evaluationToJson(evaluation, { perQuery: true, runId }),
    options: {
      relevanceLevel: options.relevanceLevel ?? 1,
      depth: options.depth ?? null,
      judgedOnly: options.judgedOnly ?? false,
      averageOverQrels: options.averageOverQrels ?? false,
    },
  };
}

/** A saved report read back. */
export interface BaselineReport {
  /** The metric labels it holds. */
  readonly metrics: readonly string[];
  /** Query to metric label to value. */
  readonly perQuery: ReadonlyMap<QueryId, Readonly<Record<string, number>>>;
  /** The options it was scored with. */
  readonly options: EvaluateOptions;
  /** Its run id, if saved. */
  readonly runId: string | undefined;
}

/**
 * Parses a saved report (or the output of `eval --format json -q`, whose
 * options are then taken as the defaults).
 *
 * @example
 * ```ts
 * import { parseSavedReport } from "./baseline.ts";
 * const report = parseSavedReport('{"metrics":["P@1"],"perQuery":{"q1":{"P@1":1}}}', "base.json");
 * console.log(report.perQuery.get("q1")); // { "P@1": 1 }
 * ```
 *
 * @param text The JSON text.
 * @param name The file name, for errors.
 * @returns The report.
 * @throws {InputError} If the text is not a report with per-query values.
 */
export function parseSavedReport(text: string, name: string): BaselineReport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError(
      name,
      0,
      `not valid JSON: ${(error as Error).message}`,
    );
  }
  const fail = (why: string): never => {
    throw new InputError(name, 0, why);
  };
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    fail("expected a JSON object saved by eval --save-report");
  }
  const report = json as Record<string, unknown>;
  const metrics = report.metrics;
  if (
    !Array.isArray(metrics) || !metrics.every((m) => typeof m === "string")
  ) {
    fail('expected "metrics", an array of metric labels');
  }
  const raw = report.perQuery;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    fail(
      'expected "perQuery", per-query values (save with eval --save-report or -q)',
    );
  }
  const perQuery = new Map<QueryId, Record<string, number>>();
  for (const [query, values] of Object.entries(raw as object)) {
    if (typeof values !== "object" || values === null) {
      fail(`query "${query}": expected an object of metric values`);
    }
    for (const label of metrics as string[]) {
      const v = (values as Record<string, unknown>)[label];
      if (typeof v !== "number" || !Number.isFinite(v)) {
        fail(
          `query "${query}": metric "${label}" must be a number, got ${
            JSON.stringify(v)
          }`,
        );
      }
    }
    perQuery.set(query, values as Record<string, number>);
  }
  if (perQuery.size === 0) {
    fail(
      "the report has no per-query values (save it with eval --save-report)",
    );
  }
  const saved = (report.options ?? {}) as Partial<SavedOptions>;
  return {
    metrics: metrics as string[],
    perQuery,
    options: {
      relevanceLevel: typeof saved.relevanceLevel === "number"
        ? saved.relevanceLevel
        : 1,
      depth: typeof saved.depth === "number" ? saved.depth : undefined,
      judgedOnly: saved.judgedOnly === true,
    },
    runId: typeof report.runId === "string" ? report.runId : undefined,
  };
}

/**
 * Turns a saved report into an evaluation over every judged query, for the
 * given metrics: the saved per-query values, and for a judged query the
 * report lacks (saved without `-c`), the value of an empty ranking, as
 * trec_eval `-c` would have scored it.
 *
 * @example
 * ```ts
 * import { baselineEvaluation, parseSavedReport } from "./baseline.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])], ["q2", new Map([["d2", 1]])]]);
 * const report = parseSavedReport('{"metrics":["P@1"],"perQuery":{"q1":{"P@1":1}}}', "base.json");
 * const evaluation = baselineEvaluation(report, qrels, ["P@1"]);
 * console.log(evaluation.perQuery.get("q2")?.[0], evaluation.aggregate["P@1"]); // 0 0.5
 * ```
 *
 * @param report The saved report.
 * @param qrels The judgements.
 * @param labels The metric labels wanted, each saved in the report.
 * @param registry The registry resolving the labels. Default: the built-in one.
 * @returns The evaluation.
 * @throws {TypeError} If a metric is not in the report, or the report scored
 * a query the qrels do not judge.
 */
export function baselineEvaluation(
  report: BaselineReport,
  qrels: Qrels,
  labels: readonly string[],
  registry: Registry = builtinRegistry,
): Evaluation {
  for (const label of labels) {
    if (!report.metrics.includes(label)) {
      throw new TypeError(
        `The baseline report has no values for metric "${label}"; it holds ${
          JSON.stringify(report.metrics)
        }`,
      );
    }
  }
  for (const query of report.perQuery.keys()) {
    if (!qrels.has(query)) {
      throw new TypeError(
        `The baseline report scored query "${query}", which the qrels do not judge; was it saved with other qrels?`,
      );
    }
  }
  // Scoring an empty run with -c gives every judged query its empty-ranking
  // value; the saved values then replace those of the queries the report has.
  const empty = evaluateSync([], qrels, labels, {
    ...report.options,
    averageOverQrels: true,
    registry,
  });
  const perQuery = new Map<QueryId, Float64Array>();
  for (const [query, values] of empty.perQuery) {
    const saved = report.perQuery.get(query);
    perQuery.set(
      query,
      saved ? Float64Array.from(labels, (l) => saved[l]) : values,
    );
  }
  const aggregate: Record<string, number> = {};
  empty.metrics.forEach((metric, m) => {
    let sum = 0;
    if (metric.aggregate === "geometric") {
      for (const values of perQuery.values()) {
        sum += Math.log(Math.max(values[m], 0.00001));
      }
      aggregate[metric.label] = Math.exp(sum / perQuery.size);
      return;
    }
    for (const values of perQuery.values()) sum += values[m];
    aggregate[metric.label] = metric.aggregate === "sum"
      ? sum
      : sum / perQuery.size;
  });
  return { ...empty, perQuery, aggregate };
}
