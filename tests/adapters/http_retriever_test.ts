import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import { evaluateRetrieval } from "../../adapters/evaluate_retrieval.ts";
import { HttpRetriever } from "../../adapters/http_retriever.ts";
import { RetrievalError } from "../../adapters/retriever.ts";

/** A search service on 127.0.0.1 whose endpoints misbehave on purpose. */
class TestService {
  readonly requests: { path: string; body: unknown; headers: Headers }[] = [];
  readonly attempts = new Map<string, number>();
  maxInFlight = 0;
  #inFlight = 0;
  #served = 0;
  #waiters: (() => void)[] = [];
  #closing = false;
  #server: Deno.HttpServer<Deno.NetAddr>;

  constructor() {
    this.#server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      (request) => this.#handle(request),
    );
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.#server.addr.port}${path}`;
  }

  async close(): Promise<void> {
    this.#closing = true;
    this.#notify();
    await this.#server.shutdown();
  }

  #notify() {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  async #until(ready: () => boolean) {
    while (!ready() && !this.#closing) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  async #handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body: Record<string, unknown> = request.method === "POST"
      ? await request.json()
      : Object.fromEntries(url.searchParams);
    this.requests.push({ path: url.pathname, body, headers: request.headers });
    const query = String(body.query ?? body.q ?? "");
    const key = `${url.pathname} ${query}`;
    this.attempts.set(key, (this.attempts.get(key) ?? 0) + 1);
    const attempt = this.attempts.get(key)!;
    switch (url.pathname) {
      case "/search":
        return Response.json({ hits: HITS[query] ?? [] });
      case "/array":
        return Response.json((HITS[query] ?? []).map((h) => h.id));
      case "/results":
        return Response.json({ results: HITS[query] ?? [] });
      case "/echo":
        return Response.json([JSON.stringify(body)]);
      case "/nested":
        return Response.json({
          data: {
            items: [
              { doc_id: 17, score: 3 },
              { _id: "p1", source_id: "d1", score: 2 },
              { id: "p2", sourceId: "d1", score: 1 },
            ],
          },
        });
      case "/slow":
        await this.#until(() => false);
        return Response.json([]);
      case "/error":
        return Response.json({ error: "index offline" }, { status: 500 });
      case "/missing":
        return new Response("no such index", { status: 404 });
      case "/bad-json":
        return new Response('{"hits": [', {
          headers: { "content-type": "application/json" },
        });
      case "/no-hits":
        return Response.json({ documents: [] });
      case "/repeated-key":
        return new Response('[{"id": "d1", "score": 1, "score": 3}]', {
          headers: { "content-type": "application/json" },
        });
      case "/flaky":
        return attempt <= 2
          ? new Response("busy", { status: attempt === 1 ? 503 : 429 })
          : Response.json(["d1"]);
      case "/concurrent": {
        this.#inFlight++;
        this.maxInFlight = Math.max(this.maxInFlight, this.#inFlight);
        this.#notify();
        // Hold each request until a second one is in flight (or none can
        // come), so a limit of 2 is reached and any excess would show.
        await this.#until(() =>
          this.#inFlight >= 2 || this.#served + this.#inFlight >= 6
        );
        this.#inFlight--;
        this.#served++;
        this.#notify();
        return Response.json(["d1"]);
      }
      case "/per-query":
        switch (query) {
          case "q2 text":
            return Response.json({ error: "index offline" }, { status: 500 });
          case "q3 text":
            return new Response('{"hits": [');
          case "q4 text":
            await this.#until(() => false);
            return Response.json([]);
          case "q5 text":
            return Response.json(["zz1", "d4"]);
          default:
            return Response.json({
              hits: [{ id: "d2", score: 3 }, { id: "d9", score: 2 }, {
                id: "d1",
                score: 1,
              }],
            });
        }
    }
    return new Response("not found", { status: 404 });
  }
}

const HITS: Record<string, { id: string; score: number }[]> = {
  alpha: [{ id: "d1", score: 2.5 }, { id: "d2", score: 1.5 }, {
    id: "d3",
    score: 0.5,
  }],
  beta: [{ id: "d3", score: 1 }],
};

async function withService(
  check: (service: TestService) => Promise<void>,
): Promise<void> {
  const service = new TestService();
  try {
    await check(service);
  } finally {
    await service.close();
  }
}

Deno.test("the default request is a POST of {query, limit}; arrays, hits and results are accepted", async () => {
  await withService(async (service) => {
    for (const path of ["/search", "/array", "/results"]) {
      const retriever = new HttpRetriever({ url: service.url(path) });
      const items = await retriever.retrieve("alpha", { limit: 2 });
      assertEquals(
        items.map((item) => typeof item === "string" ? item : item.id),
        ["d1", "d2", "d3"],
        path,
      );
    }
    assertEquals(service.requests[0].body, { query: "alpha", limit: 2 });
    assertEquals(
      service.requests[0].headers.get("content-type"),
      "application/json",
    );
  });
});

