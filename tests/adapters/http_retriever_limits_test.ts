import { assertEquals, assertRejects } from "../assert.ts";
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  HttpRetriever,
} from "../../adapters/http_retriever.ts";
import { RetrievalError } from "../../adapters/retriever.ts";

/** Serves `handler` on 127.0.0.1 for the length of `fn`. */
async function serving(
  handler: (request: Request) => Response | Promise<Response>,
  fn: (base: string) => Promise<void>,
): Promise<void> {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    handler,
  );
  try {
    await fn(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    await server.shutdown();
  }
}

Deno.test("a response body larger than maxResponseBytes is refused, naming the URL and the option", async () => {
  await serving(
    () => Response.json({ hits: ["x".repeat(5000)] }),
    async (base) => {
      const retriever = new HttpRetriever({
        url: `${base}/search`,
        maxResponseBytes: 1000,
        retries: 0,
      });
      const error = await assertRejects(
        () => retriever.retrieve("q", { limit: 10 }),
        RetrievalError,
      ) as RetrievalError;
      assertEquals(error.kind, "response");
      assertEquals(
        error.message,
        `POST ${base}/search: the response is larger than 1000 bytes (maxResponseBytes, --max-response-bytes raises it)`,
      );
      // Within the bound it is read.
      const roomy = new HttpRetriever({ url: `${base}/search` });
      assertEquals((await roomy.retrieve("q", { limit: 1 })).length, 1);
    },
  );
});

Deno.test("a gzip body is bounded by its inflated size: 64 MiB of zeros from 64 KB is refused past 1 MB", async () => {
  const inflated = 64 * 1024 * 1024;
  const zeros = ReadableStream.from((function* () {
    const chunk = new Uint8Array(1024 * 1024);
    for (let i = 0; i < inflated / chunk.length; i++) yield chunk;
  })()).pipeThrough(new CompressionStream("gzip"));
  const gzip = new Uint8Array(await new Response(zeros).arrayBuffer());
  assertEquals(gzip.length < 100_000, true);
  let sent = 0;
  await serving(() => {
    sent++;
    return new Response(gzip, {
      headers: {
        "content-type": "application/json",
        "content-encoding": "gzip",
      },
    });
  }, async (base) => {
    const retriever = new HttpRetriever({
      url: `${base}/search`,
      maxResponseBytes: 1024 * 1024,
    });
    await assertRejects(
      () => retriever.retrieve("q", { limit: 10 }),
      RetrievalError,
      "the response is larger than 1048576 bytes",
    );
    // A refusal is not retried.
    assertEquals(sent, 1);
  });
});

Deno.test("a redirect to another origin is not followed: the body and headers stay home", async () => {
  const elsewhere: Request[] = [];
  await serving((request) => {
    elsewhere.push(request);
    return Response.json([]);
  }, async (other) => {
    await serving(() =>
      new Response(null, {
        status: 307,
        headers: { location: `${other}/steal` },
      }), async (base) => {
      const retriever = new HttpRetriever({
        url: `${base}/search`,
        headers: { "X-Api-Key": "secret" },
        retries: 0,
      });
      const error = await assertRejects(
        () => retriever.retrieve("q", { limit: 10 }),
        RetrievalError,
      ) as RetrievalError;
      assertEquals([error.kind, error.status], ["http", 307]);
      assertEquals(
        error.message,
        `POST ${base}/search: HTTP 307 redirect to another origin (${other}/steal) not followed, so the request and its headers are not sent there; give that URL as the endpoint if it is meant`,
      );
    });
  });
  assertEquals(elsewhere.length, 0);
});

Deno.test("redirects within the origin are followed with the same request, up to five", async () => {
  const seen: { path: string; body: unknown; key: string | null }[] = [];
  await serving(async (request) => {
    const path = new URL(request.url).pathname;
    seen.push({
      path,
      body: await request.json(),
      key: request.headers.get("x-api-key"),
    });
    if (path === "/old") {
      return new Response(null, { status: 308, headers: { location: "/new" } });
    }
    if (path.startsWith("/loop")) {
      return new Response(null, {
        status: 307,
        headers: { location: `/loop${seen.length}` },
      });
    }
    return Response.json(["d1"]);
  }, async (base) => {
    const retriever = new HttpRetriever({
      url: `${base}/old`,
      headers: { "X-Api-Key": "k" },
    });
    assertEquals(await retriever.retrieve("chain", { limit: 3 }), ["d1"]);
    assertEquals(seen, [
      { path: "/old", body: { query: "chain", limit: 3 }, key: "k" },
      { path: "/new", body: { query: "chain", limit: 3 }, key: "k" },
    ]);
    const loop = new HttpRetriever({ url: `${base}/loop`, retries: 0 });
    await assertRejects(
      () => loop.retrieve("q", { limit: 1 }),
      RetrievalError,
      `POST ${base}/loop: more than 5 redirects`,
    );
  });
});

