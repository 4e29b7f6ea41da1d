import { assertEquals } from "../assert.ts";
import { Hono } from "hono";
import { sendAnswer } from "../../server/answer_body.ts";
import { problemOf } from "../../server/problem.ts";
import { ByteBudget } from "../../server/request_body.ts";
import { createApp } from "../../server.ts";

/** An app whose route answers `/N` with N bytes counting up, held in `held`. */
function answering(held: ByteBudget) {
  const app = new Hono();
  app.onError((error) => problemOf(error).toResponse());
  app.get("/:size", (c) => {
    const size = Number(c.req.param("size"));
    const body = new Uint8Array(size).map((_, i) => i % 251);
    return sendAnswer(c, { status: 200, headers: {}, body }, held);
  });
  return app;
}

Deno.test("an answer is held until its client has read it; one that does not fit beside unread ones is a 503", async () => {
  const held = new ByteBudget(200_000);
  const app = answering(held);
  // 150,000 bytes: three pieces of at most 64 KiB.
  const unread = await app.request("/150000");
  assertEquals(
    [unread.status, unread.headers.get("content-length"), held.used],
    [200, "150000", 150_000],
  );
  const refused = await app.request("/60000");
  assertEquals(
    [refused.status, refused.headers.get("retry-after"), held.used],
    [503, "1", 150_000],
  );
  const bytes = new Uint8Array(await unread.arrayBuffer());
  assertEquals(bytes.length, 150_000);
  assertEquals([bytes[0], bytes[250], bytes[251], bytes[149_999]], [
    0,
    250,
    0,
    149_999 % 251,
  ]);
  assertEquals(held.used, 0);
  const next = await app.request("/60000");
  assertEquals(next.status, 200);
  // A client that goes away gives its answer back too.
  await next.body!.cancel();
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
