/**
 * Budgets checked before work: how many metrics a request may ask for, how
 * long a parameter list may be, how many values and bytes an answer may
 * hold. A request over a budget is answered at once with a problem that
 * names the budget and the setting that raises it, instead of running out
 * of time or memory.
 *
 * @module
 */

import { HttpProblem } from "./problem.ts";

/** The budgets of one request. */
export interface Budgets {
  /** Metric specs (or trec_eval measures) per request. Default: 1000. */
  maxMetrics: number;
  /** Values in one parameter list, e.g. `P.5,10,20` holds 3. Default: 1000. */
  maxParameters: number;
  /**
   * Values an answer may hold: topics × measures × runs (× samples for
   * RAG), counted before scoring. Default: 2,000,000.
   */
  maxOutputValues: number;
  /** Bytes of an answer, counted while it is written. Default: 64 MiB. */
  maxOutputBytes: number;
  /**
   * Differences a comparison may resample: compared pairs × metrics ×
   * resamples × judged queries, about 5·10⁷ a second, counted before
   * scoring. Default: 2·10⁸.
   */
  maxResampledValues: number;
}

/** The default budgets. */
export const DEFAULT_BUDGETS: Readonly<Budgets> = {
  maxMetrics: 1000,
  maxParameters: 1000,
  maxOutputValues: 2_000_000,
  maxOutputBytes: 64 * 1024 * 1024,
  maxResampledValues: 200_000_000,
};

/** The setting (environment variable) of each budget. */
export const BUDGET_SETTINGS: Readonly<Record<keyof Budgets, string>> = {
  maxMetrics: "RANKLENS_MAX_METRICS",
  maxParameters: "RANKLENS_MAX_PARAMETERS",
  maxOutputValues: "RANKLENS_MAX_OUTPUT_VALUES",
  maxOutputBytes: "RANKLENS_MAX_OUTPUT_BYTES",
  maxResampledValues: "RANKLENS_MAX_RESAMPLED_VALUES",
};

const STATUS: Readonly<Record<keyof Budgets, number>> = {
  maxMetrics: 422,
  maxParameters: 422,
  maxOutputValues: 413,
  maxOutputBytes: 413,
  maxResampledValues: 422,
};

/**
 * Throws the problem of a request over a budget: 422 for what it asks
 * (metrics, parameters, resampled values), 413 for the size of its answer.
 *
 * @example
 * ```ts
 * import { checkBudget, DEFAULT_BUDGETS } from "./budgets.ts";
 * try {
 *   checkBudget(DEFAULT_BUDGETS, "maxMetrics", 5000, "metric specs");
 * } catch (error) {
 *   console.log((error as Error).message);
 *   // "The request asks for 5000 metric specs, more than the budget maxMetrics of 1000 (setting RANKLENS_MAX_METRICS)."
 * }
 * ```
 *
 * @param budgets The budgets in force.
 * @param budget Which budget.
 * @param requested What the request needs.
 * @param what What is counted, for the message.
 * @throws {HttpProblem} When `requested` is over the budget.
 */
export function checkBudget(
  budgets: Budgets,
  budget: keyof Budgets,
  requested: number,
  what: string,
): void {
  const limit = budgets[budget];
  if (requested <= limit) return;
  const setting = BUDGET_SETTINGS[budget];
  throw new HttpProblem(
    STATUS[budget],
    `The request asks for ${requested} ${what}, more than the budget ${budget} of ${limit} (setting ${setting}).`,
    { extensions: { budget, limit, setting, requested } },
  );
}

/**
 * Checks the metric specs of a request: their count, and the length of each
 * one's parameter list (the values between commas).
 *
 * @example
 * ```ts
 * import { checkSpecs, DEFAULT_BUDGETS } from "./budgets.ts";
 * checkSpecs(DEFAULT_BUDGETS, ["ndcg@10", "P@5"]); // within budget
 * ```
 *
 * @param budgets The budgets in force.
 * @param specs The specs.
 * @throws {HttpProblem} 422 over `maxMetrics` or `maxParameters`.
 */
export function checkSpecs(budgets: Budgets, specs: readonly string[]): void {
  checkBudget(budgets, "maxMetrics", specs.length, "metric specs");
  for (const spec of specs) {
    checkParameterList(budgets, spec);
  }
}

/**
 * Checks the length of one parameter list, counted as its commas plus one.
 *
 * @example
 * ```ts
 * import { checkParameterList } from "./budgets.ts";
 * const budgets = { maxMetrics: 10, maxParameters: 2, maxOutputValues: 10, maxOutputBytes: 10, maxResampledValues: 10 };
 * try {
 *   checkParameterList(budgets, "P.1,2,3");
 * } catch (error) {
 *   console.log((error as Error).message.startsWith("The request asks for 3 parameters")); // true
 * }
 * ```
 *
 * @param budgets The budgets in force.
 * @param text The spec or parameter text.
 * @throws {HttpProblem} 422 over `maxParameters`.
 */
export function checkParameterList(budgets: Budgets, text: string): void {
  let commas = 0;
  for (let i = text.indexOf(","); i >= 0; i = text.indexOf(",", i + 1)) {
    commas++;
  }
  if (commas === 0) return;
  checkBudget(
    budgets,
    "maxParameters",
    commas + 1,
    "parameters in one list",
  );
}

/** The encoder of every answer: counted bytes. */
const UTF8 = new TextEncoder();

/**
 * Encodes an answer, refusing one larger than `maxOutputBytes`: strings of
 * JavaScript take up to three bytes per UTF-16 unit, so a string shorter
 * than a third of the budget is encoded at once, any other is checked
 * against its exact UTF-8 length first.
 *
 * @example
 * ```ts
 * import { DEFAULT_BUDGETS, encodeAnswer } from "./budgets.ts";
 * console.log(encodeAnswer(DEFAULT_BUDGETS, "ok").length); // 2
 * ```
 *
 * @param budgets The budgets in force.
 * @param text The answer.
 * @returns Its UTF-8 bytes.
 * @throws {HttpProblem} 413 over `maxOutputBytes`.
 */
export function encodeAnswer(
  budgets: Budgets,
  text: string,
): Uint8Array<ArrayBuffer> {
  if (text.length * 3 > budgets.maxOutputBytes) {
    checkBudget(budgets, "maxOutputBytes", utf8Length(text), "answer bytes");
  }
  return UTF8.encode(text);
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
