/**
 * Number parsing with C's `atof` and `atol` semantics, which trec_eval uses:
 * the longest numeric prefix counts, anything else is 0.
 *
 * @module
 */

import { decimalPrefixLength } from "./_decimal.ts";

const HEX =
  /^([+-]?)0[xX]((?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+))(?:[pP]([+-]?\d+))?/;
const SPECIAL = /^([+-]?)(inf(?:inity)?|nan)/i;

/**
 * Parses like C `atof`: leading number, trailing junk ignored, 0 when there
 * is none; accepts `inf`, `nan` and hex floats such as `0x1p3`.
 *
 * @example
 * ```ts
 * import { atof } from "./c_number.ts";
 * console.log(atof("1.5abc"), atof("abc"), atof("0x1p1"), atof("-inf")); // 1.5 0 2 -Infinity
 * ```
 *
 * @param text The text.
 * @returns The number.
 */
export function atof(text: string): number {
  const hex = HEX.exec(text);
  if (hex) {
    const [intPart, fracPart = ""] = hex[2].split(".");
    let value = 0;
    for (const c of intPart) value = value * 16 + parseInt(c, 16);
    let scale = 1 / 16;
    for (const c of fracPart) {
      value += parseInt(c, 16) * scale;
      scale /= 16;
    }
    value *= 2 ** Number(hex[3] ?? 0);
    return hex[1] === "-" ? -value : value;
  }
  const special = SPECIAL.exec(text);
  if (special) {
    const value = special[2].toLowerCase() === "nan" ? NaN : Infinity;
    return special[1] === "-" ? -value : value;
  }
  const length = decimalPrefixLength(text);
  return length ? Number(text.slice(0, length)) : 0;
}

/**
 * Parses like C `atol`: leading integer, trailing junk ignored, 0 when
 * there is none.
 *
 * @example
 * ```ts
 * import { atol } from "./c_number.ts";
 * console.log(atol("2.9"), atol("+2"), atol("x")); // 2 2 0
 * ```
 *
 * @param text The text.
 * @returns The integer.
 */
export function atol(text: string): number {
  const match = /^[+-]?\d+/.exec(text);
  return match ? Number(match[0]) : 0;
}
