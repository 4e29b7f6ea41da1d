import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import { InputError } from "../../model/errors.ts";
import {
  formatGoDataset,
  parseGoDataset,
  readGoDataset,
  writeGoDataset,
} from "../../formats/go_dataset.ts";

const EXAMPLE = new URL("../../examples/dataset.json", import.meta.url);

// The shape of the Go seed's Dataset: binary `relevant` id lists.
const SEED_SHAPED = `{
  "name": "tiny",
  "description": "two documents",
  "documents": [
    {
      "id": "a",
      "title": "Alpha",
      "content": "first"
    },
    {
      "id": "b",
      "title": "",
      "content": "second"
    }
  ],
  "queries": [
    {
      "id": "q1",
      "text": "first thing",
      "relevant": [
        "a"
      ]
    },
    {
      "id": "q2",
      "text": "both",
      "relevant": [
        "b",
        "a"
      ]
    }
  ]
}
`;

Deno.test("parseGoDataset reads the Go seed's binary relevant lists as grade 1", () => {
  const dataset = parseGoDataset(SEED_SHAPED);
  assertEquals(dataset.name, "tiny");
  assertEquals(dataset.description, "two documents");
  assertEquals(dataset.documents, [
    { id: "a", title: "Alpha", text: "first" },
    { id: "b", title: "", text: "second" },
  ]);
  assertEquals(dataset.queries, [
    { id: "q1", text: "first thing" },
    { id: "q2", text: "both" },
  ]);
  assertEquals(
    dataset.qrels,
    new Map([
      ["q1", new Map([["a", 1]])],
      ["q2", new Map([["b", 1], ["a", 1]])],
    ]),
  );
});

Deno.test("plain id lists round-trip unchanged, byte for byte", () => {
  assertEquals(formatGoDataset(parseGoDataset(SEED_SHAPED)), SEED_SHAPED);
});

Deno.test("graded entries extend relevant lists; grade 1 is written as a plain id", () => {
  const dataset = parseGoDataset(JSON.stringify({
    documents: [
      { id: "a", content: "x" },
      { id: "b", content: "y" },
      { id: "c", content: "z" },
    ],
    queries: [{
      id: "q1",
      text: "x",
      relevant: [{ id: "a", grade: 2 }, "b", { id: "c", grade: 0 }],
    }],
  }));
  assertEquals(
    dataset.qrels.get("q1"),
    new Map([["a", 2], ["b", 1], ["c", 0]]),
  );
  assertEquals(JSON.parse(formatGoDataset(dataset)).queries[0].relevant, [
    { id: "a", grade: 2 },
    "b",
    { id: "c", grade: 0 },
  ]);
  // An object entry without a grade is grade 1, written back as a plain id.
  const implicit = parseGoDataset(
    '{"documents": [{"id": "a", "content": ""}], "queries": [{"id": "q", "text": "t", "relevant": [{"id": "a"}]}]}',
  );
  assertEquals(implicit.qrels.get("q"), new Map([["a", 1]]));
});

Deno.test("fields the format does not know, a missing title and a missing name round-trip field for field", () => {
  const text = JSON.stringify(
    {
      documents: [
        { id: "a", content: "x", url: "https://example.org/a", tags: ["t"] },
        { id: "b", title: "B", content: "y" },
      ],
      queries: [{ id: "q1", text: "x", relevant: ["a"], split: "test" }],
      version: 2,
    },
    null,
    2,
  ) + "\n";
  const dataset = parseGoDataset(text);
  assertEquals(dataset.name, undefined);
  assertEquals(dataset.documents[0], {
    id: "a",
    text: "x",
    extra: { url: "https://example.org/a", tags: ["t"] },
  });
  assertEquals(dataset.queries[0].extra, { split: "test" });
  assertEquals(dataset.extra, { version: 2 });
  const written = formatGoDataset(dataset);
  assertEquals(written, text);
  assertEquals(parseGoDataset(written), dataset);
});

Deno.test("the example dataset is valid, large enough and written in canonical form", async () => {
  const text = await Deno.readTextFile(EXAMPLE);
  const dataset = await readGoDataset(EXAMPLE.pathname);
  assertEquals(dataset.documents.length >= 60, true);
  assertEquals(dataset.queries.length >= 25, true);
  const grades = new Set(
    [...dataset.qrels.values()].flatMap((j) => [...j.values()]),
  );
  assertEquals([...grades].sort(), [0, 1, 2]);
  assertEquals(formatGoDataset(dataset), text);
});

