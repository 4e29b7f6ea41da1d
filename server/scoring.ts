/**
 * The scoring routes as one function from a body's bytes to an answer's
 * bytes, so the same code runs on the calling thread or on a scoring worker
 * (`scoring_pool.ts`) that the time limit can terminate.
 *
 * @module
 */

import type { Registry } from "../metrics/registry.ts";
import { type Budgets, DEFAULT_BUDGETS, encodeAnswer } from "./budgets.ts";
import { compareRequest, COMPARISON_MEDIA_TYPES } from "./compare.ts";
import { evaluateRequest } from "./evaluate.ts";
import type { JsonObject } from "./request_fields.ts";
import { HttpProblem, MAX_EXCERPT } from "./problem.ts";
import { describe, excerpt } from "../model/quote.ts";
import { checkUniqueKeys } from "../formats/json_text.ts";
import { ragRequest } from "./rag.ts";
import type { Deadline } from "./time_limit.ts";
import {
  trecEvalOnTexts,
  trecEvalRequest,
  type TrecEvalRunner,
} from "./trec_eval.ts";

/** A scoring route, by the last part of its path. */
export type ScoringRoute = "evaluate" | "compare" | "rag" | "trec_eval";

/** The routes that score. */
export const SCORING_ROUTES: readonly ScoringRoute[] = [
  "evaluate",
  "compare",
  "rag",
  "trec_eval",
];

/** A scoring route's answer, ready to send. */
export interface ScoredAnswer {
  /** The HTTP status. */
  readonly status: number;
  /** Its headers, `content-type` included. */
  readonly headers: Readonly<Record<string, string>>;
  /** Its bytes, in a buffer of their own (so they can be transferred). */
  readonly body: Uint8Array<ArrayBuffer>;
}

/** Options of {@linkcode answerScoring}. */
export interface AnswerScoringOptions {
  /** The budgets of the request. Default: {@linkcode DEFAULT_BUDGETS}. */
  budgets?: Budgets;
  /** The registry that resolves metric specs. Default: the built-in one. */
  registry?: Registry;
  /** Runs `trec_eval`. Default: `trecEvalOnTexts`. */
  trecEval?: TrecEvalRunner;
  /** Checked between queries. Default: none. */
  deadline?: Deadline;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Parses a request body as a JSON object.
 *
 * @example
 * ```ts
 * import { parseJsonObject } from "./scoring.ts";
 * console.log(parseJsonObject(new TextEncoder().encode('{"a": 1}'))); // { a: 1 }
 * ```
 *
 * @param bytes The body.
 * @returns The object.
 * @throws {HttpProblem} 400 when it is not UTF-8 or not a JSON object.
 * @throws {InputError} When an object repeats a key, with its line and column.
 */
export function parseJsonObject(bytes: Uint8Array): JsonObject {
  // JSON is UTF-8 (RFC 8259); decoding other bytes to U+FFFD would make
  // distinct ids equal and score them silently.
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new HttpProblem(400, "The request body is not valid UTF-8.");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new HttpProblem(
      400,
      `The request body is not valid JSON: ${
        excerpt(error.message, MAX_EXCERPT)
      }`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HttpProblem(
      400,
      `The request body must be a JSON object, got ${describe(value)}.`,
    );
  }
  // As every JSON reader of ranklens does: JSON.parse kept the last value.
  checkUniqueKeys(text, value, { name: "request body" });
  return value as JsonObject;
}

const JSON_TYPE = "application/json";

/**
 * Answers one scoring request from its body's bytes.
 *
 * @example
 * ```ts
 * import { answerScoring } from "./scoring.ts";
 * const body = new TextEncoder().encode(JSON.stringify({
 *   qrels: "q1 0 d1 1\n",
 *   run: "q1 Q0 d2 1 2.0 bm25\nq1 Q0 d1 2 1.0 bm25\n",
 *   metrics: ["rr"],
 * }));
 * const answer = await answerScoring("evaluate", body);
 * console.log(answer.status, JSON.parse(new TextDecoder().decode(answer.body)).aggregate); // 200 { rr: 0.5 }
 * ```
 *
 * @param route Which route.
 * @param bytes The request body.
 * @param options Budgets, registry, trec_eval runner and deadline.
 * @returns The answer.
 * @throws {HttpProblem} On a bad request or one over its budgets;
 * `InputError` on malformed input; anything else is a bug.
 */
export function answerScoring(
  route: ScoringRoute,
  bytes: Uint8Array,
  options: AnswerScoringOptions = {},
): Promise<ScoredAnswer> {
  return answerParsed(route, parseJsonObject(bytes), options);
}

/**
 * Answers one scoring request from its parsed body: what
 * {@linkcode answerScoring} does once the bytes are parsed, for a caller
 * that frees the bytes before scoring (a scoring worker).
 *
 * @example
 * ```ts
 * import { answerParsed } from "./scoring.ts";
 * const answer = await answerParsed("rag", {
 *   samples: [{ response: "Paris", reference: "Paris" }],
 *   metrics: ["exact_match"],
 * });
 * console.log(JSON.parse(new TextDecoder().decode(answer.body)).aggregate); // { exact_match: 1 }
 * ```
 *
 * @param route Which route.
 * @param body The request body, parsed.
 * @param options Budgets, registry, trec_eval runner and deadline.
 * @returns The answer.
 * @throws {HttpProblem} On a bad request or one over its budgets;
 * `InputError` on malformed input; anything else is a bug.
 */
export async function answerParsed(
  route: ScoringRoute,
  body: JsonObject,
  options: AnswerScoringOptions = {},
): Promise<ScoredAnswer> {
  const budgets = options.budgets ?? DEFAULT_BUDGETS;
  const settings = {
    registry: options.registry,
    deadline: options.deadline,
    budgets,
  };
  const json = (value: unknown, headers: Record<string, string> = {}) => ({
    status: 200,
    headers: { "content-type": JSON_TYPE, ...headers },
    body: encodeAnswer(budgets, JSON.stringify(value)),
  });
  switch (route) {
    case "evaluate":
      return json(await evaluateRequest(body, settings));
    case "rag":
      return json(await ragRequest(body, settings));
    case "compare": {
      const { format, body: answer } = await compareRequest(body, settings);
      if (format === "json") return json(answer);
      const headers: Record<string, string> = {
        "content-type": COMPARISON_MEDIA_TYPES[format],
      };
      // The report is a page of its own: styles inline, nothing to run.
      if (format === "html") {
        headers["content-security-policy"] =
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";
      }
      return {
        status: 200,
        headers,
        body: encodeAnswer(budgets, answer as string),
      };
    }
    case "trec_eval":
      return {
        status: 200,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: await trecEvalRequest(
          body,
          options.trecEval ?? trecEvalOnTexts,
          options.deadline?.signal ?? new AbortController().signal,
          budgets,
        ),
      };
  }
}