Deno.test("the README's Bad input table gives the response bound's default and option", async () => {
  const readme = await Deno.readTextFile(
    new URL("../../README.md", import.meta.url),
  );
  const row = readme.split("\n").find((line) =>
    line.startsWith("| ") && line.includes("`retrieve --max-response-bytes`")
  );
  assertEquals(DEFAULT_MAX_RESPONSE_BYTES, 64 * 1024 * 1024);
  assertEquals(row?.split("|")[2].trim(), "64 MiB (`maxResponseBytes`)");
});

/** The chunks, gzipped. */
async function gzipped(
  chunks: Iterable<Uint8Array<ArrayBuffer>>,
): Promise<Uint8Array<ArrayBuffer>> {
  const stream = ReadableStream.from(chunks).pipeThrough(
    new CompressionStream("gzip"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

Deno.test("a gzip body of 50 MB of spaces from 100 KB is refused past 1 MB; one within the bound is read whole", async () => {
  const spaces = new Uint8Array(1024 * 1024).fill(0x20);
  const bomb = await gzipped(Array(50).fill(spaces));
  assertEquals(bomb.length < 100_000, true);
  // Many hits, so the body outgrows the first buffer and arrives in chunks.
  const ids = Array.from({ length: 50_000 }, (_, i) => `doc-${i}`);
  const hits = await gzipped([new TextEncoder().encode(JSON.stringify(ids))]);
  await serving(
    (request) =>
      new Response(new URL(request.url).pathname === "/bomb" ? bomb : hits, {
        headers: {
          "content-type": "application/json",
          "content-encoding": "gzip",
        },
      }),
    async (base) => {
      const options = { maxResponseBytes: 1024 * 1024, retries: 0 };
      const bounded = new HttpRetriever({ url: `${base}/bomb`, ...options });
      const error = await assertRejects(
        () => bounded.retrieve("q", { limit: 10 }),
        RetrievalError,
      ) as RetrievalError;
      assertEquals(
        error.message,
        `POST ${base}/bomb: the response is larger than 1048576 bytes (maxResponseBytes, --max-response-bytes raises it)`,
      );
      const within = new HttpRetriever({ url: `${base}/hits`, ...options });
      assertEquals(await within.retrieve("q", { limit: 50_000 }), ids);
    },
  );
});

Deno.test("an endless body is cancelled once it passes the bound, not read on", async () => {
  let pulled = 0;
  let cancelled!: () => void;
  const cancel = new Promise<void>((resolve) => cancelled = resolve);
  await serving(() =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
        },
        cancel: () => cancelled(),
      }),
      { headers: { "content-type": "application/json" } },
    ), async (base) => {
    const retriever = new HttpRetriever({
      url: `${base}/search`,
      maxResponseBytes: 1024 * 1024,
      retries: 0,
    });
    await assertRejects(
      () => retriever.retrieve("q", { limit: 10 }),
      RetrievalError,
      `POST ${base}/search: the response is larger than 1048576 bytes (maxResponseBytes`,
    );
    // The server sees its stream cancelled: the client closed it.
    await cancel;
  });
  // 1 MiB in 64 KiB chunks, and what the sockets' buffers took meanwhile.
  assertEquals(pulled < 1000, true, `${pulled} chunks pulled`);
});

Deno.test("a response that is not UTF-8 is refused, not read with U+FFFD in its ids", async () => {
  // "café" in Latin-1: a lossy decoder made the id "caf\uFFFD", which no
  // qrels name, and the query silently scored as if it had missed.
  const latin1 = new Uint8Array([
    ...new TextEncoder().encode('{"hits": [{"id": "caf'),
    0xE9,
    ...new TextEncoder().encode('", "score": 1}]}'),
  ]);
  await serving(
    () =>
      new Response(latin1, {
        headers: { "content-type": "application/json; charset=iso-8859-1" },
      }),
    async (base) => {
      const retriever = new HttpRetriever({ url: `${base}/search` });
      const error = await assertRejects(
        () => retriever.retrieve("q", { limit: 10 }),
        RetrievalError,
      ) as RetrievalError;
      assertEquals(error.kind, "response");
      assertEquals(
        error.message,
        `POST ${base}/search: the response is not valid UTF-8 (byte 22 is 0xE9), as JSON must be; its content type says application/json; charset=iso-8859-1`,
      );
    },
  );
});
