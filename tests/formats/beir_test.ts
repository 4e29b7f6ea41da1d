import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import {
  formatBeirQrels,
  readBeir,
  readBeirQrels,
  writeBeir,
} from "../../formats/beir.ts";
import { InputError } from "../../model/errors.ts";

const TINY = new URL("../testdata/beir/tiny", import.meta.url).pathname;

async function files(dir: string, names: string[]): Promise<string[]> {
  return await Promise.all(names.map((n) => Deno.readTextFile(`${dir}/${n}`)));
}

const NAMES = ["corpus.jsonl", "queries.jsonl", "qrels/test.tsv"];

Deno.test("readBeir reads corpus, queries and qrels/test.tsv, keeping metadata", async () => {
  const dataset = await readBeir(TINY);
  assertEquals(dataset.documents, [
    {
      id: "doc1",
      title: "Chain wear",
      text: "Measure elongation with a checker.",
      extra: { metadata: {} },
    },
    {
      id: "doc2",
      title: "",
      text: "Bleed the brakes with mineral oil.",
      extra: { metadata: { source: "manual" } },
    },
    { id: "doc3", title: "Saddle height", text: "Use the heel method." },
  ]);
  assertEquals(dataset.queries, [
    { id: "q1", text: "worn chain", extra: { metadata: {} } },
    { id: "q2", text: "spongy brakes" },
    { id: "q3", text: "train-only query" },
  ]);
  // q3 has no test judgements: kept as a query, not judged.
  assertEquals(
    dataset.qrels,
    new Map([
      ["q1", new Map([["doc1", 2], ["doc3", 0]])],
      ["q2", new Map([["doc2", 1]])],
    ]),
  );
});

Deno.test("readBeir reads another split or an explicit qrels file", async () => {
  const dev = await readBeir(TINY, { split: "dev" });
  assertEquals(dev.qrels, new Map([["q3", new Map([["doc3", 1]])]]));
  const explicit = await readBeir(TINY, { qrels: "qrels/dev.tsv" });
  assertEquals(explicit.qrels, dev.qrels);
});

Deno.test("BEIR round-trips field for field, and written files round-trip byte for byte", async () => {
  const original = await readBeir(TINY);
  const first = await Deno.makeTempDir();
  await writeBeir(first, original);
  const reread = await readBeir(first);
  assertEquals(reread, original);
  const [corpus, queries, qrels] = await files(first, NAMES);
  assertEquals(
    corpus,
    '{"_id":"doc1","title":"Chain wear","text":"Measure elongation with a checker.","metadata":{}}\n' +
      '{"_id":"doc2","title":"","text":"Bleed the brakes with mineral oil.","metadata":{"source":"manual"}}\n' +
      '{"_id":"doc3","title":"Saddle height","text":"Use the heel method."}\n',
  );
  assertEquals(
    queries,
    '{"_id":"q1","text":"worn chain","metadata":{}}\n{"_id":"q2","text":"spongy brakes"}\n{"_id":"q3","text":"train-only query"}\n',
  );
  assertEquals(
    qrels,
    "query-id\tcorpus-id\tscore\nq1\tdoc1\t2\nq1\tdoc3\t0\nq2\tdoc2\t1\n",
  );
  const second = await Deno.makeTempDir();
  await writeBeir(second, reread);
  assertEquals(await files(second, NAMES), [corpus, queries, qrels]);
  await Deno.remove(first, { recursive: true });
  await Deno.remove(second, { recursive: true });
});

