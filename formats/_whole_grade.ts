/**
 * Whether a grade written in a qrels file means the same number to every
 * peer that reads it: trec_eval reads it with C `atol` (`1.5` is 1, `1e1`
 * is 1), ranx, BEIR and ir_measures with Python's `int()` (which refuses
 * both), ranklens as the decimal number written. A grade whose decimal
 * value is the integer `atol` reads (`2`, `+2`, `-1`, `2.0`) is that
 * integer to all that accept it; any other is refused, never read one way.
 *
 * @module
 */

import { atol } from "./c_number.ts";

/**
 * Whether `grade`, the decimal value of `text`, is the whole number C `atol`
 * reads from `text`.
 *
 * @example
 * ```ts
 * import { isWholeGrade } from "./_whole_grade.ts";
 * console.log(isWholeGrade("2.0", 2), isWholeGrade("1.5", 1.5), isWholeGrade("1e1", 10)); // true false false
 * ```
 *
 * @param text The grade as written.
 * @param grade Its decimal value.
 * @returns Whether every reader of the file gets `grade`.
 */
export function isWholeGrade(text: string, grade: number): boolean {
  // One character that is a decimal literal is a digit: no atol needed.
  return Number.isInteger(grade) && (text.length === 1 || atol(text) === grade);
}
