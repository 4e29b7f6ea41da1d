/**
 * Per-query wins, ties and losses of one system against another.
 *
 * @module
 */

/** How many queries each side won. */
export interface WinsTiesLosses {
  /** Queries where the first system scored higher. */
  readonly wins: number;
  /** Queries where both scored the same. */
  readonly ties: number;
  /** Queries where the first system scored lower. */
  readonly losses: number;
}

/**
 * Counts the signs of per-query differences. A tie is an exact 0: scores of
 * the same ranking are computed by the same code and are equal to the bit,
 * and the Wilcoxon test drops exactly these zeros too.
 *
 * @example
 * ```ts
 * import { winsTiesLosses } from "./wins.ts";
 * console.log(winsTiesLosses([0.5, 0, -0.25, 1])); // { wins: 2, ties: 1, losses: 1 }
 * ```
 *
 * @param differences Per-query differences `a - b`.
 * @returns The counts.
 * @throws {RangeError} If a difference is NaN.
 */
export function winsTiesLosses(differences: ArrayLike<number>): WinsTiesLosses {
  let wins = 0, ties = 0, losses = 0;
  for (let i = 0; i < differences.length; i++) {
    const d = differences[i];
    if (d > 0) wins++;
    else if (d < 0) losses++;
    else if (d === 0) ties++;
    else throw new RangeError(`Paired difference is NaN at position ${i}`);
  }
  return { wins, ties, losses };
}
