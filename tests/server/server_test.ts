// The app served for real on 127.0.0.1: every route, every error status.
import { assertEquals } from "../assert.ts";
import { createApp } from "../../server.ts";
import { Registry } from "../../metrics/registry.ts";
import { builtinRegistry } from "../../metrics/builtin.ts";
import type { JudgedRanking } from "../../model/judged_ranking.ts";
import { repoText, serve } from "./_serve.ts";
import type { TrecEvalRunner } from "../../server/trec_eval.ts";

const QRELS = "q1 0 d1 1\nq1 0 d2 0\nq1 0 d3 2\nq2 0 d4 1\n";
const RUN = "q1 Q0 d2 1 3.0 tagA\nq1 Q0 d1 2 2.0 tagA\nq2 Q0 d4 1 1.0 tagA\n";

async function problem(response: Response) {
  assertEquals(
    response.headers.get("content-type"),
    "application/problem+json",
  );
  return await response.json();
}

Deno.test("GET /healthz answers ok", async () => {
  await using server = serve(createApp());
  const response = await server.fetch("/healthz");
  assertEquals(response.status, 200);
  assertEquals(await response.json(), { status: "ok" });
});

Deno.test("GET /v1/metrics lists the registry as `metrics --json` does", async () => {
  await using server = serve(createApp());
  const response = await server.fetch("/v1/metrics");
  assertEquals(response.status, 200);
  const listing = await response.json();
  // The CLI prints its listing with console.log; capture it in-process.
  const { run } = await import("../../cli/metrics.ts");
  const printed: string[] = [];
  const log = console.log;
  console.log = (text: string) => printed.push(text);
  try {
    assertEquals(await run(["--json"]), 0);
  } finally {
    console.log = log;
  }
  assertEquals(listing, JSON.parse(printed.join("\n")));
  const ndcg = listing.find((m: { name: string }) => m.name === "ndcg");
  assertEquals(ndcg.params.gain.default, "linear");
});

Deno.test("POST /v1/evaluate scores TREC text", async () => {
  await using server = serve(createApp());
  const response = await server.post("/v1/evaluate", {
    qrels: QRELS,
    run: RUN,
    metrics: ["rr", "P@2", "num_rel"],
    perQuery: true,
  });
  assertEquals(response.status, 200);
  assertEquals(await response.json(), {
    runId: "tagA",
    metrics: ["rr", "P@2", "num_rel"],
    // q1: d2 (0) then d1 (1): rr 1/2, P@2 1/2; q2: d4 (1): rr 1, P@2 1/2.
    aggregate: { rr: 0.75, "P@2": 0.5, num_rel: 3 },
    perQuery: {
      q1: { rr: 0.5, "P@2": 0.5, num_rel: 2 },
      q2: { rr: 1, "P@2": 0.5, num_rel: 1 },
    },
    counts: { scored: 2, unjudged: 0, withoutRelevant: 0, notRetrieved: 0 },
    segments: {},
  });
});

Deno.test("POST /v1/evaluate scores JSON qrels and runs, scored or ordered", async () => {
  await using server = serve(createApp());
  const qrels = { q1: { d1: 1, d2: 0, d3: 2 }, q2: { d4: 1 } };
  // Ties are broken by document id descending, as trec_eval does: d2 before d1.
  const scored = { q1: { d1: 2, d2: 2 }, q2: { d4: 1 } };
  const ordered = { q1: ["d2", "d1"], q2: ["d4"] };
  for (const run of [RUN, scored, ordered]) {
    const response = await server.post("/v1/evaluate", {
      qrels,
      run,
      metrics: ["rr"],
    });
    assertEquals(response.status, 200);
    assertEquals((await response.json()).aggregate, { rr: 0.75 });
  }
});

