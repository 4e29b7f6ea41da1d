/**
 * Hostile clients against `cli.ts serve` in a subprocess with small limits:
 * each attack of the hostile-clients issue is answered within its limit by
 * a problem, `/healthz` answers throughout, and the process stays up.
 * Traffic goes to 127.0.0.1 only; every loop is bounded in count and time.
 *
 * The machine may be shared (load averages of 20 on 2 cores): assertions
 * are on outcomes and order (which status, what answered while a request
 * was pending), and the one wall-clock bound, the 504's, has a margin
 * scaled from a small request's time measured on the same server.
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
/** The least a 504 may take beyond the limit: terminating the worker, a busy machine. */
const MARGIN = 1500;
/** A bound for what would otherwise hang: far beyond any limit under test. */
const HANG = 30_000;

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
  flags: Record<string, string> = {},
): Promise<ServerProcess> {
  const settings: Record<string, string> = {
    "time-limit": String(TIME_LIMIT),
    "max-running": "2",
    "header-timeout": "1000",
    "idle-timeout": "2000",
    ...flags,
  };
  return await spawnServer(
    cliServeArgs(
      Object.entries(settings).flatMap(([flag, value]) => [`--${flag}`, value]),
    ),
    { ...SMALL_LIMITS, ...env },
  );
}

/** Waits for `promise`, failing the test after {@linkcode HANG} ms rather than hanging. */
async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${what}: nothing after ${HANG} ms`)),
          HANG,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a promise is still pending. */
async function pending(promise: Promise<unknown>): Promise<boolean> {
  const marker = {};
  return await Promise.race([promise, Promise.resolve(marker)]) === marker;
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
 * and times the answer's head from the moment the whole body was written
 * (`took`), and the upload (`upload`): the time limit runs from when the
 * work starts, after the body is in, and on a loaded machine the upload of
 * a large body alone can take longer than the margin. The last bytes
 * written may still wait in socket buffers then, for at most as long as the
 * upload took. A server that answers early may stop reading: the rest of
 * the body is dropped.
 */
async function postTimed(
  url: string,
  path: string,
  body: unknown,
): Promise<{
  status: number;
  body: string;
  took: number;
  upload: number;
  sent: number;
  answered: number;
}> {
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
    let sent = 0;
    const start = performance.now();
    const writing = (async () => {
      for (const part of [head, bytes]) {
        for (let at = 0; at < part.length;) {
          at += await conn.write(part.subarray(at));
        }
      }
      sent = performance.now();
    })().catch(() => {
      // The connection closed before the whole body was sent.
    });
    const text = await within(reading, `${path}'s answer`);
    sent ||= answered;
    const took = answered - sent;
    conn.close();
    await writing;
    const [status, rest] = [
      Number(text.slice(9, 12)),
      text.slice(text.indexOf("\r\n\r\n") + 4),
    ];
    return { status, body: rest, took, upload: sent - start, sent, answered };
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

/**
 * Asks `/healthz` every 100 ms while `work` runs; returns when each answer
 * (all 200) arrived.
 */
