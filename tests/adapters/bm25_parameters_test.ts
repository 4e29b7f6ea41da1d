import { assertEquals } from "../assert.ts";
import { Bm25Retriever } from "../../adapters/bm25.ts";

const PROBE = new URL("../testdata/bm25/probe/", import.meta.url);

function rows(name: string): [string, string][] {
  return Deno.readTextFileSync(new URL(name, PROBE)).split("\n")
    .filter((line) => line !== "").map((line) => {
      const tab = line.indexOf("\t");
      return [line.slice(0, tab), line.slice(tab + 1)];
    });
}

// Lucene orders ties by its internal document number, trec_eval's mode by
// id: the lines are compared as a set of (query, document, score).
function lines(text: string): string[] {
  return text.trim().split("\n").map((line) => {
    const [query, , doc, , score] = line.split(" ");
    return `${query} ${doc} ${score}`;
  }).sort();
}

Deno.test("BM25 scores are Lucene 8.7's for k1 and b other than Anserini's, on possessives, hyphens, numbers, empty and stop-word documents", () => {
  const documents = rows("probe_docs.tsv").map(([id, text]) => ({ id, text }));
  const queries = rows("probe_queries.tsv");
  for (const [k1, b] of [[0.9, 0.4], [1.2, 0.75], [2.5, 1], [0, 0]]) {
    const bm25 = new Bm25Retriever(documents, { k1, b, ties: "trec_eval" });
    const ours = queries.flatMap(([query, text]) =>
      bm25.retrieve(text, { limit: 1000 }).map((hit) =>
        `${query} ${hit.id} ${hit.score!.toFixed(6)}`
      )
    ).sort();
    const lucene = lines(
      Deno.readTextFileSync(new URL(`probe.k1_${k1}.b_${b}.lucene.run`, PROBE)),
    );
    assertEquals(lucene.length, 19);
    assertEquals(ours, lucene, `k1 ${k1}, b ${b}`);
  }
});