Deno.test("POST /v1/evaluate applies the eval options", async () => {
  await using server = serve(createApp());
  const post = async (options: Record<string, unknown>) => {
    const response = await server.post("/v1/evaluate", {
      qrels: QRELS,
      run: RUN,
      metrics: ["rr"],
      ...options,
    });
    assertEquals(response.status, 200);
    return await response.json();
  };
  // Grade 2 only: q1's relevant d3 is not retrieved, q2 has none relevant.
  assertEquals((await post({ relevanceLevel: 2 })).aggregate, { rr: 0 });
  // Depth 1: q1 keeps only d2 (not relevant).
  assertEquals((await post({ depth: 1 })).aggregate, { rr: 0.5 });
  const complete = await post({
    averageOverQrels: true,
    qrels: QRELS + "q3 0 d9 1\n",
  });
  assertEquals(complete.aggregate, { rr: 0.5 });
  assertEquals(complete.counts.notRetrieved, 1);
  // Judged only: the unjudged d0 at rank 1 is dropped.
  const judged = await post({
    run: "q1 Q0 d0 1 9 t\nq1 Q0 d1 2 1 t\n",
    judgedOnly: true,
  });
  assertEquals(judged.aggregate, { rr: 1 });
  const strict = await server.post("/v1/evaluate", {
    qrels: QRELS,
    run: RUN + "q7 Q0 d1 1 1.0 tagA\n",
    strict: true,
  });
  assertEquals(strict.status, 400);
  assertEquals(
    (await problem(strict)).detail,
    'run: query "q7" of the run has no judgements',
  );
});

Deno.test("POST /v1/evaluate answers 400 with the place of malformed input", async () => {
  await using server = serve(createApp());
  const cases: [Record<string, unknown>, Record<string, unknown>][] = [
    [
      { qrels: QRELS, run: RUN + "q2 Q0 d5 2\n" },
      {
        detail:
          'run:4: expected 6 fields "qid iter docno rank score tag", got 4',
        file: "run",
        line: 4,
        reason: 'expected 6 fields "qid iter docno rank score tag", got 4',
      },
    ],
    [
      { qrels: "q1 0 d1 1\nq1 0 d2 high\n", run: RUN },
      {
        detail: 'qrels:2: relevance must be a number, got "high"',
        file: "qrels",
        line: 2,
        reason: 'relevance must be a number, got "high"',
      },
    ],
    [
      { qrels: { q1: { d1: "1" } }, run: RUN },
      {
        detail:
          'qrels: grade of document "d1" for query "q1" must be a finite number, got the string "1"',
        file: "qrels",
        line: 0,
        reason:
          'grade of document "d1" for query "q1" must be a finite number, got the string "1"',
      },
    ],
    [
      { qrels: QRELS, run: { q1: ["d1", 7] } },
      {
        detail: 'run: rank 2 of query "q1" must be a document id, got number 7',
        file: "run",
        line: 0,
        reason: 'rank 2 of query "q1" must be a document id, got number 7',
      },
    ],
    [
      { qrels: QRELS, run: 5 },
      {
        detail:
          'Field "run" must be TREC text or a JSON object keyed by query id, got number 5.',
        field: "run",
      },
    ],
    [
      { qrels: QRELS, run: RUN, metrics: ["ndcg@x"] },
      {
        detail:
          'Invalid metric spec "ndcg@x": cutoff must be a positive integer, got "x"',
        field: "metrics",
      },
    ],
    [
      { qrels: QRELS, run: RUN, depth: 0 },
      {
        detail: 'Field "depth" must be an integer >= 1, got number 0.',
        field: "depth",
      },
    ],
    [
      { qrels: QRELS, run: RUN, perquery: true },
      {
        detail:
          'Field "perquery" is not known; expected "qrels", "run", "qrelsFormat", "runFormat", "metrics", "relevanceLevel", "judgedOnly", "depth", "averageOverQrels", "strict", "perQuery".',
        field: "perquery",
      },
    ],
    [
      { run: RUN },
      { detail: 'Field "qrels" is required.', field: "qrels" },
    ],
    [
      { qrels: QRELS, run: RUN, metrics: "ap" },
      {
        detail:
          'Field "metrics" must be an array of strings, got the string "ap".',
        field: "metrics",
      },
    ],
  ];
  for (const [body, expected] of cases) {
    const response = await server.post("/v1/evaluate", body);
    assertEquals(response.status, 400, JSON.stringify(body));
    assertEquals(await problem(response), {
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      ...expected,
    });
  }
});

