/**
 * Where the whitespace-separated fields of a line are, without a string per
 * field: readers slice only the fields they keep. Private to the package.
 *
 * @module
 */

/**
 * Finds the fields of a line, split on ASCII whitespace as C `isspace` does
 * (space, tab, CR, VT, FF; not Unicode spaces), and records the start and
 * end of the first `bounds.length / 2` of them.
 *
 * @param line The line, without its newline.
 * @param bounds Receives start, end of field 0, start, end of field 1, ...
 * @returns How many fields the line has (all of them, not only those
 * recorded).
 */
export function fieldBounds(line: string, bounds: Int32Array): number {
  const kept = bounds.length >> 1;
  let count = 0;
  let i = 0;
  const n = line.length;
  while (i < n) {
    let c = line.charCodeAt(i);
    while (c === 32 || (c >= 9 && c <= 13 && c !== 10)) {
      if (++i === n) return count;
      c = line.charCodeAt(i);
    }
    const start = i;
    while (
      i < n && !(c === 32 || (c >= 9 && c <= 13 && c !== 10))
    ) c = line.charCodeAt(++i);
    if (count < kept) {
      bounds[2 * count] = start;
      bounds[2 * count + 1] = i;
    }
    count++;
  }
  return count;
}
