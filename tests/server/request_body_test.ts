import { assertEquals } from "../assert.ts";
import { Hono } from "hono";
import {
  ByteBudget,
  requestBody,
  type RequestBodyVariables,
} from "../../server/request_body.ts";
import { problemOf } from "../../server/problem.ts";

/** An app whose handler holds each body until `release` is called. */
function holdingApp(budget: ByteBudget) {
  const held: (() => void)[] = [];
  const app = new Hono<{ Variables: RequestBodyVariables }>();
  app.onError((error) => problemOf(error).toResponse());
  app.post(
    "/",
    requestBody({ buffered: budget, timeLimit: 60_000, log: () => {} }),
    async (c) => {
      await new Promise<void>((resolve) => held.push(resolve));
      return c.text(new TextDecoder().decode(c.get("body")));
    },
  );
  const post = async (
    body: string | ReadableStream<Uint8Array>,
    length?: number,
  ): Promise<Response> =>
    await app.request("/", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(length === undefined ? {} : { "content-length": String(length) }),
      },
      body,
    });
  return { held, post };
}

Deno.test("a body of declared length waits for room in the shared budget instead of failing", async () => {
  const budget = new ByteBudget(10);
  const { held, post } = holdingApp(budget);
  const first = post('"1234567"', 9);
  while (held.length < 1) await new Promise((r) => setTimeout(r, 1));
  assertEquals(budget.used, 9);
  // 9 + 9 > 10: the second waits, unread, for the first to finish.
  let secondDone = false;
  const second = post('"abcdefg"', 9).then((r) => {
    secondDone = true;
    return r;
  });
  await new Promise((r) => setTimeout(r, 20));
  assertEquals([secondDone, held.length, budget.used], [false, 1, 9]);
  held[0]();
  assertEquals(await (await first).text(), '"1234567"');
  while (held.length < 2) await new Promise((r) => setTimeout(r, 1));
  assertEquals(budget.used, 9);
  held[1]();
  assertEquals(await (await second).text(), '"abcdefg"');
  assertEquals(budget.used, 0);
});

Deno.test("a body larger than the whole budget, or of unknown length when it is full, is a 429", async () => {
  const budget = new ByteBudget(10);
  const { held, post } = holdingApp(budget);
  const tooBig = await post('"1234567890"', 12);
  assertEquals(tooBig.status, 429);
  assertEquals((await tooBig.json()).setting, "RANKLENS_MAX_BUFFERED_BYTES");
  const first = post('"1234567"', 9);
  while (held.length < 1) await new Promise((r) => setTimeout(r, 1));
  const chunked = await post(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('"xy"'));
        controller.close();
      },
    }),
  );
  assertEquals(chunked.status, 429);
  held[0]();
  assertEquals((await first).status, 200);
  assertEquals(budget.used, 0);
});

Deno.test("ByteBudget.reserve admits in arrival order and gives up when its signal is aborted", async () => {
  const budget = new ByteBudget(10);
  assertEquals(budget.take(6), true);
  const gone = new AbortController();
  const big = budget.reserve(8, gone.signal);
  const small = budget.reserve(4, AbortSignal.timeout(60_000));
  // The small one fits now, but waits behind the big one.
  assertEquals(budget.used, 6);
  gone.abort();
  assertEquals([await big, await small, budget.used], [false, true, 10]);
  assertEquals(await budget.reserve(11, AbortSignal.timeout(60_000)), false);
  budget.give(10);
  assertEquals(budget.used, 0);
});

Deno.test("bodies served over HTTP arrive whole, of declared length or chunked, across many reads", async () => {
  const budget = new ByteBudget(1 << 20);
  const app = new Hono<{ Variables: RequestBodyVariables }>();
  app.onError((error) => problemOf(error).toResponse());
  app.post(
    "/",
    requestBody({ limit: 300_000, buffered: budget, log: () => {} }),
    (c) => {
      const body = c.get("body");
      // What the pool transfers to a worker: the whole buffer, no more.
      return c.json({
        length: body.length,
        bufferLength: body.buffer.byteLength,
        sum: body.reduce((sum, byte) => (sum * 31 + byte) >>> 0, 7),
      });
    },
  );
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    app.fetch,
  );
  try {
    const url = `http://127.0.0.1:${server.addr.port}/`;
    // 250,000 bytes: about four reads of 64 KiB.
    const bytes = new TextEncoder().encode(
      JSON.stringify({ text: "0123456789".repeat(25_000 - 1) }),
    );
    const expected = {
      length: bytes.length,
      bufferLength: bytes.length,
      sum: bytes.reduce((sum, byte) => (sum * 31 + byte) >>> 0, 7),
    };
    const post = (body: BodyInit) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    const chunked = (count: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < count; i++) {
            for (let at = 0; at < bytes.length; at += 10_000) {
              controller.enqueue(bytes.slice(at, at + 10_000));
            }
          }
          controller.close();
        },
      });
    assertEquals(await (await post(bytes)).json(), expected);
    assertEquals(await (await post(chunked(1))).json(), expected);
    // Two copies: 500,000 bytes of unknown length, over the limit.
    const tooLarge = await post(chunked(2));
    assertEquals(tooLarge.status, 413);
    await tooLarge.body?.cancel();
    assertEquals(budget.used, 0);
  } finally {
    await server.shutdown();
  }
});

Deno.test("an upload that keeps coming outlasts the body time limit; a trickle is cut off at it", async () => {
  const app = new Hono<{ Variables: RequestBodyVariables }>();
  app.onError((error) => problemOf(error).toResponse());
  app.post(
    "/",
    requestBody({ timeLimit: 1000, log: () => {} }),
    (c) => c.text(String(c.get("body").length)),
  );
  const post = (body: ReadableStream<Uint8Array>) =>
    app.request("/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
  const timers: ReturnType<typeof setTimeout>[] = [];
  const later = (ms: number, step: () => void) =>
    timers.push(setTimeout(step, ms));
  // Four pieces of 64 KiB, the last 1.5 s after the first: longer than the
  // time limit, each piece buying a second more (up to 3 s in all).
  const piece = new Uint8Array(64 * 1024).fill(0x20);
  const steady = post(
    new ReadableStream({
      start(controller) {
        for (let i = 0; i < 4; i++) {
          later(500 * i, () => controller.enqueue(piece.slice()));
        }
        later(1500, () => controller.close());
      },
    }),
  );
  // A byte every 100 ms: it buys nothing.
  let trickling: ReturnType<typeof setInterval> | undefined;
  const trickle = post(
    new ReadableStream({
      start(controller) {
        trickling = setInterval(
          () => controller.enqueue(new Uint8Array([0x20])),
          100,
        );
      },
      cancel() {
        clearInterval(trickling);
      },
    }),
  );
  try {
    const [kept, cut] = await Promise.all([steady, trickle]);
    assertEquals([kept.status, await kept.text()], [200, String(4 * 65536)]);
    const problem = await cut.json();
    assertEquals(
      [cut.status, problem.setting, problem.limit],
      [408, "RANKLENS_BODY_TIME_LIMIT_MS", 1000],
    );
  } finally {
    clearInterval(trickling);
    for (const timer of timers) clearTimeout(timer);
  }
});
