/**
 * Renders a {@linkcode RagEvaluation} as trec_eval-style text, JSON, CSV or
 * Markdown.
 *
 * @module
 */

import type { RagEvaluation } from "../metrics/rag/evaluate.ts";
import { formatFixed, formatTrecValue } from "../trec_eval/c_printf.ts";
import type { EvaluationFormat } from "./evaluation.ts";
import { type Table, toCsv, toMarkdown } from "./table.ts";

/** Options of the RAG renderers. */
export interface RagRenderOptions {
  /** Include each sample's values. Default: false. */
  perSample?: boolean;
}

/** The JSON form of a RAG evaluation. */
export interface RagEvaluationJson {
  /** How many samples were given. */
  nSamples: number;
  /** The normalization used. */
  normalize: string;
  /** The metric labels, in the order asked. */
  metrics: string[];
  /** Label to its mean over the samples it applied to; `null` when it applied to none. */
  aggregate: Record<string, number | null>;
  /** Label to the number of samples the metric applied to. */
  coverage: Record<string, number>;
  /** Each sample's values (1-based order of the input), when asked; `null` where a metric did not apply. */
  perSample?: Record<string, number | null>[];
  /** Each sample's name, beside `perSample`: its id, or its 1-based position. */
  sampleIds?: string[];
  /** Each sample's response, beside `perSample` (`null` where it has none). */
  responses?: (string | null)[];
  /** Each sample's reference with the best token F1, beside `perSample` (`null` without one). */
  bestReferences?: (string | null)[];
  /** The evaluation's warnings (samples without a response, ...), when any. */
  warnings?: string[];
}

/**
 * The JSON form: `nSamples`, `normalize`, `metrics` (the labels),
 * `aggregate` (label to mean), `coverage`, when asked `perSample`,
 * `sampleIds`, `responses` and `bestReferences`, and `warnings` when there
 * are any. A metric that applied to no sample is `null`. The keys are those
 * of the ranking evaluation's JSON where they mean the same; the schema is
 * `report/schemas/rag_evaluation.json`.
 *
 * @example
 * ```ts
 * import { evaluateRag } from "../metrics/rag/evaluate.ts";
 * import { ragEvaluationToJson } from "./rag.ts";
 * const result = evaluateRag([{ response: "Paris", reference: "Paris" }], { metrics: ["em"] });
 * console.log(ragEvaluationToJson(result));
 * // {
 * //   nSamples: 1,
 * //   normalize: "squad",
 * //   metrics: [ "exact_match" ],
 * //   aggregate: { exact_match: 1 },
 * //   coverage: { exact_match: 1 }
 * // }
 * ```
 *
 * @param result The evaluation.
 * @param options Per-sample values.
 * @returns A plain object, ready for `JSON.stringify`.
 */
export function ragEvaluationToJson(
  result: RagEvaluation,
  options: RagRenderOptions = {},
): RagEvaluationJson {
  const aggregate: Record<string, number | null> = {};
  for (const label of result.metrics) {
    const value = result.aggregate[label];
    aggregate[label] = Number.isNaN(value) ? null : value;
  }
  return {
    nSamples: result.nSamples,
    normalize: result.normalize,
    metrics: [...result.metrics],
    aggregate,
    coverage: { ...result.coverage },
    ...(options.perSample
      ? {
        perSample: result.perSample.map((values) => ({ ...values })),
        sampleIds: [...result.sampleIds],
        responses: result.responses.map((r) => r ?? null),
        bestReferences: result.bestReferences.map((r) => r ?? null),
      }
      : {}),
    ...(result.warnings.length ? { warnings: [...result.warnings] } : {}),
  };
}

/**
 * trec_eval's layout, `label<TAB>id<TAB>value` with labels padded to 22:
 * per-sample lines first when asked (named by the samples' ids, or by their
 * 1-based positions; samples a metric skips have no line), then `num_samples`, each
 * metric (`%6.4f`, `-nan` when it applied to no sample) and each metric's
 * coverage as `coverage:<label>`.
 *
 * @example
 * ```ts
 * import { evaluateRag } from "../metrics/rag/evaluate.ts";
 * import { ragEvaluationToTrec } from "./rag.ts";
 * const result = evaluateRag([{ response: "Paris", reference: "Paris" }], { metrics: ["em"] });
 * console.log(ragEvaluationToTrec(result));
 * // "num_samples           \tall\t1\nexact_match           \tall\t1.0000\ncoverage:exact_match  \tall\t1\n"
 * ```
 *
 * @param result The evaluation.
 * @param options Per-sample values.
 * @returns The text.
 */
