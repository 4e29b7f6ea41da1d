/**
 * From what a retriever returned to a ranked list of source documents:
 * passages are mapped back to the document they came from, and each source
 * keeps only its best rank.
 *
 * @module
 */

import type { DocId, QueryId, RankedList } from "../model/types.ts";
import type { RetrievedItem, SearchHit } from "./retriever.ts";

/**
 * The source document of a result: the id itself for a bare id, else the
 * hit's `sourceId`, `docId` or `id`, the first that is set.
 *
 * @example
 * ```ts
 * import { sourceIdOf } from "./search_hits.ts";
 * console.log(sourceIdOf("d1")); // "d1"
 * console.log(sourceIdOf({ id: "d1#2", sourceId: "d1" })); // "d1"
 * console.log(sourceIdOf({ id: "p9", docId: "d4" })); // "d4"
 * ```
 *
 * @param item A bare id or a hit.
 * @returns The source document id.
 * @throws {TypeError} If the item has no non-empty string id.
 */
export function sourceIdOf(item: RetrievedItem): DocId {
  if (typeof item === "string") {
    if (item === "") throw new TypeError("Result id is empty");
    return item;
  }
  if (typeof item !== "object" || item === null || Array.isArray(item)) {
    throw new TypeError(
      `Result must be an id or a hit object, got ${JSON.stringify(item)}`,
    );
  }
  const hit = item as SearchHit;
  for (const key of ["sourceId", "docId", "id"] as const) {
    const value: unknown = hit[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string" || value === "") {
      throw new TypeError(
        `Hit field "${key}" must be a non-empty string, got ${
          JSON.stringify(value)
        }`,
      );
    }
    return value;
  }
  throw new TypeError(
    `Hit has no "id", "docId" or "sourceId": ${
      JSON.stringify(item).slice(0, 80)
    }`,
  );
}

/** Options of {@linkcode rankingFromHits}. */
export interface RankingFromHitsOptions {
  /** Keep at most this many source documents. Default: all. */
  limit?: number;
  /**
   * Maps a result to its source document, for ids that encode it (e.g.
   * `doc7#p3`). Default: {@linkcode sourceIdOf}.
   */
  sourceOf?: (item: RetrievedItem) => DocId;
}

/**
 * Builds the ranked list of source documents from results in rank order.
 * A source seen again lower down is dropped, so each keeps its best rank (and
 * that hit's score). Scores are kept only when every kept hit has a finite
 * one.
 *
 * @example Passages mapped to their sources, best rank per source
 * ```ts
 * import { rankingFromHits } from "./search_hits.ts";
 * const ranked = rankingFromHits("q1", [
 *   { id: "a#1", sourceId: "a", score: 0.9 },
 *   { id: "b#4", sourceId: "b", score: 0.8 },
 *   { id: "a#2", sourceId: "a", score: 0.7 },
 *   { id: "c#1", sourceId: "c", score: 0.6 },
 * ]);
 * console.log(ranked.docs); // ["a", "b", "c"]
 * console.log(ranked.scores); // [0.9, 0.8, 0.6]
 * ```
 *
 * @param queryId The query.
 * @param items The results, best first.
 * @param options Limit and source mapping.
 * @returns The ranked list.
 * @throws {TypeError} If a result has no id or a score that is not a number,
 * naming the result's rank.
 */
export function rankingFromHits(
  queryId: QueryId,
  items: readonly RetrievedItem[],
  options: RankingFromHitsOptions = {},
): RankedList {
  if (!Array.isArray(items)) {
    throw new TypeError(
      `Results must be an array of ids or hits, got ${
        JSON.stringify(items)?.slice(0, 80)
      }`,
    );
  }
  const limit = options.limit ?? Infinity;
  const sourceOf = options.sourceOf ?? sourceIdOf;
  const docs: DocId[] = [];
  const scores: number[] = [];
  let allScored = true;
  const seen = new Set<DocId>();
  for (let i = 0; i < items.length && docs.length < limit; i++) {
    const item = items[i];
    let doc: DocId;
    try {
      doc = sourceOf(item);
    } catch (error) {
      throw new TypeError(`Result ${i + 1}: ${(error as Error).message}`);
    }
    const score: unknown = typeof item === "string" ? undefined : item.score;
    if (score !== undefined && score !== null && typeof score !== "number") {
      throw new TypeError(
        `Result ${i + 1}: score must be a number, got ${JSON.stringify(score)}`,
      );
    }
    if (seen.has(doc)) continue;
    seen.add(doc);
    docs.push(doc);
    if (typeof score === "number" && Number.isFinite(score)) scores.push(score);
    else allScored = false;
  }
  return allScored && docs.length ? { queryId, docs, scores } : {
    queryId,
    docs,
  };
}
