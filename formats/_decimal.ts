/**
 * Decimal literals recognised by a hand-written scanner, in time linear in
 * the text: the regular expression it replaces
 * (`/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/`) splits a digit run
 * between `\d+` and `\d*` in every way before it fails, quadratic in the
 * run's length (8.5 s on a 100 KB digit string followed by a letter).
 * Private to the package.
 *
 * @module
 */

/** Whether code unit `c` is an ASCII digit. */
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * The length of the decimal literal at the start of `text`
 * (`[+-]?(digits[.digits?]|.digits)([eE][+-]?digits)?`), or 0 when there
 * is none. One pass, no backtracking.
 *
 * @param text The text.
 * @param from Where to start. Default: 0.
 * @returns How many code units the literal takes.
 */
export function decimalPrefixLength(text: string, from = 0): number {
  const n = text.length;
  let i = from;
  const sign = text.charCodeAt(i);
  if (sign === 43 || sign === 45) i++;
  const intStart = i;
  while (i < n && isDigit(text.charCodeAt(i))) i++;
  let digits = i - intStart;
  if (text.charCodeAt(i) === 46) {
    const fracStart = ++i;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    digits += i - fracStart;
    // "." alone, or "+." is no number.
    if (digits === 0) return 0;
  } else if (digits === 0) return 0;
  const e = text.charCodeAt(i);
  if (e === 101 || e === 69) {
    let j = i + 1;
    const expSign = text.charCodeAt(j);
    if (expSign === 43 || expSign === 45) j++;
    const expStart = j;
    while (j < n && isDigit(text.charCodeAt(j))) j++;
    if (j > expStart) i = j;
  }
  return i - from;
}

/**
 * Whether all of `text` is one decimal literal: an optional sign, digits
 * with at most one dot (at least one digit), an optional exponent.
 *
 * @example
 * ```ts ignore
 * isDecimalLiteral("-1.5e3"); // true
 * isDecimalLiteral("1.5x"); // false
 * ```
 *
 * @param text The text.
 * @returns Whether it is a decimal literal.
 */
export function isDecimalLiteral(text: string): boolean {
  return text.length > 0 && decimalPrefixLength(text) === text.length;
}
