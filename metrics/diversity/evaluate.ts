/**
 * Scores a run against subtopic qrels with the diversity measures, as
 * ndeval does: every query both judge and run hold, means over them.
 *
 * @module
 */

import { builtinRegistry } from "../builtin.ts";
import { compareIds } from "../../model/compare_ids.ts";
import type { Evaluation } from "../evaluate.ts";
import type { BoundMetric } from "../metric.ts";
import type { Registry } from "../registry.ts";
import type { QueryId, Run } from "../../model/types.ts";
import type { SubtopicQrels } from "../../model/types.ts";
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
 * @param run Ranked lists, sync or async.
 * @param qrels The subtopic judgements.
 * @param specs Diversity measure specs.
 * @param options Depth, queries and registry.
 * @returns The evaluation, in the shape {@linkcode evaluate} gives.
 * @throws {TypeError} If a spec names a metric of another kind, or a query
 * appears twice in the run.
 */
export async function evaluateDiversity(
  run: Run,
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
  const depth = options.depth ?? Infinity;
  const perQuery = new Map<QueryId, Float64Array>();
  let unjudged = 0, withoutRelevant = 0;
  const score = (ranking: SubtopicRanking) => {
    if (perQuery.has(ranking.queryId)) {
      throw new TypeError(
        `Query "${ranking.queryId}" appears twice in the run`,
      );
    }
    if (ranking.relevance(1).subtopics === 0) withoutRelevant++;
    perQuery.set(
      ranking.queryId,
      Float64Array.from(metrics, (m) => m.score(ranking)),
    );
  };
  for await (const ranked of run) {
    const docs = ranked.docs.length > depth
      ? ranked.docs.slice(0, depth)
      : ranked.docs;
    if (new Set(docs).size !== docs.length) {
      throw new TypeError(
        `Cannot rank query "${ranked.queryId}": a document appears twice`,
      );
    }
    const ranking = SubtopicRanking.from(ranked.queryId, docs, qrels);
    if (ranking) score(ranking);
    else unjudged++;
  }
  let notRetrieved = 0;
  for (const [queryId, judgements] of qrels) {
    if (perQuery.has(queryId)) continue;
    notRetrieved++;
    if (options.averageOverQrels) {
      score(new SubtopicRanking(queryId, [], judgements));
    }
  }
  const ids = [...perQuery.keys()].sort(compareIds);
  const aggregate: Record<string, number> = {};
  metrics.forEach((metric, m) => {
    let sum = 0;
    for (const id of ids) sum += perQuery.get(id)![m];
    aggregate[metric.label] = ids.length ? sum / ids.length : 0;
  });
  const sorted = new Map(ids.map((id) => [id, perQuery.get(id)!]));
  return {
    // The renderers read labels only; the metrics score subtopic rankings.
    metrics: metrics as unknown as Evaluation["metrics"],
    perQuery: sorted,
    aggregate,
    counts: {
      scored: perQuery.size,
      unjudged,
      withoutRelevant,
      notRetrieved,
    },
    segments: {},
  } satisfies Evaluation & { metrics: unknown } as
    & Evaluation
    & { metrics: readonly BoundMetric<never>[] };
}
