import { assertEquals } from "../assert.ts";
import {
  forEachStandardToken,
  MAX_TOKEN_LENGTH,
  standardTokenize,
} from "../../adapters/standard_tokenizer.ts";

const TESTDATA = new URL("../testdata/bm25/", import.meta.url);

function tsv(name: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (
    const line of Deno.readTextFileSync(new URL(name, TESTDATA)).split("\n")
  ) {
    if (line === "") continue;
    const [id, ...fields] = line.split("\t");
    rows.set(id, fields);
  }
  return rows;
}

Deno.test("standardTokenize gives Lucene 8.7's StandardTokenizer tokens (DumpTokens.java raw)", () => {
  // Each case is `id<TAB>text`; the text holds no tab after the first.
  const cases = new Map(
    Deno.readTextFileSync(new URL("tokenizer_cases.tsv", TESTDATA)).split("\n")
      .filter((line) => line !== "").map((line) => {
        const tab = line.indexOf("\t");
        return [line.slice(0, tab), line.slice(tab + 1)];
      }),
  );
  const lucene = tsv("tokenizer_cases.lucene_tokens.tsv");
  assertEquals(cases.size, 16);
  for (const [id, text] of cases) {
    assertEquals(standardTokenize(text), lucene.get(id), `${id}: ${text}`);
  }
});

Deno.test("standardTokenize: the word breaks the issue names", () => {
  assertEquals(standardTokenize("e.g. PRAM's 3.5 360/370 Input:A 8:28"), [
    "e.g",
    "PRAM's",
    "3.5",
    "360",
    "370",
    "Input:A",
    "8",
    "28",
  ]);
  assertEquals(standardTokenize(""), []);
  assertEquals(standardTokenize("__ -- ..."), []);
});

Deno.test("forEachStandardToken cuts tokens longer than 255 code units", () => {
  const spans: [number, number][] = [];
  forEachStandardToken(
    "x".repeat(600),
    (start, end) => spans.push([start, end]),
  );
  assertEquals(MAX_TOKEN_LENGTH, 255);
  assertEquals(spans, [[0, 255], [255, 510], [510, 600]]);
});
