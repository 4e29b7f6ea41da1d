/**
 * The merge sort glibc's `qsort` runs, reproduced so that orders match
 * trec_eval's even when its comparison is inconsistent (NaN scores).
 *
 * @module
 */

/**
 * Sorts in place with glibc's top-down merge sort: halves of n/2 and
 * n − n/2, and on a tie (comparison ≤ 0) the left element first. For a
 * consistent comparison this is any stable sort; for an inconsistent one
 * (NaN) it gives the order trec_eval gets.
 *
 * @example
 * ```ts
 * import { glibcSort } from "./glibc_sort.ts";
 * console.log(glibcSort([3, 1, 2], (a, b) => a - b)); // [1, 2, 3]
 * ```
 *
 * @typeParam T The element type.
 * @param items The array, sorted in place.
 * @param compare Negative, zero or positive, as for `qsort`.
 * @returns The same array.
 */
export function glibcSort<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  if (items.length > 1) {
    mergeSort(items, 0, items.length, new Array<T>(items.length), compare);
  }
  return items;
}

function mergeSort<T>(
  items: T[],
  start: number,
  n: number,
  scratch: T[],
  compare: (a: T, b: T) => number,
): void {
  if (n <= 1) return;
  const n1 = n >>> 1;
  const n2 = n - n1;
  mergeSort(items, start, n1, scratch, compare);
  mergeSort(items, start + n1, n2, scratch, compare);
  let left = start, right = start + n1, out = 0;
  const leftEnd = start + n1, rightEnd = start + n;
  while (left < leftEnd && right < rightEnd) {
    scratch[out++] = compare(items[left], items[right]) <= 0
      ? items[left++]
      : items[right++];
  }
  while (left < leftEnd) scratch[out++] = items[left++];
  for (let i = 0; i < out; i++) items[start + i] = scratch[i];
}
