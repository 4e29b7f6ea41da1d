/**
 * The outcome of {@linkcode evaluateRetrieval}: metric means keyed like
 * `ndcg@10`, per-query values, what failed, and the run that was scored.
 *
 * @module
 */

import { builtinRegistry } from "../metrics/builtin.ts";
import { compareIds } from "../model/compare_ids.ts";
import type { Evaluation } from "../metrics/evaluate.ts";
import type { Registry } from "../metrics/registry.ts";
import type { DocId, QueryId, RankedList } from "../model/types.ts";
import { writeFileAtomic } from "../formats/atomic_write.ts";
import { formatRun, type FormatRunOptions } from "../formats/trec_run.ts";
import type { RetrievalErrorKind } from "./retriever.ts";

/** A query whose retrieval failed; it is scored as an empty ranking. */
export interface RetrievalFailure {
  /** The query. */
  readonly queryId: QueryId;
  /** What went wrong. */
  readonly kind: RetrievalErrorKind;
  /** The error message. */
  readonly message: string;
}

/** A judged query that was not run, and why. */
export interface SkippedQuery {
  /** The query. */
  readonly queryId: QueryId;
  /** Why: it has no text, or no relevant judgement. */
  readonly reason: "no query text" | "no relevant documents";
}

/** What a {@linkcode RetrievalReport} is built from. */
export interface RetrievalReportInit {
  /** Metric label to mean over the scored queries. */
  readonly aggregate: Readonly<Record<string, number>>;
  /** The metric labels, in order. Default: the keys of `aggregate`. */
  readonly metrics?: readonly string[];
  /** Query id to metric label to value. */
  readonly perQuery: Readonly<
    Record<QueryId, Readonly<Record<string, number>>>
  >;
  /** How many queries were scored. */
  readonly nQueries: number;
  /** The cutoffs bare metric names were computed at. */
  readonly kValues: readonly number[];
  /** Queries whose retrieval failed (scored as empty rankings). Default: none. */
  readonly failures?: readonly RetrievalFailure[];
  /** Query id to the retrieved ids that are not in the corpus. Default: none. */
  readonly unknownIds?: ReadonlyMap<QueryId, readonly DocId[]>;
  /** Judged queries that were not run. Default: none. */
  readonly skipped?: readonly SkippedQuery[];
  /** The ranked lists that were scored, in query order. Default: none. */
  readonly run?: readonly RankedList[];
  /** The evaluation behind the numbers, for the report renderers. */
  readonly evaluation?: Evaluation;
  /** The retriever's name, the default run tag. */
  readonly retriever?: string;
}

/**
 * Metrics over a query set, with the run that produced them.
 *
 * @example Built by hand, as the ef seed shows
 * ```ts
 * import { RetrievalReport } from "./retrieval_report.ts";
 * const report = new RetrievalReport({
 *   aggregate: { "ndcg@10": 0.83 },
 *   perQuery: {},
 *   nQueries: 12,
 *   kValues: [10],
 * });
 * console.log(report.primary); // 0.83
 * console.log(report.primaryAt(5)); // undefined
 * ```
 */
export class RetrievalReport {
  /** The metric labels (e.g. `ndcg@10`, `P@5`, `rr@10`), in order. */
  readonly metrics: readonly string[];
  /** Metric label to mean over the scored queries. */
  readonly aggregate: Readonly<Record<string, number>>;
  /** Query id to metric label to value. */
  readonly perQuery: Readonly<
    Record<QueryId, Readonly<Record<string, number>>>
  >;
  /** How many queries were scored (failed ones included, as zeros). */
  readonly nQueries: number;
  /** The cutoffs bare metric names were computed at. */
  readonly kValues: readonly number[];
  /** Queries whose retrieval failed, scored as empty rankings. */
  readonly failures: readonly RetrievalFailure[];
  /** Query id to retrieved ids outside the corpus (ranked as not relevant). */
  readonly unknownIds: ReadonlyMap<QueryId, readonly DocId[]>;
  /** Judged queries that were not run. */
  readonly skipped: readonly SkippedQuery[];
  /** The ranked lists that were scored, in query order. */
  readonly run: readonly RankedList[];
  /** The evaluation behind the numbers. */
  readonly evaluation: Evaluation | undefined;
  /** The retriever's name. */
  readonly retriever: string | undefined;

  /**
   * Creates a report.
   *
   * @param init The numbers and what happened.
   */
  constructor(init: RetrievalReportInit) {
    this.aggregate = init.aggregate;
    this.metrics = init.metrics ?? Object.keys(init.aggregate);
    this.perQuery = init.perQuery;
    this.nQueries = init.nQueries;
    this.kValues = init.kValues;
    this.failures = init.failures ?? [];
    this.unknownIds = init.unknownIds ?? new Map();
    this.skipped = init.skipped ?? [];
    this.run = init.run ?? [];
    this.evaluation = init.evaluation;
    this.retriever = init.retriever;
  }

