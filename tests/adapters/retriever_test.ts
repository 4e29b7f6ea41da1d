import { assertEquals, assertThrows } from "../assert.ts";
import {
  asRetriever,
  functionRetriever,
  RetrievalError,
} from "../../adapters/retriever.ts";

Deno.test("functionRetriever passes the query, limit and query id through, sync or async", async () => {
  const seen: unknown[] = [];
  const sync = functionRetriever((query, options) => {
    seen.push([query, options.limit, options.queryId]);
    return ["d1", "d2"].slice(0, options.limit);
  }, { name: "lookup", concurrency: 3 });
  assertEquals(sync.name, "lookup");
  assertEquals(sync.concurrency, 3);
  assertEquals(await sync.retrieve("alpha", { limit: 1, queryId: "q1" }), [
    "d1",
  ]);
  assertEquals(seen, [["alpha", 1, "q1"]]);
  const async = functionRetriever(async (query) => {
    await Promise.resolve();
    return [{ id: query }];
  });
  assertEquals(await async.retrieve("x", { limit: 5 }), [{ id: "x" }]);
});

Deno.test("names default to the function's name", () => {
  function denseSearch() {
    return [];
  }
  assertEquals(asRetriever(denseSearch).name, "denseSearch");
  assertEquals(asRetriever(() => []).name, "retriever");
  const object = { name: "obj", retrieve: () => [] };
  assertEquals(asRetriever(object), object);
});

Deno.test("concurrency must be a positive integer", () => {
  for (const concurrency of [0, -1, 1.5, NaN]) {
    assertThrows(
      () => functionRetriever(() => [], { concurrency }),
      RangeError,
      `Concurrency must be a positive integer, got ${concurrency}`,
    );
  }
});

Deno.test("RetrievalError carries its kind, status and query", () => {
  const error = new RetrievalError("http", "HTTP 503", {
    status: 503,
    queryId: "q4",
  });
  assertEquals(
    [error.name, error.kind, error.status, error.queryId, error.message],
    ["RetrievalError", "http", 503, "q4", "HTTP 503"],
  );
});
