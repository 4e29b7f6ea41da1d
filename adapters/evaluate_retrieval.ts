/**
 * Scores a live retriever against judged queries in one call: runs every
 * judged query, maps results to source documents, and scores the rankings
 * through the evaluate core.
 *
 * @module
 */

import { builtinRegistry } from "../metrics/builtin.ts";
import { evaluateSync } from "../metrics/evaluate.ts";
import type { JudgedRanking } from "../model/judged_ranking.ts";
import type { BoundMetric } from "../metrics/metric.ts";
import type { Registry } from "../metrics/registry.ts";
import type { DocId, Qrels, QueryId, RankedList } from "../model/types.ts";
import type {
  DatasetQuery,
  QrelsRecord,
  RetrievalDataset,
} from "../formats/dataset.ts";
import { qrelsOf } from "../model/plain_data.ts";
import {
  type RetrievalFailure,
  RetrievalReport,
  type SkippedQuery,
} from "./retrieval_report.ts";
import {
  asRetriever,
  checkConcurrency,
  RetrievalError,
  type RetrievedItem,
  type RetrieverLike,
} from "./retriever.ts";
import { rankingFromHits } from "./search_hits.ts";

/** The cutoffs of {@linkcode evaluateRetrieval} by default, as BEIR reports them. */
export const DEFAULT_K_VALUES: readonly number[] = [1, 5, 10, 100];

/** The metrics of {@linkcode evaluateRetrieval} by default, each at every cutoff. */
export const DEFAULT_RETRIEVAL_METRICS: readonly string[] = [
  "ndcg",
  "recall",
  "P",
  "rr",
  "ap",
];

/** Query texts: a map or object from id to text, or `{id, text}` records. */
export type QueriesLike =
  | ReadonlyMap<QueryId, string>
  | Readonly<Record<QueryId, string>>
  | Iterable<Pick<DatasetQuery, "id" | "text">>;

