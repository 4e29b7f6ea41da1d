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
import { parseJson } from "../formats/json_text.ts";
import { evaluationToJson } from "./evaluation.ts";
import { aggregateValues } from "../metrics/aggregate.ts";
import { fieldPath, SchemaSet, shownValue } from "./_json_schema.ts";
import evaluationSchema from "./schemas/evaluation.json" with { type: "json" };
import baselineSchema from "./schemas/baseline_report.json" with {
  type: "json",
};

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
  /** The file it was read from, named in errors. Default: `baseline report`. */
  readonly name?: string;
}

const SCHEMAS = new SchemaSet([evaluationSchema, baselineSchema]);

/**
 * Parses a saved report (or the output of `eval --format json -q`, whose
 * options are then taken as the defaults), refusing one off its schema,
 * `report/schemas/baseline_report.json`, with the field it refuses.
 *
 * @example
 * ```ts
 * import { parseSavedReport } from "./baseline.ts";
 * const report = parseSavedReport('{"metrics":["P@1"],"perQuery":{"q1":{"P@1":1}}}', "base.json");
 * console.log(report.perQuery.get("q1")); // { "P@1": 1 }
 * ```
 *
 * @example A report off its schema
 * ```ts
 * import { parseSavedReport } from "./baseline.ts";
 * try {
 *   parseSavedReport('{"metrics":["P@1"],"perQuery":{"q1":{"P@1":1}},"options":{"depth":"10"}}', "base.json");
 * } catch (error) {
 *   console.log((error as Error).message); // 'base.json: field "options.depth": expected a whole number or null, got "10"'
 * }
 * ```
 *
 * @param text The JSON text.
 * @param name The file name, for errors.
 * @returns The report.
 * @throws {InputError} If the text is not a report with per-query values, or
 * repeats a key in one object.
 */
export function parseSavedReport(text: string, name: string): BaselineReport {
  // The line of a syntax error, as every JSON input names it.
  const json = parseJson(text, { name });
  const fail = (why: string): never => {
    throw new InputError(name, 0, why);
  };
  const violation = SCHEMAS.violation(json, baselineSchema.$id);
  if (violation !== undefined) {
    fail(
      violation.path.length === 0
        ? `${violation.reason} (a report saved by eval --save-report)`
        : `field "${fieldPath(violation.path)}": ${violation.reason}`,
    );
  }
  const report = json as {
    runId?: string;
    metrics: string[];
    aggregate?: Record<string, number | null>;
    perQuery: Record<string, Record<string, number | null>>;
    options?: Partial<SavedOptions>;
  };
  const perQuery = new Map<QueryId, Record<string, number>>();
  for (const [query, values] of Object.entries(report.perQuery)) {
    for (const label of report.metrics) {
      const v = values[label];
      if (typeof v !== "number") {
        fail(
          `field "${
            fieldPath(["perQuery", query, label])
          }": a baseline needs a number for every metric and query, got ${
            shownValue(v)
          }`,
        );
      }
    }
    perQuery.set(query, values as Record<string, number>);
  }
  checkAggregate(report.aggregate, report.metrics, perQuery, fail);
  const saved = report.options ?? {};
  return {
    name,
    metrics: report.metrics,
    perQuery,
    options: {
      relevanceLevel: saved.relevanceLevel ?? 1,
      depth: saved.depth ?? undefined,
      judgedOnly: saved.judgedOnly ?? false,
      averageOverQrels: saved.averageOverQrels ?? false,
    },
    runId: report.runId,
  };
}

/**
 * A saved aggregate must be what its per-query values give: their mean,
 * sum or geometric mean (trec_eval's `gm_` measures), to a few digits.
 */
function checkAggregate(
  aggregate: Readonly<Record<string, number | null>> | undefined,
  metrics: readonly string[],
  perQuery: ReadonlyMap<QueryId, Readonly<Record<string, number>>>,
  fail: (why: string) => never,
): void {
  if (aggregate === undefined) return;
  for (const label of metrics) {
    const value = aggregate[label];
    if (value === undefined) continue;
    if (value === null) {
      fail(
        `field "${
          fieldPath(["aggregate", label])
        }": expected a number, got null`,
      );
    }
    const values = [...perQuery.values()].map((v) => v[label]);
    const close = (x: number) =>
      Math.abs(x - value) <= 1e-6 * Math.max(1, Math.abs(value));
    const mean = aggregateValues("mean", values);
    if (
      !close(mean) && !close(aggregateValues("sum", values)) &&
      !close(aggregateValues("geometric", values))
    ) {
      fail(
        `field "${
          fieldPath(["aggregate", label])
        }": ${value} is not what the per-query values give (mean ${mean})`,
      );
    }
  }
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
 * @throws {InputError} If a metric is not in the report, the report scored
 * a query the qrels do not judge, or a report saved with -c lacks a judged
 * query.
 */
export function baselineEvaluation(
  report: BaselineReport,
  qrels: Qrels,
  labels: readonly string[],
  registry: Registry = builtinRegistry,
): Evaluation {
  for (const label of labels) {
    if (!report.metrics.includes(label)) {
      throw new InputError(
        report.name ?? "baseline report",
        0,
        `no values for metric "${label}"; it holds ${
          JSON.stringify(report.metrics)
        }`,
      );
    }
  }
  for (const query of report.perQuery.keys()) {
    if (!qrels.has(query)) {
      throw new InputError(
        report.name ?? "baseline report",
        0,
        `scored query "${query}", which the qrels do not judge; was it saved with other qrels?`,
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
    // Saved with -c, the report holds every query its qrels judged: one it
    // lacks was judged by other qrels, and an empty ranking's value there
    // would be a score the baseline never had.
    if (saved === undefined && report.options.averageOverQrels) {
      throw new InputError(
        report.name ?? "baseline report",
        0,
        `has no values for judged query "${query}", though it was saved with -c (every judged query); was it saved with other qrels?`,
      );
    }
    perQuery.set(
      query,
      saved ? Float64Array.from(labels, (l) => saved[l]) : values,
    );
  }
  const aggregate: Record<string, number> = {};
  empty.metrics.forEach((metric, m) => {
    aggregate[metric.label] = aggregateValues(
      metric.aggregate,
      [...perQuery.values()].map((values) => values[m]),
      metric.appliesTo !== undefined,
    );
  });
  return { ...empty, perQuery, aggregate };
}