Deno.test("readBeir finds a flat qrels.tsv (the seed's write_beir layout) and gzipped JSON Lines", async () => {
  const dir = await Deno.makeTempDir();
  const gzip = async (name: string, text: string) => {
    const body = new Response(
      ReadableStream.from([new TextEncoder().encode(text)]).pipeThrough(
        new CompressionStream("gzip"),
      ),
    );
    await Deno.writeFile(
      `${dir}/${name}`,
      new Uint8Array(await body.arrayBuffer()),
    );
  };
  await gzip("corpus.jsonl.gz", '{"_id": "d1", "title": "T", "text": "x"}\n');
  await Deno.writeTextFile(
    `${dir}/queries.jsonl`,
    '{"_id": "q1", "text": "x"}\n',
  );
  await Deno.writeTextFile(
    `${dir}/qrels.tsv`,
    "query-id\tcorpus-id\tscore\nq1\td1\t1\n",
  );
  const dataset = await readBeir(dir);
  assertEquals(dataset.documents, [{ id: "d1", title: "T", text: "x" }]);
  assertEquals(dataset.qrels, new Map([["q1", new Map([["d1", 1]])]]));
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readBeir reports a missing file, naming what it looked for", async () => {
  const dir = await Deno.makeTempDir();
  await assertRejects(
    () => readBeir(dir),
    Deno.errors.NotFound,
    "has no corpus.jsonl or corpus.jsonl.gz",
  );
  await Deno.writeTextFile(`${dir}/corpus.jsonl`, "");
  await Deno.writeTextFile(`${dir}/queries.jsonl`, "");
  await assertRejects(
    () => readBeir(dir),
    Deno.errors.NotFound,
    "has no qrels/test.tsv or qrels.tsv or test.tsv or qrels/dev.tsv",
  );
  await Deno.remove(dir, { recursive: true });
});

async function withBeir(
  corpus: string,
  queries: string,
  qrels: string,
  check: (dir: string) => Promise<void>,
) {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/corpus.jsonl`, corpus);
  await Deno.writeTextFile(`${dir}/queries.jsonl`, queries);
  await Deno.writeTextFile(`${dir}/qrels.tsv`, qrels);
  try {
    await check(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("readBeir names the file and line of malformed records and unknown ids", async () => {
  const doc = '{"_id": "d1", "text": "x"}\n';
  const query = '{"_id": "q1", "text": "x"}\n';
  const qrels = "query-id\tcorpus-id\tscore\nq1\td1\t1\n";
  const cases: [string, string, string, string][] = [
    [
      doc + '{"_id": "d2", "text": }\n',
      query,
      qrels,
      "corpus.jsonl:2: invalid JSON: unexpected '}'",
    ],
    [doc + doc, query, qrels, 'corpus.jsonl:2: "_id" "d1" appears twice'],
    [
      '{"_id": 5, "text": "x"}\n',
      query,
      qrels,
      'corpus.jsonl:1: "_id" must be a string, got 5',
    ],
    [
      '{"_id": "", "text": "x"}\n',
      query,
      qrels,
      'corpus.jsonl:1: "_id" is empty',
    ],
    [
      '{"_id": "d1"}\n',
      query,
      qrels,
      'corpus.jsonl:1: "text" of "d1" must be a string, got nothing',
    ],
    [
      '{"_id": "d1", "title": 1, "text": ""}\n',
      query,
      qrels,
      'corpus.jsonl:1: "title" must be a string, got 1',
    ],
    ["[1]\n", query, qrels, "corpus.jsonl:1: expected a JSON object, got [1]"],
    // A long value is quoted short, with its length.
    [
      `{"_id": "d1", "title": ${
        JSON.stringify(["t".repeat(100)])
      }, "text": ""}\n`,
      query,
      qrels,
      `corpus.jsonl:1: "title" must be a string, got ["${
        "t".repeat(38)
      }... (104 characters)`,
    ],
    [
      doc,
      query + "\n" + query,
      qrels,
      'queries.jsonl:3: "_id" "q1" appears twice',
    ],
    [
      doc,
      query,
      qrels + "q1\td9\t1\n",
      'qrels.tsv:3: document "d9" judged for query "q1" is not in the corpus',
    ],
    [
      doc,
      query,
      qrels + "q7\td1\t1\n",
      'qrels.tsv:3: query "q7" is not in the queries',
    ],
  ];
  for (const [corpus, queries, judgements, message] of cases) {
    await withBeir(corpus, queries, judgements, async (dir) => {
      const error = await assertRejects(() => readBeir(dir), InputError);
      assertEquals(error.message, `${dir}/${message}`);
    });
  }
});

Deno.test("readBeir accepts judgements of missing documents only when told", async () => {
  await withBeir(
    '{"_id": "d1", "text": "x"}\n',
    '{"_id": "q1", "text": "x"}\n',
    "query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\tgone\t1\n",
    async (dir) => {
      const dataset = await readBeir(dir, { allowUnknownDocuments: true });
      assertEquals(dataset.qrels.get("q1"), new Map([["d1", 1], ["gone", 1]]));
    },
  );
});

Deno.test("readBeirQrels: header optional, CRLF accepted, malformed rows named", async () => {
  const read = (text: string) => readBeirQrels({ text }, { name: "q.tsv" });
  assertEquals(
    await read("q1\td1\t1\r\n\r\nq1\td2\t0\r\n"),
    new Map([["q1", new Map([["d1", 1], ["d2", 0]])]]),
  );
  assertEquals(
    await read("query-id\tcorpus-id\tscore\r\nq 1\td 1\t3\n"),
    new Map([["q 1", new Map([["d 1", 3]])]]),
  );
  await assertRejects(
    () => read("query-id\tcorpus-id\tscore\nq1 d1 1\n"),
    InputError,
    'q.tsv:2: expected 3 tab-separated fields "query-id corpus-id score", got 1',
  );
  await assertRejects(
    () => read("q1\td1\thigh\n"),
    InputError,
    'q.tsv:1: score must be a number, got "high"',
  );
  // BEIR's GenericDataLoader reads the score with int(), which refuses it.
  await assertRejects(
    () => read("q1\td1\t0.5\n"),
    InputError,
    `q.tsv:1: score must be a whole number, got "0.5" (BEIR's loader reads it with int(), which refuses it)`,
  );
  await assertRejects(
    () => read("q1\td1\t1\nq1\td1\t2\n"),
    InputError,
    'q.tsv:2: document "d1" is judged twice for query "q1"',
  );
  await assertRejects(
    () => read("q1\t\t1\n"),
    InputError,
    "q.tsv:1: empty query or corpus id",
  );
});