Deno.test("POST /v1/evaluate answers 400 on a body that is not a JSON object", async () => {
  await using server = serve(createApp());
  const post = (body: string) =>
    server.fetch("/v1/evaluate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
  const broken = await post('{"qrels": ');
  assertEquals(broken.status, 400);
  const detail = (await problem(broken)).detail as string;
  assertEquals(detail.startsWith("The request body is not valid JSON: "), true);
  const array = await post("[1, 2]");
  assertEquals(array.status, 400);
  assertEquals(
    (await problem(array)).detail,
    "The request body must be a JSON object, got an array.",
  );
});

Deno.test("POST /v1/evaluate answers 400 on a body that is not UTF-8", async () => {
  await using server = serve(createApp());
  // Latin-1 "café" and "cafè": decoded leniently both became "caf\uFFFD",
  // and the unjudged document scored as the relevant one (rr 1).
  const latin1 = (text: string) =>
    Uint8Array.from(text, (c) => c.charCodeAt(0));
  const response = await server.fetch("/v1/evaluate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: latin1(
      '{"qrels": "q 0 caf\xe9 1\n", "run": "q Q0 caf\xe8 1 1 t\n", "metrics": ["rr"]}',
    ),
  });
  assertEquals(response.status, 400);
  assertEquals(
    (await problem(response)).detail,
    "The request body is not valid UTF-8.",
  );
});

Deno.test("POST with a body that is not JSON answers 415", async () => {
  await using server = serve(createApp());
  const response = await server.fetch("/v1/evaluate", {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: "qrels",
  });
  assertEquals(response.status, 415);
  assertEquals(
    (await problem(response)).detail,
    'The request body must be JSON ("Content-Type: application/json"), got "text/plain".',
  );
});

Deno.test("unknown paths answer 404, wrong methods 405 with Allow", async () => {
  await using server = serve(createApp());
  const missing = await server.fetch("/v2/evaluate");
  assertEquals(missing.status, 404);
  assertEquals(
    (await problem(missing)).detail,
    'Nothing is at "/v2/evaluate".',
  );
  const underV1 = await server.post("/v1/trec", {});
  assertEquals(underV1.status, 404);
  await underV1.body?.cancel();
  const get = await server.fetch("/v1/evaluate");
  assertEquals(get.status, 405);
  assertEquals(get.headers.get("allow"), "POST");
  assertEquals(
    (await problem(get)).detail,
    'GET is not allowed on "/v1/evaluate"; use POST.',
  );
  const post = await server.fetch("/healthz", { method: "POST" });
  assertEquals(post.status, 405);
  assertEquals(post.headers.get("allow"), "GET, HEAD");
  await post.body?.cancel();
  const options = await server.fetch("/v1/metrics", { method: "OPTIONS" });
  assertEquals(options.status, 405);
  await options.body?.cancel();
});

Deno.test("a body over the limit answers 413, declared or streamed", async () => {
  await using server = serve(createApp({ bodyLimit: 1000 }));
  const body = JSON.stringify({ qrels: "x".repeat(1000), run: "" });
  const declared = await server.fetch("/v1/evaluate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  assertEquals(declared.status, 413);
  assertEquals(await problem(declared), {
    type: "about:blank",
    title: "Content Too Large",
    status: 413,
    detail: "The request body is larger than the limit of 1000 bytes.",
    limit: 1000,
    setting: "RANKLENS_BODY_LIMIT",
  });
  // A stream has no Content-Length: the limit counts the bytes as they come.
  const bytes = new TextEncoder().encode(body);
  const streamed = await server.fetch("/v1/evaluate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: ReadableStream.from([bytes.subarray(0, 600), bytes.subarray(600)]),
  });
  assertEquals(streamed.status, 413);
  await streamed.body?.cancel();
  // At the limit, the body is read.
  const fits = await server.post("/v1/evaluate", {
    qrels: "q1 0 d1 1\n".padEnd(900, " "),
    run: "q1 Q0 d1 1 1 t\n",
    metrics: ["rr"],
  });
  assertEquals(fits.status, 200);
  assertEquals((await fits.json()).aggregate, { rr: 1 });
});

