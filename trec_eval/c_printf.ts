/**
 * Numbers printed as glibc `printf` prints them, so output matches
 * trec_eval byte for byte.
 *
 * @module
 */

/**
 * Formats like C `%.<digits>f` with glibc's rounding: the exact binary value
 * is rounded and exact ties go to the even digit (`toFixed` rounds them up).
 * NaN prints as `-nan` (the sign glibc shows for 0/0 on x86-64), infinities
 * as `inf`/`-inf`, and -0 keeps its sign.
 *
 * @example
 * ```ts
 * import { formatFixed } from "./c_printf.ts";
 * console.log(formatFixed(0.03125, 4)); // "0.0312"
 * console.log((0.03125).toFixed(4)); // "0.0313"
 * console.log(formatFixed(0.09375, 4)); // "0.0938"
 * ```
 *
 * @param value The number.
 * @param digits Digits after the point, 0 to 20.
 * @returns The text.
 */
export function formatFixed(value: number, digits: number): string {
  if (Number.isNaN(value)) return "-nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  const negative = value < 0 || Object.is(value, -0);
  const abs = Math.abs(value);
  let text = abs.toFixed(digits);
  // toFixed picks the larger neighbour on an exact tie; glibc picks the even
  // one. abs = N / 2^(d+1) with N an integer whenever a tie is possible, and
  // abs * 10^d = N * 5^d / 2 is then a tie exactly when N is odd.
  const scaled = abs * 2 ** (digits + 1);
  if (Number.isInteger(scaled) && scaled % 2 === 1 && abs < 2 ** 52) {
    const below = (BigInt(scaled) * 5n ** BigInt(digits) - 1n) / 2n;
    const even = below % 2n === 0n ? below : below + 1n;
    const s = even.toString().padStart(digits + 1, "0");
    text = digits
      ? `${s.slice(0, s.length - digits)}.${s.slice(s.length - digits)}`
      : s;
  }
  return negative ? `-${text}` : text;
}

/**
 * Formats like C `%6.4f`: four decimals, padded on the left to six characters.
 *
 * @example
 * ```ts
 * import { formatTrecValue } from "./c_printf.ts";
 * console.log(JSON.stringify(formatTrecValue(NaN))); // "\"  -nan\""
 * console.log(formatTrecValue(0.5)); // "0.5000"
 * ```
 *
 * @param value The number.
 * @returns The text.
 */
export function formatTrecValue(value: number): string {
  return formatFixed(value, 4).padStart(6, " ");
}
