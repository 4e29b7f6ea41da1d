// A key repeated in one JSON object: JSON.parse and Python's json (hence
// ranx and ir_measures) keep the last value and drop the others without a
// word, so `{"q1": {"d2": 9, "d1": 1, "d2": 0}}` would rank d1 first where
// its writer may have meant d2. ranklens refuses it, naming the file, the
// line, the column and the key, through every JSON reader, the CLI and the
// server alike.
import { assertEquals, assertThrows } from "../assert.ts";
import { runCli } from "../cli/_cli.ts";
import { InputError } from "../../model/errors.ts";
import { checkUniqueKeys, parseJson } from "../../formats/json_text.ts";
import {
  readJsonLinesRun,
  readJsonQrels,
  readJsonRun,
} from "../../formats/score_dict.ts";
import { parseGoDataset } from "../../formats/go_dataset.ts";
import { readRagasJsonl } from "../../formats/ragas.ts";
import { readAnswersJsonl } from "../../formats/answers.ts";
import { readBeir } from "../../formats/beir.ts";
import { parseSavedReport } from "../../report/baseline.ts";
import { createApp } from "../../server.ts";

const RUN = '{"q1": {"d2": 9, "d1": 1, "d2": 0}}';
const RUN_REASON =
  'key "d2" repeated in one object at column 27 (first at column 9); JSON.parse would keep only the last value';
const QRELS = '{"q1": {"d1": 1},\n "q1": {"d2": 1}}';
const QRELS_REASON =
  'key "q1" repeated in one object at column 2 (first at line 1, column 2); JSON.parse would keep only the last value';

async function reasonOf(
  read: () => Promise<unknown> | unknown,
): Promise<[string, number, string]> {
  try {
    await read();
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return [error.file, error.line, error.reason];
  }
  throw new Error("no error");
}

Deno.test("the JSON dict readers refuse a repeated key with its line, column and key", async () => {
  assertEquals(
    await reasonOf(() => readJsonRun({ text: RUN }, { name: "run.json" })),
    ["run.json", 1, RUN_REASON],
  );
  assertEquals(
    await reasonOf(() => readJsonQrels({ text: QRELS }, { name: "q.json" })),
    ["q.json", 2, QRELS_REASON],
  );
  // A JSON run in rank order repeats no key when a query repeats a document
  // (that is a repeated document); a repeated query is a repeated key.
  assertEquals(
    await reasonOf(() =>
      readJsonRun({ text: '{"q1": ["d1"], "q2": ["d2"], "q1": ["d3"]}' })
    ),
    [
      "<text>",
      1,
      'key "q1" repeated in one object at column 30 (first at column 2); JSON.parse would keep only the last value',
    ],
  );
  // JSON Lines: each line is its own text, with its own line number.
  assertEquals(
    await reasonOf(() =>
      readJsonLinesRun(
        {
          text:
            '{"q1": {"d1": 1}}\n\n{"qid": "q2", "docid": "d1", "qid": "q3", "score": 1}\n',
        },
        { name: "run.jsonl" },
      )
    ),
    [
      "run.jsonl",
      3,
      'key "qid" repeated in one object at column 30 (first at column 2); JSON.parse would keep only the last value',
    ],
  );
});

Deno.test("a JSON Lines run record giving two different ids for one part is refused", async () => {
  // qid and query_id are spellings of one field: which one wins would be
  // the reader's choice, not the writer's.
  assertEquals(
    await reasonOf(() =>
      readJsonLinesRun({
        text:
          '{"qid": "q1", "docid": "d1", "score": 2}\n{"qid": "q1", "query_id": "q2", "docid": "d2", "score": 1}\n',
      }, { name: "run.jsonl" })
    ),
    [
      "run.jsonl",
      2,
      'the record gives two query ids, "qid": "q1" and "query_id": "q2"',
    ],
  );
  assertEquals(
    await reasonOf(() =>
      readJsonLinesRun({
        text: '{"qid": "q1", "docid": "d1", "pid": "7", "score": 2}\n',
      }, { name: "run.jsonl" })
    ),
    [
      "run.jsonl",
      1,
      'the record gives two document ids, "docid": "d1" and "pid": "7"',
    ],
  );
  // Two spellings that agree are one id.
  assertEquals(
    await readJsonLinesRun({
      text:
        '{"qid": "q1", "query_id": "q1", "docid": "d1", "score": 2}\n{"qid": "q1", "docid": "d2", "score": 3}\n',
    }),
    [{ queryId: "q1", docs: ["d2", "d1"], scores: [3, 2] }],
  );
});

