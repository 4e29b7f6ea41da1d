import { assertEquals, assertThrows } from "../assert.ts";
import { ENGLISH_STOP_WORDS, TextAnalyzer } from "../../adapters/analyzer.ts";

const TESTDATA = new URL("../testdata/bm25/", import.meta.url);

async function gunzipText(url: URL): Promise<string> {
  const file = await Deno.open(url);
  return await new Response(
    file.readable.pipeThrough(new DecompressionStream("gzip")),
  ).text();
}

Deno.test("the anserini analyzer gives Lucene's term for each of CACM's 21,209 distinct tokens", async () => {
  // `token<TAB>term` (an empty term for a stop word), from DumpTokens.java
  // with Anserini's filters: possessive, lower case, stop set, Porter.
  const rows = (await gunzipText(new URL("cacm_terms.lucene.tsv.gz", TESTDATA)))
    .trimEnd().split("\n").map((line) => line.split("\t"));
  assertEquals(rows.length, 21209);
  const analyzer = new TextAnalyzer("anserini");
  const wrong = rows.filter(([token, term]) =>
    (analyzer.term(token) ?? "") !== term
  );
  assertEquals(wrong, []);
});

Deno.test("the anserini analyzer gives Lucene's terms on mixed scripts (DumpTokens.java full)", () => {
  const analyzer = new TextAnalyzer("anserini");
  const lucene = new Map(
    Deno.readTextFileSync(new URL("tokenizer_cases.lucene_terms.tsv", TESTDATA))
      .split("\n").filter((line) => line !== "").map((line) => {
        const [id, ...terms] = line.split("\t");
        return [id, terms];
      }),
  );
  for (
    const line of Deno.readTextFileSync(
      new URL("tokenizer_cases.tsv", TESTDATA),
    ).split("\n")
  ) {
    if (line === "") continue;
    const tab = line.indexOf("\t");
    const id = line.slice(0, tab);
    assertEquals(analyzer.analyze(line.slice(tab + 1)), lucene.get(id), id);
  }
});

Deno.test("the analyzers: possessives, stop words, stemming, split", () => {
  const anserini = new TextAnalyzer("anserini");
  assertEquals(anserini.analyze("The PRAM's models, e.g. for 3.5 GHz CPUs"), [
    "pram",
    "model",
    "e.g",
    "3.5",
    "ghz",
    "cpu",
  ]);
  // Character.toLowerCase: a capital sigma is always σ, İ is i.
  assertEquals(anserini.analyze("ΟΔΟΣ İZMIR"), ["οδοσ", "izmir"]);
  const split = new TextAnalyzer("split");
  assertEquals(split.analyze("The PRAM's models, e.g. 3.5"), [
    "pram",
    "s",
    "model",
    "e",
    "g",
    "3",
    "5",
  ]);
  const plain = new TextAnalyzer("anserini", {
    stemming: false,
    stopWords: new Set(),
  });
  assertEquals(plain.analyze("The models"), ["the", "models"]);
  assertEquals(ENGLISH_STOP_WORDS.size, 33);
  assertThrows(
    // @ts-expect-error: not an analyzer name
    () => new TextAnalyzer("porter"),
    TypeError,
    'Analyzer must be one of anserini, split, got "porter"',
  );
});
