/**
 * How to ask the common search engines for a ranking and where their
 * responses keep it, for {@linkcode HttpRetriever}'s `preset` option:
 * Elasticsearch and OpenSearch (`_search`: `hits.hits[]._id`, `_score`),
 * Solr (`select`: `response.docs[].id`, `score`) and Vespa (`search/`:
 * `root.children[].id`, `relevance`).
 *
 * @module
 */

import type { SearchHit } from "./retriever.ts";

/** The names of the presets. */
export type SearchEnginePresetName =
  | "elasticsearch"
  | "opensearch"
  | "solr"
  | "vespa";

/** The names of the presets, in the order the help lists them. */
export const SEARCH_ENGINE_PRESET_NAMES: readonly SearchEnginePresetName[] = [
  "elasticsearch",
  "opensearch",
  "solr",
  "vespa",
];

/** A search engine's request and response shapes. */
export interface SearchEnginePreset {
  /** The engine, for messages. */
  readonly engine: string;
  /** The HTTP method of a search. */
  readonly method: "POST" | "GET";
  /** The request body (POST) or parameters (GET), with `{{query}}` and `{{limit}}`. */
  readonly requestTemplate: unknown;
  /** Where the hits are, for messages, e.g. `hits.hits`. */
  readonly hitsPath: string;
  /**
   * The hits of a response, or undefined when it does not have the
   * engine's shape.
   */
  hits(body: unknown): readonly unknown[] | undefined;
  /** A hit as ranklens reads it, or undefined when it has no id. */
  hit(item: unknown): SearchHit | undefined;
  /**
   * What marks the response as partial (a search that timed out or lost a
   * shard, answered with a success status all the same), or undefined for
   * a complete one: its hits are not the ranking the engine holds.
   */
  partial(body: unknown): string | undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
}

function idOf(value: unknown): string | undefined {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    return String(value);
  }
  return undefined;
}

function hitOf(id: string | undefined, score: unknown): SearchHit | undefined {
  if (id === undefined) return undefined;
  return typeof score === "number" ? { id, score } : { id };
}

// Elasticsearch and OpenSearch answer _search alike.
const luceneSearch = (engine: string): SearchEnginePreset => ({
  engine,
  method: "POST",
  requestTemplate: {
    size: "{{limit}}",
    query: { multi_match: { query: "{{query}}" } },
    _source: false,
  },
  hitsPath: "hits.hits",
  hits(body) {
    const hits = record(record(body)?.hits)?.hits;
    return Array.isArray(hits) ? hits : undefined;
  },
  hit(item) {
    const hit = record(item);
    return hitOf(idOf(hit?._id), hit?._score);
  },
  partial(body) {
    const response = record(body);
    if (response?.timed_out === true) return '"timed_out": true';
    const shards = record(response?._shards);
    const failed = shards?.failed;
    if (typeof failed === "number" && failed > 0) {
      return `"_shards.failed": ${failed} of ${shards?.total}`;
    }
    return undefined;
  },
});

/**
 * The presets by name.
 *
 * @example
 * ```ts
 * import { SEARCH_ENGINE_PRESETS } from "./search_engine_presets.ts";
 * const solr = SEARCH_ENGINE_PRESETS.solr;
 * const body = { response: { numFound: 1, docs: [{ id: "d7", score: 3.5 }] } };
 * console.log(solr.hits(body)?.map((item) => solr.hit(item))); // [{ id: "d7", score: 3.5 }]
 * ```
 */
export const SEARCH_ENGINE_PRESETS: Readonly<
  Record<SearchEnginePresetName, SearchEnginePreset>
> = {
  elasticsearch: luceneSearch("Elasticsearch"),
  opensearch: luceneSearch("OpenSearch"),
  solr: {
    engine: "Solr",
    method: "GET",
    requestTemplate: {
      q: "{{query}}",
      rows: "{{limit}}",
      fl: "id,score",
      wt: "json",
    },
    hitsPath: "response.docs",
    hits(body) {
      const docs = record(record(body)?.response)?.docs;
      return Array.isArray(docs) ? docs : undefined;
    },
    hit(item) {
      const doc = record(item);
      return hitOf(idOf(doc?.id), doc?.score);
    },
    partial(body) {
      // Set when timeAllowed ran out or a tolerated shard failed.
      const header = record(record(body)?.responseHeader);
      return header?.partialResults === true
        ? '"responseHeader.partialResults": true'
        : undefined;
    },
  },
  vespa: {
    engine: "Vespa",
    method: "POST",
    requestTemplate: {
      yql: "select * from sources * where userQuery()",
      query: "{{query}}",
      hits: "{{limit}}",
    },
    hitsPath: "root.children",
    hits(body) {
      const root = record(record(body)?.root);
      if (root === undefined) return undefined;
      // Vespa leaves `children` out when nothing matched.
      if (root.children === undefined) return [];
      return Array.isArray(root.children) ? root.children : undefined;
    },
    hit(item) {
      const hit = record(item);
      const id = idOf(hit?.id);
      // A document id is `id:namespace:type::user-id`; the user's id is
      // what the qrels name.
      const user = id?.startsWith("id:") && id.includes("::")
        ? id.slice(id.indexOf("::") + 2)
        : id;
      return hitOf(user === "" ? undefined : user, hit?.relevance);
    },
    partial(body) {
      // A timed-out or degraded search answers 200 with what it found.
      const root = record(record(body)?.root);
      const signs: string[] = [];
      if (record(root?.coverage)?.full === false) {
        signs.push('"root.coverage.full": false');
      }
      if (Array.isArray(root?.errors) && root.errors.length > 0) {
        const first = record(root.errors[0]);
        signs.push(
          `"root.errors": ${
            String(first?.message ?? first?.summary ?? JSON.stringify(first))
          }`,
        );
      }
      return signs.length ? signs.join(", ") : undefined;
    },
  },
};
