import { assertEquals } from "../assert.ts";
import { Hono } from "hono";
import { sendAnswer } from "../../server/answer_body.ts";
import { HttpProblem, problemOf } from "../../server/problem.ts";
import { ByteBudget } from "../../server/request_body.ts";
import { createApp } from "../../server.ts";

/** An app whose route answers `/N` with N bytes counting up, held in `held`. */
function answering(
  held: ByteBudget,
  waitLimit: number,
  sendTimeLimit?: number,
) {
  const app = new Hono();
  app.onError((error) => problemOf(error).toResponse());
  app.get("/:size", (c) => {
    const size = Number(c.req.param("size"));
    const body = new Uint8Array(size).map((_, i) => i % 251);
    return sendAnswer(
      c,
      { status: 200, headers: {}, body },
      held,
      waitLimit,
      undefined,
      sendTimeLimit,
    );
  });
  return app;
}

Deno.test("an answer is held until its client has read it; one that finds no room waits for it", async () => {
  const held = new ByteBudget(200_000);
  const app = answering(held, 60_000);
  // 150,000 bytes: three pieces of at most 64 KiB.
  const unread = await app.request("/150000");
  assertEquals(
    [unread.status, unread.headers.get("content-length"), held.used],
    [200, "150000", 150_000],
  );
  let waited = false;
  const waiting = Promise.resolve(app.request("/60000")).then((response) => {
    waited = true;
    return response;
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  assertEquals([waited, held.used], [false, 150_000]);
  const bytes = new Uint8Array(await unread.arrayBuffer());
  assertEquals(bytes.length, 150_000);
  assertEquals([bytes[0], bytes[250], bytes[251], bytes[149_999]], [
    0,
    250,
    0,
    149_999 % 251,
  ]);
  const next = await waiting;
  assertEquals([next.status, held.used], [200, 60_000]);
  // A client that goes away gives its answer back too.
  await next.body!.cancel();
  assertEquals(held.used, 0);
});

Deno.test("an answer that finds no room within its wait is a 503 and holds nothing", async () => {
  const held = new ByteBudget(200_000);
  const app = answering(held, 50);
  const unread = await app.request("/150000");
  const refused = await app.request("/60000");
  assertEquals(
    [refused.status, refused.headers.get("retry-after"), held.used],
    [503, "1", 150_000],
  );
  await unread.body!.cancel();
  assertEquals(held.used, 0);
});

Deno.test("the server's answers are as before: whole, with their length", async () => {
  const app = createApp({ maxRunning: 1, maxOutputBytes: 100_000 });
  const response = await app.request("/v1/evaluate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      qrels: "q1 0 d1 1\n",
      run: "q1 Q0 d2 1 2.0 bm25\nq1 Q0 d1 2 1.0 bm25\n",
      metrics: ["rr"],
    }),
  });
  const text = await response.text();
  assertEquals(response.headers.get("content-length"), String(text.length));
  // trec_eval: 1/2 for the relevant document at rank 2.
  assertEquals(JSON.parse(text).aggregate, { rr: 0.5 });
});

Deno.test("an answer whose request runs out of time while it waits holds nothing", async () => {
  const held = new ByteBudget(100);
  assertEquals(held.take(100), true);
  const deadline = new AbortController();
  const app = new Hono();
  app.onError((error) => problemOf(error).toResponse());
  app.get("/", (c) =>
    sendAnswer(
      c,
      { status: 200, headers: {}, body: new Uint8Array(10) },
      held,
      60_000,
      deadline.signal,
    ));
  const answer = app.request("/");
  await new Promise((resolve) => setTimeout(resolve, 10));
  deadline.abort(new HttpProblem(504, "Out of time."));
  assertEquals([(await answer).status, held.used], [504, 100]);
  held.give(100);
  assertEquals(held.used, 0);
});

Deno.test("an answer its client stops taking is broken off at the body time limit and held no longer", async () => {
  const held = new ByteBudget(200_000);
  const app = answering(held, 60_000, 50);
  const logged: string[] = [];
  const log = console.error;
  console.error = (line: string) => logged.push(line);
  try {
    // Read one piece of three, then stop: 64 KiB earn a second more.
    const stalled = await app.request("/150000");
    const reader = stalled.body!.getReader();
    const first = await reader.read();
    assertEquals([first.value?.length, held.used], [65_536, 150_000]);
    for (let waited = 0; held.used > 0 && waited < 30_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assertEquals(held.used, 0);
    // Ended short of its content-length: a client (and Deno.serve, which
    // closes the connection) sees it cut.
    const rest = await reader.read();
    assertEquals(rest.done, true);
    assertEquals(logged.length, 1);
    assertEquals(
      logged[0].replace(/ in \d+ ms/, " in N ms"),
      "ranklens: an answer of 150000 bytes was broken off: its client took 65536 bytes in N ms, slower than its time limit allows (RANKLENS_BODY_TIME_LIMIT_MS, 50 ms plus a second per 65536 bytes)",
    );
    // A client that reads at once takes all of it under the same limit.
    const taken = await app.request("/150000");
    assertEquals((await taken.arrayBuffer()).byteLength, 150_000);
    assertEquals(held.used, 0);
  } finally {
    console.error = log;
  }
});