Deno.test("a key written with escapes is the same key, and a colon in a string is no member", async () => {
  // "d\u0031" is "d1": one key twice.
  assertEquals(
    await reasonOf(() => parseJson('{"d1": 1, "d\\u0031": 2}', { name: "x" })),
    [
      "x",
      1,
      'key "d1" repeated in one object at column 11 (first at column 2); JSON.parse would keep only the last value',
    ],
  );
  // Colons and escaped quotes in ids and texts; the same key in two objects.
  const text =
    '{"http://a/1": {"d:1": 1, "say \\": x": 2}, "b\\\\": {"d:1": ":3"}, "c": [{"d": 1}, {"d": 2}]}';
  assertEquals(parseJson(text), {
    "http://a/1": { "d:1": 1, 'say ": x': 2 },
    "b\\": { "d:1": ":3" },
    c: [{ d: 1 }, { d: 2 }],
  });
  // A string opening with a colon, next to a repeated key.
  assertEquals(
    await reasonOf(() => parseJson('{"a": ":", "b": " :", "a": 2}')),
    [
      "<json>",
      1,
      'key "a" repeated in one object at column 23 (first at column 2); JSON.parse would keep only the last value',
    ],
  );
  // Read as JSON.parse reads it when no key repeats: d2 (score 2) first.
  const run = await readJsonRun({ text: '{"q:1": {"d:1": 1, "d2": 2}}' });
  assertEquals(run, [{ queryId: "q:1", docs: ["d2", "d:1"], scores: [2, 1] }]);
});

