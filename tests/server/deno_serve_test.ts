/**
 * `deno serve server.ts`, as Deno Deploy runs it, in a subprocess: what the
 * README says of it. `deno serve` owns the listener, so it has the app's
 * bounds (scoring workers, the body limit, the time limit, budgets) and
 * none of the connection guard's (`cli.ts serve`): those are checked to be
 * absent too, so that the README changes when Deno adds them. Running out
 * of descriptors does not end it: `server.ts` listens again.
 */

import { assertEquals } from "../assert.ts";
import { type ServerProcess, spawnServer } from "./_serve.ts";

function assert(
  condition: unknown,
  message = "assertion failed",
): asserts condition {
  if (!condition) throw new Error(message);
}

/** A bound for what would otherwise hang: far beyond any limit under test. */
const HANG = 30_000;

const SMALL_LIMITS = {
  RANKLENS_BODY_LIMIT: "4000000",
  RANKLENS_BODY_TIME_LIMIT_MS: "1000",
  RANKLENS_TIME_LIMIT_MS: "1500",
  RANKLENS_MAX_RUNNING: "1",
  RANKLENS_MAX_METRICS: "100",
};

/** `deno serve` with the permissions the README gives it, on a free port. */
function denoServe(
  permissions = ["--allow-env", "--allow-read"],
  env: Record<string, string> = SMALL_LIMITS,
): Promise<ServerProcess> {
  return spawnServer(
    [
      "serve",
      ...permissions,
      "--host",
      "127.0.0.1",
      "--port",
      "0",
      "server.ts",
    ],
    env,
  );
}

/**
 * A client that keeps no idle connection: `deno serve` waits for open
 * connections when it stops.
 */
const client = Deno.createHttpClient({ poolMaxIdlePerHost: 0 });

/** Posts a JSON body. */
async function post(
  url: string,
  path: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(HANG),
    client,
  });
  return { status: response.status, json: await response.json() };
}

async function get(url: string, path: string) {
  const response = await fetch(url + path, {
    signal: AbortSignal.timeout(HANG),
    client,
  });
  return { status: response.status, json: await response.json() };
}

/**
 * Reads from `conn` until it closes, `done` holds of what it read, or `ms`
 * pass.
 */
async function readUntil(
  conn: Deno.Conn,
  ms: number,
  done: (text: string) => boolean = () => false,
): Promise<{ text: string; closed: boolean }> {
  const decoder = new TextDecoder();
  const buffer = new Uint8Array(4096);
  let text = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<"waited">((resolve) => {
    timer = setTimeout(() => resolve("waited"), ms);
  });
  try {
    for (;;) {
      const n = await Promise.race([
        conn.read(buffer).catch(() => null),
        waited,
      ]);
      if (n === "waited") return { text, closed: false };
      if (n === null) return { text, closed: true };
      text += decoder.decode(buffer.subarray(0, n), { stream: true });
      if (done(text)) return { text, closed: false };
    }
  } finally {
    clearTimeout(timer);
  }
}

function letters(count: number, seed: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(String.fromCharCode(97 + (i * seed) % 26));
  }
  return out.join(" ");
}

