/**
 * Small builders of the trec_eval table rows that metric files declare.
 *
 * @module
 */

import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { TrecEvalBinding } from "../metric.ts";
import { geometricTerm } from "../aggregate.ts";
import { gainFunction } from "./_gain.ts";

/** trec_eval's default cutoffs for `P`, `recall`, `ndcg_cut` and the like. */
export const STANDARD_CUTOFFS: readonly number[] = [
  5,
  10,
  15,
  20,
  30,
  100,
  200,
  500,
  1000,
];

/** The 11 standard recall levels 0.0, 0.1, ..., 1.0. */
export const ELEVEN_POINTS: readonly number[] = [
  0.0,
  0.1,
  0.2,
  0.3,
  0.4,
  0.5,
  0.6,
  0.7,
  0.8,
  0.9,
  1.0,
];

type Scorer = (ranking: JudgedRanking) => number;
type Bind = (binding: TrecEvalBinding) => (ranking: JudgedRanking) => number[];

/**
 * A row's `bind` for a measure with one value that takes no parameter.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { single } from "./_trec_eval.ts";
 * const bind = single((r) => r.numRet);
 * const r = JudgedRanking.from("q", ["a", "b"], new Map([["a", 1]]));
 * console.log(bind({ numbers: [], gain: "linear", persistence: 0.9, collectionSize: 0, legacyCutoffs: false })(r)); // [2]
 * ```
 *
 * @param score The scorer.
 * @returns The bind.
 */
export function single(score: Scorer): Bind {
  return () => (ranking) => [score(ranking)];
}

/**
 * A row's `bind` for a measure with a value at each cutoff.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { atCutoffs } from "./_trec_eval.ts";
 * const bind = atCutoffs((k) => (r) => Math.min(k, r.numRet));
 * const r = JudgedRanking.from("q", ["a", "b"], new Map([["a", 1]]));
 * console.log(bind({ numbers: [1, 5], gain: "linear", persistence: 0.9, collectionSize: 0, legacyCutoffs: false })(r)); // [1, 2]
 * ```
 *
 * @param make The scorer at one cutoff.
 * @returns The bind.
 */
export function atCutoffs(make: (cutoff: number) => Scorer): Bind {
  return ({ numbers }) => {
    const scorers = numbers.map(make);
    return (ranking) => scorers.map((score) => score(ranking));
  };
}

/**
 * {@linkcode single} with the scorer made when the row is bound, so that a
 * definition's row can use the definition's own `create`.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { singleOf } from "./_trec_eval.ts";
 * const bind = singleOf(() => (r) => r.numRet / 2);
 * const r = JudgedRanking.from("q", ["a", "b"], new Map([["a", 1]]));
 * console.log(bind({ numbers: [], gain: "linear", persistence: 0.9, collectionSize: 0, legacyCutoffs: false })(r)); // [1]
 * ```
 *
 * @param make Makes the scorer.
 * @returns The bind.
 */
export function singleOf(make: () => Scorer): Bind {
  return () => {
    const score = make();
    return (ranking) => [score(ranking)];
  };
}

/**
 * A row's `bind` for a measure of one value that takes `level=gain` pairs.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { gained } from "./_trec_eval.ts";
 * const bind = gained((r, gain) => gain(r.grades[0]));
 * const r = JudgedRanking.from("q", ["a"], new Map([["a", 2]]));
 * console.log(bind({ numbers: [], gain: { "2": 5 }, persistence: 0.9, collectionSize: 0, legacyCutoffs: false })(r)); // [5]
 * ```
 *
 * @param kernel The measure, given the gain of each grade.
 * @returns The bind.
 */
export function gained(
  kernel: (ranking: JudgedRanking, gain: (grade: number) => number) => number,
): Bind {
  return ({ gain }) => {
    const gains = gainFunction(gain);
    return (ranking) => [kernel(ranking, gains)];
  };
}

/**
 * A row's `bind` for trec_eval's geometric means (`gm_map`, `gm_bpref`): the
 * per-topic term whose mean the `all` line exponentiates.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { geometric } from "./_trec_eval.ts";
 * const bind = geometric(() => () => 0);
 * const r = JudgedRanking.from("q", ["a"], new Map([["a", 1]]));
 * console.log(bind({ numbers: [], gain: "linear", persistence: 0.9, collectionSize: 0, legacyCutoffs: false })(r)); // [-11.512925464970229]
 * ```
 *
 * @param make Makes the scorer whose values are averaged.
 * @returns The bind.
 */
export function geometric(make: () => Scorer): Bind {
  return () => {
    const score = make();
    return (ranking) => [geometricTerm(score(ranking))];
  };
}