Deno.test("the bearer token guards /v1 and nothing else", async () => {
  await using server = serve(createApp({ token: "tok-3f9a" }));
  const anonymous = await server.fetch("/v1/metrics");
  assertEquals(anonymous.status, 401);
  assertEquals(
    anonymous.headers.get("www-authenticate"),
    'Bearer realm="ranklens"',
  );
  assertEquals(
    (await problem(anonymous)).detail,
    'This server needs "Authorization: Bearer <token>".',
  );
  const wrong = await server.post("/v1/evaluate", { qrels: QRELS, run: RUN }, {
    authorization: "Bearer tok-3f9b",
  });
  assertEquals(wrong.status, 401);
  assertEquals(
    (await problem(wrong)).detail,
    "The bearer token is not valid.",
  );
  const basic = await server.fetch("/v1/metrics", {
    headers: { authorization: "Basic dG9rLTNmOWE=" },
  });
  assertEquals(basic.status, 401);
  await basic.body?.cancel();
  const right = await server.post("/v1/evaluate", {
    qrels: QRELS,
    run: RUN,
    metrics: ["rr"],
  }, { authorization: "Bearer tok-3f9a" });
  assertEquals(right.status, 200);
  assertEquals((await right.json()).aggregate, { rr: 0.75 });
  for (const open of ["/", "/healthz", "/openapi.json"]) {
    const response = await server.fetch(open);
    assertEquals(response.status, 200, open);
    await response.body?.cancel();
  }
});

Deno.test("a full server answers 503 with Retry-After, and recovers", async () => {
  let entered: () => void = () => {};
  const first = new Promise<void>((resolve) => entered = resolve);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => release = resolve);
  // The first request holds the only slot while its runner waits.
  const runner: TrecEvalRunner = async () => {
    entered();
    await held;
    return { status: 0, stdout: "done\n", stderr: "" };
  };
  await using server = serve(
    createApp({ maxRunning: 1, maxWaiting: 0, trecEval: runner }),
  );
  const slow = server.post("/v1/trec_eval", { qrels: QRELS, run: RUN });
  await first;
  const turnedAway = await server.post("/v1/evaluate", {
    qrels: QRELS,
    run: RUN,
  });
  assertEquals(turnedAway.status, 503);
  assertEquals(turnedAway.headers.get("retry-after"), "1");
  assertEquals(
    (await problem(turnedAway)).detail,
    "The server is busy: 1 request(s) running and 0 waiting. Retry later.",
  );
  release();
  const done = await slow;
  assertEquals([done.status, await done.text()], [200, "done\n"]);
  const after = await server.post("/v1/evaluate", {
    qrels: QRELS,
    run: RUN,
    metrics: ["rr"],
  });
  assertEquals(after.status, 200);
  assertEquals((await after.json()).aggregate, { rr: 0.75 });
});

Deno.test("a request that outlives the time limit answers 504", async () => {
  // The runner computes until the time limit stops it.
  const runner: TrecEvalRunner = (_args, _qrels, _run, signal) =>
    new Promise((resolve) =>
      signal.addEventListener(
        "abort",
        () => resolve({ status: 0, stdout: "late\n", stderr: "" }),
      )
    );
  await using server = serve(createApp({ timeLimit: 200, trecEval: runner }));
  const late = await server.post("/v1/trec_eval", { qrels: QRELS, run: RUN });
  assertEquals(late.status, 504);
  assertEquals(
    (await problem(late)).detail,
    "The request took longer than its time limit of 200 ms.",
  );
  // The slot it held is free again.
  const next = await server.post("/v1/evaluate", {
    qrels: QRELS,
    run: RUN,
    metrics: ["rr"],
  });
  assertEquals([next.status, (await next.json()).aggregate], [200, {
    rr: 0.75,
  }]);
});

Deno.test("a body that does not arrive within the body time limit answers 408", async () => {
  await using server = serve(createApp({ bodyTimeLimit: 200 }));
  let send: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stalled = await server.fetch("/v1/evaluate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: new ReadableStream({
      start(c) {
        send = c;
        c.enqueue(new TextEncoder().encode('{"qrels": '));
      },
    }),
  });
  assertEquals(stalled.status, 408);
  assertEquals(
    (await problem(stalled)).setting,
    "RANKLENS_BODY_TIME_LIMIT_MS",
  );
  send!.close();
});

/** A runner that holds its slot until released, and says when it entered. */
function gatedRunner() {
  const entered: (() => void)[] = [];
  const releases: (() => void)[] = [];
  const runner: TrecEvalRunner = async () => {
    entered.shift()?.();
    await new Promise<void>((resolve) => releases.push(resolve));
    return { status: 0, stdout: "done\n", stderr: "" };
  };
  /** Resolves when the next request enters the runner. */
  const nextEntry = () => new Promise<void>((resolve) => entered.push(resolve));
  const releaseAll = () => releases.splice(0).forEach((release) => release());
  return { runner, nextEntry, releaseAll };
}

