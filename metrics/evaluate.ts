/**
 * The evaluate core: consumes a run once and scores every metric for every
 * judged query.
 *
 * @module
 */

import { builtinRegistry } from "./builtin.ts";
import { judgedGradesOf, JudgedRanking } from "../model/judged_ranking.ts";
import type { BoundMetric } from "./metric.ts";
import type { Registry } from "./registry.ts";
import type { Qrels, QueryId, RankedList, Run } from "../model/types.ts";
import { compareIds } from "../model/compare_ids.ts";
import { SCANNABLE_RUNS } from "../formats/_scannable_runs.ts";
import { scanTopicsParallel } from "../formats/trec_run_parallel.ts";
import { forEachRanking } from "../formats/trec_run_scan.ts";

/** A ranking metric, or a spec that resolves to one. */
export type MetricLike = string | BoundMetric<JudgedRanking>;

/** Options of {@linkcode evaluate}. */
export interface EvaluateOptions {
  /**
   * A document is relevant when its grade is at least this (trec_eval `-l`),
   * a finite number of at least 0. Default: 1.
   */
  relevanceLevel?: number;
  /** Drop unjudged documents before scoring (trec_eval `-J`). Default: false. */
  judgedOnly?: boolean;
  /**
   * Keep the top `depth` documents of each ranked list (trec_eval `-M`), an
   * integer of at least 0 or `Infinity`. Default: all. Documents below both this depth and every metric's cutoff
   * are never read, so a repeated document there goes unnoticed, as with
   * trec_eval's `-M`.
   */
  depth?: number;
  /**
   * Score every judged query, a query the run never returned as an empty
   * ranking, so means are over all judged queries (trec_eval `-c`). Default: false.
   */
  averageOverQrels?: boolean;
  /** A run query without judgements is an error instead of being skipped. Default: false. */
  strict?: boolean;
  /** The registry that resolves metric specs. Default: the built-in one. */
  registry?: Registry;
}

/** What happened to the queries of the run and of the qrels. */
export interface EvaluationCounts {
  /** Queries scored (with `averageOverQrels`, every judged query). */
  readonly scored: number;
  /** Run queries without judgements, skipped. */
  readonly unjudged: number;
  /** Scored queries whose judgements have no relevant document. */
  readonly withoutRelevant: number;
  /** Judged queries the run never returned. */
  readonly notRetrieved: number;
}

/** The aggregates of the queries that share a segment key. */
export interface SegmentSummary {
  /** How many scored queries carry the key. */
  readonly queries: number;
  /** Metric label to aggregate over those queries. */
  readonly aggregate: Readonly<Record<string, number>>;
}

/** The result of {@linkcode evaluate}. */
export interface Evaluation {
  /** The metrics, in the order they were asked for. */
  readonly metrics: readonly BoundMetric<JudgedRanking>[];
  /** Query id to its values, aligned with `metrics`, in scoring order. */
  readonly perQuery: ReadonlyMap<QueryId, Float64Array>;
  /** Metric label to its aggregate over the scored queries. */
  readonly aggregate: Readonly<Record<string, number>>;
  /** Query counts. */
  readonly counts: EvaluationCounts;
  /** Segment key to its aggregates, when ranked lists carry segments. */
  readonly segments: Readonly<Record<string, SegmentSummary>>;
}

/**
 * Scores ranked lists one at a time and keeps only their values: the state
 * behind {@linkcode evaluate}, usable directly by readers that build
 * {@linkcode JudgedRanking}s themselves.
 *
 * @example Feed rankings by hand
 * ```ts
 * import { Evaluator } from "./evaluate.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const evaluator = new Evaluator(qrels, ["P@1"]);
 * evaluator.add({ queryId: "q1", docs: ["d1", "d2"] });
 * console.log(evaluator.finish().aggregate["P@1"]); // 1
 * ```
 */
export class Evaluator {
  readonly #qrels: Qrels;
  readonly #metrics: readonly BoundMetric<JudgedRanking>[];
  readonly #options: EvaluateOptions;
  readonly #readDepth: number;
  readonly #perQuery = new Map<QueryId, Float64Array>();
  readonly #segmentOf = new Map<QueryId, string>();
  #unjudged = 0;
  #withoutRelevant = 0;