Deno.test("deno serve server.ts has the app's limits and none of the connection guard's", async () => {
  await using server = await denoServe();
  const port = Number(new URL(server.url).port);
  const connect = () => Deno.connect({ hostname: "127.0.0.1", port });
  const encoder = new TextEncoder();
  // Held through the checks below: a partial request head, and a
  // connection idle after one request. cli.ts serve would close both
  // (--header-timeout, --idle-timeout).
  const opened = performance.now();
  const partial = await connect();
  await partial.write(encoder.encode("GET /healthz HTTP/1.1\r\n"));
  const idle = await connect();
  await idle.write(
    encoder.encode("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
  );
  const first = await readUntil(idle, HANG, (text) => text.includes("ok"));
  assert(first.text.startsWith("HTTP/1.1 200"), first.text);
  try {
    assertEquals(await get(server.url, "/healthz"), {
      status: 200,
      json: { status: "ok" },
    });
    // Scoring on workers: Deno names their threads worker-N, one per
    // RANKLENS_MAX_RUNNING.
    const threads = [...Deno.readDirSync(`/proc/${server.pid}/task`)].map((
      task,
    ) =>
      Deno.readTextFileSync(`/proc/${server.pid}/task/${task.name}/comm`)
        .trim()
    );
    assertEquals(threads.filter((name) => /^worker-\d+$/.test(name)).length, 1);
    const scored = await post(server.url, "/v1/evaluate", {
      qrels: "q1 0 d1 1\nq2 0 d9 1\n",
      run: "q1 Q0 d1 1 2 t\nq2 Q0 d2 1 2 t\nq2 Q0 d9 2 1 t\n",
      metrics: ["rr"],
    });
    // rr: d1 at rank 1, d9 at rank 2: (1 + 1/2) / 2.
    assertEquals([scored.status, scored.json.aggregate], [200, { rr: 0.75 }]);
    // The body limit, a budget and the time limit.
    const large = await post(server.url, "/v1/evaluate", {
      qrels: "x".repeat(4_000_000),
    });
    assertEquals([large.status, large.json.setting], [
      413,
      "RANKLENS_BODY_LIMIT",
    ]);
    const many = await post(server.url, "/v1/evaluate", {
      qrels: "q1 0 d1 1\n",
      run: "q1 Q0 d1 1 1 t\n",
      metrics: Array.from({ length: 101 }, (_, k) => `P@${k + 1}`),
    });
    assertEquals([many.status, many.json.budget], [422, "maxMetrics"]);
    // rouge_l is O(n·m) per sample: 200 samples of 4,000 one-letter words
    // (3.2 MB, under the body limit) are 3.2·10⁹ table cells, seconds even on
    // an idle machine, longer than the limit, which stops them.
    const late = await post(server.url, "/v1/rag", {
      samples: Array.from({ length: 200 }, (_, i) => ({
        response: letters(4000, 7 + i),
        reference: letters(4000, 11 + i),
      })),
      metrics: ["rouge_l"],
    });
    assertEquals([late.status, late.json.detail], [
      504,
      "The request took longer than its time limit of 1500 ms.",
    ]);
    // A body that does not arrive in time is a 408, and its connection
    // stays open after it until the client closes it.
    const slow = await connect();
    try {
      await slow.write(encoder.encode(
        "POST /v1/evaluate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
      ));
      const answer = await readUntil(
        slow,
        HANG,
        (text) => text.includes("RANKLENS_BODY_TIME_LIMIT_MS"),
      );
      assert(answer.text.startsWith("HTTP/1.1 408"), answer.text);
      assertEquals((await readUntil(slow, 1000)).closed, false);
    } finally {
      slow.close();
    }
    // Both held connections are still open.
    const held = performance.now() - opened;
    assertEquals((await readUntil(partial, 100)).closed, false);
    assertEquals(
      (await readUntil(idle, 100)).closed,
      false,
      `after ${held} ms`,
    );
  } finally {
    partial.close();
    idle.close();
  }
});

Deno.test("deno serve server.ts ends on SIGTERM, its scoring workers and all", async () => {
  const server = await denoServe(["--allow-read", "--allow-env"], {
    RANKLENS_MAX_RUNNING: "2",
  });
  // The app, and with it the scoring pool, starts with the first request.
  assertEquals((await get(server.url, "/healthz")).status, 200);
  const evaluated = await post(server.url, "/v1/evaluate", {
    qrels: "q1 0 d1 1\n",
    run: "q1 Q0 d1 1 1 t\n",
    metrics: ["rr"],
  });
  assertEquals([evaluated.status, evaluated.json.aggregate], [200, { rr: 1 }]);
  // Live workers kept the process up until the SIGKILL 10 s later (137).
  const { code } = await server.stop();
  assertEquals(code === 137, false, `exit status ${code}`);
});

Deno.test("deno serve server.ts without --allow-env answers every request 500", async () => {
  await using server = await denoServe(["--allow-read"], {});
  const health = await get(server.url, "/healthz");
  assertEquals(health.status, 500);
  assert(String(health.json.detail).startsWith("The server is misconfigured"));
});

/**
 * Holds 1,100 idle connections to `deno serve server.ts` under a limit of
 * 1,024 descriptors, then asks for `/healthz` and a score.
 */
async function outlastIdleConnections(flags: string[]): Promise<void> {
  // A port of its own: `deno serve` may listen again only on the one it
  // was given (--port 0 would need --allow-net for the port it picked).
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = probe.addr.port;
  probe.close();
  const child = new Deno.Command("prlimit", {
    args: [
      "--nofile=1024:1024",
      Deno.execPath(),
      "serve",
      ...flags,
      "--allow-env",
      "--allow-read",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "server.ts",
    ],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  while (!/Listening on/i.test(output)) {
    const { value, done } = await reader.read();
    if (done) break;
    output += value;
  }
  const url = `http://127.0.0.1:${port}`;
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      output += value;
    }
  })();
  const idle: Deno.Conn[] = [];
  let killer: ReturnType<typeof setTimeout> | undefined;
  try {
    // About 1,000 are accepted before accept fails. None is refused: the
    // listening socket stays open while the server listens again. The
    // first holds a partial request head.
    idle.push(await Deno.connect({ hostname: "127.0.0.1", port }));
    await idle[0].write(new TextEncoder().encode("GET /healthz HTTP/1.1\r\n"));
    for (let i = 1; i < 1100; i++) {
      idle.push(await Deno.connect({ hostname: "127.0.0.1", port }));
    }
    assertEquals(await get(url, "/healthz"), {
      status: 200,
      json: { status: "ok" },
    });
    const scored = await post(url, "/v1/evaluate", {
      qrels: "q1 0 d1 1\nq2 0 d9 1\n",
      run: "q1 Q0 d1 1 2 t\nq2 Q0 d2 1 2 t\nq2 Q0 d9 2 1 t\n",
      metrics: ["rr"],
    });
    // rr: d1 at rank 1, d9 at rank 2: (1 + 1/2) / 2.
    assertEquals([scored.status, scored.json.aggregate], [200, { rr: 0.75 }]);
    // The idle connections held where accepting failed were closed (with
    // --parallel, perhaps in one isolate only).
    const closed = await Promise.all(
      idle.map(async (conn) => (await readUntil(conn, 1000)).closed),
    );
    const count = closed.filter(Boolean).length;
    assert(count > 100 && count < 1100, `${count} closed`);
    if (!flags.includes("--parallel")) {
      assert(closed[0], "the partial request head is still open");
    }
    assert(
      output.includes(
        "ranklens: accepting a connection failed (Too many open files (os error 24)); closing the idle connections and listening again",
      ),
      output,
    );
    assert(!output.includes("Uncaught"), output);
  } finally {
    for (const conn of idle) {
      try {
        conn.close();
      } catch { /* closed by the server */ }
    }
    // Its SIGTERM handler stops the server listening now, not the first.
    try {
      child.kill("SIGTERM");
      killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    } catch { /* exited */ }
  }
  const { code } = await child.status;
  clearTimeout(killer);
  await reading;
  assertEquals(code, 0, output);
}

Deno.test("deno serve server.ts keeps answering after idle connections use up its descriptors", async () => {
  await outlastIdleConnections([]);
});

Deno.test("deno serve --parallel server.ts keeps answering after idle connections use up its descriptors", async () => {
  // Each isolate listens again on its own.
  await outlastIdleConnections(["--parallel"]);
});
