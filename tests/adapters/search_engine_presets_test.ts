import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import { HttpRetriever } from "../../adapters/http_retriever.ts";
import { RetrievalError } from "../../adapters/retriever.ts";
import type { SearchEnginePresetName } from "../../adapters/search_engine_presets.ts";

const TESTDATA = new URL("../testdata/search_engines/", import.meta.url);

interface Received {
  method: string;
  path: string;
  params: Record<string, string>;
  body: unknown;
}

/** Answers every request with a recorded response and keeps the requests. */
async function engine(
  file: string,
  preset: SearchEnginePresetName,
  path: string,
  query: string,
  limit: number,
): Promise<{ hits: unknown; received: Received[] }> {
  const recorded = await Deno.readTextFile(new URL(file, TESTDATA));
  const received: Received[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const url = new URL(request.url);
      const text = await request.text();
      received.push({
        method: request.method,
        path: url.pathname,
        params: Object.fromEntries(url.searchParams),
        body: text === "" ? undefined : JSON.parse(text),
      });
      return new Response(recorded, {
        headers: { "content-type": "application/json" },
      });
    },
  );
  try {
    const retriever = new HttpRetriever({
      url: `http://127.0.0.1:${server.addr.port}${path}`,
      preset,
    });
    assertEquals(retriever.name, preset);
    return { hits: await retriever.retrieve(query, { limit }), received };
  } finally {
    await server.shutdown();
  }
}

Deno.test("preset elasticsearch: a multi_match _search, hits.hits[]._id and _score", async () => {
  const { hits, received } = await engine(
    "elasticsearch.json",
    "elasticsearch",
    "/bikes/_search",
    "chain wear",
    3,
  );
  assertEquals(received, [{
    method: "POST",
    path: "/bikes/_search",
    params: {},
    body: {
      size: 3,
      query: { multi_match: { query: "chain wear" } },
      _source: false,
    },
  }]);
  assertEquals(hits, [
    { id: "bk01", score: 1.3862942 },
    { id: "bk17", score: 0.9808292 },
    { id: "bk05", score: 0.2876821 },
  ]);
});

Deno.test("preset opensearch: the same request and response shape", async () => {
  const { hits, received } = await engine(
    "opensearch.json",
    "opensearch",
    "/bikes/_search",
    "brakes",
    2,
  );
  assertEquals(received[0].body, {
    size: 2,
    query: { multi_match: { query: "brakes" } },
    _source: false,
  });
  assertEquals(hits, [
    { id: "bk20", score: 0.5753642 },
    { id: "bk03", score: 0.2876821 },
  ]);
});

Deno.test("preset solr: GET select with q, rows, fl and wt; response.docs[].id and score", async () => {
  const { hits, received } = await engine(
    "solr.json",
    "solr",
    "/solr/bikes/select",
    "chain wear",
    10,
  );
  assertEquals(received, [{
    method: "GET",
    path: "/solr/bikes/select",
    params: { q: "chain wear", rows: "10", fl: "id,score", wt: "json" },
    body: undefined,
  }]);
  assertEquals(hits, [
    { id: "bk01", score: 1.5293323 },
    { id: "bk44", score: 0.3119162 },
  ]);
});

Deno.test("preset vespa: userQuery() YQL; root.children[] ids after ::, relevance; no children is no hits", async () => {
  const { hits, received } = await engine(
    "vespa.json",
    "vespa",
    "/search/",
    "chain",
    5,
  );
  assertEquals(received[0].body, {
    yql: "select * from sources * where userQuery()",
    query: "chain",
    hits: 5,
  });
  assertEquals(hits, [
    { id: "bk01", score: 0.2541162 },
    { id: "bk09", score: 0.1109427 },
  ]);
  const none = await engine("vespa_no_hits.json", "vespa", "/search/", "x", 5);
  assertEquals(none.hits, []);
});

Deno.test("a preset refuses a response of another shape, and unknown presets", async () => {
  await assertRejects(
    () => engine("solr.json", "elasticsearch", "/i/_search", "q", 1),
    RetrievalError,
    'not the shape of a Elasticsearch response, no "hits.hits" array in {"responseHeader"',
  );
  assertThrows(
    () =>
      new HttpRetriever({
        url: "http://127.0.0.1:9/",
        // @ts-expect-error: not a preset
        preset: "sphinx",
      }),
    TypeError,
    'Preset must be one of elasticsearch, opensearch, solr, vespa, got "sphinx"',
  );
});

Deno.test("a preset refuses a partial response, which would rank fewer documents than the engine holds", async () => {
  const refused: [string, SearchEnginePresetName, string][] = [
    [
      "elasticsearch_timed_out.json",
      "elasticsearch",
      'a partial Elasticsearch response ("timed_out": true)',
    ],
    [
      "elasticsearch_shard_failure.json",
      "opensearch",
      'a partial OpenSearch response ("_shards.failed": 1 of 2)',
    ],
    [
      "solr_partial.json",
      "solr",
      'a partial Solr response ("responseHeader.partialResults": true)',
    ],
    [
      "vespa_degraded.json",
      "vespa",
      'a partial Vespa response ("root.coverage.full": false, "root.errors": Timeout while waiting for content.0)',
    ],
  ];
  for (const [file, preset, message] of refused) {
    const error = await assertRejects(
      () => engine(file, preset, "/search", "chain wear", 10),
      RetrievalError,
      message,
    );
    assertEquals((error as RetrievalError).kind, "response", file);
  }
});