/** Options of {@linkcode evaluateRetrieval}. */
export interface EvaluateRetrievalOptions {
  /** The cutoffs a bare metric name is computed at. Default: {@linkcode DEFAULT_K_VALUES}. */
  kValues?: readonly number[];
  /**
   * Metric specs. A bare name (`ndcg`, `recall`, `mrr`) is computed at every
   * cutoff of `kValues` (once, without a cutoff, when `kValues` is empty or
   * the metric takes none); a spec with a cutoff (`ndcg@20`) as is.
   * Default: {@linkcode DEFAULT_RETRIEVAL_METRICS}.
   */
  metrics?: readonly string[];
  /**
   * Results to ask for per query. Default: the deepest cutoff among
   * `kValues` and the metrics (1000 when there is none). Raise it when
   * passages collapse into fewer source documents.
   */
  limit?: number;
  /** Queries in flight at once. Default: the retriever's `concurrency`, else 1. */
  concurrency?: number;
  /** The corpus ids; retrieved ids outside it are recorded in `unknownIds`. */
  documentIds?: Iterable<DocId>;
  /** Stop at the first failed query or unknown id, throwing a {@linkcode RetrievalError}. Default: false. */
  strict?: boolean;
  /** A document is relevant when its grade is at least this. Default: 1. */
  relevanceLevel?: number;
  /** The registry that resolves metric specs. Default: the built-in one. */
  registry?: Registry;
  /** Maps a result to its source document. Default: `sourceId`, `docId`, then `id`. */
  sourceOf?: (item: RetrievedItem) => DocId;
  /** Called after each query with how many are done and how many there are. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Runs the retriever on every judged query and scores the rankings.
 *
 * Queries run in qrels order; a judged query without text, or without a
 * document at the relevance level, is skipped and listed in `skipped`. A
 * query whose retrieval throws is recorded in `failures` and scored as an
 * empty ranking, so means stay over every runnable query; in strict mode it
 * throws instead, aborting the queries in flight through their `signal`.
 * When every query failed nothing was measured, and it throws too.
 *
 * @example The ef seed's example
 * ```ts
 * import { evaluateRetrieval } from "./evaluate_retrieval.ts";
 * const qrels = { q1: { d1: 1, d2: 1 }, q2: { d3: 1 } };
 * const queries = { q1: "first query", q2: "second query" };
 * const rankings: Record<string, string[]> = {
 *   "first query": ["d1", "d9", "d2"],
 *   "second query": ["d9", "d3"],
 * };
 * const retriever = (query: string, { limit }: { limit: number }) =>
 *   rankings[query].slice(0, limit);
 * const report = await evaluateRetrieval(retriever, qrels, queries, { kValues: [1, 3] });
 * console.log(report.aggregate["recall@3"]); // 1
 * console.log(report.primaryAt(1)); // 0.5
 * ```
 *
 * @param retriever A retriever object or function.
 * @param qrels The judgements, as maps or a plain object.
 * @param queries The query texts.
 * @param options Cutoffs, metrics, limit, concurrency and strictness.
 * @returns The report.
 * @throws {TypeError} If a metric is unknown or no query can be run.
 * @throws {RangeError} If a cutoff, the limit or the concurrency is not a positive integer.
 * @throws {RetrievalError} In strict mode, for the first failed query or
 * unknown id; when every query failed, naming the first.
 */
export async function evaluateRetrieval(
  retriever: RetrieverLike,
  qrels: Qrels | QrelsRecord,
  queries: QueriesLike,
  options: EvaluateRetrievalOptions = {},
): Promise<RetrievalReport> {
  const registry = options.registry ?? builtinRegistry;
  const kValues = [...(options.kValues ?? DEFAULT_K_VALUES)];
  for (const k of kValues) positiveInteger("Cutoff", k);
  const metrics = expandMetrics(
    options.metrics ?? DEFAULT_RETRIEVAL_METRICS,
    kValues,
    registry,
  );
  const limit = options.limit ?? defaultLimit(kValues, metrics);
  positiveInteger("Limit", limit);
  const target = asRetriever(retriever);
  const concurrency = options.concurrency ?? target.concurrency ?? 1;
  checkConcurrency(concurrency);
  const level = options.relevanceLevel ?? 1;

  const judged = qrelsOf(qrels);
  const texts = textsOf(queries);
  const runnable: [QueryId, string][] = [];
  const skipped: SkippedQuery[] = [];
  for (const [queryId, judgements] of judged) {
    const text = texts.get(queryId);
    if (text === undefined) skipped.push({ queryId, reason: "no query text" });
    else if (![...judgements.values()].some((g) => g >= level)) {
      skipped.push({ queryId, reason: "no relevant documents" });
    } else runnable.push([queryId, text]);
  }
  if (runnable.length === 0) {
    throw new TypeError(
      `No query can be scored: none of the ${judged.size} judged queries has both a text and a relevant document`,
    );
  }

  const corpus = options.documentIds ? new Set(options.documentIds) : undefined;
  const ranked: RankedList[] = new Array(runnable.length);
  const failures: (RetrievalFailure | undefined)[] = new Array(runnable.length);
  const unknown: (DocId[] | undefined)[] = new Array(runnable.length);
  let next = 0;
  let done = 0;
  let fatal: RetrievalError | undefined;
  // Aborted at the first fatal failure, so queries in flight stop early.
  const stop = new AbortController();
  const worker = async () => {
    while (fatal === undefined && next < runnable.length) {
      const i = next++;
      const [queryId, text] = runnable[i];
      try {
        const items = await target.retrieve(text, {
          limit,
          queryId,
          signal: stop.signal,
        });
        try {
          ranked[i] = rankingFromHits(queryId, items, {
            limit,
            sourceOf: options.sourceOf,
          });
        } catch (error) {
          throw new RetrievalError("response", (error as Error).message, {
            cause: error,
          });
        }
        const outside = corpus && ranked[i].docs.filter((d) => !corpus.has(d));
        if (outside?.length) {
          unknown[i] = outside;
          if (options.strict) {
            throw new RetrievalError(
              "unknown-ids",
              `returned ${outside.length} id(s) not in the corpus: ${
                outside.slice(0, 5).map((d) => JSON.stringify(d)).join(", ")
              }`,
            );
          }
        }
      } catch (error) {
        const kind = error instanceof RetrievalError ? error.kind : "retriever";
        const message = error instanceof Error ? error.message : String(error);
        failures[i] = { queryId, kind, message };
        ranked[i] = { queryId, docs: [] };
        if (options.strict && fatal === undefined) {
          fatal = new RetrievalError(kind, `Query "${queryId}": ${message}`, {
            queryId,
            cause: error,
            status: error instanceof RetrievalError ? error.status : undefined,
          });
          stop.abort(fatal);
        }
      }
      options.onProgress?.(++done, runnable.length);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(concurrency, runnable.length) }, worker),
  );
  if (fatal) throw fatal;
  // Means over queries that all failed would measure the failure (a server
  // down), not the retriever: nothing was scored.
  const failed = failures.filter((f) => f !== undefined);
  if (failed.length === runnable.length) {
    const [first] = failed;
    throw new RetrievalError(
      first.kind,
      `All ${runnable.length} queries failed, nothing was measured; the first: query "${first.queryId}" (${first.kind}): ${first.message}`,
      { queryId: first.queryId },
    );
  }

