/**
 * Hostile clients against `cli.ts serve` in a subprocess with small limits:
 * each attack of the hostile-clients issue is answered within its limit by
 * a problem, `/healthz` answers throughout, and the process stays up.
 * Traffic goes to 127.0.0.1 only; every loop is bounded in count and time.
 */

import { assertEquals } from "../assert.ts";

function assert(
  condition: unknown,
  message = "assertion failed",
): asserts condition {
  if (!condition) throw new Error(message);
}
import { cliServeArgs, type ServerProcess, spawnServer } from "./_serve.ts";

const TIME_LIMIT = 1500;
/** What a 504 may take beyond the limit: the sweep, a busy CI machine. */
const MARGIN = 1500;

/** The settings both kinds of server are started with. */
const SMALL_LIMITS = {
  RANKLENS_BODY_TIME_LIMIT_MS: "1000",
  RANKLENS_MAX_METRICS: "100",
  RANKLENS_MAX_PARAMETERS: "100",
  RANKLENS_MAX_OUTPUT_VALUES: "50000",
  RANKLENS_MAX_RESAMPLED_VALUES: "1000000",
};

async function startServer(
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  return await spawnServer(
    cliServeArgs([
      "--time-limit",
      String(TIME_LIMIT),
      "--max-running",
      "2",
      "--header-timeout",
      "1000",
      "--idle-timeout",
      "2000",
    ]),
    { ...SMALL_LIMITS, ...env },
  );
}