Deno.test("a request that waits too long for a slot answers 503 with Retry-After", async () => {
  const { runner, nextEntry, releaseAll } = gatedRunner();
  await using server = serve(
    createApp({ maxRunning: 1, queueTimeLimit: 100, trecEval: runner }),
  );
  const entry = nextEntry();
  const holder = server.post("/v1/trec_eval", { qrels: QRELS, run: RUN });
  await entry;
  const waited = await server.post("/v1/evaluate", {
    qrels: QRELS,
    run: RUN,
  });
  assertEquals(waited.status, 503);
  assertEquals(waited.headers.get("retry-after"), "1");
  const body = await problem(waited);
  assertEquals([body.detail, body.setting, body.limit], [
    "The server is busy: the request waited 100 ms for one of 1 running request(s) to finish. Retry later.",
    "RANKLENS_QUEUE_TIME_LIMIT_MS",
    100,
  ]);
  releaseAll();
  const held = await holder;
  assertEquals([held.status, await held.text()], [200, "done\n"]);
});

Deno.test("the time limit counts a request's work, not its wait for a slot", async () => {
  // Three requests in turn hold the only slot for `hold` ms each, well
  // within the limit; the fourth waits for all three, longer than the
  // limit, and is still answered.
  const limit = 2000;
  const hold = 800;
  const runner: TrecEvalRunner = async (args) => {
    if (args[0] === "hold") {
      await new Promise((resolve) => setTimeout(resolve, hold));
    }
    return { status: 0, stdout: "done\n", stderr: "" };
  };
  await using server = serve(
    createApp({ maxRunning: 1, timeLimit: limit, trecEval: runner }),
  );
  const post = (args: string[]) =>
    server.post("/v1/trec_eval", { qrels: QRELS, run: RUN, args });
  const holders = [post(["hold"]), post(["hold"]), post(["hold"])];
  const sent = performance.now();
  const last = await post([]);
  const waited = performance.now() - sent;
  assertEquals([last.status, await last.text()], [200, "done\n"]);
  const held = await Promise.all(holders);
  assertEquals(held.map((r) => r.status), [200, 200, 200]);
  await Promise.all(held.map((r) => r.body?.cancel()));
  // Timers never fire early: the wait was at least the three holds.
  assertEquals(waited >= 3 * hold && waited > limit, true);
});

Deno.test("CORS is off unless origins are configured", async () => {
  {
    await using server = serve(createApp());
    const response = await server.fetch("/healthz", {
      headers: { origin: "https://a.example" },
    });
    assertEquals(response.headers.get("access-control-allow-origin"), null);
    await response.body?.cancel();
  }
  await using server = serve(createApp({ corsOrigins: ["https://a.example"] }));
  const preflight = await server.fetch("/v1/evaluate", {
    method: "OPTIONS",
    headers: {
      origin: "https://a.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type, authorization",
    },
  });
  assertEquals(preflight.status, 204);
  assertEquals(
    preflight.headers.get("access-control-allow-origin"),
    "https://a.example",
  );
  assertEquals(
    preflight.headers.get("access-control-allow-headers"),
    "authorization,content-type",
  );
  // Errors carry the header too, so a page of that origin can read them.
  const refused = await server.post("/v1/evaluate", {}, {
    origin: "https://a.example",
  });
  assertEquals(refused.status, 400);
  assertEquals(
    refused.headers.get("access-control-allow-origin"),
    "https://a.example",
  );
  await refused.body?.cancel();
  const other = await server.fetch("/healthz", {
    headers: { origin: "https://evil.example" },
  });
  assertEquals(other.headers.get("access-control-allow-origin"), null);
  await other.body?.cancel();
});

Deno.test("GET / serves the page under a strict Content Security Policy", async () => {
  await using server = serve(createApp());
  const response = await server.fetch("/");
  assertEquals(response.status, 200);
  assertEquals(
    response.headers.get("content-type"),
    "text/html; charset=UTF-8",
  );
  const policy = response.headers.get("content-security-policy")!;
  const html = await response.text();
  // The policy allows the page's own inline script and style, by hash.
  const hash = async (text: string) =>
    btoa(String.fromCharCode(
      ...new Uint8Array(
        await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)),
      ),
    ));
  const script = html.match(/<script>([\s\S]*)<\/script>/)![1];
  const style = html.match(/<style>([\s\S]*)<\/style>/)![1];
  assertEquals(
    policy.includes(`script-src 'sha256-${await hash(script)}'`),
    true,
  );
  assertEquals(
    policy.includes(`style-src 'sha256-${await hash(style)}'`),
    true,
  );
  assertEquals(policy.includes("connect-src 'self'"), true);
  // Nothing is loaded from another origin.
  assertEquals(/(src|href)="(https?:)?\/\//.test(html), false);
});

