/**
 * Byte-wise id order, as C `strcmp` on UTF-8 gives it.
 *
 * @module
 */

/**
 * Compares two ids in Unicode code point order, which is the byte order of
 * their UTF-8 encodings (trec_eval's `strcmp`). JavaScript's `<` compares
 * UTF-16 code units and differs for characters beyond U+FFFF.
 *
 * @example
 * ```ts
 * import { compareIds } from "./compare_ids.ts";
 * console.log(["b", "a", "B"].sort(compareIds)); // ["B", "a", "b"]
 * console.log(compareIds("\u{1F600}", "\uFF01") > 0); // true
 * ```
 *
 * @param a An id.
 * @param b Another id.
 * @returns Negative, zero or positive.
 */
export function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i), y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (D800-DFFF) encode code points above every BMP character.
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}
