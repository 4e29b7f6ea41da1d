/**
 * A retriever behind HTTP: one JSON request per query, with a request
 * template, a response path, a concurrency limit, a timeout and retries with
 * exponential backoff.
 *
 * With no configuration it POSTs `{"query": TEXT, "limit": N}` and accepts a
 * JSON array of ids or hits, or an object holding one under `hits` or
 * `results`. Hits may spell their fields `id`/`_id`, `docId`/`doc_id` and
 * `sourceId`/`source_id`; numeric ids are read as their decimal text. A
 * preset speaks Elasticsearch's, OpenSearch's, Solr's or Vespa's dialect.
 *
 * The response is read as a stream and refused once its body (inflated, when
 * compressed) passes `maxResponseBytes`. Redirects are followed only within
 * the endpoint's origin, so the request body and headers (an API key) never
 * reach another server.
 *
 * @module
 */

import { checkUniqueKeys } from "../formats/json_text.ts";
import { firstInvalid, hexByte } from "../formats/utf8.ts";
import { InputError } from "../model/errors.ts";
import {
  SEARCH_ENGINE_PRESET_NAMES,
  SEARCH_ENGINE_PRESETS,
  type SearchEnginePreset,
  type SearchEnginePresetName,
} from "./search_engine_presets.ts";
import {
  checkConcurrency,
  RetrievalError,
  type RetrievedItem,
  type RetrieveOptions,
  type Retriever,
  type SearchHit,
} from "./retriever.ts";

/** The request body (POST) or query parameters (GET) used without a template. */
export const DEFAULT_REQUEST_TEMPLATE: Readonly<Record<string, string>> = {
  query: "{{query}}",
  limit: "{{limit}}",
};

export { SEARCH_ENGINE_PRESET_NAMES, SEARCH_ENGINE_PRESETS };
export type { SearchEnginePreset, SearchEnginePresetName };

/** The largest response body read by default: 64 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** How many redirects within the endpoint's origin are followed. */
export const MAX_REDIRECTS = 5;

/** Options of {@linkcode HttpRetriever}. */
export interface HttpRetrieverOptions {
  /** The endpoint. May hold `{{query}}`, `{{limit}}` and `{{queryId}}`, URL-encoded when filled. */
  url: string | URL;
  /**
   * A search engine's dialect: `elasticsearch` or `opensearch` (POST
   * `{"size", "query": {"multi_match"}}` to `INDEX/_search`, hits at
   * `hits.hits[]._id`/`_score`), `solr` (GET `select?q=&rows=&fl=id,score`,
   * hits at `response.docs[].id`/`score`) or `vespa` (POST `{"yql", "query",
   * "hits"}` to `search/`, hits at `root.children[].id`/`relevance`, the id
   * after `::`). `method`, `requestTemplate` and `responsePath` override its
   * parts. Default: none.
   */
  preset?: SearchEnginePresetName;
  /** The HTTP method. Default: `POST` (the preset's, with one). */
  method?: "POST" | "GET";
  /**
   * The JSON body (POST) or the query parameters (GET, an object). A string
   * that is exactly `{{limit}}` becomes the number, `{{query}}` and
   * `{{queryId}}` the strings; inside longer strings they are spliced in as
   * text. Default: {@linkcode DEFAULT_REQUEST_TEMPLATE} (for GET, none when
   * the URL has placeholders).
   */
  requestTemplate?: unknown;
  /**
   * Where the results are in the response, as dot-separated keys and array
   * indexes, e.g. `data.search.hits`. Default: the response itself when it
   * is an array, else its `hits` or `results` array.
   */
  responsePath?: string;
  /** Extra request headers, e.g. an authorization. */
  headers?: HeadersInit;
  /** Requests in flight at most. Default: 4. */
  concurrency?: number;
  /** Milliseconds to wait for each attempt's full response. Default: 30000. */
  timeout?: number;
  /** Attempts after the first one for timeouts, network errors, 408, 429 and 5xx. Default: 2. */
  retries?: number;
  /** Milliseconds before the first retry, doubled for each further one. Default: 250. */
  backoff?: number;
  /**
   * The largest response body accepted, in bytes after decompression: a
   * response that passes it is refused (and not retried). Default:
   * {@linkcode DEFAULT_MAX_RESPONSE_BYTES}.
   */
  maxResponseBytes?: number;
  /** The run tag. Default: `http` (the preset's name, with one). */
  name?: string;
  /** The fetch implementation. Default: the global `fetch`. */
  fetch?: typeof fetch;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
const NAMES = new Set(["query", "limit", "queryId"]);

interface Values {
  readonly query: string;
  readonly limit: number;
  readonly queryId: string | undefined;
}

/**
 * Queries an HTTP search endpoint.
 *
 * @example A search service with a custom request and response shape
 * ```ts ignore
 * import { HttpRetriever } from "./http_retriever.ts";
 * const retriever = new HttpRetriever({
 *   url: "http://localhost:8080/search",
 *   requestTemplate: { q: "{{query}}", size: "{{limit}}", mode: "hybrid" },
 *   responsePath: "data.hits",
 *   timeout: 5000,
 *   retries: 3,
 * });
 * const hits = await retriever.retrieve("chain wear", { limit: 10 });
 * ```
 *
 * @example Against a local server
 * ```ts
 * import { HttpRetriever } from "./http_retriever.ts";
 * const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
 *   const { query, limit } = await request.json();
 *   return Response.json({ hits: [{ id: `${query}-1`, score: 2 }, { id: `${query}-2`, score: 1 }].slice(0, limit) });
 * });
 * const retriever = new HttpRetriever({ url: `http://127.0.0.1:${server.addr.port}/search` });
 * console.log(await retriever.retrieve("chain", { limit: 1 })); // [{ id: "chain-1", score: 2 }]
 * await server.shutdown();
 * ```
 */
export class HttpRetriever implements Retriever {
  /** The run tag. */
  readonly name: string;
  /** Requests in flight at most. */
  readonly concurrency: number;
  readonly #url: string;
  readonly #method: "POST" | "GET";
  readonly #template: unknown;
  readonly #path: readonly string[] | undefined;
  readonly #headers: Headers;
  readonly #timeout: number;
  readonly #retries: number;
  readonly #backoff: number;
  readonly #maxBytes: number;
  readonly #preset: SearchEnginePreset | undefined;
  readonly #fetch: typeof fetch;
  #active = 0;
  readonly #waiting: (() => void)[] = [];

