/**
 * Parameter specs and helpers shared by the built-in metric definitions.
 *
 * @module
 */

import { JudgedRanking } from "../../model/judged_ranking.ts";
import type { MetricDefinition, Params, ParamSpec } from "../metric.ts";

/** The `rel` parameter: the grade from which a document counts as relevant. */
export const REL_PARAM: ParamSpec = {
  type: "number",
  description:
    "grade from which a document is relevant (default: the evaluation's relevance level, 1)",
  // Below 0 a level would count unjudged documents (grades -1 and -2) as
  // relevant in the ranking but not in R: recall and AP above 1.
  min: 0,
};

/**
 * The relevance threshold a metric uses: its own `rel`, else the ranking's.
 *
 * @param params The bound parameters.
 * @param ranking The ranking.
 * @returns The threshold.
 */
export function levelOf(params: Params, ranking: JudgedRanking): number {
  const rel = params.rel;
  return typeof rel === "number" ? rel : ranking.relevanceLevel;
}

/**
 * How many ranked documents a cutoff keeps.
 *
 * @param ranking The ranking.
 * @param cutoff The cutoff, if any.
 * @returns min(n, k), or n without a cutoff.
 */
export function depthOf(
  ranking: JudgedRanking,
  cutoff: number | undefined,
): number {
  const n = ranking.grades.length;
  return cutoff === undefined || cutoff > n ? n : cutoff;
}

/**
 * The number of relevant documents in the top `depth` ranks.
 *
 * @param grades Grades in rank order.
 * @param depth How many ranks to look at.
 * @param level The relevance threshold.
 * @returns The count.
 */
export function relevantIn(
  grades: Float64Array,
  depth: number,
  level: number,
): number {
  let count = 0;
  for (let i = 0; i < depth; i++) if (grades[i] >= level) count++;
  return count;
}

/**
 * The `judged_only` parameter of ir_measures: drop unjudged documents from
 * the ranking before scoring, as trec_eval's `-J` does for every measure.
 */
export const JUDGED_ONLY_PARAM: ParamSpec = {
  type: "boolean",
  description:
    "drop unjudged documents before scoring, as trec_eval -J (ir_measures judged_only)",
  default: false,
};

/**
 * The ranking without its unjudged documents (negative grades), as
 * trec_eval's `-J` builds it.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../../model/judged_ranking.ts";
 * import { judgedOnly } from "./_shared.ts";
 * const r = JudgedRanking.from("q", ["x", "a"], new Map([["a", 1]]));
 * console.log(Array.from(judgedOnly(r).grades)); // [1]
 * ```
 *
 * @param ranking The ranking.
 * @returns The judged part of it, in rank order.
 */
export function judgedOnly(ranking: JudgedRanking): JudgedRanking {
  const grades = ranking.grades.filter((g) => g >= 0);
  if (grades.length === ranking.grades.length) return ranking;
  const docs = ranking.docs?.filter((_, i) => ranking.grades[i] >= 0);
  return new JudgedRanking(
    ranking.queryId,
    grades,
    ranking.judgedGrades,
    ranking.relevanceLevel,
    docs,
    ranking.judgements,
  );
}

/**
 * The same ranking with another default relevance level, for the trec_eval
 * kernels that read `ranking.relevanceLevel` and a metric given `rel`.
 *
 * @param ranking The ranking.
 * @param level The level.
 * @returns The ranking at that level.
 */
export function atLevel(ranking: JudgedRanking, level: number): JudgedRanking {
  if (level === ranking.relevanceLevel) return ranking;
  return new JudgedRanking(
    ranking.queryId,
    ranking.grades,
    ranking.judgedGrades,
    level,
    ranking.docs,
    ranking.judgements,
  );
}

/**
 * Adds ir_measures' `judged_only` parameter to a definition: with
 * `judged_only=True` the metric scores the ranking without its unjudged
 * documents.
 *
 * @example
 * ```ts
 * import { withJudgedOnly } from "./_shared.ts";
 * import { precision } from "./precision.ts";
 * console.log(Object.keys(withJudgedOnly(precision).params ?? {})); // ["rel", "relative", "judged_only"]
 * ```
 *
 * @param definition The definition.
 * @returns The definition with the parameter.
 */
export function withJudgedOnly(
  definition: MetricDefinition,
): MetricDefinition {
  return {
    ...definition,
    params: { ...definition.params, judged_only: JUDGED_ONLY_PARAM },
    create: (params, cutoff) => {
      const score = definition.create(params, cutoff);
      return params.judged_only === true
        ? (ranking) => score(judgedOnly(ranking))
        : score;
    },
  };
}
