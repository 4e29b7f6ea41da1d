/**
 * trec_eval's measure parameters: `-m name.params`, parsed as its measures
 * parse them (cutoff lists, number lists, `name=value` pairs).
 *
 * @module
 */

import { atof, atolBigInt } from "../formats/c_number.ts";

/**
 * A parameter string trec_eval refuses; the message is trec_eval's.
 *
 * @example
 * ```ts
 * import { longCutoffs, MeasureParamError } from "./params.ts";
 * try {
 *   longCutoffs("5,5");
 * } catch (error) {
 *   console.log(error instanceof MeasureParamError, (error as Error).message); // true "duplicate cutoffs detected"
 * }
 * ```
 */
export class MeasureParamError extends Error {
  /**
   * Creates the error.
   *
   * @param message trec_eval's message, without the `trec_eval: ` prefix.
   */
  constructor(message: string) {
    super(message);
    this.name = "MeasureParamError";
  }
}

/** A `name=value` parameter. */
export interface ParamPair {
  /** The text before `=`. */
  readonly name: string;
  /** The value, parsed with C `atof`. */
  readonly value: number;
}

const parts = (text: string): string[] => text.split(",");

/**
 * Integer cutoffs (`P.5,10`): C `atol` each, sorted, all positive and
 * distinct, as `long`s: exact, so a cutoff past 2^53 prints as trec_eval
 * prints it, and two that saturate at `LONG_MAX` are a repeat.
 *
 * @example
 * ```ts
 * import { longCutoffs } from "./params.ts";
 * console.log(longCutoffs("20,23.4,10")); // [10n, 20n, 23n]
 * console.log(longCutoffs("99999999999999999999")); // [9223372036854775807n]
 * ```
 *
 * @param text The parameter string.
 * @returns The cutoffs.
 * @throws {MeasureParamError} On a cutoff of 0 or less or a repeated one.
 */
export function longCutoffs(text: string): bigint[] {
  const cutoffs = parts(text).map(atolBigInt).sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0
  );
  if (cutoffs[0] <= 0n) throw new MeasureParamError("Negative cutoff detected");
  checkDistinct(cutoffs);
  return cutoffs;
}

/**
 * Real cutoffs (`iprec_at_recall..10,.20`): C `atof` each, sorted, distinct.
 *
 * @example
 * ```ts
 * import { doubleCutoffs } from "./params.ts";
 * console.log(doubleCutoffs(".5,.25")); // [0.25, 0.5]
 * ```
 *
 * @param text The parameter string.
 * @returns The cutoffs.
 * @throws {MeasureParamError} On a repeated cutoff.
 */
export function doubleCutoffs(text: string): number[] {
  const cutoffs = parts(text).map(atof).sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0
  );
  checkDistinct(cutoffs);
  return cutoffs;
}

/**
 * A list of numbers in the given order (`utility.2,-1,0,0`).
 *
 * @example
 * ```ts
 * import { doubleParams } from "./params.ts";
 * console.log(doubleParams(".5,.25")); // [0.5, 0.25]
 * ```
 *
 * @param text The parameter string.
 * @returns The numbers.
 */
export function doubleParams(text: string): number[] {
  return parts(text).map(atof);
}

/**
 * `name=value` pairs (`ndcg.1=3,2=9`, `rbp.p=0.8`), checked as trec_eval
 * checks them: every comma-separated part has exactly one `=`.
 *
 * @example
 * ```ts
 * import { paramPairs } from "./params.ts";
 * console.log(paramPairs("1=3,p=0.8")); // [{ name: "1", value: 3 }, { name: "p", value: 0.8 }]
 * ```
 *
 * @param text The parameter string.
 * @returns The pairs.
 * @throws {MeasureParamError} On a malformed list.
 */
export function paramPairs(text: string): ParamPair[] {
  let last = ",";
  for (const c of text) {
    if (c === ",") {
      if (last === ",") break;
      last = ",";
    } else if (c === "=") {
      if (last === "=") {
        last = ",";
        break;
      }
      last = "=";
    }
  }
  if (last !== "=") {
    throw new MeasureParamError(`malformed pair parameters in '${text}'`);
  }
  return parts(text).map((part) => {
    const eq = part.indexOf("=");
    return { name: part.slice(0, eq), value: atof(part.slice(eq + 1)) };
  });
}

function checkDistinct(sorted: readonly (number | bigint)[]): void {
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i - 1] === sorted[i]) {
      throw new MeasureParamError("duplicate cutoffs detected");
    }
  }
}

/**
 * Whether a pair name is an integer as trec_eval's gain parser accepts it
 * (optional sign, then digits only).
 *
 * @example
 * ```ts
 * import { isGainLevel } from "./params.ts";
 * console.log(isGainLevel("-1"), isGainLevel("p"), isGainLevel("1.5")); // true false false
 * ```
 *
 * @param name The pair name.
 * @returns Whether it names a relevance level.
 */
export function isGainLevel(name: string): boolean {
  return /^[+-]?\d+$/.test(name);
}