  /**
   * Resolves the metrics at once, so a typo fails before any query is read.
   *
   * @param qrels The judgements.
   * @param metrics Metric specs or bound metrics.
   * @param options Evaluation options.
   * @throws {RangeError} If the relevance level or the depth is out of range.
   */
  constructor(
    qrels: Qrels,
    metrics: readonly MetricLike[],
    options: EvaluateOptions = {},
  ) {
    checkOptions(options);
    const registry = options.registry ?? builtinRegistry;
    this.#qrels = qrels;
    this.#metrics = metrics.map((m) =>
      typeof m === "string" ? registry.resolve<JudgedRanking>(m) : m
    );
    const kinds = this.#metrics.filter((m) => m.kind !== "ranking");
    if (kinds.length) {
      throw new TypeError(
        `Metric "${kinds[0].label}" scores ${
          kinds[0].kind
        } samples, not rankings`,
      );
    }
    this.#options = options;
    // Documents below every metric's cutoff are never read, so rankings stop
    // there -- except with judgedOnly, where deeper judged documents move up.
    const deepest = Math.max(0, ...this.#metrics.map((m) => m.depth));
    this.#readDepth = options.judgedOnly
      ? options.depth ?? Infinity
      : Math.min(options.depth ?? Infinity, deepest);
  }

  /** The bound metrics. */
  get metrics(): readonly BoundMetric<JudgedRanking>[] {
    return this.#metrics;
  }

  /**
   * Scores one ranked list.
   *
   * @param ranked The ranked list.
   * @throws {TypeError} If the query was already scored, a document repeats,
   * or (strict) the query has no judgements.
   */
  add(ranked: RankedList): void {
    const judgements = this.#qrels.get(ranked.queryId);
    if (judgements === undefined) {
      if (this.#options.strict) {
        throw new TypeError(
          `Query "${ranked.queryId}" of the run has no judgements`,
        );
      }
      this.#unjudged++;
      return;
    }
    if (ranked.segment !== undefined) {
      this.#segmentOf.set(ranked.queryId, ranked.segment);
    }
    this.addRanking(
      JudgedRanking.from(ranked.queryId, ranked.docs, judgements, {
        relevanceLevel: this.#options.relevanceLevel,
        judgedOnly: this.#options.judgedOnly,
        depth: this.#readDepth,
      }),
    );
  }