  /** The headline number: mean nDCG@10, or undefined when not computed. */
  get primary(): number | undefined {
    return this.primaryAt(10);
  }

  /**
   * Mean nDCG at a cutoff.
   *
   * @param k The cutoff.
   * @returns The mean, or undefined when `ndcg@k` was not computed.
   */
  primaryAt(k: number): number | undefined {
    return this.aggregate[`ndcg@${k}`];
  }

  /**
   * The mean of a metric named any way the registry knows it, e.g.
   * `mrr@10` for `rr@10` or `map@100` for `ap@100`.
   *
   * @example
   * ```ts
   * import { RetrievalReport } from "./retrieval_report.ts";
   * const report = new RetrievalReport({ aggregate: { "rr@10": 0.5 }, perQuery: {}, nQueries: 2, kValues: [10] });
   * console.log(report.value("mrr@10")); // 0.5
   * console.log(report.value("MRR@10")); // 0.5
   * ```
   *
   * @param spec A metric spec.
   * @param registry The registry that resolves it. Default: the built-in one.
   * @returns The mean, or undefined when it was not computed.
   * @throws {TypeError} If the spec names no metric.
   */
  value(
    spec: string,
    registry: Registry = builtinRegistry,
  ): number | undefined {
    return this.aggregate[registry.resolve(spec).label];
  }

  /**
   * The scored run as TREC run text. A ranking keeps its scores only when
   * trec_eval would rank by them in the same order (score descending, ties
   * by document id descending); otherwise scores are minus the rank. An
   * empty ranking has no lines, so re-evaluate with `-c` (average over every
   * judged query) to reproduce the report's means.
   *
   * @example
   * ```ts
   * import { RetrievalReport } from "./retrieval_report.ts";
   * const report = new RetrievalReport({
   *   aggregate: {}, perQuery: {}, nQueries: 1, kValues: [],
   *   run: [{ queryId: "q1", docs: ["d2", "d1"], scores: [1, 1] }],
   * });
   * console.log(await report.formatRun({ tag: "x" })); // "q1 Q0 d2 1 1 x\nq1 Q0 d1 2 1 x\n"
   * ```
   *
   * @param options The run tag. Default: the retriever's name, else `ranklens`.
   * @returns The text.
   */
  formatRun(options: FormatRunOptions = {}): Promise<string> {
    return formatRun(this.run.map(trecOrdered), {
      tag: options.tag ?? this.retriever,
    });
  }

  /**
   * Writes {@linkcode RetrievalReport.formatRun} to a file, atomically.
   *
   * @param path The file.
   * @param options The run tag.
   */
  async saveRun(path: string, options: FormatRunOptions = {}): Promise<void> {
    await writeFileAtomic(path, await this.formatRun(options));
  }

  /**
   * The report as plain JSON data, with the report's own keys (the schema is
   * `report/schemas/retrieval.json`).
   *
   * @example
   * ```ts
   * import { RetrievalReport } from "./retrieval_report.ts";
   * const report = new RetrievalReport({ aggregate: { "rr@10": 0.5 }, perQuery: {}, nQueries: 2, kValues: [10] });
   * const { metrics, aggregate } = report.toJSON();
   * console.log(metrics, aggregate); // [ "rr@10" ] { "rr@10": 0.5 }
   * ```
   *
   * @returns Metric labels and means, per-query values, counts, failures, unknown ids and skipped queries.
   */
  toJSON(): {
    retriever?: string;
    nQueries: number;
    kValues: number[];
    metrics: string[];
    aggregate: Record<string, number>;
    perQuery: Record<QueryId, Record<string, number>>;
    failures: RetrievalFailure[];
    unknownIds: Record<QueryId, DocId[]>;
    skipped: SkippedQuery[];
  } {
    return {
      ...(this.retriever !== undefined ? { retriever: this.retriever } : {}),
      nQueries: this.nQueries,
      kValues: [...this.kValues],
      metrics: [...this.metrics],
      aggregate: { ...this.aggregate },
      perQuery: Object.fromEntries(
        Object.keys(this.perQuery).sort(compareIds).map((
          id,
        ) => [id, { ...this.perQuery[id] }]),
      ),
      failures: [...this.failures],
      unknownIds: Object.fromEntries(
        [...this.unknownIds].map(([id, docs]) => [id, [...docs]]),
      ),
      skipped: [...this.skipped],
    };
  }
}

/** The list as is when trec_eval's re-ranking by score keeps its order, else without scores. */
function trecOrdered(ranked: RankedList): RankedList {
  const { scores, docs } = ranked;
  if (!scores) return ranked;
  for (let i = 1; i < docs.length; i++) {
    const kept = scores[i - 1] > scores[i] ||
      (scores[i - 1] === scores[i] && compareIds(docs[i - 1], docs[i]) > 0);
    if (!kept) return { queryId: ranked.queryId, docs };
  }
  return ranked;
}
