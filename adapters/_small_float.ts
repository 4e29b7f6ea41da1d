/**
 * Lucene's one-byte document lengths (`SmallFloat.intToByte4` and
 * `byte4ToInt`): exact up to 23, then four significant bits, so a length
 * of 100 is stored as 96 and scored as if the document had 96 terms.
 *
 * @module
 */

// Values below this are stored as themselves.
const NUM_FREE_VALUES = 255 - longToInt4(2 ** 31 - 1);

function longToInt4(i: number): number {
  const bits = i === 0 ? 0 : Math.floor(Math.log2(i)) + 1;
  if (bits < 4) return i;
  const shift = bits - 4;
  // The leading bit is implicit; the next three are kept.
  return (Math.floor(i / 2 ** shift) & 0x07) | ((shift + 1) << 3);
}

function int4ToLong(i: number): number {
  const bits = i & 0x07;
  const shift = (i >>> 3) - 1;
  return shift === -1 ? bits : (bits | 0x08) * 2 ** shift;
}

/**
 * A length as the byte Lucene stores.
 *
 * @param length A document length, 0 or more.
 * @returns The byte, 0 to 255.
 */
export function lengthToByte(length: number): number {
  return length < NUM_FREE_VALUES
    ? length
    : NUM_FREE_VALUES + longToInt4(length - NUM_FREE_VALUES);
}

/**
 * The length a stored byte stands for (Lucene's `byte4ToInt`).
 *
 * @param byte The byte, 0 to 255.
 * @returns The length.
 */
export function byteToLength(byte: number): number {
  return byte < NUM_FREE_VALUES
    ? byte
    : NUM_FREE_VALUES + int4ToLong(byte - NUM_FREE_VALUES);
}