Deno.test("GET /openapi.json describes exactly the routes the app has", async () => {
  const runner: TrecEvalRunner = () =>
    Promise.resolve({ status: 0, stdout: "", stderr: "" });
  for (const options of [{}, { trecEval: runner, token: "t" }]) {
    const app = createApp(options);
    await using server = serve(app);
    const document = await (await server.fetch("/openapi.json")).json();
    assertEquals(document.openapi, "3.1.0");
    const described = Object.entries(document.paths).flatMap((
      [path, operations],
    ) => Object.keys(operations as object).map((m) => `${m} ${path}`)).sort();
    const routes = app.routes.filter((r) => r.method !== "ALL").map((r) =>
      `${r.method.toLowerCase()} ${r.path}`
    ).filter((r) => r !== "get /");
    assertEquals(described, [...new Set(routes)].sort());
    // Every reference resolves.
    const text = JSON.stringify(document);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/(\w+)"/g)) {
      assertEquals(name in document.components.schemas, true, name);
    }
    assertEquals(
      document.paths["/v1/evaluate"].post.security !== undefined,
      "token" in options,
    );
  }
});

Deno.test("each route checks its body with the schema /openapi.json shows", async () => {
  await using server = serve(createApp());
  const document = await (await server.fetch("/openapi.json")).json();
  for (
    const path of ["/v1/evaluate", "/v1/compare", "/v1/rag", "/v1/trec_eval"]
  ) {
    const { $ref } = document.paths[path].post.requestBody.content[
      "application/json"
    ].schema;
    const schema = document.components.schemas[$ref.split("/").pop()];
    assertEquals(schema.additionalProperties, false, path);
    const response = await server.post(path, { unheardOf: 1 });
    assertEquals(response.status, 400, path);
    const expected = Object.keys(schema.properties).map((k) => `"${k}"`);
    assertEquals(
      (await problem(response)).detail,
      `Field "unheardOf" is not known; expected ${expected.join(", ")}.`,
      path,
    );
  }
  // A field's bounds come from the same declaration.
  const depth = document.components.schemas.EvaluateRequest.properties.depth;
  assertEquals([depth.type, depth.minimum], ["integer", 1]);
  const resamples = document.components.schemas.CompareRequest.properties
    .resamples;
  assertEquals([resamples.minimum, resamples.maximum], [1, 100000]);
});

Deno.test("POST /v1/trec_eval hands texts and options to the runner", async () => {
  const calls: [readonly string[], string, string][] = [];
  const runner: TrecEvalRunner = (args, qrels, run) => {
    calls.push([args, qrels, run]);
    return Promise.resolve(
      qrels.includes("bad")
        ? { status: 1, stdout: "", stderr: "trec_eval: bad qrels line 1\n" }
        : { status: 0, stdout: "P_5\tall\t0.2000\n", stderr: "" },
    );
  };
  await using server = serve(createApp({ trecEval: runner }));
  const ok = await server.post("/v1/trec_eval", {
    qrels: QRELS,
    run: RUN,
    args: ["-q", "-m", "P.5"],
  });
  assertEquals(ok.status, 200);
  assertEquals(ok.headers.get("content-type"), "text/plain; charset=utf-8");
  assertEquals(await ok.text(), "P_5\tall\t0.2000\n");
  assertEquals(calls, [[["-q", "-m", "P.5"], QRELS, RUN]]);
  const failed = await server.post("/v1/trec_eval", { qrels: "bad", run: RUN });
  assertEquals(failed.status, 400);
  assertEquals(await problem(failed), {
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail: "trec_eval: bad qrels line 1",
    exitStatus: 1,
    stderr: "trec_eval: bad qrels line 1\n",
  });
  for (
    const args of [["-Z", "/etc/passwd"], ["-qZ/etc/passwd"], ["--Zscore=x"]]
  ) {
    const refused = await server.post("/v1/trec_eval", {
      qrels: QRELS,
      run: RUN,
      args,
    });
    assertEquals(refused.status, 400);
    assertEquals((await problem(refused)).field, "args");
  }
  const notText = await server.post("/v1/trec_eval", {
    qrels: { q1: { d1: 1 } },
    run: RUN,
  });
  assertEquals(notText.status, 400);
  assertEquals(
    (await problem(notText)).detail,
    'Field "qrels" must be TREC text, got an object.',
  );
  assertEquals(calls.length, 2);
});