function post(url: string, path: string, body: unknown): Promise<Response> {
  return fetch(url + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/**
 * Posts a JSON body on a connection of its own, reading while it writes,
 * and times the answer's head from the request's head, as the time limit
 * runs: `fetch` gives the answer only once the whole body is sent, and on a
 * loaded machine the upload of a large body alone can take longer than the
 * margin. A server that answers early may stop reading: the rest of the
 * body is dropped.
 */
async function postTimed(
  url: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: string; took: number }> {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  const conn = await Deno.connect({
    hostname: "127.0.0.1",
    port: Number(new URL(url).port),
  });
  try {
    const head = new TextEncoder().encode(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`,
    );
    // The answer's time is when its head arrives; the server may go on
    // reading the rest of the body before it closes the connection.
    let answered = 0;
    const reading = (async () => {
      let text = "";
      const decoder = new TextDecoder();
      const buffer = new Uint8Array(65536);
      for (;;) {
        const n = await conn.read(buffer).catch(() => null);
        if (n === null) break;
        text += decoder.decode(buffer.subarray(0, n), { stream: true });
        const end = text.indexOf("\r\n\r\n");
        if (end < 0) continue;
        answered ||= performance.now();
        const length = Number(text.match(/content-length: *(\d+)/i)?.[1]);
        if (text.length >= end + 4 + length) break;
      }
      return text;
    })();
    const sent = performance.now();
    const writing = (async () => {
      for (const part of [head, bytes]) {
        for (let at = 0; at < part.length;) {
          at += await conn.write(part.subarray(at));
        }
      }
    })().catch(() => {
      // The connection closed before the whole body was sent.
    });
    const text = await reading;
    const took = answered - sent;
    conn.close();
    await writing;
    const [status, rest] = [
      Number(text.slice(9, 12)),
      text.slice(text.indexOf("\r\n\r\n") + 4),
    ];
    return { status, body: rest, took };
  } finally {
    try {
      conn.close();
    } catch { /* closed above */ }
  }
}

async function problemOf(response: Response): Promise<Record<string, unknown>> {
  assertEquals(
    response.headers.get("content-type"),
    "application/problem+json",
  );
  return await response.json();
}

/** Asks `/healthz` every 100 ms while `work` runs; returns the slowest answer. */
async function healthWhile<T>(
  url: string,
  work: Promise<T>,
): Promise<{ result: T; slowest: number; answered: number }> {
  let done = false;
  let slowest = 0;
  let answered = 0;
  const probing = (async () => {
    for (let i = 0; i < 200 && !done; i++) {
      const start = performance.now();
      const response = await fetch(url + "/healthz");
      assertEquals(response.status, 200);
      await response.body?.cancel();
      slowest = Math.max(slowest, performance.now() - start);
      answered++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const result = await work;
  done = true;
  await probing;
  return { result, slowest, answered };
}

function longText(words: number, seed: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(`w${(i * seed) % 997}`);
  return out.join(" ");
}

Deno.test("hostile requests that compute get their 504 within the limit while /healthz answers", async () => {
  // The body alone, 8 MB, may take seconds to arrive on a busy machine.
  await using server = await startServer({
    RANKLENS_BODY_TIME_LIMIT_MS: "30000",
  });
  // rouge_l is O(n·m) per sample (each within its table budget of 2²⁴
  // cells) and synchronous: only terminating its worker stops 200 of them
  // in time.
  const rag = {
    samples: Array.from({ length: 200 }, (_, i) => ({
      response: longText(4000, 7 + i),
      reference: longText(4000, 11 + i),
    })),
    metrics: ["rouge_l"],
  };
  for (let round = 0; round < 2; round++) {
    const { result, slowest, answered } = await healthWhile(
      server.url,
      postTimed(server.url, "/v1/rag", rag),
    );
    const { status, body, took } = result;
    assertEquals(status, 504);
    assertEquals(
      JSON.parse(body).detail,
      `The request took longer than its time limit of ${TIME_LIMIT} ms.`,
    );
    assert(took < TIME_LIMIT + MARGIN, `504 after ${took} ms`);
    assert(answered > 0 && slowest < 1000, `/healthz took ${slowest} ms`);
  }
  // The replaced workers score again.
  const fine = await post(server.url, "/v1/evaluate", {
    qrels: "q1 0 d1 1\n",
    run: "q1 Q0 d1 1 1 t\n",
    metrics: ["rr"],
  });
  assertEquals((await fine.json()).aggregate, { rr: 1 });
});

Deno.test("requests over a budget are refused before work, naming the budget and its setting", async () => {
  await using server = await startServer();
  const qrels = Array.from({ length: 1000 }, (_, q) => `q${q} 0 d1 1`).join(
    "\n",
  );
  const cases: [string, unknown, number, string][] = [
    [
      "/v1/trec_eval",
      {
        qrels,
        run: "q1 Q0 d1 1 1 t\n",
        args: [
          "-q",
          "-m",
          "P." + Array.from({ length: 20000 }, (_, i) => i + 1).join(","),
        ],
      },
      422,
      "maxParameters",
    ],
    [
      "/v1/trec_eval",
      { qrels, run: "q1 Q0 d1 1 1 t\n", args: ["-q", "-m", "all_trec"] },
      413,
      "maxOutputValues",
    ],
    [
      "/v1/evaluate",
      {
        qrels,
        run: "q1 Q0 d1 1 1 t\n",
        metrics: Array.from({ length: 100_000 }, (_, k) => `P@${k + 1}`),
        perQuery: true,
      },
      422,
      "maxMetrics",
    ],
    [
      "/v1/evaluate",
      {
        qrels,
        run: "q1 Q0 d1 1 1 t\n",
        metrics: Array.from({ length: 60 }, (_, k) => `P@${k + 1}`),
        perQuery: true,
      },
      413,
      "maxOutputValues",
    ],
    [
      "/v1/compare",
      {
        qrels,
        runs: Object.fromEntries(
          Array.from({ length: 20 }, (_, r) => [`r${r}`, "q1 Q0 d1 1 1 t\n"]),
        ),
        metrics: Array.from({ length: 100_000 }, (_, k) => `P@${k + 1}`),
        resamples: 1,
      },
      422,
      "maxMetrics",
    ],
    [
      "/v1/compare",
      {
        qrels,
        // 190 pairs × 1 metric × 10000 resamples: over 10⁶ on any qrels.
        runs: Object.fromEntries(
          Array.from({ length: 20 }, (_, r) => [`r${r}`, "q1 Q0 d1 1 1 t\n"]),
        ),
        metrics: ["rr"],
      },
      422,
      "maxResampledValues",
    ],
  ];
  for (const [path, body, status, budget] of cases) {
    const start = performance.now();
    const response = await post(server.url, path, body);
    const problem = await problemOf(response);
    assertEquals([response.status, problem.budget], [status, budget]);
    assert(
      String(problem.detail).includes(`(setting ${problem.setting})`),
      String(problem.detail),
    );
    assert(performance.now() - start < TIME_LIMIT, `${budget} took too long`);
  }
});

Deno.test("error bodies quote a short excerpt of the input, however long it is", async () => {
  await using server = await startServer();
  const name = "x".repeat(1_000_000);
  const unknownField = await post(server.url, "/v1/evaluate", {
    qrels: "q1 0 d1 1\n",
    run: "q1 Q0 d1 1 1 t\n",
    [name]: 1,
  });
  assertEquals(unknownField.status, 400);
  const text = await unknownField.text();
  assert(text.length < 2000, `an error body of ${text.length} characters`);
  const badLine = await post(server.url, "/v1/evaluate", {
    qrels: "q1 0 d1 1\n",
    run: `q1 Q0 ${"d".repeat(500_000)} 1 1\n`,
  });
  assertEquals(badLine.status, 400);
  const bad = await badLine.text();
  assert(bad.length < 2000, `an error body of ${bad.length} characters`);
});

Deno.test("slow uploads neither hold scoring slots nor outlive the body time limit", async () => {
  await using server = await startServer();
  const port = Number(new URL(server.url).port);
  // Ten clients declare a body and send a byte a while, never finishing.
  const slow: Deno.Conn[] = [];
  for (let i = 0; i < 10; i++) {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(
      new TextEncoder().encode(
        "POST /v1/evaluate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
      ),
    );
    slow.push(conn);
  }
  const answers: number[] = [];
  for (let i = 0; i < 5; i++) {
    const response = await post(server.url, "/v1/evaluate", {
      qrels: "q1 0 d1 1\n",
      run: "q1 Q0 d1 1 1 t\n",
      metrics: ["rr"],
    });
    answers.push(response.status);
    await response.body?.cancel();
  }
  assertEquals(answers, [200, 200, 200, 200, 200]);
  // Each slow upload is answered 408 at the body limit, then closed.
  const start = performance.now();
  for (const conn of slow) {
    const buffer = new Uint8Array(4096);
    const n = await conn.read(buffer);
    const head = new TextDecoder().decode(buffer.subarray(0, n ?? 0));
    assert(head.startsWith("HTTP/1.1 408"), head.slice(0, 40));
    let closed = false;
    for (let i = 0; i < 100 && !closed; i++) {
      closed = (await conn.read(buffer).catch(() => null)) === null;
    }
    assert(closed);
    conn.close();
  }
  assert(performance.now() - start < 6000);
  // A client that drops its upload is one line in the log, not a stack.
  const dropped = await Deno.connect({ hostname: "127.0.0.1", port });
  await dropped.write(
    new TextEncoder().encode(
      'POST /v1/rag HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"samples"',
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  dropped.close();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const { output } = await server.stop();
  const lines = output.split("\n").filter((line) =>
    line.includes("POST /v1/rag")
  );
  assertEquals(lines.length, 1, output);
  assert(lines[0].includes("stopped sending its body"), lines[0]);
  assert(!output.includes("    at "), output);
});

Deno.test("partial headers are cut at the header time limit", async () => {
  await using server = await startServer();
  const port = Number(new URL(server.url).port);
  const partial = await Deno.connect({ hostname: "127.0.0.1", port });
  await partial.write(new TextEncoder().encode("GET /healthz HTTP/1.1\r\n"));
  const start = performance.now();
  assertEquals(await partial.read(new Uint8Array(100)), null);
  const cut = performance.now() - start;
  assert(cut < 1000 + MARGIN, `cut after ${cut} ms`);
  partial.close();
});

Deno.test("1,100 idle connections under a 1,024 descriptor limit leave /healthz answering", async () => {
  const child = new Deno.Command("prlimit", {
    args: [
      "--nofile=1024:1024",
      Deno.execPath(),
      ...cliServeArgs([
        "--idle-timeout",
        "60000",
        "--header-timeout",
        "60000",
      ]),
    ],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let announced = "";
  for (let i = 0; i < 50 && !/listening on/.test(announced); i++) {
    const { value, done } = await reader.read();
    if (done) break;
    announced += value;
  }
  const url = announced.match(/listening on (http:\/\/[\d.]+:\d+)/)![1];
  const port = Number(new URL(url).port);
  const idle: Deno.Conn[] = [];
  try {
    for (let i = 0; i < 1100; i++) {
      idle.push(await Deno.connect({ hostname: "127.0.0.1", port }));
    }
    const start = performance.now();
    const response = await fetch(url + "/healthz");
    assertEquals(await response.json(), { status: "ok" });
    assert(performance.now() - start < 2000);
    // Still up, and scoring.
    const scored = await post(url, "/v1/evaluate", {
      qrels: "q1 0 d1 1\n",
      run: "q1 Q0 d1 1 1 t\n",
      metrics: ["rr"],
    });
    assertEquals((await scored.json()).aggregate, { rr: 1 });
  } finally {
    for (const conn of idle) {
      try {
        conn.close();
      } catch { /* closed by the server */ }
    }
    child.kill("SIGTERM");
    await child.status;
    await reader.cancel();
    await child.stderr.cancel();
  }
});
