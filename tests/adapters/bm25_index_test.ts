import { assertEquals, assertRejects } from "../assert.ts";
import { TextAnalyzer } from "../../adapters/analyzer.ts";
import { Bm25Index } from "../../adapters/bm25_index.ts";
import { Bm25Retriever } from "../../adapters/bm25.ts";
import { byteToLength, lengthToByte } from "../../adapters/_small_float.ts";

const TESTDATA = new URL("../testdata/bm25/", import.meta.url);

const DOCS = [
  { id: "d1", title: "Chains", text: "A worn chain wears the cassette." },
  { id: "d2", text: "Brake pads wear; the pads' wear shows." },
  { id: "d3", text: "the and of" },
  { id: "d4", text: "Chain wax, chain oil." },
];

Deno.test("one-byte lengths are Lucene's SmallFloat (SmallFloatTable.java)", () => {
  const [table, encoded] = Deno.readTextFileSync(
    new URL("small_float.lucene.txt", TESTDATA),
  ).trim().split("\n").map((line) => line.trim().split(" ").map(Number));
  assertEquals(
    Array.from({ length: 256 }, (_, i) => byteToLength(i)),
    table,
  );
  const lengths = [0, 1, 5, 23, 24, 25, 30, 31, 32, 39, 40, 41, 56, 57, 100];
  lengths.push(1000, 12345, 100000, 2147483647);
  assertEquals(lengths.map(lengthToByte), encoded);
});

Deno.test("Bm25Index: postings by term, lengths after analysis, Lucene's statistics", () => {
  const index = Bm25Index.build(DOCS, new TextAnalyzer("anserini"));
  assertEquals(index.documentIds, ["d1", "d2", "d3", "d4"]);
  // "chains" and "chain" stem alike; stop words are not counted.
  assertEquals(Array.from(index.lengths), [5, 6, 0, 4]);
  assertEquals(index.documentCount, 3);
  assertEquals(index.totalLength, 15);
  const chain = index.termId("chain")!;
  const { offsets, docs, freqs } = index;
  assertEquals(
    Array.from(docs.subarray(offsets[chain], offsets[chain + 1])),
    [0, 3],
  );
  assertEquals(
    Array.from(freqs.subarray(offsets[chain], offsets[chain + 1])),
    [2, 2],
  );
  assertEquals(index.documentFrequency(index.termId("wear")!), 2);
  assertEquals(index.termId("the"), undefined);
});

Deno.test("Bm25Index: saved and loaded, it searches the same; the fingerprint follows the texts", async () => {
  const dir = await Deno.makeTempDir();
  const analyzer = new TextAnalyzer("anserini");
  const index = Bm25Index.build(DOCS, analyzer);
  await index.save(`${dir}/bm25.index`);
  const loaded = await Bm25Index.load(`${dir}/bm25.index`);
  assertEquals(loaded.fingerprint, index.fingerprint);
  assertEquals(loaded.fingerprint, Bm25Index.fingerprintOf(DOCS));
  assertEquals(loaded.analysis, index.analysis);
  for (const query of ["chain wear", "brake pads", "wax"]) {
    assertEquals(
      new Bm25Retriever(loaded).retrieve(query, { limit: 10 }),
      new Bm25Retriever(DOCS).retrieve(query, { limit: 10 }),
      query,
    );
  }
  const changed = DOCS.map((d) =>
    d.id === "d4" ? { ...d, text: "Chain wax." } : d
  );
  assertEquals(
    Bm25Index.fingerprintOf(changed) === index.fingerprint,
    false,
  );
  assertEquals(Bm25Retriever.matches(loaded, {}), true);
  assertEquals(Bm25Retriever.matches(loaded, { analyzer: "split" }), false);
  assertEquals(Bm25Retriever.matches(loaded, { stemming: false }), false);
  await Deno.writeTextFile(`${dir}/other`, "not an index");
  await assertRejects(
    () => Bm25Index.load(`${dir}/other`),
    SyntaxError,
    `${dir}/other: not a ranklens BM25 index (no magic number)`,
  );
  const bytes = await Deno.readFile(`${dir}/bm25.index`);
  await Deno.writeFile(`${dir}/cut`, bytes.subarray(0, bytes.length - 4));
  await assertRejects(
    () => Bm25Index.load(`${dir}/cut`),
    SyntaxError,
    "sizes do not match",
  );
  await Deno.remove(dir, { recursive: true });
});
