/**
 * Scores RAG samples with registry metrics of kind `rag`.
 *
 * @module
 */

import { builtinRegistry } from "../builtin.ts";
import type { BoundMetric } from "../metric.ts";
import type { Registry } from "../registry.ts";
import { RagInput } from "./input.ts";
import {
  type NormalizationName,
  type Normalizer,
  normalizerOf,
} from "./normalize.ts";
import { checkRagSample, type RagSample } from "../../model/rag_sample.ts";
import { tokenF1 } from "./token_f1.ts";

/** A RAG metric, or a spec that resolves to one. */
export type RagMetricLike = string | BoundMetric<RagInput>;

/** The metrics {@linkcode evaluateRag} computes when none are named. */
export const DEFAULT_RAG_METRICS: readonly string[] = [
  "exact_match",
  "token_f1",
  "context_recall",
  "context_precision",
  "non_empty_rate",
];

/** Options of {@linkcode evaluateRag}. */
export interface RagEvaluateOptions {
  /** Metric specs or bound metrics of kind `rag`. Default: {@linkcode DEFAULT_RAG_METRICS}. */
  metrics?: readonly RagMetricLike[];
  /** How texts become tokens: `squad`, `ultrarag` or a custom normalizer. Default: `squad`. */
  normalize?: NormalizationName | Normalizer;
  /** The registry that resolves specs. Default: the built-in one. */
  registry?: Registry;
}

/** The result of {@linkcode evaluateRag}. */
export interface RagEvaluation {
  /** The metric labels, in the order asked for, each once. */
  readonly labels: readonly string[];
  /**
   * Label to value over the samples the metric applied to: the mean, or for
   * a corpus metric (BLEU) its corpus value. `NaN` when it applied to none.
   */
  readonly metrics: Readonly<Record<string, number>>;
  /** Label to how many samples the metric applied to. */
  readonly coverage: Readonly<Record<string, number>>;
  /** How many samples were given. */
  readonly nSamples: number;
  /** Each sample's values, in input order; `null` where a metric did not apply. */
  readonly perSample: readonly Readonly<Record<string, number | null>>[];
  /**
   * Each sample's name, in input order: its `id` when every sample has a
   * distinct one, else its 1-based position.
   */
  readonly sampleIds: readonly string[];
  /** The normalization used. */
  readonly normalize: string;
  /** Each sample's response, in input order (`undefined` where it has none). */
  readonly responses: readonly (string | undefined)[];
  /**
   * Each sample's best reference, in input order: the one with the highest
   * token F1 against the response (the first on ties), for reading a sample's
   * scores beside the answer they compare with; `undefined` without a
   * response or a reference.
   */
  readonly bestReferences: readonly (string | undefined)[];
}

/**
 * Scores every sample with every metric. A metric that does not apply to a
 * sample (an answer metric without a reference, a context metric without
 * contexts) skips it: the sample is left out of that metric's value and
 * coverage rather than scored 0.
 *
 * @example Two samples, one exact answer
 * ```ts
 * import { evaluateRag } from "./evaluate.ts";
 * const result = evaluateRag([
 *   { user_input: "capital of France?", response: "Paris", reference: "Paris",
 *     retrieved_contexts: ["Paris is the capital of France."] },
 *   { user_input: "2 + 2?", response: "five", reference: "four", retrieved_contexts: [] },
 * ]);
 * console.log(result.metrics.exact_match); // 0.5
 * console.log(result.metrics.non_empty_rate); // 0.5
 * console.log(result.coverage.context_precision); // 1
 * ```
 *
 * @param samples The samples.
 * @param options Metrics, normalization and registry.
 * @returns The values, coverage and per-sample values.
 * @throws {RangeError} If there is no sample.
 * @throws {TypeError} If a metric is unknown or not of kind `rag`, or a
 * sample is malformed (the message names its 1-based position).
 */
export function evaluateRag(
  samples: Iterable<RagSample>,
  options: RagEvaluateOptions = {},
): RagEvaluation {
  const registry = options.registry ?? builtinRegistry;
  const metrics = new Map<string, BoundMetric<RagInput>>();
  for (const m of options.metrics ?? DEFAULT_RAG_METRICS) {
    const metric = typeof m === "string"
      ? registry.resolve<RagInput>(m, "rag")
      : m;
    if (metric.kind !== "rag") {
      throw new TypeError(
        `Metric "${metric.label}" scores ${metric.kind} inputs, not RAG samples`,
      );
    }
    if (!metric.scoreCorpus && metric.aggregate !== "mean") {
      throw new TypeError(
        `Metric "${metric.label}": aggregate "${metric.aggregate}" is not supported for RAG samples`,
      );
    }
    if (!metrics.has(metric.label)) metrics.set(metric.label, metric);
  }
  const normalizer = normalizerOf(options.normalize ?? "squad");
  const inputs: RagInput[] = [];
  for (const sample of samples) {
    try {
      inputs.push(new RagInput(checkRagSample(sample), normalizer));
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      throw new TypeError(`Sample ${inputs.length + 1}: ${error.message}`);
    }
  }
  if (inputs.length === 0) throw new RangeError("No samples to evaluate");
  const labels = [...metrics.keys()];
  const perSample = inputs.map(() => ({} as Record<string, number | null>));
  const values: Record<string, number> = {};
  const coverage: Record<string, number> = {};
  for (const metric of metrics.values()) {
    const applied: RagInput[] = [];
    let sum = 0;
    inputs.forEach((input, i) => {
      if (metric.appliesTo && !metric.appliesTo(input)) {
        perSample[i][metric.label] = null;
        return;
      }
      const value = metric.score(input);
      perSample[i][metric.label] = value;
      applied.push(input);
      sum += value;
    });
    coverage[metric.label] = applied.length;
    values[metric.label] = applied.length === 0
      ? NaN
      : metric.scoreCorpus
      ? metric.scoreCorpus(applied)
      : sum / applied.length;
  }
  return {
    labels,
    metrics: values,
    coverage,
    nSamples: inputs.length,
    perSample,
    sampleIds: sampleIdsOf(inputs.map((input) => input.sample.id)),
    normalize: normalizer.name,
    responses: inputs.map((input) => input.sample.response),
    bestReferences: inputs.map(bestReference),
  };
}

function bestReference(input: RagInput): string | undefined {
  const response = input.responseTokens;
  if (response === undefined || input.references.length === 0) return undefined;
  let best = 0, bestScore = -1;
  input.referenceTokens.forEach((reference, i) => {
    const score = tokenF1(response, reference);
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  return input.references[best];
}

/** Ids when every sample has a distinct one; positions otherwise. */
function sampleIdsOf(ids: readonly (string | number | undefined)[]): string[] {
  const named = ids.map((id) => id === undefined ? undefined : String(id));
  const distinct = new Set(named);
  if (!distinct.has(undefined) && distinct.size === named.length) {
    return named as string[];
  }
  return named.map((_, i) => String(i + 1));
}
