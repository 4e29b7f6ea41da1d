/**
 * What a retriever is to ranklens: something that answers a query text with
 * document ids or search hits, best first, synchronously or not. A plain
 * function is one; {@linkcode functionRetriever} names it and sets how many
 * queries it may answer at once.
 *
 * @module
 */

/**
 * One search result: a document, or a passage of one. The ranking is
 * scored at the level of source documents: `sourceId` when present, else
 * `docId`, else `id`.
 *
 * @example A passage hit
 * ```ts
 * import type { SearchHit } from "./retriever.ts";
 * const hit: SearchHit = { id: "doc7#p3", sourceId: "doc7", score: 12.5, text: "..." };
 * console.log(hit.sourceId); // "doc7"
 * ```
 */
export interface SearchHit {
  /** The id of what matched: a document, or a passage. */
  readonly id?: string;
  /** The document id, when `id` names something else. */
  readonly docId?: string;
  /** The source document a passage was cut from. */
  readonly sourceId?: string;
  /** The retrieval score, higher is better. */
  readonly score?: number;
  /** The matched text. */
  readonly text?: string;
  /** Anything else the search system returned. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** A result as a retriever may give it: a bare document id or a hit. */
export type RetrievedItem = string | SearchHit;

/** What a retriever is told besides the query text. */
export interface RetrieveOptions {
  /** How many results to return at most. */
  readonly limit: number;
  /** The id of the query being answered. */
  readonly queryId?: string;
  /** Aborted when the caller gives up on the query. */
  readonly signal?: AbortSignal;
}

/**
 * A retriever as a function: `(query, { limit }) => ids | hits`, sync or
 * async, best first.
 */
export type RetrieverFunction = (
  query: string,
  options: RetrieveOptions,
) => readonly RetrievedItem[] | Promise<readonly RetrievedItem[]>;

/**
 * A retriever as an object, for adapters that carry state (an index, an HTTP
 * client).
 */
export interface Retriever {
  /** A short name, used as the run tag. */
  readonly name?: string;
  /** How many queries it may answer at once. Default: 1. */
  readonly concurrency?: number;
  /**
   * Answers one query.
   *
   * @param query The query text.
   * @param options The limit, query id and abort signal.
   * @returns Ids or hits, best first.
   */
  retrieve(
    query: string,
    options: RetrieveOptions,
  ): readonly RetrievedItem[] | Promise<readonly RetrievedItem[]>;
}

/** A retriever object or function. */
export type RetrieverLike = Retriever | RetrieverFunction;

/** Options of {@linkcode functionRetriever}. */
export interface FunctionRetrieverOptions {
  /** The run tag. Default: the function's name, else `retriever`. */
  name?: string;
  /** How many queries it may answer at once. Default: 1. */
  concurrency?: number;
}

/**
 * Wraps a function as a {@linkcode Retriever}.
 *
 * @example
 * ```ts
 * import { functionRetriever } from "./retriever.ts";
 * const index: Record<string, string[]> = { alpha: ["d1", "d2"] };
 * const retriever = functionRetriever(
 *   (query, { limit }) => (index[query] ?? []).slice(0, limit),
 *   { name: "lookup" },
 * );
 * console.log(await retriever.retrieve("alpha", { limit: 1 })); // ["d1"]
 * ```
 *
 * @param fn The function.
 * @param options Name and concurrency.
 * @returns The retriever.
 * @throws {RangeError} If `concurrency` is not a positive integer.
 */
export function functionRetriever(
  fn: RetrieverFunction,
  options: FunctionRetrieverOptions = {},
): Retriever {
  const concurrency = options.concurrency ?? 1;
  checkConcurrency(concurrency);
  return {
    name: options.name ?? (fn.name || "retriever"),
    concurrency,
    retrieve: (query, retrieveOptions) => fn(query, retrieveOptions),
  };
}

/**
 * A retriever object as is, or a function wrapped by {@linkcode functionRetriever}.
 *
 * @example
 * ```ts
 * import { asRetriever } from "./retriever.ts";
 * console.log(asRetriever(function bm25() { return []; }).name); // "bm25"
 * ```
 *
 * @param retriever A retriever or function.
 * @returns The retriever.
 */
export function asRetriever(retriever: RetrieverLike): Retriever {
  return typeof retriever === "function"
    ? functionRetriever(retriever)
    : retriever;
}

/**
 * Checks a concurrency limit.
 *
 * @example
 * ```ts
 * import { checkConcurrency } from "./retriever.ts";
 * checkConcurrency(4); // a positive integer passes
 * try {
 *   checkConcurrency(0.5);
 * } catch (error) {
 *   console.log((error as Error).message); // "Concurrency must be a positive integer, got 0.5"
 * }
 * ```
 *
 * @param concurrency The limit.
 * @throws {RangeError} If it is not a positive integer.
 */
export function checkConcurrency(concurrency: number): void {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(
      `Concurrency must be a positive integer, got ${concurrency}`,
    );
  }
}

/** Why a query could not be answered. */
export type RetrievalErrorKind =
  | "timeout"
  | "http"
  | "network"
  | "response"
  | "unknown-ids"
  | "retriever";

/**
 * A query a retriever could not answer, or answered with something unusable.
 *
 * @example
 * ```ts
 * import { RetrievalError } from "./retriever.ts";
 * const error = new RetrievalError("http", "HTTP 500 Internal Server Error", { status: 500 });
 * console.log(error.kind, error.status); // "http" 500
 * ```
 */
export class RetrievalError extends Error {
  /** What went wrong. */
  readonly kind: RetrievalErrorKind;
  /** The HTTP status, for `http` errors. */
  readonly status: number | undefined;
  /** The query, once known. */
  readonly queryId: string | undefined;

  /**
   * Creates the error.
   *
   * @param kind What went wrong.
   * @param message What happened, for people.
   * @param options The HTTP status, the query and the cause.
   */
  constructor(
    kind: RetrievalErrorKind,
    message: string,
    options: { status?: number; queryId?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "RetrievalError";
    this.kind = kind;
    this.status = options.status;
    this.queryId = options.queryId;
  }
}
