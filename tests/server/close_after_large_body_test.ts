import { assertEquals } from "../assert.ts";
import { Hono } from "hono";
import { closeAfterLargeBody } from "../../server/close_after_large_body.ts";
import { createApp } from "../../server.ts";
import { serve } from "./_serve.ts";

Deno.test("closeAfterLargeBody closes after large or unsized bodies only", async () => {
  const app = new Hono();
  app.all("/", closeAfterLargeBody(10), (c) => c.text("ok"));
  const connection = async (init: RequestInit) =>
    (await app.request("/", init)).headers.get("connection");
  assertEquals(await connection({ method: "GET" }), null);
  // A Request made in-process carries no Content-Length unless given.
  const post = (body: string) => ({
    method: "POST",
    body,
    headers: { "content-length": String(body.length) },
  });
  assertEquals(await connection(post("0123456789")), null);
  assertEquals(await connection(post("0123456789a")), "close");
  const stream = ReadableStream.from([new TextEncoder().encode("1")]);
  assertEquals(await connection({ method: "POST", body: stream }), "close");
});

Deno.test("scoring routes close the connection after a large body, even refused", async () => {
  await using server = serve(createApp({ bodyLimit: 2 * 1024 * 1024 }));
  const big = "q1 0 d1 1\n" + "#".repeat(1024 * 1024) + "\n";
  const scored = await server.post("/v1/evaluate", {
    qrels: big,
    run: "q1 Q0 d1 1 1 t\n",
    metrics: ["rr"],
  });
  assertEquals(scored.status, 200);
  assertEquals(scored.headers.get("connection"), "close");
  await scored.body?.cancel();
  const refused = await server.post("/v1/evaluate", {
    qrels: big + big,
    run: "",
  });
  assertEquals(refused.status, 413);
  assertEquals(refused.headers.get("connection"), "close");
  await refused.body?.cancel();
  const small = await server.post("/v1/evaluate", {
    qrels: "q1 0 d1 1\n",
    run: "q1 Q0 d1 1 1 t\n",
  });
  assertEquals(small.headers.get("connection"), null);
  await small.body?.cancel();
});
