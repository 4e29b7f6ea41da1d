import { assertAlmostEquals, assertEquals, assertThrows } from "../assert.ts";
import { Bm25Retriever } from "../../adapters/bm25.ts";

interface Reference {
  k1: number;
  b: number;
  stopWords: string[];
  documents: Record<string, [string, string]>;
  queries: Record<string, string>;
  expected: Record<string, [string, number][]>;
}

const REFERENCE: Reference = JSON.parse(
  await Deno.readTextFile(
    new URL("../testdata/bm25/reference.json", import.meta.url),
  ),
);

Deno.test("Bm25Retriever scores match an independent BM25 (make_reference.py)", () => {
  const bm25 = new Bm25Retriever(
    Object.entries(REFERENCE.documents).map(([id, [title, text]]) => ({
      id,
      title,
      text,
    })),
    {
      k1: REFERENCE.k1,
      b: REFERENCE.b,
      stemming: false,
      stopWords: new Set(REFERENCE.stopWords),
    },
  );
  assertEquals(bm25.size, 7);
  for (const [queryId, text] of Object.entries(REFERENCE.queries)) {
    const hits = bm25.retrieve(text, { limit: 100 });
    const expected = REFERENCE.expected[queryId];
    assertEquals(hits.map((h) => h.id), expected.map(([id]) => id), queryId);
    hits.forEach((hit, i) =>
      assertAlmostEquals(
        hit.score!,
        expected[i][1],
        1e-12,
        `${queryId} ${hit.id}`,
      )
    );
  }
});

Deno.test("Bm25Retriever respects the limit", () => {
  const bm25 = new Bm25Retriever(
    Object.entries(REFERENCE.documents).map(([id, [title, text]]) => ({
      id,
      title,
      text,
    })),
    {
      stemming: false,
      stopWords: new Set(REFERENCE.stopWords),
      k1: 0.9,
      b: 0.4,
    },
  );
  assertEquals(
    bm25.retrieve(REFERENCE.queries.q1, { limit: 2 }).map((h) => h.id),
    ["d3", "d1"],
  );
});

Deno.test("by default words are stemmed and English stop words dropped", () => {
  const bm25 = new Bm25Retriever([
    { id: "a", text: "Lubricating chains" },
    { id: "b", text: "The brakes" },
  ]);
  assertEquals(
    bm25.retrieve("lubricate the chain", { limit: 10 }).map((h) => h.id),
    ["a"],
  );
  assertEquals(bm25.retrieve("the and of", { limit: 10 }), []);
  assertEquals(bm25.retrieve("BRAKE", { limit: 10 }).map((h) => h.id), ["b"]);
});

Deno.test("equal scores are ordered by id descending, as trec_eval orders a run", () => {
  const bm25 = new Bm25Retriever([
    { id: "d1", text: "chain" },
    { id: "d3", text: "chain" },
    { id: "d2", text: "chain" },
  ]);
  const hits = bm25.retrieve("chain", { limit: 10 });
  assertEquals(hits.map((h) => h.id), ["d3", "d2", "d1"]);
  assertEquals(new Set(hits.map((h) => h.score)).size, 1);
});

Deno.test("Bm25Retriever rejects bad parameters and repeated ids", () => {
  assertThrows(
    () => new Bm25Retriever([], { k1: -1 }),
    RangeError,
    "k1 must be a number >= 0, got -1",
  );
  assertThrows(
    () => new Bm25Retriever([], { b: 1.5 }),
    RangeError,
    "b must be between 0 and 1, got 1.5",
  );
  assertThrows(
    () => new Bm25Retriever([{ id: "x", text: "a" }, { id: "x", text: "b" }]),
    TypeError,
    'Document id "x" appears twice',
  );
});
