import { assertEquals, assertThrows } from "../assert.ts";
import { rankingFromHits, sourceIdOf } from "../../adapters/search_hits.ts";

Deno.test("passages map to their source document, each keeping its best rank and score", () => {
  const ranked = rankingFromHits("q1", [
    { id: "doc7#p3", sourceId: "doc7", score: 9, text: "..." },
    { id: "doc2#p1", sourceId: "doc2", score: 8 },
    { id: "doc7#p1", sourceId: "doc7", score: 7 },
    { docId: "doc5", score: 6 },
    { id: "doc2#p9", sourceId: "doc2", score: 5 },
    { id: "doc1", score: 4, metadata: { lang: "en" } },
  ]);
  assertEquals(ranked, {
    queryId: "q1",
    docs: ["doc7", "doc2", "doc5", "doc1"],
    scores: [9, 8, 6, 4],
  });
});

Deno.test("bare ids and hits mix; scores are kept only when every kept hit has one", () => {
  assertEquals(rankingFromHits("q", ["a", { id: "b", score: 1 }, "a"]), {
    queryId: "q",
    docs: ["a", "b"],
  });
  assertEquals(
    rankingFromHits("q", [{ id: "a", score: 2 }, { id: "b", score: NaN }]),
    { queryId: "q", docs: ["a", "b"] },
  );
  assertEquals(rankingFromHits("q", []), { queryId: "q", docs: [] });
});

Deno.test("the limit counts source documents, after de-duplication", () => {
  const hits = ["a#1", "a#2", "b#1", "c#1"].map((id) => ({
    id,
    sourceId: id.split("#")[0],
  }));
  assertEquals(rankingFromHits("q", hits, { limit: 2 }).docs, ["a", "b"]);
});

Deno.test("sourceOf maps ids that encode their source", () => {
  const ranked = rankingFromHits("q", ["a#1", "b#4", "a#2"], {
    sourceOf: (item) =>
      (typeof item === "string" ? item : item.id!).split("#")[0],
  });
  assertEquals(ranked.docs, ["a", "b"]);
});

Deno.test("sourceIdOf prefers sourceId, then docId, then id", () => {
  assertEquals(sourceIdOf({ id: "p", docId: "d", sourceId: "s" }), "s");
  assertEquals(sourceIdOf({ id: "p", docId: "d" }), "d");
  assertEquals(sourceIdOf({ id: "p" }), "p");
});

Deno.test("results without a usable id or with a non-numeric score are errors naming the rank", () => {
  assertThrows(
    () => rankingFromHits("q", ["a", { score: 1 }]),
    TypeError,
    'Result 2: Hit has no "id", "docId" or "sourceId": {"score":1}',
  );
  assertThrows(
    () => rankingFromHits("q", [""]),
    TypeError,
    "Result 1: Result id is empty",
  );
  assertThrows(
    () => rankingFromHits("q", [{ id: 5 } as never]),
    TypeError,
    'Result 1: Hit field "id" must be a non-empty string, got 5',
  );
  assertThrows(
    () => rankingFromHits("q", [{ id: "a", score: "high" } as never]),
    TypeError,
    'Result 1: score must be a number, got "high"',
  );
  assertThrows(
    () => rankingFromHits("q", [7 as never]),
    TypeError,
    "Result 1: Result must be an id or a hit object, got 7",
  );
  assertThrows(
    () => rankingFromHits("q", { hits: [] } as never),
    TypeError,
    'Results must be an array of ids or hits, got {"hits":[]}',
  );
});