Deno.test("a request template fills {{query}}, {{limit}} (as a number) and {{queryId}}; headers are sent", async () => {
  await withService(async (service) => {
    const retriever = new HttpRetriever({
      url: service.url("/echo"),
      requestTemplate: {
        q: "{{query}}",
        size: "{{limit}}",
        options: {
          id: "{{queryId}}",
          label: "query={{ query }} top {{limit}}",
        },
        fields: ["title", "text"],
        exact: false,
      },
      headers: { authorization: "Bearer t0ken" },
    });
    const [echo] = await retriever.retrieve('say "hi"', {
      limit: 7,
      queryId: "q1",
    });
    assertEquals(JSON.parse(echo as string), {
      q: 'say "hi"',
      size: 7,
      options: { id: "q1", label: 'query=say "hi" top 7' },
      fields: ["title", "text"],
      exact: false,
    });
    assertEquals(
      service.requests[0].headers.get("authorization"),
      "Bearer t0ken",
    );
  });
});

Deno.test("GET sends the template as query parameters, or fills placeholders in the URL", async () => {
  await withService(async (service) => {
    const byParams = new HttpRetriever({
      url: service.url("/echo"),
      method: "GET",
    });
    const [a] = await byParams.retrieve("chain wear & tear", { limit: 5 });
    assertEquals(JSON.parse(a as string), {
      query: "chain wear & tear",
      limit: "5",
    });
    const byUrl = new HttpRetriever({
      url: service.url("/echo?q={{query}}&n={{limit}}"),
      method: "GET",
    });
    const [b] = await byUrl.retrieve("a/b c", { limit: 3 });
    assertEquals(JSON.parse(b as string), { q: "a/b c", n: "3" });
  });
});

Deno.test("a response path finds nested hits; snake_case and numeric ids are read", async () => {
  await withService(async (service) => {
    const retriever = new HttpRetriever({
      url: service.url("/nested"),
      responsePath: "data.items",
    });
    assertEquals(await retriever.retrieve("x", { limit: 10 }), [
      { docId: "17", score: 3 },
      { id: "p1", sourceId: "d1", score: 2 },
      { id: "p2", sourceId: "d1", score: 1 },
    ]);
    const wrong = new HttpRetriever({
      url: service.url("/nested"),
      responsePath: "data.hits",
    });
    const error = await assertRejects(
      () => wrong.retrieve("x", { limit: 10 }),
      RetrievalError,
    ) as RetrievalError;
    assertEquals(error.kind, "response");
    assertEquals(
      error.message,
      `POST ${service.url("/nested")}: the response has no "data.hits"`,
    );
  });
});

Deno.test("a slow endpoint times out, is retried, and fails with kind timeout", async () => {
  await withService(async (service) => {
    const retriever = new HttpRetriever({
      url: service.url("/slow"),
      timeout: 100,
      retries: 1,
      backoff: 1,
    });
    const error = await assertRejects(
      () => retriever.retrieve("alpha", { limit: 10 }),
      RetrievalError,
    ) as RetrievalError;
    assertEquals(error.kind, "timeout");
    assertEquals(
      error.message,
      `POST ${
        service.url("/slow")
      }: no response within 100 ms (after 2 attempts)`,
    );
    assertEquals(service.attempts.get("/slow alpha"), 2);
  });
});

