/**
 * Scores RAG samples with registry metrics of kind `rag`.
 *
 * @module
 */

import { builtinRegistry } from "../builtin.ts";
import type { BoundMetric } from "../metric.ts";
import type { Registry } from "../registry.ts";
import { RagInput } from "./input.ts";
import { LcsLimitError } from "./_lcs_table.ts";
import { InputError } from "../../model/errors.ts";
import {
  type NormalizationName,
  type Normalizer,
  normalizerOf,
} from "./normalize.ts";
import { checkRagSample, type RagSample } from "../../model/rag_sample.ts";
import { tokenF1 } from "./token_f1.ts";
import { refuseModelMetric } from "./model_metrics.ts";

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
  /**
   * The answer convention: `squad` (the SQuAD v1.1 script), `flashrag`,
   * `ultrarag`, `unicode`, `none` or a custom normalizer. Default: `squad`.
   */
  normalize?: NormalizationName | Normalizer;
  /** The registry that resolves specs. Default: the built-in one. */
  registry?: Registry;
}

/** The result of {@linkcode evaluateRag}. */
export interface RagEvaluation {
  /** The metric labels, in the order asked for, each once. */
  readonly metrics: readonly string[];
  /**
   * Label to value over the samples the metric applied to: the mean, or for
   * a corpus metric (BLEU) its corpus value. `NaN` when it applied to none.
   * The same key as an `Evaluation`'s and the JSON's `aggregate`.
   */
  readonly aggregate: Readonly<Record<string, number>>;
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
  /**
   * The names (as in {@linkcode sampleIds}) of the samples without a
   * response, which scored 0 (corpus BLEU, chrF and GLEU counted them as
   * the empty answer).
   */
  readonly missingResponses: readonly string[];
  /** What a reader of the values should know: missing responses, metrics that applied to nothing. */
  readonly warnings: readonly string[];
}

/**
 * Scores every sample with every metric. A missing or `null` response
 * scores 0, even against a reference that normalizes to nothing (corpus
 * BLEU, chrF and GLEU count it as the empty answer; the warnings name such
 * samples). Only a
 * missing reference makes an answer metric skip a sample: the sample is
 * left out of that metric's value and coverage. A context metric scores 0
 * for a sample without retrieved contexts when any sample of the
 * evaluation lists them, and applies to none when no sample does.
 *
 * @example Two samples, one exact answer
 * ```ts
 * import { evaluateRag } from "./evaluate.ts";
 * const result = evaluateRag([
 *   { user_input: "capital of France?", response: "Paris", reference: "Paris",
 *     retrieved_contexts: ["Paris is the capital of France."] },
 *   { user_input: "2 + 2?", response: "five", reference: "four", retrieved_contexts: [] },
 * ]);
 * console.log(result.aggregate.exact_match); // 0.5
 * console.log(result.aggregate.non_empty_rate); // 0.5
 * console.log(result.coverage.context_precision); // 2 (no contexts scores 0)
 * ```
 *
 * @param samples The samples.
 * @param options Metrics, normalization and registry.
 * @returns The values, coverage and per-sample values.
 * @throws {RangeError} If there is no sample.
 * @throws {TypeError} If a metric is unknown or not of kind `rag`, or a
 * sample is malformed (the message names its 1-based position).
 * @throws {InputError} If a sample's texts are too long for a metric
 * (ROUGE-L's table limit; the message names the sample).
 */
