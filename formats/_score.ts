/**
 * How run readers turn a score field into a number: one rule for the line
 * reader and the byte scanner. Private to the package.
 *
 * @module
 */

import { atof } from "./c_number.ts";
import { isDecimalLiteral } from "./_decimal.ts";

const INFINITY = /^[+-]?inf(?:inity)?$/i;

/**
 * A score field's value. A decimal literal converts exactly with `Number`,
 * which rounds correctly as strtod does; anything else is parsed as C `atof`
 * when `lenient`, and otherwise only `inf` and `infinity` are numbers.
 *
 * @param raw The field.
 * @param lenient Take C `atof`'s reading of anything (trec_eval's rule).
 * @returns The value (possibly NaN when lenient), or undefined when strict
 * and the field is not a number.
 */
export function scoreOf(raw: string, lenient: boolean): number | undefined {
  if (isDecimalLiteral(raw)) return Number(raw);
  if (!lenient && !INFINITY.test(raw)) return undefined;
  return atof(raw);
}
