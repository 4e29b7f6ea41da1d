/**
 * Renders an {@linkcode Evaluation} as trec_eval text, JSON, CSV or Markdown.
 *
 * @module
 */

import { compareIds } from "../model/compare_ids.ts";
import type { Evaluation } from "../metrics/evaluate.ts";
import { formatTrecValue } from "../trec_eval/c_printf.ts";
import { type Table, toCsv, toMarkdown } from "./table.ts";

/** The output formats of an evaluation. */
export const EVALUATION_FORMATS = ["trec", "json", "csv", "markdown"] as const;
/** One of {@linkcode EVALUATION_FORMATS}. */
export type EvaluationFormat = typeof EVALUATION_FORMATS[number];

/** Options of the evaluation renderers. */
export interface RenderOptions {
  /** Include per-query values. Default: false. */
  perQuery?: boolean;
  /** The run tag, printed as `runid` in trec format. */
  runId?: string;
}

/**
 * The JSON form: `aggregate` (label to value), `perQuery` (query to label to
 * value, when asked), `counts` and `segments`.
 *
 * @example
 * ```ts
 * import { evaluateSync } from "../metrics/evaluate.ts";
 * import { evaluationToJson } from "./evaluation.ts";
 * const result = evaluateSync([{ queryId: "q1", docs: ["d1"] }], new Map([["q1", new Map([["d1", 1]])]]), ["P@1"]);
 * console.log(evaluationToJson(result, { perQuery: true }).perQuery); // { q1: { "P@1": 1 } }
 * ```
 *
 * @param evaluation The evaluation.
 * @param options Per-query values and run id.
 * @returns A plain object, ready for `JSON.stringify`.
 */
export function evaluationToJson(
  evaluation: Evaluation,
  options: RenderOptions = {},
): {
  runId?: string;
  metrics: string[];
  aggregate: Record<string, number>;
  perQuery: Record<string, Record<string, number>>;
  counts: Evaluation["counts"];
  segments: Evaluation["segments"];
} {
  const labels = evaluation.metrics.map((m) => m.label);
  const perQuery: Record<string, Record<string, number>> = {};
  if (options.perQuery) {
    for (const id of [...evaluation.perQuery.keys()].sort(compareIds)) {
      const values = evaluation.perQuery.get(id)!;
      perQuery[id] = Object.fromEntries(labels.map((l, i) => [l, values[i]]));
    }
  }
  return {
    ...(options.runId !== undefined ? { runId: options.runId } : {}),
    metrics: labels,
    aggregate: { ...evaluation.aggregate },
    perQuery,
    counts: evaluation.counts,
    segments: evaluation.segments,
  };
}

/**
 * trec_eval's layout: `label<TAB>query<TAB>value`, labels padded to 22,
 * values as `%6.4f` (sums as integers), per-query blocks in query id order,
 * then the `all` block.
 *
 * @example
 * ```ts
 * import { evaluateSync } from "../metrics/evaluate.ts";
 * import { evaluationToTrec } from "./evaluation.ts";
 * const result = evaluateSync([{ queryId: "q1", docs: ["d1"] }], new Map([["q1", new Map([["d1", 1]])]]), ["P@1"]);
 * console.log(evaluationToTrec(result)); // "num_q                 \tall\t1\nP@1                   \tall\t1.0000\n"
 * ```
 *
 * @param evaluation The evaluation.
 * @param options Per-query values and run id.
 * @returns The text.
 */