async function healthWhile<T>(
  url: string,
  work: Promise<T>,
): Promise<{ result: T; answers: number[] }> {
  let done = false;
  const answers: number[] = [];
  const probing = (async () => {
    for (let i = 0; i < 500 && !done; i++) {
      const response = await within(fetch(url + "/healthz"), "/healthz");
      assertEquals(response.status, 200);
      await response.body?.cancel();
      answers.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const result = await work;
  done = true;
  await probing;
  return { result, answers };
}

/** The median time of three small `/v1/rag` requests: this machine's pace now. */
async function smallRequestMs(url: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    const response = await post(url, "/v1/rag", {
      samples: [{ response: "a b c", reference: "a b d" }],
      metrics: ["rouge_l"],
    });
    assertEquals(response.status, 200);
    await response.body?.cancel();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[1];
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
  // Uncut, these take tens of seconds; on a loaded machine every step of
  // the 504 (the timer, terminating the worker, writing the answer) takes
  // longer too, by about as much as a small request does.
  const margin = Math.max(MARGIN, 10 * await smallRequestMs(server.url));
  for (let round = 0; round < 2; round++) {
    const { result, answers } = await healthWhile(
      server.url,
      postTimed(server.url, "/v1/rag", rag),
    );
    const { status, body, took, upload, sent, answered } = result;
    assertEquals(status, 504);
    assertEquals(
      JSON.parse(body).detail,
      `The request took longer than its time limit of ${TIME_LIMIT} ms.`,
    );
    assert(
      took < TIME_LIMIT + margin + upload,
      `504 after ${took} ms (margin ${margin} ms, upload ${upload} ms)`,
    );
    // The work ran for the whole limit after the body was in (timers never
    // fire early): /healthz answered while it ran, so the serving thread
    // did not compute.
    const during = answers.filter((at) => at > sent && at < answered);
    assert(
      during.length > 0,
      `no /healthz answer in the ${took} ms to the 504 (${answers.length} in all)`,
    );
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
  // Each budget is one counted before the work (the answer's bytes, counted
  // while it is written, are maxOutputBytes): had the work started, these
  // would be a 504 at the time limit or a 413 of maxOutputBytes.
  for (const [path, body, status, budget] of cases) {
    const response = await post(server.url, path, body);
    const problem = await problemOf(response);
    assertEquals([response.status, problem.budget], [status, budget]);
    assert(
      String(problem.detail).includes(`(setting ${problem.setting})`),
      String(problem.detail),
    );
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

/** Opens `count` uploads that declare a body and send one byte of it. */
async function slowUploads(url: string, count: number): Promise<Deno.Conn[]> {
  const port = Number(new URL(url).port);
  const slow: Deno.Conn[] = [];
  for (let i = 0; i < count; i++) {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(
      new TextEncoder().encode(
        "POST /v1/evaluate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
      ),
    );
    slow.push(conn);
  }
  return slow;
}

/** Reads what the server sends on `conn` until it closes it. */
async function readAll(conn: Deno.Conn): Promise<string> {
  const decoder = new TextDecoder();
  const buffer = new Uint8Array(4096);
  let text = "";
  for (;;) {
    const n = await conn.read(buffer).catch(() => null);
    if (n === null) return text;
    text += decoder.decode(buffer.subarray(0, n), { stream: true });
  }
}

Deno.test("slow uploads hold no scoring slot", async () => {
  // A body time limit no upload reaches while the test runs.
  await using server = await startServer({
    RANKLENS_BODY_TIME_LIMIT_MS: "600000",
  });
  const slow = await slowUploads(server.url, 10);
  const cut = slow.map(readAll);
  try {
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await within(
        post(server.url, "/v1/evaluate", {
          qrels: "q1 0 d1 1\n",
          run: "q1 Q0 d1 1 1 t\n",
          metrics: ["rr"],
        }),
        "an evaluate beside slow uploads",
      );
      answers.push(response.status);
      await response.body?.cancel();
    }
    assertEquals(answers, [200, 200, 200, 200, 200]);
    // Every upload was still being read while the others were answered.
    for (const answer of cut) assert(await pending(answer));
  } finally {
    for (const conn of slow) conn.close();
    await Promise.all(cut);
  }
});

Deno.test("slow uploads are answered 408 at the body time limit, and a dropped one is one log line", async () => {
  await using server = await startServer();
  const slow = await slowUploads(server.url, 10);
  // Each is answered 408 at the body time limit, then closed.
  for (const conn of slow) {
    const text = await within(readAll(conn), "a slow upload's answer");
    conn.close();
    assert(text.startsWith("HTTP/1.1 408"), text.slice(0, 40));
    assert(text.includes('"setting":"RANKLENS_BODY_TIME_LIMIT_MS"'), text);
  }
  // A client that drops its upload is one line in the log, not a stack.
  const port = Number(new URL(server.url).port);
  const dropped = await Deno.connect({ hostname: "127.0.0.1", port });
  await dropped.write(
    new TextEncoder().encode(
      'POST /v1/rag HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"samples"',
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  dropped.close();
  // The line may take a while on a busy machine: wait for it, boundedly.
  const logged = () =>
    server.output().split("\n").filter((line) => line.includes("POST /v1/rag"));
  for (let i = 0; i < HANG / 50 && logged().length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { output } = await server.stop();
  const lines = logged();
  assertEquals(lines.length, 1, output);
  assert(lines[0].includes("stopped sending its body"), lines[0]);
  assert(!output.includes("    at "), output);
});

Deno.test("partial headers are cut at the header time limit", async () => {
  // Nothing else would close the connection before the test gives up: the
  // idle timeout is far longer.
  await using server = await startServer({}, { "idle-timeout": "600000" });
  const port = Number(new URL(server.url).port);
  const partial = await Deno.connect({ hostname: "127.0.0.1", port });
  await partial.write(new TextEncoder().encode("GET /healthz HTTP/1.1\r\n"));
  // Closed, with no answer.
  assertEquals(await within(readAll(partial), "the cut"), "");
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
    const response = await within(fetch(url + "/healthz"), "/healthz");
    assertEquals(await response.json(), { status: "ok" });
    // Still up, and scoring.
    const scored = await within(
      post(url, "/v1/evaluate", {
        qrels: "q1 0 d1 1\n",
        run: "q1 Q0 d1 1 1 t\n",
        metrics: ["rr"],
      }),
      "a score",
    );
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