Deno.test("5xx and 429 are retried with backoff; other 4xx and malformed JSON are not", async () => {
  await withService(async (service) => {
    const flaky = new HttpRetriever({
      url: service.url("/flaky"),
      retries: 2,
      backoff: 1,
    });
    assertEquals(await flaky.retrieve("alpha", { limit: 10 }), ["d1"]);
    assertEquals(service.attempts.get("/flaky alpha"), 3);

    const impatient = new HttpRetriever({
      url: service.url("/flaky"),
      retries: 1,
      backoff: 1,
    });
    const busy = await assertRejects(
      () => impatient.retrieve("beta", { limit: 10 }),
      RetrievalError,
    ) as RetrievalError;
    assertEquals([busy.kind, busy.status], ["http", 429]);
    assertEquals(
      busy.message,
      `POST ${
        service.url("/flaky")
      }: HTTP 429 Too Many Requests: busy (after 2 attempts)`,
    );

    const server = new HttpRetriever({
      url: service.url("/error"),
      retries: 1,
      backoff: 1,
    });
    const failed = await assertRejects(
      () => server.retrieve("alpha", { limit: 10 }),
      RetrievalError,
    ) as RetrievalError;
    assertEquals([failed.kind, failed.status], ["http", 500]);
    assertEquals(
      failed.message,
      `POST ${
        service.url("/error")
      }: HTTP 500 Internal Server Error: {"error":"index offline"} (after 2 attempts)`,
    );

    const missing = new HttpRetriever({
      url: service.url("/missing"),
      backoff: 1,
    });
    await assertRejects(
      () => missing.retrieve("alpha", { limit: 10 }),
      RetrievalError,
      "HTTP 404 Not Found: no such index",
    );
    assertEquals(service.attempts.get("/missing alpha"), 1);

    const broken = new HttpRetriever({
      url: service.url("/bad-json"),
      backoff: 1,
    });
    const malformed = await assertRejects(
      () => broken.retrieve("alpha", { limit: 10 }),
      RetrievalError,
    ) as RetrievalError;
    assertEquals(malformed.kind, "response");
    assertEquals(
      malformed.message,
      `POST ${
        service.url("/bad-json")
      }: the response is not valid JSON: {"hits": [`,
    );
    assertEquals(service.attempts.get("/bad-json alpha"), 1);

    // "score" twice: JSON.parse would rank d1 by the last, 3.
    const repeated = new HttpRetriever({ url: service.url("/repeated-key") });
    const twice = await assertRejects(
      () => repeated.retrieve("alpha", { limit: 10 }),
      RetrievalError,
    ) as RetrievalError;
    assertEquals([twice.kind, twice.message], [
      "response",
      `POST ${
        service.url("/repeated-key")
      }: response:1: key "score" repeated in one object at column 27 (first at column 15); JSON.parse would keep only the last value`,
    ]);

    const shapeless = new HttpRetriever({ url: service.url("/no-hits") });
    await assertRejects(
      () => shapeless.retrieve("alpha", { limit: 10 }),
      RetrievalError,
      'expected an array of ids or hits, or an object with "hits" or "results", got {"documents":[]}',
    );
  });
});

Deno.test("a refused connection is a network failure", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const retriever = new HttpRetriever({
    url: `http://127.0.0.1:${port}/search`,
    retries: 1,
    backoff: 1,
  });
  const error = await assertRejects(
    () => retriever.retrieve("alpha", { limit: 10 }),
    RetrievalError,
  ) as RetrievalError;
  assertEquals(error.kind, "network");
  assertEquals(error.message.endsWith("(after 2 attempts)"), true);
});

Deno.test("the concurrency limit holds even when the caller asks for more", async () => {
  await withService(async (service) => {
    const retriever = new HttpRetriever({
      url: service.url("/concurrent"),
      concurrency: 2,
      timeout: 10_000,
      retries: 0,
    });
    const queries = Object.fromEntries(
      [1, 2, 3, 4, 5, 6].map((i) => [`q${i}`, `text ${i}`]),
    );
    const qrels = Object.fromEntries(
      Object.keys(queries).map((id) => [id, { d1: 1 }]),
    );
    const report = await evaluateRetrieval(retriever, qrels, queries, {
      metrics: ["P@1"],
      kValues: [],
      concurrency: 6,
    });
    assertEquals(report.failures, []);
    assertEquals(report.aggregate["P@1"], 1);
    assertEquals(service.maxInFlight, 2);
  });
});

const QRELS = {
  q1: { d1: 2, d2: 1 },
  q2: { d3: 1 },
  q3: { d1: 1 },
  q4: { d2: 1 },
  q5: { d4: 1 },
};
const QUERIES = Object.fromEntries(
  Object.keys(QRELS).map((id) => [id, `${id} text`]),
);
const CORPUS = ["d1", "d2", "d3", "d4", "d9"];

Deno.test("per-query failures are recorded in the report and score zero; unknown ids are listed", async () => {
  await withService(async (service) => {
    const retriever = new HttpRetriever({
      url: service.url("/per-query"),
      timeout: 100,
      retries: 0,
    });
    const report = await evaluateRetrieval(retriever, QRELS, QUERIES, {
      metrics: ["ndcg@3", "rr"],
      kValues: [],
      documentIds: CORPUS,
    });
    assertEquals(report.nQueries, 5);
    const where = (path: string) => `POST ${service.url(path)}`;
    assertEquals(report.failures, [
      {
        queryId: "q2",
        kind: "http",
        message: `${
          where("/per-query")
        }: HTTP 500 Internal Server Error: {"error":"index offline"}`,
      },
      {
        queryId: "q3",
        kind: "response",
        message: `${
          where("/per-query")
        }: the response is not valid JSON: {"hits": [`,
      },
      {
        queryId: "q4",
        kind: "timeout",
        message: `${where("/per-query")}: no response within 100 ms`,
      },
    ]);
    assertEquals(report.unknownIds, new Map([["q5", ["zz1"]]]));
    // q1 ranks d2 (grade 1), d9, d1 (grade 2); q5 ranks zz1, d4.
    const q1 = (1 + 2 / Math.log2(4)) / (2 + 1 / Math.log2(3));
    const q5 = 1 / Math.log2(3);
    assertEquals(report.perQuery.q1, { "ndcg@3": q1, rr: 1 });
    assertEquals(report.perQuery.q2, { "ndcg@3": 0, rr: 0 });
    assertEquals(report.perQuery.q4, { "ndcg@3": 0, rr: 0 });
    assertEquals(report.perQuery.q5, { "ndcg@3": q5, rr: 0.5 });
    assertEquals(report.aggregate["ndcg@3"], (q1 + 0 + 0 + 0 + q5) / 5);
    assertEquals(report.aggregate.rr, 0.3);
    assertEquals(report.run.map((r) => r.docs), [
      ["d2", "d9", "d1"],
      [],
      [],
      [],
      ["zz1", "d4"],
    ]);
  });
});

