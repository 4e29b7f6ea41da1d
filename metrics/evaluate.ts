/**
 * The evaluate core: consumes a run once and scores every metric for every
 * judged query.
 *
 * @module
 */

import { builtinRegistry } from "./builtin.ts";
import type { JudgedRanking } from "../model/judged_ranking.ts";
import {
  emptyRanking,
  isJudgingRun,
  type JudgedItem,
  type JudgedTopic,
  judgeRankedList,
  type JudgeRequest,
  JUDGING_RESTART,
  type JudgingRun,
} from "../model/judged_run.ts";
import { InputError } from "../model/errors.ts";
import type { BoundMetric } from "./metric.ts";
import type { Registry } from "./registry.ts";
import {
  type QrelsLike,
  qrelsOf,
  type RunLike,
  runOf,
} from "../model/plain_data.ts";
import type { Judgements, Qrels, QueryId, RankedList } from "../model/types.ts";
import { compareIds } from "../model/compare_ids.ts";
import { aggregateValues } from "./aggregate.ts";
import { QueryValues } from "./_query_values.ts";

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
  /**
   * Stops the evaluation between queries: `evaluate` rejects with the
   * signal's reason. Default: none.
   */
  signal?: AbortSignal;
  /**
   * Called after each run query is scored or skipped, and awaited: a place
   * to report progress or yield to other work. Default: none.
   */
  onQuery?: (queryId: QueryId) => void | Promise<void>;
  /**
   * A run none of whose queries has judgements is an error, an
   * {@linkcode InputError} naming the run, instead of an evaluation of no
   * query. The CLI and the server set it. Default: false.
   */
  requireJudged?: boolean;
  /**
   * The run's name in errors, for a run without a name of its own (a
   * {@linkcode JudgingRun} read from a file has one). Default: `run`.
   */
  runName?: string;
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
 * Scores judged topics one at a time and keeps only their values: the state
 * behind {@linkcode evaluate}. Private to the evaluate core.
 */
class Evaluator {
  readonly #qrels: Qrels;
  readonly #metrics: readonly BoundMetric<JudgedRanking>[];
  readonly #options: EvaluateOptions;
  readonly #request: Omit<JudgeRequest, "signal">;
  #runName: string;
  #perQuery: QueryValues;
  #segmentOf = new Map<QueryId, string>();
  // Each row's place in id order, while every topic has come with one.
  #idOrders: number[] | undefined = [];
  #qrelsOrder:
    | { ids: QueryId[]; judgements: Judgements[]; next: number }
    | undefined;
  #unjudged = 0;
  #withoutRelevant = 0;

