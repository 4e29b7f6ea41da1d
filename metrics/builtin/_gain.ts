/**
 * Gains and discounted cumulative gain: the pieces every gain-based metric
 * (nDCG, DCG, ideal DCG, G, Rndcg, ndcg_rel, trec_eval's rbp) is made of.
 *
 * @module
 */

import { InputError } from "../../model/errors.ts";
import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { GainMap, ParamValue } from "../metric.ts";
import { depthOf } from "./_shared.ts";

/** The identity gain of non-negative grades (trec_eval's default). */
export const linearGain = (g: number): number => (g > 0 ? g : 0);

/**
 * Turns a `gain` parameter into a grade-to-gain function. `linear` is the
 * grade itself (trec_eval), `exp` is 2^grade - 1 (Burges et al.); a map gives
 * each listed grade its gain and every other grade its own value. Negative
 * grades always gain 0.
 *
 * @example
 * ```ts
 * import { gainFunction } from "./_gain.ts";
 * console.log(gainFunction("exp")(3)); // 7
 * console.log(gainFunction({ "1": 3 })(1)); // 3
 * ```
 *
 * @param gain `linear`, `exp` or a gain map.
 * @returns The gain function.
 */
export function gainFunction(gain: ParamValue): (grade: number) => number {
  if (gain === "linear") return linearGain;
  if (gain === "exp") return (g) => (g > 0 ? 2 ** g - 1 : 0);
  const map = gain as GainMap;
  return (g) => {
    if (g < 0) return 0;
    const mapped = map[String(g)];
    return mapped === undefined ? g : mapped;
  };
}

/**
 * DCG of the top `cutoff` documents: the sum of gain / log2(rank + 1), in
 * rank order.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { dcgOf } from "./_gain.ts";
 * const r = JudgedRanking.from("q", ["a", "b"], new Map([["a", 0], ["b", 1]]));
 * console.log(dcgOf(r, undefined, (g) => Math.max(g, 0))); // 0.6309297535714575
 * ```
 *
 * @param ranking The ranking.
 * @param cutoff The depth, if any.
 * @param gain Grade to gain.
 * @returns DCG.
 * @throws {InputError} If it overflows to Infinity (naming the query).
 */
export function dcgOf(
  ranking: JudgedRanking,
  cutoff: number | undefined,
  gain: (grade: number) => number,
): number {
  const depth = depthOf(ranking, cutoff);
  const grades = ranking.grades;
  let dcg = 0;
  for (let i = 0; i < depth; i++) {
    const g = gain(grades[i]);
    if (g !== 0) dcg += g / Math.log2(i + 2);
  }
  return finiteSum(ranking, gain, dcg);
}

/**
 * A sum of gains, refused when it overflowed: Infinity over Infinity would
 * print NaN (`null` in JSON) as if it were a value, and a finite value over
 * Infinity 0.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { finiteSum, gainFunction } from "./_gain.ts";
 * const r = JudgedRanking.from("q1", ["a"], new Map([["a", 2147483648]]));
 * try {
 *   finiteSum(r, gainFunction("exp"), Infinity);
 * } catch (error) {
 *   console.log((error as Error).message); // 'Gains of query "q1" overflow: grade 2147483648 gains Infinity; ...'
 * }
 * ```
 *
 * @param ranking The ranking, named in the error.
 * @param gain Its grade-to-gain function.
 * @param sum The sum.
 * @returns The sum when it is finite.
 * @throws {RangeError} Naming the query and the grade at fault, if not.
 */
export function finiteSum(
  ranking: JudgedRanking,
  gain: (grade: number) => number,
  sum: number,
): number {
  if (Number.isFinite(sum)) return sum;
  throw gainOverflow(ranking, ranking.judgedGrades, gain);
}

/**
 * The error for gains that overflow: Infinity over Infinity would print NaN
 * (`null` in JSON) as if it were a value.
 */
function gainOverflow(
  ranking: JudgedRanking,
  grades: ArrayLike<number>,
  gain: (grade: number) => number,
): InputError {
  let worst = -Infinity;
  for (let i = 0; i < grades.length; i++) {
    if (!Number.isFinite(gain(grades[i]))) {
      worst = grades[i];
      break;
    }
    worst = Math.max(worst, grades[i]);
  }
  const cause = Number.isFinite(gain(worst))
    ? `their sum overflows to Infinity (largest grade ${worst})`
    : `grade ${worst} gains ${gain(worst)}`;
  // The judgements may come from any file, or none: the query names them.
  return new InputError(
    "",
    0,
    `Gains of query "${ranking.queryId}" overflow: ${cause}; no value can be computed from them (use smaller grades or gains)`,
  );
}

/**
 * The positive gains of every judged document, highest first.
 *
 * @param ranking The ranking.
 * @param gain The grade-to-gain function.
 * @returns The ideal gain vector.
 * @throws {InputError} If the gains overflow to Infinity.
 */
export function idealGains(
  ranking: JudgedRanking,
  gain: (grade: number) => number,
): Float64Array {
  const gains: number[] = [];
  for (const grade of ranking.judgedGrades) {
    const g = gain(grade);
    if (g > 0) gains.push(finiteSum(ranking, gain, g));
  }
  return Float64Array.from(gains).sort().reverse();
}
