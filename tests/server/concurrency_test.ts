import { assertEquals } from "../assert.ts";
import { Hono } from "hono";
import { concurrencyLimit } from "../../server/concurrency.ts";
import { HttpProblem, problemOf } from "../../server/problem.ts";

function gatedApp(running: number, waiting: number, waitLimit?: number) {
  const app = new Hono();
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  app.onError((error) => problemOf(error).toResponse());
  app.get(
    "/:id",
    concurrencyLimit({ running, waiting, waitLimit }),
    async (c) => {
      const id = c.req.param("id");
      started.push(id);
      await new Promise<void>((resolve) => gates.set(id, resolve));
      return c.text(id);
    },
  );
  const release = async (id: string) => {
    while (!gates.has(id)) await new Promise((r) => setTimeout(r, 1));
    gates.get(id)!();
  };
  return { app, started, release };
}

Deno.test("concurrencyLimit runs a few, queues some in order, refuses the rest", async () => {
  const { app, started, release } = gatedApp(2, 2);
  const a = app.request("/a");
  const b = app.request("/b");
  const c = app.request("/c");
  const d = app.request("/d");
  const refused = await app.request("/e");
  assertEquals(refused.status, 503);
  assertEquals(refused.headers.get("retry-after"), "1");
  assertEquals((await refused.json()).status, 503);
  await new Promise((r) => setTimeout(r, 5));
  assertEquals(started, ["a", "b"]);
  await release("b");
  assertEquals(await (await b).text(), "b");
  assertEquals(started, ["a", "b", "c"]);
  await release("c");
  assertEquals(await (await c).text(), "c");
  await release("a");
  await release("d");
  assertEquals(await (await a).text(), "a");
  assertEquals(await (await d).text(), "d");
  assertEquals(started, ["a", "b", "c", "d"]);
  // Every slot is free again.
  const again = [app.request("/f"), app.request("/g")];
  await release("f");
  await release("g");
  assertEquals((await Promise.all(again)).map((r) => r.status), [200, 200]);
});

Deno.test("concurrencyLimit frees the slot of a request that failed", async () => {
  const app = new Hono();
  app.onError((error) => problemOf(error).toResponse());
  app.get("/", concurrencyLimit({ running: 1 }), (c) => {
    if (c.req.query("fail")) throw new HttpProblem(400, "bad request");
    return c.text("ok");
  });
  assertEquals((await app.request("/?fail=1")).status, 400);
  assertEquals((await app.request("/")).status, 200);
});

Deno.test("concurrencyLimit turns away a request that waited its wait limit", async () => {
  const { app, started, release } = gatedApp(1, 5, 50);
  const a = app.request("/a");
  const waited = await app.request("/b");
  assertEquals(waited.status, 503);
  assertEquals(waited.headers.get("retry-after"), "1");
  assertEquals((await waited.json()).limit, 50);
  // It left the line: the next one after it takes the slot a frees.
  const c = app.request("/c");
  await release("a");
  assertEquals(await (await a).text(), "a");
  await release("c");
  assertEquals(await (await c).text(), "c");
  assertEquals(started, ["a", "c"]);
});

Deno.test("concurrencyLimit spends no turn on a client that left the line", async () => {
  const { app, started, release } = gatedApp(1, 5);
  const a = app.request("/a");
  const leaving = new AbortController();
  const b = app.request(
    new Request("http://localhost/b", { signal: leaving.signal }),
  );
  const c = app.request("/c");
  leaving.abort();
  assertEquals((await b).status, 503);
  await release("a");
  await release("c");
  assertEquals([await (await a).text(), await (await c).text()], ["a", "c"]);
  assertEquals(started, ["a", "c"]);
});
