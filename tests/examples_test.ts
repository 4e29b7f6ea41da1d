// examples/embedded.ts holds the bundled example files as strings (for the
// demo and the web page, which read no file); it must be the files, byte for
// byte. After changing a file: deno run -R -W tools/embed_examples.ts
import { assertEquals } from "./assert.ts";
import {
  EXAMPLE_DATASET,
  EXAMPLE_QRELS,
  EXAMPLE_RUN_BM25,
  EXAMPLE_RUN_HYBRID,
} from "../examples/embedded.ts";

const read = (name: string) =>
  Deno.readTextFile(new URL(`../examples/${name}`, import.meta.url));

Deno.test("examples/embedded.ts is the example files (regenerate with tools/embed_examples.ts)", async () => {
  assertEquals(EXAMPLE_QRELS, await read("qrels.txt"));
  assertEquals(EXAMPLE_RUN_BM25, await read("run.bm25.txt"));
  assertEquals(EXAMPLE_RUN_HYBRID, await read("run.hybrid.txt"));
  assertEquals(EXAMPLE_DATASET, await read("dataset.json"));
});