  const evaluation = evaluateSync(
    ranked,
    new Map(runnable.map(([id]) => [id, judged.get(id)!])),
    metrics,
    { relevanceLevel: level, registry },
  );
  const labels = evaluation.metrics.map((m) => m.label);
  const perQuery: Record<QueryId, Record<string, number>> = {};
  for (const [queryId, values] of evaluation.perQuery) {
    perQuery[queryId] = Object.fromEntries(
      labels.map((l, m) => [l, values[m]]),
    );
  }
  return new RetrievalReport({
    metrics: labels,
    aggregate: { ...evaluation.aggregate },
    perQuery,
    nQueries: evaluation.counts.scored,
    kValues,
    failures: failed,
    unknownIds: new Map(
      runnable.flatMap(([id], i) => unknown[i] ? [[id, unknown[i]!]] : []),
    ),
    skipped,
    run: ranked,
    evaluation,
    retriever: target.name,
  });
}

/**
 * {@linkcode evaluateRetrieval} over a dataset: its judgements, its queries,
 * and its corpus ids for the unknown-id check.
 *
 * @example
 * ```ts
 * import { evaluateDataset } from "./evaluate_retrieval.ts";
 * import { Bm25Retriever } from "./bm25.ts";
 * import { readGoDataset } from "../formats/go_dataset.ts";
 * const dataset = await readGoDataset(new URL("../examples/dataset.json", import.meta.url).pathname);
 * const report = await evaluateDataset(new Bm25Retriever(dataset.documents), dataset, {
 *   metrics: ["ndcg@10", "recall@100", "rr"],
 * });
 * console.log(report.nQueries); // 32
 * ```
 *
 * @param retriever A retriever object or function.
 * @param dataset The dataset.
 * @param options As for {@linkcode evaluateRetrieval}; `documentIds` defaults to the corpus.
 * @returns The report.
 */
export function evaluateDataset(
  retriever: RetrieverLike,
  dataset: RetrievalDataset,
  options: EvaluateRetrievalOptions = {},
): Promise<RetrievalReport> {
  return evaluateRetrieval(retriever, dataset.qrels, dataset.queries, {
    documentIds: dataset.documents.map((d) => d.id),
    ...options,
  });
}

function expandMetrics(
  specs: readonly string[],
  kValues: readonly number[],
  registry: Registry,
): BoundMetric<JudgedRanking>[] {
  const modes = new Map(
    registry.definitions().map((d) => [d.name, d.cutoff ?? "optional"]),
  );
  const out = new Map<string, BoundMetric<JudgedRanking>>();
  for (const spec of specs) {
    const bound = registry.resolve<JudgedRanking>(spec);
    const expand = bound.cutoff === undefined && kValues.length > 0 &&
      modes.get(bound.name) !== "none";
    const list = expand
      ? kValues.map((k) => registry.resolve<JudgedRanking>(`${spec}@${k}`))
      : [bound];
    for (const metric of list) {
      if (!out.has(metric.label)) out.set(metric.label, metric);
    }
  }
  return [...out.values()];
}

function defaultLimit(
  kValues: readonly number[],
  metrics: readonly BoundMetric<JudgedRanking>[],
): number {
  const cutoffs = [
    ...kValues,
    ...metrics.flatMap((m) => m.cutoff === undefined ? [] : [m.cutoff]),
  ];
  // reduce, not Math.max(...cutoffs): a spread of 125,000 overflows the stack.
  return cutoffs.length ? cutoffs.reduce((a, b) => Math.max(a, b)) : 1000;
}

function textsOf(queries: QueriesLike): Map<QueryId, string> {
  const texts = new Map<QueryId, string>();
  if (queries instanceof Map) {
    for (const [id, text] of queries) texts.set(id, text);
  } else if (Symbol.iterator in Object(queries)) {
    for (
      const query of queries as Iterable<Pick<DatasetQuery, "id" | "text">>
    ) {
      texts.set(query.id, query.text);
    }
  } else {
    for (const [id, text] of Object.entries(queries)) texts.set(id, text);
  }
  for (const [id, text] of texts) {
    if (typeof text !== "string") {
      throw new TypeError(
        `Text of query "${id}" must be a string, got ${JSON.stringify(text)}`,
      );
    }
  }
  return texts;
}

function positiveInteger(what: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${what} must be a positive integer, got ${value}`);
  }
}