Deno.test("strict mode makes the first failure fatal and starts no further query", async () => {
  await withService(async (service) => {
    const retriever = new HttpRetriever({
      url: service.url("/per-query"),
      timeout: 100,
      retries: 0,
    });
    const error = await assertRejects(
      () =>
        evaluateRetrieval(retriever, QRELS, QUERIES, {
          metrics: ["rr"],
          strict: true,
          concurrency: 1,
        }),
      RetrievalError,
    ) as RetrievalError;
    assertEquals([error.kind, error.queryId, error.status], [
      "http",
      "q2",
      500,
    ]);
    assertEquals(
      error.message,
      `Query "q2": POST ${
        service.url("/per-query")
      }: HTTP 500 Internal Server Error: {"error":"index offline"}`,
    );
    assertEquals(service.requests.map((r) => r.body), [
      { query: "q1 text", limit: 100 },
      { query: "q2 text", limit: 100 },
    ]);
  });
});

Deno.test("strict mode makes unknown ids fatal", async () => {
  await withService(async (service) => {
    const retriever = new HttpRetriever({
      url: service.url("/per-query"),
      retries: 0,
    });
    await assertRejects(
      () =>
        evaluateRetrieval(retriever, { q5: { d4: 1 } }, QUERIES, {
          metrics: ["rr"],
          strict: true,
          documentIds: CORPUS,
        }),
      RetrievalError,
      'Query "q5": returned 1 id(s) not in the corpus: "zz1"',
    );
  });
});

Deno.test("the constructor rejects a bad configuration before sending anything", () => {
  const url = "http://127.0.0.1:9/search";
  assertThrows(
    () => new HttpRetriever({ url: "not a url" }),
    TypeError,
    'Invalid retriever URL "not a url"',
  );
  assertThrows(
    () => new HttpRetriever({ url, method: "PUT" as never }),
    TypeError,
    'Method must be POST or GET, got "PUT"',
  );
  assertThrows(
    () => new HttpRetriever({ url, requestTemplate: { q: "{{text}}" } }),
    TypeError,
    'Unknown placeholder "{{text}}"',
  );
  assertThrows(
    () => new HttpRetriever({ url: `${url}?q={{q}}`, method: "GET" }),
    TypeError,
    'Unknown placeholder "{{q}}"',
  );
  assertThrows(
    () => new HttpRetriever({ url, method: "GET", requestTemplate: ["x"] }),
    TypeError,
    'A GET request template must be an object of query parameters, got ["x"]',
  );
  assertThrows(
    () => new HttpRetriever({ url, responsePath: "data..hits" }),
    TypeError,
    'got "data..hits"',
  );
  assertThrows(
    () => new HttpRetriever({ url, timeout: 0 }),
    RangeError,
    "Timeout must be positive, got 0",
  );
  assertThrows(
    () => new HttpRetriever({ url, retries: 1.5 }),
    RangeError,
    "Retries must be an integer >= 0, got 1.5",
  );
  assertThrows(
    () => new HttpRetriever({ url, backoff: -1 }),
    RangeError,
    "Backoff must be a number >= 0, got -1",
  );
  assertThrows(
    () => new HttpRetriever({ url, concurrency: 0 }),
    RangeError,
    "Concurrency must be a positive integer, got 0",
  );
});

Deno.test("HttpRetriever does not retry a request the permissions refuse", async () => {
  let calls = 0;
  const retriever = new HttpRetriever({
    url: "http://127.0.0.1:8080/search",
    retries: 3,
    backoff: 1,
    fetch: () => {
      calls++;
      throw new Deno.errors.NotCapable(
        'Requires net access to "127.0.0.1:8080", run again with the --allow-net flag',
      );
    },
  });
  await assertRejects(
    () => retriever.retrieve("chain", { limit: 1 }),
    Deno.errors.NotCapable,
    "--allow-net",
  );
  assertEquals(calls, 1);
});