export function ragEvaluationToTrec(
  result: RagEvaluation,
  options: RagRenderOptions = {},
): string {
  const line = (label: string, id: string, value: string) =>
    `${label.padEnd(22)}\t${id}\t${value}\n`;
  let out = "";
  if (options.perSample) {
    result.perSample.forEach((values, i) => {
      for (const label of result.metrics) {
        const value = values[label];
        if (value !== null) {
          out += line(label, result.sampleIds[i], formatTrecValue(value));
        }
      }
    });
  }
  out += line("num_samples", "all", String(result.nSamples));
  for (const label of result.metrics) {
    out += line(label, "all", formatTrecValue(result.aggregate[label]));
  }
  for (const label of result.metrics) {
    out += line(`coverage:${label}`, "all", String(result.coverage[label]));
  }
  return out;
}

/** Options of {@linkcode ragEvaluationTable}. */
export interface RagTableOptions extends RagRenderOptions {
  /** Every value at full precision, as CSV needs, instead of four decimals. Default: false. */
  fullPrecision?: boolean;
}

/**
 * A table with columns `sample`, `metric`, `value` and `coverage`: per-sample
 * rows first when asked, then one `all` row per metric. Values have four
 * decimals (full precision when asked); a metric that applied to no sample
 * shows `n/a`.
 *
 * @example
 * ```ts
 * import { evaluateRag } from "../metrics/rag/evaluate.ts";
 * import { ragEvaluationTable } from "./rag.ts";
 * const result = evaluateRag([{ response: "Paris", reference: "Paris" }], { metrics: ["em"] });
 * console.log(ragEvaluationTable(result).rows); // [["all", "exact_match", "1.0000", "1"]]
 * ```
 *
 * @param result The evaluation.
 * @param options Per-sample values and precision.
 * @returns The table.
 */
export function ragEvaluationTable(
  result: RagEvaluation,
  options: RagTableOptions = {},
): Table {
  const fmt = (v: number) =>
    Number.isNaN(v)
      ? "n/a"
      : options.fullPrecision
      ? String(v)
      : formatFixed(v, 4);
  const rows: string[][] = [];
  if (options.perSample) {
    result.perSample.forEach((values, i) => {
      for (const label of result.metrics) {
        const value = values[label];
        if (value !== null) {
          rows.push([result.sampleIds[i], label, fmt(value), ""]);
        }
      }
    });
  }
  for (const label of result.metrics) {
    rows.push([
      "all",
      label,
      fmt(result.aggregate[label]),
      String(result.coverage[label]),
    ]);
  }
  return {
    header: ["sample", "metric", "value", "coverage"],
    rows,
    alignRight: [false, false, true, true],
  };
}

/**
 * Renders a RAG evaluation in one of the evaluation formats.
 *
 * @example
 * ```ts
 * import { evaluateRag } from "../metrics/rag/evaluate.ts";
 * import { renderRagEvaluation } from "./rag.ts";
 * const result = evaluateRag([{ response: "Paris", reference: "Paris" }], { metrics: ["em"] });
 * console.log(renderRagEvaluation(result, "csv")); // "sample,metric,value,coverage\nall,exact_match,1,1\n"
 * ```
 *
 * @param result The evaluation.
 * @param format `trec`, `json`, `csv` or `markdown`.
 * @param options Per-sample values.
 * @returns The text.
 */
export function renderRagEvaluation(
  result: RagEvaluation,
  format: EvaluationFormat,
  options: RagRenderOptions = {},
): string {
  switch (format) {
    case "trec":
      return ragEvaluationToTrec(result, options);
    case "json":
      return JSON.stringify(ragEvaluationToJson(result, options), null, 2) +
        "\n";
    case "csv":
      return toCsv(
        ragEvaluationTable(result, { ...options, fullPrecision: true }),
      );
    case "markdown":
      return toMarkdown(ragEvaluationTable(result, options));
  }
}