Deno.test("every JSON reader refuses a repeated key: datasets, RAG samples, answers, BEIR, baselines", async () => {
  const repeatedName =
    'key "name" repeated in one object at column 15 (first at column 2); JSON.parse would keep only the last value';
  assertEquals(
    await reasonOf(() =>
      parseGoDataset(
        '{"name": "a", "name": "b", "documents": [], "queries": []}',
        {
          name: "set.json",
        },
      )
    ),
    ["set.json", 1, repeatedName],
  );
  const sample =
    '{"user_input": "q?", "response": "Paris", "response": "Lyon", "reference": "Paris"}\n';
  const sampleReason =
    'key "response" repeated in one object at column 43 (first at column 22); JSON.parse would keep only the last value';
  assertEquals(
    await reasonOf(async () => {
      for await (const _ of readRagasJsonl({ text: sample }, { name: "s" })) {
        // read them all
      }
    }),
    ["s", 1, sampleReason],
  );
  const answers =
    '{"id": 0, "question": "q?", "golden_answers": ["Bob"], "pred_answer": "Bob", "pred_answer": "Al"}\n';
  assertEquals(
    await reasonOf(async () => {
      for await (
        const _ of readAnswersJsonl({ text: answers }, { name: "a" })
      ) {
        // read them all
      }
    }),
    [
      "a",
      1,
      'key "pred_answer" repeated in one object at column 78 (first at column 56); JSON.parse would keep only the last value',
    ],
  );
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/corpus.jsonl`,
      '{"_id": "d1", "text": "a: b"}\n{"_id": "d2", "text": "x", "_id": "d3"}\n',
    );
    await Deno.writeTextFile(
      `${dir}/queries.jsonl`,
      '{"_id": "q1", "text": "a"}\n',
    );
    await Deno.mkdir(`${dir}/qrels`);
    await Deno.writeTextFile(
      `${dir}/qrels/test.tsv`,
      "query-id\tcorpus-id\tscore\nq1\td1\t1\n",
    );
    assertEquals(await reasonOf(() => readBeir(dir)), [
      `${dir}/corpus.jsonl`,
      2,
      'key "_id" repeated in one object at column 28 (first at column 2); JSON.parse would keep only the last value',
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  assertEquals(
    await reasonOf(() =>
      parseSavedReport(
        '{"metrics": ["P@1"], "perQuery": {"q1": {"P@1": 1}, "q1": {"P@1": 0}}}',
        "base.json",
      )
    ),
    [
      "base.json",
      1,
      'key "q1" repeated in one object at column 53 (first at column 35); JSON.parse would keep only the last value',
    ],
  );
});

Deno.test("checkUniqueKeys finds a repeat deep in a large text", () => {
  const docs = Array.from({ length: 50_000 }, (_, i) => `"d${i}": ${i}`);
  const text = `{"q1": {${docs.join(", ")}},\n"q2": {"a": 1, "d7": 2, "a": 3}}`;
  const error = assertThrows(
    () => checkUniqueKeys(text, JSON.parse(text), { name: "big.json" }),
    InputError,
  ) as InputError;
  assertEquals([error.line, error.reason], [
    2,
    'key "a" repeated in one object at column 25 (first at column 8); JSON.parse would keep only the last value',
  ]);
  const fine = `{"q1": {${docs.join(", ")}}}`;
  checkUniqueKeys(fine, JSON.parse(fine));
});

Deno.test("nesting deeper than the call stack is checked without overflowing it", () => {
  // JSON.parse takes it; a recursive walk of the value would not.
  const depth = 200_000;
  const deep = `{"a": ${"[".repeat(depth)}{"k": 1, "k": 2}${
    "]".repeat(depth)
  }}`;
  const error = assertThrows(
    () => parseJson(deep, { name: "deep.json" }),
    InputError,
  ) as InputError;
  assertEquals(
    error.reason,
    `key "k" repeated in one object at column ${depth + 16} (first at column ${
      depth + 8
    }); JSON.parse would keep only the last value`,
  );
  const fine = `{"a": ${"[".repeat(depth)}{"k": 1}${"]".repeat(depth)}}`;
  assertEquals(typeof parseJson(fine), "object");
  // So is the walk for a lone surrogate escape.
  const lone = `${"[".repeat(depth)}"d\\udcff"${"]".repeat(depth)}`;
  assertThrows(
    () => parseJson(lone, { name: "deep.json" }),
    InputError,
    "deep.json:1: invalid JSON string: a lone surrogate escape (\\udcff)",
  );
});

Deno.test("a property added to Object.prototype does not hide a repeated key", () => {
  // Counted by a for-in, the inherited key would make up for the lost one.
  Object.defineProperty(Object.prototype, "added", {
    value: 1,
    enumerable: true,
    configurable: true,
  });
  try {
    assertThrows(
      () => parseJson('{"a": 1, "a": 2}', { name: "p.json" }),
      InputError,
      'p.json:1: key "a" repeated in one object at column 10',
    );
  } finally {
    delete (Object.prototype as Record<string, unknown>).added;
  }
});

Deno.test("the CLI and the server give the readers' message for a repeated key", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/run.json`, RUN + "\n");
    await Deno.writeTextFile(`${dir}/qrels.json`, QRELS + "\n");
    await Deno.writeTextFile(`${dir}/qrels.txt`, "q1 0 d1 1\n");
    const run = await runCli([
      "eval",
      `${dir}/qrels.txt`,
      `${dir}/run.json`,
      "-m",
      "rr",
    ]);
    assertEquals([run.code, run.stdout, run.stderr], [
      1,
      "",
      `ranklens eval: ${dir}/run.json:1: ${RUN_REASON}\n`,
    ]);
    const qrels = await runCli([
      "eval",
      `${dir}/qrels.json`,
      `${dir}/run.json`,
      "-m",
      "rr",
    ]);
    assertEquals([qrels.code, qrels.stderr], [
      1,
      `ranklens eval: ${dir}/qrels.json:2: ${QRELS_REASON}\n`,
    ]);
    // Not a repeated key but a repeated document, in a run in rank order:
    // named by its file too, as a TREC run's is.
    await Deno.writeTextFile(
      `${dir}/ranked.json`,
      '{"q1": ["d1", "d2", "d1"]}',
    );
    const ranked = await runCli([
      "eval",
      `${dir}/qrels.txt`,
      `${dir}/ranked.json`,
      "-m",
      "P@3",
    ]);
    assertEquals([ranked.code, ranked.stderr], [
      1,
      `ranklens eval: ${dir}/ranked.json: document "d1" appears twice in query "q1"\n`,
    ]);
    // Below the depth the repeat is not read, in a JSON run as in a TREC
    // run of the same ranking (trec_eval -M 2 reads two lines a topic).
    await Deno.writeTextFile(
      `${dir}/ranked.txt`,
      "q1 Q0 d1 1 3 t\nq1 Q0 d2 2 2 t\nq1 Q0 d1 3 1 t\n",
    );
    const shallow = await Promise.all(
      ["ranked.json", "ranked.txt"].map((file) =>
        runCli([
          "eval",
          `${dir}/qrels.txt`,
          `${dir}/${file}`,
          "-m",
          "P@3",
          "-M",
          "2",
        ])
      ),
    );
    // d1 d2 read, one relevant of three ranks: 1/3.
    const p3 = "P@3                   \tall\t0.3333\n";
    const numQ = "num_q                 \tall\t1\n";
    assertEquals(shallow.map((r) => [r.code, r.stdout, r.stderr]), [
      [0, numQ + p3, ""],
      [0, "runid                 \tall\tt\n" + numQ + p3, ""],
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }

  const app = createApp();
  const post = async (body: string) => {
    const response = await app.request("/v1/evaluate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    const problem = await response.json();
    return [response.status, problem.detail, problem.file, problem.line];
  };
  // The run as an object of the body: the body is the file.
  assertEquals(
    await post(
      `{"qrels": {"q1": {"d1": 1}}, "metrics": ["rr"],\n "run": ${RUN}}`,
    ),
    [
      400,
      'request body:2: key "d2" repeated in one object at column 35 (first at column 17); JSON.parse would keep only the last value',
      "request body",
      2,
    ],
  );
  // The run as JSON text in a string field: the field is the file.
  assertEquals(
    await post(JSON.stringify({
      qrels: "q1 0 d1 1\n",
      run: RUN,
      runFormat: "json-run",
      metrics: ["rr"],
    })),
    [400, `run:1: ${RUN_REASON}`, "run", 1],
  );
  // The body's own keys too.
  assertEquals(
    (await post('{"metrics": ["rr"], "metrics": ["ap"]}')).slice(0, 2),
    [
      400,
      'request body:1: key "metrics" repeated in one object at column 21 (first at column 2); JSON.parse would keep only the last value',
    ],
  );
});