export function evaluateRag(
  samples: Iterable<RagSample>,
  options: RagEvaluateOptions = {},
): RagEvaluation {
  const metrics = new Map(
    resolveRagMetrics(options.metrics ?? DEFAULT_RAG_METRICS, options.registry)
      .map((metric) => [metric.label, metric]),
  );
  const normalizer = normalizerOf(options.normalize ?? "squad");
  const checked: RagSample[] = [];
  for (const sample of samples) {
    try {
      checked.push(checkRagSample(sample));
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      throw new TypeError(`Sample ${checked.length + 1}: ${error.message}`);
    }
  }
  if (checked.length === 0) throw new RangeError("No samples to evaluate");
  const listed = {
    contextsListed: checked.some((s) => s.retrieved_contexts !== undefined),
    contextIdsListed: checked.some((s) =>
      s.retrieved_context_ids !== undefined
    ),
  };
  const inputs = checked.map((sample, i) => {
    try {
      return new RagInput(sample, normalizer, listed);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      throw new TypeError(`Sample ${i + 1}: ${error.message}`);
    }
  });
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
      let value: number;
      try {
        value = metric.score(input);
      } catch (error) {
        // A refusal (ROUGE-L's table limit) is about the sample's texts, the
        // user's data, and names the sample it met.
        if (!(error instanceof LcsLimitError)) throw error;
        throw new InputError(
          "",
          0,
          `Sample ${i + 1}${
            input.sample.id === undefined ? "" : ` (id ${input.sample.id})`
          }: ${metric.label}: ${error.message}`,
        );
      }
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
  const sampleIds = sampleIdsOf(inputs.map((input) => input.sample.id));
  const missingResponses = sampleIds.filter((_, i) =>
    inputs[i].responseMissing
  );
  const warnings: string[] = [];
  if (missingResponses.length > 0) {
    warnings.push(
      `${missingResponses.length} of the ${inputs.length} samples have no response and score 0 (corpus BLEU, chrF and GLEU count them as the empty answer): ${
        namesOf(missingResponses)
      }`,
    );
  }
  for (const label of labels) {
    if (coverage[label] === 0) {
      warnings.push(
        `"${label}" applies to none of the ${inputs.length} samples (see "cli.ts metrics" for what it needs)`,
      );
    }
  }
  return {
    metrics: labels,
    aggregate: values,
    coverage,
    nSamples: inputs.length,
    perSample,
    sampleIds,
    normalize: normalizer.name,
    responses: inputs.map((input) => input.sample.response),
    // Token F1 against every reference costs as much as a metric: only
    // per-sample output reads it, so it is computed on first read.
    get bestReferences() {
      const value = inputs.map(bestReference);
      Object.defineProperty(this, "bestReferences", { value });
      return value;
    },
    missingResponses,
    warnings,
  };
}

/**
 * Resolves RAG metric specs as {@linkcode evaluateRag} does, refusing what it
 * refuses: a model-judged metric, a metric of another kind, or one that
 * does not average over samples. Each label is kept once, in order.
 *
 * @example
 * ```ts
 * import { resolveRagMetrics } from "./evaluate.ts";
 * console.log(resolveRagMetrics(["exact_match", "token_f1", "exact_match"]).map((m) => m.label)); // ["exact_match", "token_f1"]
 * ```
 *
 * @param metrics Metric specs or bound metrics.
 * @param registry The registry that resolves specs. Default: the built-in one.
 * @returns The bound metrics.
 * @throws {TypeError} If a metric is unknown, model-judged, not of kind
 * `rag`, or aggregated otherwise than by the mean.
 */
export function resolveRagMetrics(
  metrics: readonly RagMetricLike[],
  registry: Registry = builtinRegistry,
): BoundMetric<RagInput>[] {
  const resolved = new Map<string, BoundMetric<RagInput>>();
  for (const m of metrics) {
    if (typeof m === "string") refuseModelMetric(m, registry);
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
    if (!resolved.has(metric.label)) resolved.set(metric.label, metric);
  }
  return [...resolved.values()];
}

function bestReference(input: RagInput): string | undefined {
  if (input.responseMissing || input.references.length === 0) return undefined;
  const response = input.responseTokens;
  let best = 0, bestScore = -1;
  input.referenceTokens.forEach((reference, i) => {
    const score = tokenF1(response, reference);
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  return input.references[best];
}

function namesOf(names: readonly string[]): string {
  const shown = names.slice(0, 10).join(", ");
  return names.length > 10 ? `${shown} and ${names.length - 10} more` : shown;
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