  constructor(
    qrels: Qrels,
    metrics: readonly MetricLike[],
    options: EvaluateOptions,
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
    this.#perQuery = new QueryValues(this.#metrics.length);
    this.#runName = options.runName ?? "run";
    // Documents below every metric's cutoff are never graded; a repeat
    // among them is still an error, found by the reader or the joiner.
    let deepest = 0;
    for (const metric of this.#metrics) {
      if (metric.depth > deepest) deepest = metric.depth;
    }
    const depth = options.depth ?? Infinity;
    this.#request = {
      qrels,
      relevanceLevel: options.relevanceLevel ?? 1,
      judgedOnly: options.judgedOnly ?? false,
      depth,
      readDepth: Math.min(depth, deepest),
      readsDocs: this.#metrics.some((m) => m.readsDocs),
      runName: this.#runName,
    };
  }

  request(signal: AbortSignal | undefined): JudgeRequest {
    return signal ? { ...this.#request, signal } : this.#request;
  }

  add(ranked: RankedList): void {
    const judgements = this.#judgementsOf(ranked.queryId);
    this.addTopic({
      queryId: ranked.queryId,
      segment: ranked.segment,
      ranking: judgements &&
        judgeRankedList(ranked, judgements, this.#request, this.#runName),
    });
  }

  // A run that lists its queries in the qrels' order (as most do) finds
  // each where the last one ended, comparing two ids instead of looking
  // one up among many.
  #judgementsOf(queryId: QueryId): Judgements | undefined {
    const order = this.#qrelsOrder ??= {
      ids: [...this.#qrels.keys()],
      judgements: [...this.#qrels.values()],
      next: 0,
    };
    const { ids, next } = order;
    for (let q = next; q < next + 2 && q < ids.length; q++) {
      if (ids[q] !== queryId) continue;
      order.next = q + 1;
      return order.judgements[q];
    }
    return this.#qrels.get(queryId);
  }

  addTopic(topic: JudgedTopic): void {
    const { queryId, ranking } = topic;
    if (ranking === undefined) {
      if (this.#options.strict) {
        throw new InputError(
          this.#runName,
          0,
          `query "${queryId}" of the run has no judgements`,
        );
      }
      this.#unjudged++;
      return;
    }
    if (topic.segment !== undefined) {
      this.#segmentOf.set(queryId, topic.segment);
    }
    this.#score(ranking);
    if (this.#idOrders === undefined) return;
    if (topic.idOrder === undefined) this.#idOrders = undefined;
    else this.#idOrders.push(topic.idOrder);
  }

  /** Forgets every topic: the run is being read again from its start. */
  restart(): void {
    this.#perQuery = new QueryValues(this.#metrics.length);
    this.#segmentOf = new Map();
    this.#unjudged = 0;
    this.#withoutRelevant = 0;
    this.#idOrders = [];
  }

  #score(ranking: JudgedRanking): void {
    const at = this.#perQuery.add(ranking.queryId);
    if (at < 0) throw this.#twice(ranking.queryId);
    if (ranking.numRel(ranking.relevanceLevel) === 0) this.#withoutRelevant++;
    // A metric that throws ends the evaluation, so its row is never read.
    const metrics = this.#metrics;
    const packed = this.#perQuery.packed;
    for (let i = 0; i < metrics.length; i++) {
      packed[at + i] = this.#value(metrics[i], ranking);
    }
  }

  // A metric undefined for the query (ir_measures' Accuracy without a
  // relevant and a nonrelevant document) holds NaN, left out of its mean.
  #value(metric: BoundMetric<JudgedRanking>, ranking: JudgedRanking): number {
    return metric.appliesTo && !metric.appliesTo(ranking)
      ? NaN
      : metric.score(ranking);
  }

  #twice(queryId: QueryId): InputError {
    return new InputError(
      this.#runName,
      0,
      `query "${queryId}" appears twice in the run`,
    );
  }

  /** Names the run in errors, once a run of its own name is known. */
  set runName(name: string) {
    this.#runName = name;
  }

  // Row numbers in query id order (trec_eval's order of summing); a query
  // id met twice is an error.
  #rowsInIdOrder(): number[] {
    const ids = this.#perQuery.ids;
    const placed = this.#rowsPlaced(ids);
    if (placed) return placed;
    const rows = new Array<number>(ids.length);
    let sorted = true;
    for (let row = 0; row < rows.length; row++) {
      rows[row] = row;
      if (row === 0) continue;
      const order = compareIds(ids[row - 1], ids[row]);
      if (order === 0) throw this.#twice(ids[row]);
      if (order > 0) sorted = false;
    }
    if (sorted) return rows;
    let twice: QueryId | undefined;
    // Ids equal once sorted were compared with each other. An array, not
    // an Int32Array: its sort with a comparison is twice as fast.
    rows.sort((a, b) => {
      const order = compareIds(ids[a], ids[b]);
      if (order === 0 && a !== b) twice ??= ids[a];
      return order || a - b;
    });
    if (twice !== undefined) throw this.#twice(twice);
    return rows;
  }

  // The rows in id order by the places the run gave, without a sort;
  // undefined when it gave none (or one out of range).
  #rowsPlaced(ids: readonly QueryId[]): number[] | undefined {
    const places = this.#idOrders;
    if (places === undefined || places.length !== ids.length) return;
    const rowAt = new Int32Array(this.#qrels.size).fill(-1);
    for (let row = 0; row < places.length; row++) {
      const place = places[row];
      if (!(place >= 0 && place < rowAt.length)) return;
      if (rowAt[place] !== -1) throw this.#twice(ids[row]);
      rowAt[place] = row;
    }
    const rows: number[] = [];
    for (let place = 0; place < rowAt.length; place++) {
      if (rowAt[place] !== -1) rows.push(rowAt[place]);
    }
    return rows;
  }

  finish(): Evaluation {
    const runName = this.#runName;
    const judgedInRun = this.#perQuery.size;
    if (this.#options.requireJudged && judgedInRun === 0) {
      throw new InputError(
        runName,
        0,
        this.#unjudged === 0
          ? "the run has no query"
          : `no query of the run is judged: none of its ${this.#unjudged} query ids is in the qrels`,
      );
    }
    // The rows in id order, which finds a query scored twice before the
    // map from queries to rows is made.
    let rows = this.#rowsInIdOrder();
    let notRetrieved = 0;
    const level = this.#options.relevanceLevel ?? 1;
    // A judged topic is a query of the qrels, so as many distinct ones as
    // the qrels hold are all of them.
    if (this.#perQuery.size !== this.#qrels.size) {
      for (const [queryId, judgements] of this.#qrels) {
        if (this.#perQuery.has(queryId)) continue;
        notRetrieved++;
        if (this.#options.averageOverQrels) {
          this.#score(emptyRanking(queryId, judgements, level));
        }
      }
      if (this.#options.averageOverQrels && notRetrieved > 0) {
        this.#idOrders = undefined;
        rows = this.#rowsInIdOrder();
      }
    }
    const width = this.#metrics.length;
    const aggregate = aggregateOf(this.#metrics, rows, width, this.#perQuery);
    const bySegment = new Map<string, number[]>();
    const ids = this.#perQuery.ids;
    if (this.#segmentOf.size > 0) {
      for (const row of rows) {
        const segment = this.#segmentOf.get(ids[row]);
        if (segment === undefined) continue;
        const list = bySegment.get(segment) ?? [];
        list.push(row);
        bySegment.set(segment, list);
      }
    }
    const segments: Record<string, SegmentSummary> = {};
    for (const [segment, members] of bySegment) {
      segments[segment] = {
        queries: members.length,
        aggregate: aggregateOf(this.#metrics, members, width, this.#perQuery),
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
 * once: the one evaluate that the CLI, `compare`, `gate`, the retrieval
 * adapters and the server all call. Memory holds the values, never the run.
 *
 * A run that joins its own rankings ({@linkcode JudgingRun}, such as what
 * `readRun` returns for a TREC file, which it then scans byte by byte) is
 * asked for judged topics; any other run's ranked lists are joined with
 * {@linkcode judgeRankedList}. Both give the same values and the same
 * errors: a document repeated within `depth` is an error wherever it sits,
 * whatever the metrics. A metric averaged over no query is `NaN`, with
 * `counts.scored` 0.
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
 * @example Nothing judged is NaN, not 0
 * ```ts
 * import { evaluate } from "./evaluate.ts";
 * const qrels = new Map([["1", new Map([["d1", 1]])]]);
 * const result = await evaluate([{ queryId: "q1", docs: ["d1"] }], qrels, ["P@5"]);
 * console.log(result.aggregate["P@5"], result.counts.scored); // NaN 0
 * ```
 *
 * @example Plain objects, as ranx and pytrec_eval keep runs and qrels
 * ```ts
 * import { evaluate } from "./evaluate.ts";
 * const result = await evaluate({ q1: { d1: 0.2, d2: 0.9 } }, { q1: { d1: 1 } }, ["rr"]);
 * console.log(result.aggregate.rr); // 0.5
 * ```
 *
 * @param given Ranked lists, sync or async, a {@linkcode JudgingRun}, or
 * `{query: {doc: score}}` as an object or maps (ranked by score as
 * trec_eval ranks a TREC run).
 * @param qrels The judgements, as maps or `{query: {doc: grade}}`.
 * @param metrics Metric specs or bound metrics.
 * @param options Evaluation options.
 * @returns The evaluation.
 * @throws {RangeError} If the relevance level or the depth is out of range.
 * @throws {InputError} On a malformed run, a repeated document, or (with
 * `requireJudged`) a run without a judged query.
 */
export async function evaluate(
  given: RunLike,
  qrels: QrelsLike,
  metrics: readonly MetricLike[],
  options: EvaluateOptions = {},
): Promise<Evaluation> {
  const run = runOf(given, { name: options.runName });
  const evaluator = new Evaluator(checkedQrels(run, qrels), metrics, options);
  const { signal, onQuery } = options;
  signal?.throwIfAborted();
  // `await` only when there is something to wait for: each one is a trip
  // through the microtask queue, which at a million topics adds up.
  if (isJudgingRun(run)) {
    if (run.name !== undefined) evaluator.runName = run.name;
    const request = evaluator.request(signal);
    const add = (item: JudgedItem): QueryId | undefined => {
      signal?.throwIfAborted();
      if (item === JUDGING_RESTART) {
        evaluator.restart();
        return undefined;
      }
      evaluator.addTopic(item);
      return item.queryId;
    };
    if (run.judgeBatches) {
      for await (const batch of run.judgeBatches(request)) {
        for (const item of batch) {
          const queryId = add(item);
          if (onQuery && queryId !== undefined) await onQuery(queryId);
        }
      }
    } else {
      for await (const item of run.judge(request)) {
        const queryId = add(item);
        if (onQuery && queryId !== undefined) await onQuery(queryId);
      }
    }
    return evaluator.finish();
  }
  if (Symbol.asyncIterator in run) {
    for await (const ranked of run) {
      signal?.throwIfAborted();
      evaluator.add(ranked);
      if (onQuery) await onQuery(ranked.queryId);
    }
  } else {
    for (const ranked of run) {
      signal?.throwIfAborted();
      evaluator.add(ranked);
      if (onQuery) await onQuery(ranked.queryId);
    }
  }
  return evaluator.finish();
}

/**
 * {@linkcode evaluate} for an in-memory run, without a promise: the same
 * join, scoring and aggregation.
 *
 * @example
 * ```ts
 * import { evaluateSync } from "./evaluate.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const result = evaluateSync([{ queryId: "q1", docs: ["d1"] }], qrels, ["P@1"]);
 * console.log(result.aggregate["P@1"]); // 1
 * ```
 *
 * @example Document numbers
 * ```ts
 * import { evaluateSync } from "./evaluate.ts";
 * import { NumberedQrels } from "../model/numbered_qrels.ts";
 * const numbered = new NumberedQrels({ q1: { d1: 1 } });
 * const run = numbered.run([{ queryId: "q1", docs: numbered.numbersOf(["d9", "d1"]) }]);
 * console.log(evaluateSync(run, numbered.qrels, ["rr"]).aggregate.rr); // 0.5
 * ```
 *
 * @param run Ranked lists, or a {@linkcode JudgingRun} that judges without
 * a promise (`judgeSync`, as a `NumberedQrels` run does).
 * @param qrels The judgements, as maps or `{query: {doc: grade}}`.
 * @param metrics Metric specs or bound metrics.
 * @param options Evaluation options; `signal` is checked between queries,
 * `onQuery` is not awaited.
 * @returns The evaluation.
 * @throws {RangeError} If the relevance level or the depth is out of range.
 * @throws {TypeError} If a judging run cannot judge without a promise.
 * @throws {InputError} On a repeated document, or (with `requireJudged`) a
 * run without a judged query.
 */
export function evaluateSync(
  run: Iterable<RankedList> | JudgingRun,
  qrels: QrelsLike,
  metrics: readonly MetricLike[],
  options: EvaluateOptions = {},
): Evaluation {
  const evaluator = new Evaluator(checkedQrels(run, qrels), metrics, options);
  const { signal, onQuery } = options;
  if (isJudgingRun(run)) {
    if (!run.judgeSync) {
      throw new TypeError(
        `Run "${
          run.name ?? options.runName ?? "run"
        }" is judged asynchronously: evaluate it with evaluate`,
      );
    }
    if (run.name !== undefined) evaluator.runName = run.name;
    for (const item of run.judgeSync(evaluator.request(signal))) {
      signal?.throwIfAborted();
      if (item === JUDGING_RESTART) {
        evaluator.restart();
        continue;
      }
      evaluator.addTopic(item);
      onQuery?.(item.queryId);
    }
    return evaluator.finish();
  }
  for (const ranked of run) {
    signal?.throwIfAborted();
    evaluator.add(ranked);
    onQuery?.(ranked.queryId);
  }
  return evaluator.finish();
}

// The qrels as maps, checked unless the run checked them when made (a
// NumberedQrels run: checking 100,000 queries' grades again took a fifth
// of its evaluation).
function checkedQrels(run: unknown, qrels: QrelsLike): Qrels {
  return isJudgingRun(run) && run.checkedQrels !== undefined &&
      run.checkedQrels === qrels
    ? run.checkedQrels
    : qrelsOf(qrels);
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

function aggregateOf(
  metrics: readonly BoundMetric<JudgedRanking>[],
  rows: ArrayLike<number>,
  width: number,
  perQuery: QueryValues,
): Record<string, number> {
  const aggregate: Record<string, number> = {};
  const packed = perQuery.packed;
  const column = new Array<number>(rows.length);
  metrics.forEach((metric, m) => {
    // In query id order, as trec_eval sums, so the last digit matches; a
    // metric undefined for a query holds NaN there, left out of its mean.
    for (let q = 0; q < rows.length; q++) {
      column[q] = packed[rows[q] * width + m];
    }
    aggregate[metric.label] = aggregateValues(
      metric.aggregate,
      column,
      metric.appliesTo !== undefined,
    );
  });
  return aggregate;
}