export function evaluationToTrec(
  evaluation: Evaluation,
  options: RenderOptions = {},
): string {
  const line = (label: string, qid: string, value: string) =>
    `${label.padEnd(22)}\t${qid}\t${value}\n`;
  const value = (aggregate: string, v: number) =>
    aggregate === "sum" ? String(Math.round(v)) : formatTrecValue(v);
  let out = "";
  if (options.perQuery) {
    for (const id of [...evaluation.perQuery.keys()].sort(compareIds)) {
      const values = evaluation.perQuery.get(id)!;
      evaluation.metrics.forEach((m, i) => {
        // NaN: the metric is undefined for the query, which ir_measures
        // does not report either.
        if (m.aggregate !== "geometric" && !Number.isNaN(values[i])) {
          out += line(m.label, id, value(m.aggregate, values[i]));
        }
      });
    }
  }
  if (options.runId !== undefined) out += line("runid", "all", options.runId);
  out += line("num_q", "all", String(evaluation.counts.scored));
  for (const m of evaluation.metrics) {
    out += line(
      m.label,
      "all",
      value(m.aggregate, evaluation.aggregate[m.label]),
    );
  }
  return out;
}

/** Options of {@linkcode evaluationTable}. */
export interface TableOptions extends RenderOptions {
  /**
   * Every value at full precision (`String(value)`), as a machine-readable
   * format (CSV) needs, instead of four decimals for a reader (Markdown).
   * Default: false.
   */
  fullPrecision?: boolean;
}

/**
 * A table with one row per metric (and per query, when asked): columns
 * `query`, `metric`, `value`; values with four decimals, or at full
 * precision when asked.
 *
 * @example
 * ```ts
 * import { evaluateSync } from "../metrics/evaluate.ts";
 * import { evaluationTable } from "./evaluation.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const result = evaluateSync([{ queryId: "q1", docs: ["d2", "d3", "d1"] }], qrels, ["rr"]);
 * console.log(evaluationTable(result).rows[0][2]); // "0.3333"
 * console.log(evaluationTable(result, { fullPrecision: true }).rows[0][2]); // "0.3333333333333333"
 * ```
 *
 * @param evaluation The evaluation.
 * @param options Per-query values and precision.
 * @returns The table.
 */
export function evaluationTable(
  evaluation: Evaluation,
  options: TableOptions = {},
): Table {
  const rows: string[][] = [];
  const fmt = (v: number) =>
    options.fullPrecision || Number.isInteger(v) ? String(v) : v.toFixed(4);
  if (options.perQuery) {
    for (const id of [...evaluation.perQuery.keys()].sort(compareIds)) {
      const values = evaluation.perQuery.get(id)!;
      evaluation.metrics.forEach((m, i) =>
        rows.push([id, m.label, fmt(values[i])])
      );
    }
  }
  for (const m of evaluation.metrics) {
    rows.push(["all", m.label, fmt(evaluation.aggregate[m.label])]);
  }
  return {
    header: ["query", "metric", "value"],
    rows,
    alignRight: [false, false, true],
  };
}

/**
 * Renders an evaluation in one of {@linkcode EVALUATION_FORMATS}.
 *
 * @example
 * ```ts
 * import { evaluate } from "../metrics/evaluate.ts";
 * import { renderEvaluation } from "./evaluation.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const evaluation = await evaluate([{ queryId: "q1", docs: ["d9", "d1"] }], qrels, ["rr", "P@2"]);
 * console.log(renderEvaluation(evaluation, "csv")); // "query,metric,value\nall,rr,0.5\nall,P@2,0.5\n"
 * console.log(renderEvaluation(evaluation, "trec", { runId: "bm25" }).split("\n")[2]); // "rr                    \tall\t0.5000"
 * ```
 *
 * @param evaluation The evaluation.
 * @param format The format.
 * @param options Per-query values and run id.
 * @returns The text.
 */
export function renderEvaluation(
  evaluation: Evaluation,
  format: EvaluationFormat,
  options: RenderOptions = {},
): string {
  switch (format) {
    case "trec":
      return evaluationToTrec(evaluation, options);
    case "json":
      return JSON.stringify(evaluationToJson(evaluation, options), null, 2) +
        "\n";
    case "csv":
      return toCsv(
        evaluationTable(evaluation, { ...options, fullPrecision: true }),
      );
    case "markdown":
      return toMarkdown(evaluationTable(evaluation, options));
  }
}
