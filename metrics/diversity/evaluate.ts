/**
 * Scores a run against subtopic qrels with the diversity measures, as
 * ndeval does: every query both judge and run hold, means over them.
 *
 * @module
 */

import { builtinRegistry } from "../builtin.ts";
import { evaluate, type Evaluation } from "../evaluate.ts";
import type { BoundMetric } from "../metric.ts";
import type { Registry } from "../registry.ts";
import type { JudgedRanking } from "../../model/judged_ranking.ts";
import type { RunLike } from "../../model/plain_data.ts";
import type {
  DocId,
  Qrels,
  QueryId,
  SubtopicQrels,
} from "../../model/types.ts";
import { DIVERSITY_KIND } from "./measures.ts";
import { SubtopicRanking } from "./subtopic_ranking.ts";

/** Options of {@linkcode evaluateDiversity}. */
export interface EvaluateDiversityOptions {
  /** Keep the top `depth` documents of each ranking (ndeval `-M`). Default: all. */
  depth?: number;
  /**
   * Score every judged query, one the run never returned as an empty
   * ranking (ndeval `-c`). Default: false.
   */
  averageOverQrels?: boolean;
  /** The registry that resolves specs. Default: the built-in one. */
  registry?: Registry;
  /**
   * A run none of whose queries the subtopic qrels judge is an error, as
   * {@linkcode evaluate}'s option of the same name. Default: false.
   */
  requireJudged?: boolean;
}

/**
 * Scores the diversity measures (`alpha_nDCG@10`, `ERR_IA@20`, `NRBP`, ...)
 * for every query of the run the subtopic qrels judge.
 *
 * @example
 * ```ts
 * import { evaluateDiversity } from "./evaluate.ts";
 * import { readSubtopicQrels } from "../../formats/subtopic_qrels.ts";
 * const qrels = await readSubtopicQrels({ text: "1 1 a 1\n1 2 b 1\n" });
 * const run = [{ queryId: "1", docs: ["a", "b"] }];
 * const result = await evaluateDiversity(run, qrels, ["StRecall@1", "StRecall@2"]);
 * console.log(result.aggregate); // { "strecall@1": 0.5, "strecall@2": 1 }
 * ```
 *
 * The run reaches the measures by the path {@linkcode evaluate} takes, with
 * its rules: a document repeated within `depth` or a query repeated in the
 * run is an error naming the place, an ungrouped TREC run is read in full,
 * and a measure averaged over no query is `NaN`.
 *
 * @param run A run: ranked lists (sync or async), a run `readRun` read, or
 * plain `{query: {doc: score}}` data.
 * @param qrels The subtopic judgements.
 * @param specs Diversity measure specs.
 * @param options Depth, queries, registry and whether nothing judged is an
 * error.
 * @returns The evaluation, in the shape {@linkcode evaluate} gives.
 * @throws {TypeError} If a spec names a metric of another kind.
 * @throws {InputError} On a repeated document or query, or (with
 * `requireJudged`) a run without a judged query.
 */
export function evaluateDiversity(
  run: RunLike,
  qrels: SubtopicQrels,
  specs: readonly string[],
  options: EvaluateDiversityOptions = {},
): Promise<Evaluation> {
  const registry = options.registry ?? builtinRegistry;
  const metrics = specs.map((spec) =>
    registry.resolve<SubtopicRanking>(spec, DIVERSITY_KIND)
  );
  const other = metrics.find((m) => m.kind !== DIVERSITY_KIND);
  if (other) {
    throw new TypeError(
      `Metric "${other.label}" scores ${other.kind} inputs, not rankings against subtopic qrels`,
    );
  }
  // The run reaches the metrics by evaluate's one seam, joined with a view
  // of the subtopic qrels (each document's best grade) that knows which
  // queries and documents are judged; each judged ranking then meets its
  // subtopic judgements once, for every measure.
  let last: JudgedRanking | undefined;
  let subtopics: SubtopicRanking | undefined;
  const subtopicRanking = (ranking: JudgedRanking): SubtopicRanking => {
    if (ranking !== last || subtopics?.docs !== (ranking.docs ?? NO_DOCS)) {
      last = ranking;
      subtopics = new SubtopicRanking(
        ranking.queryId,
        ranking.docs ?? NO_DOCS,
        qrels.get(ranking.queryId)!,
      );
    }
    return subtopics;
  };
  const bound = metrics.map((metric): BoundMetric<JudgedRanking> => ({
    name: metric.name,
    label: metric.label,
    kind: "ranking",
    params: metric.params,
    cutoff: metric.cutoff,
    aggregate: metric.aggregate,
    depth: Infinity,
    readsDocs: true,
    score: (ranking) => metric.score(subtopicRanking(ranking)),
    ...(metric.appliesTo && {
      appliesTo: (ranking: JudgedRanking) =>
        metric.appliesTo!(subtopicRanking(ranking)),
    }),
  }));
  return evaluate(run, bestGrades(qrels), bound, {
    depth: options.depth,
    averageOverQrels: options.averageOverQrels,
    requireJudged: options.requireJudged,
  });
}

const NO_DOCS: readonly DocId[] = [];

function bestGrades(qrels: SubtopicQrels): Qrels {
  const view = new Map<QueryId, Map<DocId, number>>();
  for (const [queryId, docs] of qrels) {
    const grades = new Map<DocId, number>();
    for (const [doc, subtopics] of docs) {
      let best = -Infinity;
      for (const grade of subtopics.values()) if (grade > best) best = grade;
      grades.set(doc, best);
    }
    view.set(queryId, grades);
  }
  return view;
}