Deno.test("a failure inside the server answers 500 without internals", async () => {
  // A TypeError is a bug like any other: only the server's problems, input
  // and usage errors are the client's.
  const runner: TrecEvalRunner = () => {
    throw new TypeError("secret internal state");
  };
  await using server = serve(createApp({ trecEval: runner }));
  const error = console.error;
  const logged: unknown[] = [];
  console.error = (...args: unknown[]) => logged.push(...args);
  try {
    const response = await server.post("/v1/trec_eval", {
      qrels: QRELS,
      run: RUN,
    });
    assertEquals(response.status, 500);
    assertEquals(
      (await problem(response)).detail,
      "The server failed to answer this request.",
    );
  } finally {
    console.error = error;
  }
  assertEquals(logged[0], "ranklens: a bug answering POST /v1/trec_eval:");
  assertEquals((logged[1] as Error).message, "secret internal state");
});

Deno.test("the example files evaluate over HTTP", async () => {
  await using server = serve(createApp());
  const response = await server.post("/v1/evaluate", {
    qrels: await repoText("examples/qrels.txt"),
    run: await repoText("examples/run.bm25.txt"),
  });
  assertEquals(response.status, 200);
  const body = await response.json();
  assertEquals(body.runId, "bm25");
  assertEquals(body.counts.scored, 20);
});

Deno.test("TREC text whose topics are not grouped is read again whole", async () => {
  await using server = serve(createApp());
  const post = async (run: string) => {
    const response = await server.post("/v1/evaluate", {
      qrels: QRELS,
      run,
      metrics: ["rr", "num_ret"],
      perQuery: true,
    });
    assertEquals(response.status, 200);
    return await response.json();
  };
  // q1's lines are split by q2's: the scan gives up and the lists path runs.
  const ungrouped = await post(
    "q1 Q0 d2 1 3.0 tagA\nq2 Q0 d4 1 1.0 tagA\nq1 Q0 d1 2 2.0 tagA\n",
  );
  assertEquals(ungrouped, await post(RUN));
});

Deno.test("a run that repeats one document many times answers 400", async () => {
  await using server = serve(createApp());
  // 100,000 repeats: a check quadratic in the repeats would hold the server
  // for many minutes here.
  const repeated = await server.post("/v1/evaluate", {
    qrels: QRELS,
    run: "q1 Q0 d2 1 3.0 t\n".repeat(100_000),
  });
  assertEquals(repeated.status, 400);
  assertEquals(
    (await repeated.json()).detail,
    'run:2: document "d2" appears twice in query "q1" (lines 1 and 2)',
  );
});

Deno.test("a custom registry's metrics are served, document ids and all", async () => {
  const registry = new Registry(builtinRegistry);
  registry.register<JudgedRanking>({
    name: "top_is_d1",
    description: "1 when the top document is d1.",
    cutoff: "none",
    readsDocs: true,
    create: () => (ranking) => ranking.docs?.[0] === "d1" ? 1 : 0,
  });
  await using server = serve(createApp({ registry }));
  const response = await server.post("/v1/evaluate", {
    qrels: QRELS,
    run: RUN,
    metrics: ["top_is_d1", "rr"],
    perQuery: true,
  });
  assertEquals(response.status, 200);
  const body = await response.json();
  // q1 ranks d2 first; q2 ranks d4 first.
  assertEquals(body.perQuery.q1.top_is_d1, 0);
  assertEquals(
    (await (await server.post("/v1/evaluate", {
      qrels: QRELS,
      run: "q1 Q0 d1 1 3.0 t\n",
      metrics: ["top_is_d1"],
    })).json()).aggregate,
    { top_is_d1: 1 },
  );
  const listing = await (await server.fetch("/v1/metrics")).json();
  assertEquals(
    listing.some((m: { name: string }) => m.name === "top_is_d1"),
    true,
  );
});
