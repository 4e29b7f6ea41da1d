import { assertAlmostEquals, assertEquals, assertThrows } from "../assert.ts";
import { Bm25Retriever } from "../../adapters/bm25.ts";

// The textbook BM25 of make_reference.py: the `split` analysis, exact
// lengths in double precision, ties as trec_eval orders them.
const TEXTBOOK = {
  analyzer: "split",
  scoring: "exact",
  ties: "trec_eval",
} as const;

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
      ...TEXTBOOK,
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
      ...TEXTBOOK,
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

Deno.test("ties: trec_eval orders equal scores by id descending", () => {
  const bm25 = new Bm25Retriever([
    { id: "d1", text: "chain" },
    { id: "d3", text: "chain" },
    { id: "d2", text: "chain" },
  ], { ties: "trec_eval" });
  const hits = bm25.retrieve("chain", { limit: 10 });
  assertEquals(hits.map((h) => h.id), ["d3", "d2", "d1"]);
  assertEquals(new Set(hits.map((h) => h.score)).size, 1);
  // The limit cuts ties by the same order.
  assertEquals(bm25.retrieve("chain", { limit: 1 }).map((h) => h.id), ["d3"]);
});

Deno.test("ties: Anserini's tiebreaker orders ids ascending, each tie 1e-6 lower", () => {
  const bm25 = new Bm25Retriever([
    { id: "d3", text: "chain" },
    { id: "d1", text: "chain" },
    { id: "d2", text: "chain" },
    { id: "d0", text: "chain chain" },
  ]);
  // idf = ln(1 + 0.5 / 4.5) = 0.10536052, avgdl = 1.25; for d1
  // idf (1 - 1 / (1 + 1 / (0.9 (0.6 + 0.4 / 1.25)))) = 0.0576370, for d0
  // idf (1 - 1 / (1 + 2 / (0.9 (0.6 + 0.8 / 1.25)))) = 0.0676255.
  assertEquals(bm25.retrieve("chain", { limit: 10 }), [
    { id: "d0", score: 0.0676 },
    { id: "d1", score: 0.0576 },
    { id: "d2", score: 0.057599 },
    { id: "d3", score: 0.057598 },
  ]);
  // Lucene's collector keeps the earlier document of a tie at the cut.
  assertEquals(bm25.retrieve("chain", { limit: 2 }), [
    { id: "d0", score: 0.0676 },
    { id: "d3", score: 0.0576 },
  ]);
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
