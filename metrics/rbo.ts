/**
 * Rank-biased overlap (Webber, Moffat and Zobel, 2010): how alike two
 * rankings are, weighting the top more.
 *
 * @module
 */

/** Options of {@linkcode rbo}. */
export interface RboOptions {
  /** Persistence: weight of depth d is p^(d-1). Default: 0.9. */
  p?: number;
  /** Compare only the top `depth` of each ranking. Default: all. */
  depth?: number;
}

/**
 * Extrapolated rank-biased overlap (RBO_ext, equation 32 of Webber et al.)
 * of two rankings without ties. 1 for identical rankings, 0 for disjoint
 * ones; rankings of different lengths are handled as in the paper.
 *
 * @example
 * ```ts
 * import { rbo } from "./rbo.ts";
 * console.log(rbo(["a", "b", "c"], ["a", "b", "c"])); // 1
 * console.log(rbo(["a", "b"], ["c", "d"])); // 0
 * ```
 *
 * @param a The first ranking, best first.
 * @param b The second ranking, best first.
 * @param options Persistence and depth.
 * @returns RBO_ext in [0, 1].
 * @throws {RangeError} If p is not in (0, 1) or the depth is not a positive
 * integer.
 * @throws {TypeError} If an id appears twice within the depth of a ranking.
 */
export function rbo(
  a: readonly string[],
  b: readonly string[],
  options: RboOptions = {},
): number {
  const { p = 0.9, depth = Infinity } = options;
  if (!(p > 0 && p < 1)) {
    throw new RangeError(
      `Invalid rbo persistence "p": expected a number in (0, 1), got ${p}`,
    );
  }
  if (depth !== Infinity && !(Number.isInteger(depth) && depth >= 1)) {
    throw new RangeError(
      `Invalid rbo depth: expected a positive integer, got ${depth}`,
    );
  }
  let long = a.slice(0, depth), short = b.slice(0, depth);
  // A repeated id would be counted in the overlap twice.
  checkNoRepeats(long, "first");
  checkNoRepeats(short, "second");
  if (long.length < short.length) [long, short] = [short, long];
  const l = long.length, s = short.length;
  if (l === 0) return 1;
  if (s === 0) return 0;
  const seenLong = new Set<string>(), seenShort = new Set<string>();
  let overlap = 0, sum = 0, overlapAtS = 0;
  for (let d = 1; d <= l; d++) {
    const x = long[d - 1];
    const y = d <= s ? short[d - 1] : undefined;
    if (y !== undefined && x === y) overlap++;
    else {
      if (seenShort.has(x)) overlap++;
      if (y !== undefined && seenLong.has(y)) overlap++;
    }
    seenLong.add(x);
    if (y !== undefined) seenShort.add(y);
    if (d === s) overlapAtS = overlap;
    sum += (overlap / d) * p ** d;
    if (d > s) sum += ((overlapAtS * (d - s)) / (s * d)) * p ** d;
  }
  const tail = ((overlap - overlapAtS) / l + overlapAtS / s) * p ** l;
  return Math.min(1, ((1 - p) / p) * sum + tail);
}

function checkNoRepeats(ranking: readonly string[], which: string): void {
  const seen = new Set<string>();
  for (const id of ranking) {
    if (seen.has(id)) {
      throw new TypeError(
        `Invalid rbo input: "${id}" appears twice in the ${which} ranking`,
      );
    }
    seen.add(id);
  }
}
