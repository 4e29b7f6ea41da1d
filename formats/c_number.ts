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
 * Parses like C `atol` (glibc's `strtol` in base 10 on a 64-bit `long`):
 * leading white space skipped, leading integer, trailing junk ignored, 0
 * when there is none, and a value past `long` saturated at its bound.
 * Integers past 2^53 lose digits as a `number`: see {@linkcode atolBigInt}.
 *
 * @example
 * ```ts
 * import { atol } from "./c_number.ts";
 * console.log(atol("2.9"), atol("+2"), atol(" 7"), atol("x")); // 2 2 7 0
 * console.log(atol("99999999999999999999") === 2 ** 63); // true (2^63 - 1, rounded)
 * console.log(Object.is(atol("-0.5"), 0)); // true
 * ```
 *
 * @param text The text.
 * @returns The integer.
 */
export function atol(text: string): number {
  const match = LEADING_LONG.exec(text);
  if (!match) return 0;
  // 15 digits and a sign cannot pass 2^53: the common case stays a Number
  // (+ 0, since a C long has no -0: "-0.5" is 0).
  return match[1].length <= 16
    ? Number(match[1]) + 0
    : Number(atolBigInt(text));
}

/**
 * C `atol`'s exact value, as {@linkcode atol} reads it, for an integer
 * printed back or compared with others where a `number` would round:
 * trec_eval prints cutoffs with `%ld` and refuses two that are equal as
 * `long`s.
 *
 * @example
 * ```ts
 * import { atolBigInt } from "./c_number.ts";
 * console.log(atolBigInt("12345678901234567")); // 12345678901234567n
 * console.log(atolBigInt("-99999999999999999999")); // -9223372036854775808n
 * ```
 *
 * @param text The text.
 * @returns The integer, within `long`'s range.
 */
export function atolBigInt(text: string): bigint {
  const match = LEADING_LONG.exec(text);
  if (!match) return 0n;
  const digits = match[1].replace(/^[+-]?0*/, "");
  const negative = match[1][0] === "-";
  // Past 19 significant digits every value is out of range: saturated
  // without converting a long string (a hostile one may be megabytes).
  if (digits.length > 19) return negative ? LONG_MIN : LONG_MAX;
  const value = BigInt(negative ? `-${digits || "0"}` : digits || "0");
  return value > LONG_MAX ? LONG_MAX : value < LONG_MIN ? LONG_MIN : value;
}

// C isspace, then strtol's optional sign and digits. Anchored, one
// quantifier per class: linear in the text.
const LEADING_LONG = /^[ \t\n\v\f\r]*([+-]?\d+)/;
const LONG_MAX = 2n ** 63n - 1n;
const LONG_MIN = -(2n ** 63n);
