// Writes examples/embedded.ts: the bundled example files as strings, so the
// demo and the web page need no file access (`deno run jsr:.../cli demo`
// reads nothing). tests/examples_test.ts keeps the module equal to the files;
// run this after changing one of them:
//   deno run -R -W tools/embed_examples.ts
const ROOT = new URL("../", import.meta.url);

const FILES: readonly [string, string, string][] = [
  ["EXAMPLE_QRELS", "qrels.txt", "the example qrels"],
  ["EXAMPLE_RUN_BM25", "run.bm25.txt", "the BM25 example run"],
  ["EXAMPLE_RUN_HYBRID", "run.hybrid.txt", "the hybrid example run"],
  ["EXAMPLE_DATASET", "dataset.json", "the example Go JSON dataset"],
];

let out = `/**
 * The bundled example files as strings, so the demo (\`ranklens demo\`, also
 * from a \`jsr:\` URL) and the web page's "Load example" need no file access.
 * Written by \`tools/embed_examples.ts\`; \`tests/examples_test.ts\` keeps it
 * equal to the files.
 *
 * @module
 */
`;
for (const [name, file, what] of FILES) {
  const text = await Deno.readTextFile(new URL(`examples/${file}`, ROOT));
  out += `
/** examples/${file}: ${what}. */
export const ${name}: string =
  ${JSON.stringify(text)};
`;
}
await Deno.writeTextFile(new URL("examples/embedded.ts", ROOT), out);