  /**
   * Checks the configuration; nothing is sent until the first query.
   *
   * @param options The endpoint and how to talk to it.
   * @throws {TypeError} If the URL is invalid, the method unknown, a
   * placeholder unknown or a GET template not an object of parameters.
   * @throws {RangeError} If a number is out of range.
   */
  constructor(options: HttpRetrieverOptions) {
    this.#url = String(options.url);
    try {
      new URL(this.#url.replace(PLACEHOLDER, "x"));
    } catch {
      throw new TypeError(`Invalid retriever URL "${this.#url}"`);
    }
    if (
      options.preset !== undefined &&
      !SEARCH_ENGINE_PRESET_NAMES.includes(options.preset)
    ) {
      throw new TypeError(
        `Preset must be one of ${SEARCH_ENGINE_PRESET_NAMES.join(", ")}, got "${
          String(options.preset)
        }"`,
      );
    }
    const preset = options.preset === undefined
      ? undefined
      : SEARCH_ENGINE_PRESETS[options.preset];
    this.#preset = preset;
    const method = options.method ?? preset?.method ?? "POST";
    if (method !== "POST" && method !== "GET") {
      throw new TypeError(`Method must be POST or GET, got "${method}"`);
    }
    this.#method = method;
    const urlHasPlaceholders = PLACEHOLDER.test(this.#url);
    PLACEHOLDER.lastIndex = 0;
    this.#template = options.requestTemplate ?? preset?.requestTemplate ??
      (method === "GET" && urlHasPlaceholders
        ? undefined
        : DEFAULT_REQUEST_TEMPLATE);
    checkPlaceholders(this.#url);
    checkPlaceholders(JSON.stringify(this.#template) ?? "");
    if (method === "GET" && this.#template !== undefined) {
      const t = this.#template;
      if (typeof t !== "object" || t === null || Array.isArray(t)) {
        throw new TypeError(
          `A GET request template must be an object of query parameters, got ${
            JSON.stringify(t)
          }`,
        );
      }
    }
    this.#path = options.responsePath === undefined
      ? undefined
      : parsePath(options.responsePath);
    this.#headers = new Headers(options.headers);
    this.concurrency = options.concurrency ?? 4;
    checkConcurrency(this.concurrency);
    this.#timeout = nonNegative("timeout", options.timeout ?? 30_000);
    if (this.#timeout === 0) {
      throw new RangeError("Timeout must be positive, got 0");
    }
    this.#retries = nonNegative("retries", options.retries ?? 2);
    if (!Number.isInteger(this.#retries)) {
      throw new RangeError(
        `Retries must be an integer >= 0, got ${this.#retries}`,
      );
    }
    this.#backoff = nonNegative("backoff", options.backoff ?? 250);
    this.#maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    if (!(Number.isSafeInteger(this.#maxBytes) && this.#maxBytes > 0)) {
      throw new RangeError(
        `The maximum response size must be a positive integer of bytes, got ${this.#maxBytes}`,
      );
    }
    this.name = options.name ?? options.preset ?? "http";
    this.#fetch = options.fetch ?? fetch;
  }

  /**
   * Sends the query, retrying transient failures, and returns the results.
   *
   * @param query The query text.
   * @param options The limit, query id and abort signal.
   * @returns Ids or hits, best first.
   * @throws {RetrievalError} When every attempt failed or the response is unusable.
   */
  async retrieve(
    query: string,
    options: RetrieveOptions,
  ): Promise<RetrievedItem[]> {
    const values = { query, limit: options.limit, queryId: options.queryId };
    await this.#acquire();
    try {
      for (let attempt = 1;; attempt++) {
        try {
          return await this.#attempt(values, options.signal);
        } catch (error) {
          const last = attempt > this.#retries || !retryable(error) ||
            options.signal?.aborted;
          if (last) {
            if (!(error instanceof RetrievalError) || attempt === 1) {
              throw error;
            }
            throw new RetrievalError(
              error.kind,
              `${error.message} (after ${attempt} attempts)`,
              { status: error.status, cause: error },
            );
          }
          await sleep(this.#backoff * 2 ** (attempt - 1), options.signal);
        }
      }
    } finally {
      this.#release();
    }
  }

  async #attempt(
    values: Values,
    signal: AbortSignal | undefined,
  ): Promise<RetrievedItem[]> {
    const url = new URL(
      this.#url.replace(
        PLACEHOLDER,
        (_, name: string) => encodeURIComponent(String(valueOf(values, name))),
      ),
    );
    const where = `${this.#method} ${url.origin}${url.pathname}`;
    const init: RequestInit = { method: this.#method, headers: this.#headers };
    if (this.#method === "GET") {
      if (this.#template !== undefined) {
        const params = fill(this.#template, values) as Record<string, unknown>;
        for (const [key, value] of Object.entries(params)) {
          url.searchParams.set(
            key,
            typeof value === "string" ? value : JSON.stringify(value),
          );
        }
      }
    } else {
      init.body = JSON.stringify(fill(this.#template, values));
      if (!this.#headers.has("content-type")) {
        const headers = new Headers(this.#headers);
        headers.set("content-type", "application/json");
        init.headers = headers;
      }
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.#timeout);
    const forward = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", forward, { once: true });
    // A permission not granted fails every attempt alike: no retry.
    const failure = (error: unknown) =>
      timedOut
        ? new RetrievalError(
          "timeout",
          `${where}: no response within ${this.#timeout} ms`,
        )
        : signal?.aborted || error instanceof Deno.errors.NotCapable
        ? error
        : new RetrievalError(
          "network",
          `${where}: ${(error as Error).message ?? error}`,
          { cause: error },
        );
    try {
      let response: Response;
      let text: string;
      try {
        response = await this.#follow(url, {
          ...init,
          signal: controller.signal,
        }, where);
        text = await this.#body(response, where);
      } catch (error) {
        if (error instanceof RetrievalError) throw error;
        throw failure(error);
      }
      if (!response.ok) {
        throw new RetrievalError(
          "http",
          `${where}: HTTP ${response.status} ${response.statusText}${
            text ? `: ${snippet(text)}` : ""
          }`,
          { status: response.status },
        );
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new RetrievalError(
          "response",
          `${where}: the response is not valid JSON: ${snippet(text)}`,
        );
      }
      try {
        // JSON.parse kept the last of a repeated key ("score" twice in a
        // hit): a ranking would rest on a value the service may not mean.
        checkUniqueKeys(text, body, { name: "response" });
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        throw new RetrievalError("response", `${where}: ${error.message}`);
      }
      return this.#results(body, where);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", forward);
    }
  }

  // Redirects within the origin are followed, as the same request; one to
  // another origin is refused, so the body and headers stay with the
  // server they were meant for.
  async #follow(
    url: URL,
    init: RequestInit,
    where: string,
  ): Promise<Response> {
    for (let hops = 0;; hops++) {
      const response = await this.#fetch(url, { ...init, redirect: "manual" });
      const location = response.headers.get("location");
      if (
        !(response.status >= 300 && response.status < 400) || location === null
      ) {
        return response;
      }
      await response.body?.cancel();
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new RetrievalError(
          "http",
          `${where}: HTTP ${response.status} redirect to an invalid location "${location}"`,
          { status: response.status },
        );
      }
      if (next.origin !== url.origin) {
        throw new RetrievalError(
          "http",
          `${where}: HTTP ${response.status} redirect to another origin (${next.origin}${next.pathname}) not followed, so the request and its headers are not sent there; give that URL as the endpoint if it is meant`,
          { status: response.status },
        );
      }
      if (hops === MAX_REDIRECTS) {
        throw new RetrievalError(
          "http",
          `${where}: more than ${MAX_REDIRECTS} redirects`,
          { status: response.status },
        );
      }
      url = next;
    }
  }

  // The body, read chunk by chunk (fetch has inflated a compressed one) and
  // refused once it passes the bound, before it can fill the memory. Each
  // chunk is copied into one buffer rather than kept: an inflated chunk of
  // 4 KiB is a view of a 64 KiB buffer, so 64 MiB of kept chunks held
  // about 800 MB.
  async #body(response: Response, where: string): Promise<string> {
    const tooLarge = () =>
      new RetrievalError(
        "response",
        `${where}: the response is larger than ${this.#maxBytes} bytes (maxResponseBytes, --max-response-bytes raises it)`,
      );
    const declared = Number(response.headers.get("content-length") ?? NaN);
    const encoded = response.headers.has("content-encoding");
    if (declared > this.#maxBytes && !encoded) {
      await response.body?.cancel();
      throw tooLarge();
    }
    if (response.body === null) return "";
    let bytes = new Uint8Array(
      Math.min(this.#maxBytes, declared >= 0 && !encoded ? declared : 65536),
    );
    let size = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.length > this.#maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      if (size + value.length > bytes.length) {
        const grown = new Uint8Array(
          Math.min(
            this.#maxBytes,
            Math.max(2 * bytes.length, size + value.length),
          ),
        );
        grown.set(bytes.subarray(0, size));
        bytes = grown;
      }
      bytes.set(value, size);
      size += value.length;
    }
    const body = bytes.subarray(0, size);
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(body);
    } catch {
      // A lossy decoding would turn a Latin-1 "café" into an id no qrels
      // name, and the query would score as if it had missed.
      const at = firstInvalid(body);
      const type = response.headers.get("content-type");
      throw new RetrievalError(
        "response",
        `${where}: the response is not valid UTF-8 (${
          at < size
            ? `byte ${at + 1} is ${hexByte(body[at])}`
            : "it ends inside a character"
        }), as JSON must be${type ? `; its content type says ${type}` : ""}`,
      );
    }
  }

  #results(body: unknown, where: string): RetrievedItem[] {
    // With its own response path too: the engine still answered partly.
    const partial = this.#preset?.partial(body);
    if (partial !== undefined) {
      throw new RetrievalError(
        "response",
        `${where}: a partial ${
          this.#preset!.engine
        } response (${partial}): its hits are not the engine's full ranking`,
      );
    }
    let list: unknown = body;
    if (this.#path) {
      for (const key of this.#path) {
        list = typeof list === "object" && list !== null
          ? (list as Record<string, unknown>)[key]
          : undefined;
        if (list === undefined) {
          throw new RetrievalError(
            "response",
            `${where}: the response has no "${this.#path.join(".")}"`,
          );
        }
      }
    } else if (this.#preset) {
      list = this.#preset.hits(body);
      if (list === undefined) {
        throw new RetrievalError(
          "response",
          `${where}: not the shape of a ${this.#preset.engine} response, no "${this.#preset.hitsPath}" array in ${
            snippet(JSON.stringify(body))
          }`,
        );
      }
    } else if (!Array.isArray(body)) {
      const record = body as Record<string, unknown> | null;
      list = Array.isArray(record?.hits)
        ? record.hits
        : Array.isArray(record?.results)
        ? record.results
        : undefined;
    }
    if (!Array.isArray(list)) {
      throw new RetrievalError(
        "response",
        `${where}: expected an array of ids or hits${
          this.#path
            ? ` at "${this.#path.join(".")}"`
            : ', or an object with "hits" or "results"'
        }, got ${snippet(JSON.stringify(list ?? body))}`,
      );
    }
    const preset = this.#preset;
    if (preset === undefined) {
      return list.map((item, i) => itemOf(item, i, where));
    }
    return list.map((item, i) => {
      const hit = preset.hit(item);
      if (hit === undefined) {
        throw new RetrievalError(
          "response",
          `${where}: ${preset.engine} hit ${i + 1} has no id: ${
            snippet(JSON.stringify(item))
          }`,
        );
      }
      return hit;
    });
  }

  async #acquire(): Promise<void> {
    if (this.#active < this.concurrency) {
      this.#active++;
      return;
    }
    // The releasing request hands its slot over, so #active stays put.
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#active--;
  }
}

function retryable(error: unknown): boolean {
  if (!(error instanceof RetrievalError)) return false;
  if (error.kind === "timeout" || error.kind === "network") return true;
  const status = error.status ?? 0;
  return error.kind === "http" &&
    (status >= 500 || status === 429 || status === 408);
}

function itemOf(value: unknown, index: number, where: string): RetrievedItem {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    return String(value);
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const id = (...keys: string[]) => {
      for (const key of keys) {
        const v = record[key];
        if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
        if (v !== undefined && v !== null) return v as string;
      }
      return undefined;
    };
    const hit: Record<string, unknown> = {
      id: id("id", "_id"),
      docId: id("docId", "doc_id"),
      sourceId: id("sourceId", "source_id"),
      score: record.score,
      text: record.text,
      metadata: record.metadata,
    };
    for (const key of Object.keys(hit)) {
      if (hit[key] === undefined) delete hit[key];
    }
    return hit as SearchHit;
  }
  throw new RetrievalError(
    "response",
    `${where}: result ${index + 1} is neither an id nor a hit object: ${
      snippet(JSON.stringify(value))
    }`,
  );
}

function fill(template: unknown, values: Values): unknown {
  if (typeof template === "string") {
    const exact = /^\{\{\s*([A-Za-z]+)\s*\}\}$/.exec(template);
    if (exact) return valueOf(values, exact[1]) ?? null;
    return template.replace(
      PLACEHOLDER,
      (_, name: string) => String(valueOf(values, name) ?? ""),
    );
  }
  if (Array.isArray(template)) return template.map((t) => fill(t, values));
  if (typeof template === "object" && template !== null) {
    return Object.fromEntries(
      Object.entries(template).map(([k, v]) => [k, fill(v, values)]),
    );
  }
  return template;
}

function valueOf(values: Values, name: string): string | number | undefined {
  return values[name as keyof Values];
}

function checkPlaceholders(text: string): void {
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (!NAMES.has(name)) {
      throw new TypeError(
        `Unknown placeholder "{{${name}}}": expected {{query}}, {{limit}} or {{queryId}}`,
      );
    }
  }
}

function parsePath(path: string): string[] {
  const keys = path.replace(/^\$\.?/, "").split(".");
  if (keys.some((k) => k === "")) {
    throw new TypeError(
      `Response path must be keys separated by dots, such as "data.hits", got "${path}"`,
    );
  }
  return keys;
}

function nonNegative(name: string, value: number): number {
  if (!(value >= 0 && Number.isFinite(value))) {
    throw new RangeError(
      `${name[0].toUpperCase()}${
        name.slice(1)
      } must be a number >= 0, got ${value}`,
    );
  }
  return value;
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 120 ? flat.slice(0, 117) + "..." : flat;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", abort, { once: true });
  });
}