  /**
   * Scores a ranking already joined with its judgements.
   *
   * @param ranking The ranking.
   * @throws {TypeError} If the query was already scored.
   */
  addRanking(ranking: JudgedRanking): void {
    if (this.#perQuery.has(ranking.queryId)) {
      throw new TypeError(
        `Query "${ranking.queryId}" appears twice in the run`,
      );
    }
    if (ranking.numRel(ranking.relevanceLevel) === 0) this.#withoutRelevant++;
    const values = new Float64Array(this.#metrics.length);
    for (let i = 0; i < values.length; i++) {
      values[i] = this.#metrics[i].score(ranking);
    }
    this.#perQuery.set(ranking.queryId, values);
  }

  /**
   * Counts the run query without judgements that a caller skipped itself.
   *
   * @param queryId The query.
   * @throws {TypeError} In strict mode.
   */
  skipUnjudged(queryId: QueryId): void {
    if (this.#options.strict) {
      throw new TypeError(`Query "${queryId}" of the run has no judgements`);
    }
    this.#unjudged++;
  }

  /**
   * Scores the judged queries never returned (with `averageOverQrels`) and
   * aggregates.
   *
   * @returns The evaluation.
   */
  finish(): Evaluation {
    let notRetrieved = 0;
    for (const [queryId, judgements] of this.#qrels) {
      if (this.#perQuery.has(queryId)) continue;
      notRetrieved++;
      if (this.#options.averageOverQrels) {
        this.addRanking(
          new JudgedRanking(
            queryId,
            new Float64Array(0),
            judgedGradesOf(judgements, queryId),
            this.#options.relevanceLevel ?? 1,
            [],
            judgements,
          ),
        );
      }
    }
    const ids = inIdOrder([...this.#perQuery.keys()]);
    const aggregate = aggregateOf(this.#metrics, ids, this.#perQuery);
    const bySegment = new Map<string, QueryId[]>();
    for (const id of ids) {
      const segment = this.#segmentOf.get(id);
      if (segment === undefined) continue;
      const list = bySegment.get(segment) ?? [];
      list.push(id);
      bySegment.set(segment, list);
    }
    const segments: Record<string, SegmentSummary> = {};
    for (const [segment, members] of bySegment) {
      segments[segment] = {
        queries: members.length,
        aggregate: aggregateOf(this.#metrics, members, this.#perQuery),
      };
    }
    return {
      metrics: this.#metrics,
      perQuery: this.#perQuery,
      aggregate,
      counts: {
        scored: this.#perQuery.size,
        unjudged: this.#unjudged,
        withoutRelevant: this.#withoutRelevant,
        notRetrieved,
      },
      segments,
    };
  }
}

/**
 * Scores every metric for every judged query of a run, consuming the run
 * once. Memory holds the values, never the run.
 *
 * @example Evaluate a run
 * ```ts
 * import { evaluate } from "./evaluate.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1], ["d2", 0]])]]);
 * const run = [{ queryId: "q1", docs: ["d2", "d1"] }];
 * const result = await evaluate(run, qrels, ["rr", "ndcg@10"]);
 * console.log(result.aggregate.rr); // 0.5
 * ```
 *
 * @param run Ranked lists, sync or async.
 * @param qrels The judgements.
 * @param metrics Metric specs or bound metrics.
 * @param options Evaluation options.
 * @returns The evaluation.
 * @throws {RangeError} If the relevance level or the depth is out of range.
 */
export async function evaluate(
  run: Run,
  qrels: Qrels,
  metrics: readonly MetricLike[],
  options: EvaluateOptions = {},
): Promise<Evaluation> {
  const evaluator = new Evaluator(qrels, metrics, options);
  const readRun = SCANNABLE_RUNS.get(run);
  if (
    readRun && !readRun.options.collect && options.registry === undefined &&
    metrics.every((metric) => typeof metric === "string")
  ) {
    // A run from readRun scored with built-in metrics, which never read
    // document ids: its source is scanned byte by byte (a large file on
    // several cores), with the rankings and the line errors iterating it
    // would give.
    // A repeated document is an error either way; the scanner names its
    // line, and checks the whole topic rather than the depth metrics read.
    SCANNABLE_RUNS.delete(run);
    const scanned = scanTopicsParallel(readRun.source, qrels, {
      ...readRun.options,
      ...options,
    });
    await forEachRanking(scanned, qrels, options, (queryId, ranking) => {
      if (ranking) evaluator.addRanking(ranking);
      else evaluator.skipUnjudged(queryId);
    });
    readRun.setTag(scanned.tag);
  } else if (Symbol.asyncIterator in run) {
    for await (const ranked of run) evaluator.add(ranked);
  } else {
    for (const ranked of run) evaluator.add(ranked);
  }
  return evaluator.finish();
}

/**
 * {@linkcode evaluate} for a synchronous run, without a promise.
 *
 * @example
 * ```ts
 * import { evaluateSync } from "./evaluate.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const result = evaluateSync([{ queryId: "q1", docs: ["d1"] }], qrels, ["P@1"]);
 * console.log(result.aggregate["P@1"]); // 1
 * ```
 *
 * @param run Ranked lists.
 * @param qrels The judgements.
 * @param metrics Metric specs or bound metrics.
 * @param options Evaluation options.
 * @returns The evaluation.
 * @throws {RangeError} If the relevance level or the depth is out of range.
 */
export function evaluateSync(
  run: Iterable<RankedList>,
  qrels: Qrels,
  metrics: readonly MetricLike[],
  options: EvaluateOptions = {},
): Evaluation {
  const evaluator = new Evaluator(qrels, metrics, options);
  for (const ranked of run) evaluator.add(ranked);
  return evaluator.finish();
}

// A negative level would count unjudged documents (grades -1 and -2) as
// relevant in the ranking but not in R, so recall and AP could pass 1.
function checkOptions(options: EvaluateOptions): void {
  const { relevanceLevel = 1, depth = Infinity } = options;
  if (!Number.isFinite(relevanceLevel) || relevanceLevel < 0) {
    throw new RangeError(
      `Relevance level must be a finite number of at least 0, got ${relevanceLevel}`,
    );
  }
  if (depth !== Infinity && !(Number.isInteger(depth) && depth >= 0)) {
    throw new RangeError(
      `Depth must be an integer of at least 0 or Infinity, got ${depth}`,
    );
  }
}

/** Exponentiated mean log, floored at 1e-5 as trec_eval's `gm_map`. */
const GEOMETRIC_FLOOR = 0.00001;

function aggregateOf(
  metrics: readonly BoundMetric<JudgedRanking>[],
  ids: readonly QueryId[],
  perQuery: ReadonlyMap<QueryId, Float64Array>,
): Record<string, number> {
  const aggregate: Record<string, number> = {};
  metrics.forEach((metric, m) => {
    // Summed in query id order, as trec_eval does, so the last digit matches.
    let sum = 0;
    if (metric.aggregate === "geometric") {
      for (const id of ids) {
        sum += Math.log(Math.max(perQuery.get(id)![m], GEOMETRIC_FLOOR));
      }
      aggregate[metric.label] = ids.length ? Math.exp(sum / ids.length) : 0;
      return;
    }
    for (const id of ids) sum += perQuery.get(id)![m];
    aggregate[metric.label] = metric.aggregate === "sum"
      ? sum
      : ids.length
      ? sum / ids.length
      : 0;
  });
  return aggregate;
}

function inIdOrder(ids: QueryId[]): QueryId[] {
  for (let i = 1; i < ids.length; i++) {
    if (compareIds(ids[i - 1], ids[i]) > 0) return ids.sort(compareIds);
  }
  return ids;
}