Deno.test("readGoDataset and writeGoDataset go through files, the writer atomically", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/d.json`;
  await writeGoDataset(path, parseGoDataset(SEED_SHAPED));
  assertEquals(await Deno.readTextFile(path), SEED_SHAPED);
  assertEquals(await readGoDataset(path), parseGoDataset(SEED_SHAPED));
  const names = [];
  for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  assertEquals(names, ["d.json"]);
  await Deno.remove(dir, { recursive: true });
});

function invalid(
  dataset: unknown,
  message: string,
): void {
  assertThrows(
    () => parseGoDataset(JSON.stringify(dataset), { name: "bad.json" }),
    InputError,
    `bad.json: ${message}`,
  );
}

const DOCS = [{ id: "a", content: "x" }, { id: "b", content: "y" }];

Deno.test("validation errors name the file and the query", () => {
  invalid({
    documents: DOCS,
    queries: [{ id: "q1", text: "t", relevant: [] }],
  }, 'query "q1" has no relevant documents');
  invalid({
    documents: DOCS,
    queries: [{ id: "q1", text: "t" }],
  }, 'query "q1" has no relevant documents');
  invalid({
    documents: DOCS,
    queries: [{ id: "q1", text: "t", relevant: null }],
  }, 'query "q1" has no relevant documents');
  invalid({
    documents: DOCS,
    queries: [{ id: "q1", text: "t", relevant: [{ id: "a", grade: 0 }] }],
  }, 'query "q1" has no relevant documents');
  invalid({
    documents: DOCS,
    queries: [{ id: "q1", text: "t", relevant: ["a", "zz"] }],
  }, 'query "q1" lists unknown relevant document "zz"');
  invalid({
    documents: DOCS,
    queries: [{ id: "q1", text: "t", relevant: ["a", ""] }],
  }, 'query "q1" lists an empty relevant id');
  invalid({
    documents: DOCS,
    queries: [{ id: "q1", text: "t", relevant: ["a", { id: "a", grade: 2 }] }],
  }, 'query "q1" lists relevant document "a" twice');
  invalid({
    documents: DOCS,
    queries: [{ id: "", text: "t", relevant: ["a"] }],
  }, "query 1 has an empty id");
  invalid({
    documents: DOCS,
    queries: [
      { id: "q1", text: "t", relevant: ["a"] },
      { id: "q1", text: "u", relevant: ["b"] },
    ],
  }, 'query id "q1" appears twice');
  invalid({
    documents: [{ id: "", content: "x" }],
    queries: [],
  }, "document 1 has an empty id");
  invalid({
    documents: [{ id: "a", content: "x" }, { id: "a", content: "y" }],
    queries: [],
  }, 'document id "a" appears twice');
  invalid({
    documents: DOCS,
    queries: [{ id: "q1", text: "t", relevant: [{ id: "a", grade: -1 }] }],
  }, 'query "q1" grades "a" with -1; a grade must be a number >= 0');
  invalid({
    documents: DOCS,
    queries: [{ id: "q1", text: "t", relevant: [{ id: "a", grade: "2" }] }],
  }, 'query "q1" grades "a" with "2"');
  invalid({
    documents: DOCS,
    queries: [{ id: "q1", text: "t", relevant: [{ id: "a", score: 2 }] }],
  }, 'query "q1" has a relevant entry with unknown field "score"');
  invalid(
    {
      documents: DOCS,
      queries: [{ id: "q1", text: "t", relevant: [7] }],
    },
    'query "q1" has a relevant entry that is neither an id nor {"id", "grade"}: 7',
  );
  invalid({
    documents: DOCS,
    queries: [{ id: "q1", text: "t", relevant: "a" }],
  }, 'the relevant list of query "q1" must be an array, got "a"');
});

Deno.test("structural errors name the file and the field", () => {
  invalid([], "expected a JSON object with documents and queries");
  invalid({ queries: [] }, '"documents" must be an array, got nothing');
  invalid({ documents: [], queries: {} }, '"queries" must be an array, got {}');
  invalid(
    { documents: [{ id: 3, content: "x" }], queries: [] },
    "the id of document 1 must be a string, got 3",
  );
  invalid(
    { documents: [{ id: "a", text: "x" }], queries: [] },
    'the content of document "a" must be a string, got nothing',
  );
  invalid(
    { documents: [{ id: "a", content: "x", title: null }], queries: [] },
    'the title of document "a" must be a string, got null',
  );
  invalid(
    { documents: DOCS, queries: [{ id: "q1", relevant: ["a"] }] },
    'the text of query "q1" must be a string, got nothing',
  );
  invalid(
    { name: 5, documents: [], queries: [] },
    '"name" must be a string, got 5',
  );
});

Deno.test("malformed JSON names the file and the line", () => {
  assertThrows(
    () =>
      parseGoDataset('{\n  "documents": [\n    {"id": "a",}\n  ]\n}', {
        name: "broken.json",
      }),
    InputError,
    "broken.json:3: invalid JSON: unexpected '}'",
  );
});

Deno.test("readGoDataset names the path in errors", async () => {
  const path = await Deno.makeTempFile({ suffix: ".json" });
  await Deno.writeTextFile(
    path,
    '{"documents": [], "queries": [{"id": "q", "text": "t", "relevant": ["x"]}]}',
  );
  await assertRejects(
    () => readGoDataset(path),
    InputError,
    `${path}: query "q" lists unknown relevant document "x"`,
  );
  await Deno.remove(path);
});

Deno.test("formatGoDataset refuses what the format cannot hold", () => {
  assertThrows(
    () =>
      formatGoDataset({
        documents: [{ id: "a", text: "x" }],
        queries: [{ id: "q1", text: "t" }, { id: "q2", text: "u" }],
        qrels: new Map([["q1", new Map([["a", 1]])]]),
      }, { name: "out.json" }),
    InputError,
    'out.json: query "q2" has no relevant documents',
  );
});

Deno.test("formatGoDataset refuses a negative grade, which its reader refuses", () => {
  // BEIR and TREC qrels may grade -1 (judged, not relevant); Go-style JSON
  // grades are >= 0, so the file written would not read back.
  assertThrows(
    () =>
      formatGoDataset({
        documents: [{ id: "a", text: "x" }, { id: "b", text: "y" }],
        queries: [{ id: "q1", text: "t" }],
        qrels: new Map([["q1", new Map([["a", 2], ["b", -1]])]]),
      }, { name: "out.json" }),
    InputError,
    'out.json: query "q1" grades "b" with -1, which Go-style JSON cannot hold (a grade must be a number >= 0)',
  );
});
