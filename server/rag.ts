/**
 * `POST /v1/rag`: the `rag` command over HTTP. The answer is what
 * `rag --format json` prints for the same samples and options.
 *
 * @module
 */

import {
  ANSWER_KEYS,
  type AnswerKeyMap,
  type AnswerPart,
  parseKeyMap,
} from "../formats/answers.ts";
import { readRagSamples } from "../formats/rag_samples.ts";
import { DEFAULT_RAG_METRICS, evaluateRag } from "../metrics/rag/evaluate.ts";
import { NORMALIZATIONS } from "../metrics/rag/normalize.ts";
import type { Registry } from "../metrics/registry.ts";
import { type RagEvaluationJson, ragEvaluationToJson } from "../report/rag.ts";
import {
  type Budgets,
  checkBudget,
  checkSpecs,
  DEFAULT_BUDGETS,
} from "./budgets.ts";
import { describe, Fields, type JsonObject } from "./json_body.ts";
import { HttpProblem, userInput } from "./problem.ts";
import type { Deadline } from "./time_limit.ts";

/** The fields of a RAG request. */
export const RAG_FIELDS: readonly string[] = [
  "samples",
  "input",
  "keyMap",
  "metrics",
  "normalize",
  "perSample",
];

/** The sample layouts a RAG request may use. */
export const RAG_INPUTS = ["ragas", "answers"] as const;

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

function keyMapOf(value: unknown): AnswerKeyMap | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") {
    try {
      return parseKeyMap(value);
    } catch (error) {
      throw invalid("keyMap", `is not a key map: ${(error as Error).message}`);
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalid(
      "keyMap",
      `must map parts to keys, got ${describe(value)}.`,
    );
  }
  const map: Partial<Record<AnswerPart, string>> = {};
  for (const [part, key] of Object.entries(value)) {
    if (!(part in ANSWER_KEYS)) {
      throw invalid(
        "keyMap",
        `names unknown part "${part}"; parts are ${
          Object.keys(ANSWER_KEYS).join(", ")
        }.`,
      );
    }
    if (typeof key !== "string") {
      throw invalid(
        "keyMap",
        `must map part "${part}" to a key, got ${describe(key)}.`,
      );
    }
    map[part as AnswerPart] = key;
  }
  return map;
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
  const fields = new Fields(body, RAG_FIELDS);
  const given = fields.required("samples");
  const keyMap = keyMapOf(fields.optional("keyMap"));
  const input = fields.choice("input", RAG_INPUTS) ??
    (keyMap === undefined ? "ragas" : "answers");
  if (input === "ragas" && keyMap !== undefined) {
    throw invalid("keyMap", 'applies to "input": "answers".');
  }
  const metrics = fields.strings("metrics");
  const budgets = options.budgets ?? DEFAULT_BUDGETS;
  const specs = metrics?.length ? metrics : DEFAULT_RAG_METRICS;
  checkSpecs(budgets, specs);
  const normalize = fields.choice("normalize", NORMALIZATIONS) ?? "squad";
  const perSample = fields.boolean("perSample");
  let text: string;
  if (typeof given === "string") text = given;
  else if (Array.isArray(given)) {
    // One record per line, so errors name the record's 1-based position.
    text = given.map((record) => JSON.stringify(record)).join("\n");
  } else {
    throw invalid(
      NAME,
      `must be JSON Lines text or a list of records, got ${describe(given)}.`,
    );
  }
  const samples = await readRagSamples({ text }, {
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
  const result = userInput("samples", () =>
    evaluateRag(samples, {
      metrics: specs,
      normalize,
      registry: options.registry,
    }));
  return ragEvaluationToJson(result, { perSample });
}