Deno.test("formatBeirQrels writes the header and refuses ids TSV cannot hold", () => {
  assertEquals(
    formatBeirQrels(new Map([["q1", new Map([["d1", 2], ["d2", 0]])]])),
    "query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t0\n",
  );
  assertThrows(
    () => formatBeirQrels(new Map([["q1", new Map([["d\t1", 1]])]])),
    TypeError,
    'Id "d\\t1" contains a tab or line break',
  );
});

Deno.test("readBeirQrels refuses a score too large to be finite, naming the line", async () => {
  await assertRejects(
    () =>
      readBeirQrels({ text: "query-id\tcorpus-id\tscore\nq1\td1\t1e999\n" }, {
        name: "q.tsv",
      }),
    InputError,
    'q.tsv:2: score must be finite, got "1e999"',
  );
});

Deno.test("writeBeir refuses qrels TSV cannot hold before writing any file of the directory", async () => {
  const parent = await Deno.makeTempDir();
  await assertRejects(
    () =>
      writeBeir(`${parent}/out`, {
        documents: [{ id: "d1", text: "alpha" }],
        queries: [{ id: "q\t1", text: "alpha" }],
        qrels: new Map([["q\t1", new Map([["d1", 1]])]]),
      }),
    TypeError,
    'Id "q\\t1" contains a tab or line break; BEIR qrels cannot hold it',
  );
  // Not a corpus and queries without their qrels: a dataset that reads
  // back as another one.
  assertEquals([...Deno.readDirSync(parent)], []);
  await Deno.remove(parent, { recursive: true });
});
