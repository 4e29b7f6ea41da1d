/**
 * `POST /v1/rag`: the `rag` command over HTTP. The answer is what
 * `rag --format json` prints for the same samples and options.
 *
 * @module
 */

import { z } from "zod";
import {
  ANSWER_KEYS,
  type AnswerKeyMap,
  parseKeyMap,
} from "../formats/answers.ts";
import { readRagSamples } from "../formats/rag_samples.ts";
import {
  DEFAULT_RAG_METRICS,
  evaluateRag,
  resolveRagMetrics,
} from "../metrics/rag/evaluate.ts";
import { NORMALIZATIONS } from "../metrics/rag/normalize.ts";
import type { Registry } from "../metrics/registry.ts";
import { type RagEvaluationJson, ragEvaluationToJson } from "../report/rag.ts";
import {
  type Budgets,
  checkBudget,
  checkSpecs,
  DEFAULT_BUDGETS,
} from "./budgets.ts";
import {
  choice,
  flag,
  type JsonObject,
  listOf,
  parseRequest,
  recordOf,
  strings,
  text,
} from "./request_fields.ts";
import { HttpProblem, userInput } from "./problem.ts";
import { describe, excerpt } from "../model/quote.ts";
import type { Deadline } from "./time_limit.ts";

/** The sample layouts a RAG request may use. */
export const RAG_INPUTS = ["ragas", "answers"] as const;

/** The fields of a RAG request: the options of `rag`. */
export const RAG_REQUEST = z.strictObject({
  samples: z.union([
    z.string().meta({ description: "JSON Lines text." }),
    listOf(
      z.record(z.string(), z.unknown()),
      "records",
      "Records, read as one line each, so errors name the record's position.",
    ),
  ], {
    error: (issue) =>
      issue.input === undefined
        ? "is required."
        : `must be JSON Lines text or a list of records, got ${
          describe(issue.input)
        }.`,
  }).meta({ description: "The samples." }),
  input: choice(
    RAG_INPUTS,
    "ragas: Ragas' user_input, response, reference, retrieved_contexts...; answers: keys named by keyMap. Default: ragas, or answers with a keyMap.",
  ).optional(),
  keyMap: z.union([
    text("part=key,part=key"),
    recordOf(
      z.string(),
      (part, key) => `must map part "${part}" to a key, got ${describe(key)}.`,
      "Part to key.",
    ),
  ], {
    error: (issue) => `must map parts to keys, got ${describe(issue.input)}.`,
  }).optional().meta({
    description: `Part to key: ${
      Object.keys(ANSWER_KEYS).join(", ")
    }. Default (UltraRAG): question, golden_answers, pred_answer.`,
  }),
  metrics: strings(
    "RAG metric specs. Default: exact_match, token_f1, context_recall, context_precision, non_empty_rate.",
  ).optional(),
  normalize: choice(NORMALIZATIONS, "How answers are normalized.").default(
    "squad",
  ),
  perSample: flag("Also return each sample's values."),
}).meta({ id: "RagRequest" });

/** Options of {@linkcode ragRequest}. */
export interface RagRequestOptions {
  /** The registry that resolves metric specs. Default: the built-in one. */
  registry?: Registry;
  /** Checked while samples are read. Default: none. */
  deadline?: Deadline;
  /** The budgets of the request. Default: {@linkcode DEFAULT_BUDGETS}. */
  budgets?: Budgets;
}

const NAME = "samples";

function invalid(field: string, detail: string): HttpProblem {
  return new HttpProblem(400, `Field "${field}" ${detail}`, {
    extensions: { field },
  });
}

function keyMapOf(
  value: string | Record<string, string> | undefined,
): AnswerKeyMap | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") {
    try {
      return parseKeyMap(value);
    } catch (error) {
      throw invalid("keyMap", `is not a key map: ${(error as Error).message}`);
    }
  }
  for (const part of Object.keys(value)) {
    if (!(part in ANSWER_KEYS)) {
      throw invalid(
        "keyMap",
        `names unknown part "${excerpt(part, 40)}"; parts are ${
          Object.keys(ANSWER_KEYS).join(", ")
        }.`,
      );
    }
  }
  return value as AnswerKeyMap;
}

/**
 * Scores the samples of a request object: `samples` (JSON Lines text, or a
 * list of records, read as one line each), `input` (`ragas`, the default,
 * or `answers`; a `keyMap` implies `answers`), `keyMap` (an object of part
 * to key, or `part=key,...`), `metrics`, `normalize` and `perSample`.
 *
 * @example
 * ```ts
 * import { ragRequest } from "./rag.ts";
 * const answer = await ragRequest({
 *   samples: [{ response: "Paris", reference: "Paris" }, { response: "Lyon", reference: "Paris" }],
 *   metrics: ["exact_match"],
 * });
 * console.log(answer.metrics); // { exact_match: 0.5 }
 * ```
 *
 * @param body The request object.
 * @param options Registry and deadline.
 * @returns The evaluation as `rag --format json` prints it.
 * @throws {HttpProblem} 400 on a bad field; `InputError` (with the line)
 * on a malformed sample; `TypeError`/`RangeError` on a bad metric.
 */
export async function ragRequest(
  body: JsonObject,
  options: RagRequestOptions = {},
): Promise<RagEvaluationJson> {
  const request = parseRequest(RAG_REQUEST, body);
  const keyMap = keyMapOf(request.keyMap);
  const input = request.input ?? (keyMap === undefined ? "ragas" : "answers");
  if (input === "ragas" && keyMap !== undefined) {
    throw invalid("keyMap", 'applies to "input": "answers".');
  }
  const { normalize, perSample } = request;
  const budgets = options.budgets ?? DEFAULT_BUDGETS;
  const specs = request.metrics?.length ? request.metrics : DEFAULT_RAG_METRICS;
  checkSpecs(budgets, specs);
  const bound = userInput(
    "metrics",
    () => resolveRagMetrics(specs, options.registry),
  );
  // One record per line, so errors name the record's 1-based position.
  const lines = typeof request.samples === "string"
    ? request.samples
    : request.samples.map((record) => JSON.stringify(record)).join("\n");
  const samples = await readRagSamples({ text: lines }, {
    input,
    keyMap,
    name: NAME,
    answersHint: 'use "input": "answers" or a "keyMap"',
    onSample: () => options.deadline?.pause(),
  });
  if (perSample) {
    checkBudget(
      budgets,
      "maxOutputValues",
      (samples.length + 1) * specs.length,
      "values (samples × metrics)",
    );
  }
  // Only the specs are the request's to get wrong here: the samples are
  // read and checked, so scoring throws an InputError (a 400) or a bug.
  const result = evaluateRag(samples, { metrics: bound, normalize });
  return ragEvaluationToJson(result, { perSample });
}
