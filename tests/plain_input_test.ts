// One input, one answer for plain data: a run or qrels given as
// `{query: {doc: number}}` (ranx's, pytrec_eval's and the server's JSON
// shape) gives the same values, or the same error, through the library
// (`evaluate`, `compare`), the JSON dict file readers and the server's JSON
// bodies, which all check it with model/plain_data.ts.
import { assertEquals } from "./assert.ts";
import { evaluate } from "../metrics/evaluate.ts";
import { compare } from "../metrics/compare.ts";
import { readJsonQrels, readJsonRun } from "../formats/score_dict.ts";
import { InputError } from "../model/errors.ts";
import { createApp } from "../server.ts";

const app = createApp();
const QRELS = { q1: { d1: 1.5, d2: 3 }, q2: { d3: 1 } };
const RUN = { q1: { d1: 2, d2: 1 }, q2: ["d3", "d4"] };
const METRICS = ["ndcg@2", "P@2"];

type Answer = { values: Record<string, Record<string, number>> } | {
  error: string;
};

async function libraryAnswer(
  run: unknown,
  qrels: unknown,
): Promise<Answer> {
  try {
    const result = await evaluate(run as never, qrels as never, METRICS);
    return { values: valuesOf(result.perQuery) };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { error: error.message };
  }
}

async function fileAnswer(run: unknown, qrels: unknown): Promise<Answer> {
  try {
    const result = await evaluate(
      await readJsonRun({ text: JSON.stringify(run) }, { name: "run" }),
      await readJsonQrels({ text: JSON.stringify(qrels) }, { name: "qrels" }),
      METRICS,
    );
    return { values: valuesOf(result.perQuery) };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { error: error.message };
  }
}

/**
 * POST /v1/evaluate with the run and qrels as JSON objects or as JSON text
 * in the JSON dict formats (named: a malformed text may be detected as TREC).
 */
async function serverAnswer(
  run: unknown,
  qrels: unknown,
  asText = false,
): Promise<Answer> {
  const response = await app.request("/v1/evaluate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      qrels: asText ? JSON.stringify(qrels) : qrels,
      run: asText ? JSON.stringify(run) : run,
      ...asText && { runFormat: "json-run", qrelsFormat: "json-qrels" },
      metrics: METRICS,
      perQuery: true,
    }),
  });
  const body = await response.json();
  if (response.status === 200) return { values: body.perQuery };
  assertEquals(response.status, 400, body.detail);
  // The server names the field and adds nothing to the library's message.
  assertEquals(body.detail, `${body.file}: ${body.reason}`);
  return { error: body.detail };
}

function valuesOf(
  perQuery: ReadonlyMap<string, ArrayLike<number>>,
): Record<string, Record<string, number>> {
  return Object.fromEntries(
    [...perQuery].map(([q, values]) => [
      q,
      Object.fromEntries(METRICS.map((m, i) => [m, values[i]])),
    ]),
  );
}

async function assertOneAnswer(
  run: unknown,
  qrels: unknown,
  expected: Answer,
): Promise<void> {
  const label = JSON.stringify({ run, qrels });
  assertEquals(await libraryAnswer(run, qrels), expected, `library ${label}`);
  assertEquals(await serverAnswer(run, qrels), expected, `server ${label}`);
  assertEquals(
    await serverAnswer(run, qrels, true),
    expected,
    `server, JSON text ${label}`,
  );
  assertEquals(await fileAnswer(run, qrels), expected, `file ${label}`);
}

Deno.test("plain data scores the same through the library, the JSON readers and the server", async () => {
  // Grades are gains (trec_eval's ndcg): q1 ranks d1 (1.5) over d2 (3), so
  // ndcg@2 = (1.5 + 3/log2(3)) / (3 + 1.5/log2(3)) = 0.8597186998521972
  // (python3). q2 is a list in rank order, its only relevant document first.
  await assertOneAnswer(RUN, QRELS, {
    values: {
      q1: { "ndcg@2": 0.8597186998521972, "P@2": 1 },
      q2: { "ndcg@2": 1, "P@2": 0.5 },
    },
  });
});

Deno.test("a bad plain run gives the same message through the library, the JSON readers and the server", async () => {
  const cases: [unknown, string][] = [
    [
      { q1: { d1: "high" } },
      'score of document "d1" for query "q1" must be a number, got the string "high"',
    ],
    [
      { q1: { d1: "NaN" } },
      'score of document "d1" for query "q1" must be a number, got the string "NaN"',
    ],
    [
      { q1: { d1: "Infinity" } },
      'score of document "d1" for query "q1" must be a number, got the string "Infinity"',
    ],
    [
      { q1: { d1: { score: 1 } } },
      'score of document "d1" for query "q1" must be a number, got an object',
    ],
    [
      { q1: { d1: true } },
      'score of document "d1" for query "q1" must be a number, got boolean true',
    ],
    [
      { q1: 5 },
      'query "q1" must map document ids to scores or list them in rank order, got number 5',
    ],
    [
      { q1: "d1 d2" },
      'query "q1" must map document ids to scores or list them in rank order, got the string "d1 d2"',
    ],
    [
      { q1: ["d1", 7] },
      'rank 2 of query "q1" must be a document id, got number 7',
    ],
    [
      { q1: ["d1", ["d2"]] },
      'rank 2 of query "q1" must be a document id, got an array',
    ],
    [{ "": { d1: 1 } }, "a query id is empty"],
    [{ q1: { "": 1 } }, 'a document id of query "q1" is empty'],
    [{ q1: ["d1", ""] }, 'a document id of query "q1" is empty'],
    // A list in rank order can repeat a document, as a TREC run can: the
    // join refuses it on every path, within the depth only (tests/formats/
    // repeated_keys_test.ts runs the CLI on one).
    [{ q1: ["d1", "d2", "d1"] }, 'document "d1" appears twice in query "q1"'],
    // The first bad entry stops the check, and a long value is quoted short.
    [
      { q1: { d1: "x".repeat(100_000), d2: "y" } },
      `score of document "d1" for query "q1" must be a number, got the string "${
        "x".repeat(40)
      }..." (100000 characters)`,
    ],
  ];
  for (const [run, reason] of cases) {
    await assertOneAnswer(run, QRELS, { error: `run: ${reason}` });
  }
});

Deno.test("bad plain qrels give the same message through the library, the JSON readers and the server", async () => {
  const cases: [unknown, string][] = [
    [
      { q1: { d1: "2" } },
      'grade of document "d1" for query "q1" must be a finite number, got the string "2"',
    ],
    [
      { q1: { d1: "Infinity" } },
      'grade of document "d1" for query "q1" must be a finite number, got the string "Infinity"',
    ],
    [
      { q1: { d1: null } },
      'grade of document "d1" for query "q1" must be a finite number, got null',
    ],
    [
      { q1: { d1: [1] } },
      'grade of document "d1" for query "q1" must be a finite number, got an array',
    ],
    [
      { q1: [1, 0] },
      'query "q1" must map document ids to grades, got an array',
    ],
    [{ q1: 2 }, 'query "q1" must map document ids to grades, got number 2'],
    [{ "": { d1: 1 } }, "a query id is empty"],
    [{ q1: { "": 1 } }, 'a document id of query "q1" is empty'],
  ];
  for (const [qrels, reason] of cases) {
    await assertOneAnswer(RUN, qrels, { error: `qrels: ${reason}` });
  }
});

Deno.test("values JSON cannot hold are refused by the library as JSON input is", async () => {
  // NaN ranks nowhere; a NaN or infinite grade is neither relevant nor not.
  const nan = await libraryAnswer({ q1: { d1: NaN } }, QRELS);
  assertEquals(nan, {
    error:
      'run: score of document "d1" for query "q1" must be a number other than NaN, got number NaN',
  });
  const infinite = await libraryAnswer(RUN, { q1: { d1: Infinity } });
  assertEquals(infinite, {
    error:
      'qrels: grade of document "d1" for query "q1" must be a finite number, got number Infinity',
  });
  // ±Infinity scores rank, as a TREC run's "inf" does (and JSON's 1e999).
  const ranked = await libraryAnswer({ q1: { d2: Infinity, d1: 5 } }, QRELS);
  // Detected as a JSON dict run, as the CLI detects a file's format.
  const text = await serverAnswer('{"q1": {"d2": 1e999, "d1": 5}}', QRELS);
  assertEquals(ranked, text);
  assertEquals("values" in ranked && ranked.values.q1["ndcg@2"], 1);
});

Deno.test("qrels given as maps are checked as plain-object qrels are, with the same InputError", async () => {
  const cases: [number, string][] = [
    [NaN, "number NaN"],
    [Infinity, "number Infinity"],
    ["2" as unknown as number, 'the string "2"'],
  ];
  for (const [grade, shown] of cases) {
    const asObject = { q1: { d1: 1.5, d2: grade } };
    const asMaps = new Map([["q1", new Map([["d1", 1.5], ["d2", grade]])]]);
    const expected = {
      error:
        `qrels: grade of document "d2" for query "q1" must be a finite number, got ${shown}`,
    };
    assertEquals(await libraryAnswer(RUN, asObject), expected);
    assertEquals(await libraryAnswer(RUN, asMaps), expected);
    // A judged query the run does not hold is checked too, as an object's is.
    const unranked = new Map([...asMaps, ["q9", new Map([["d1", grade]])]]);
    assertEquals(await libraryAnswer(RUN, unranked), expected);
  }
  // An empty id in a map is refused as in an object.
  assertEquals(
    await libraryAnswer(RUN, new Map([["q1", new Map([["", 1]])]])),
    { error: 'qrels: a document id of query "q1" is empty' },
  );
});

Deno.test("a JSON run listing documents in rank order is detected as a JSON dict run", async () => {
  const run = '{"q1": ["d2", "d1"], "q2": ["d4", "d3"]}';
  assertEquals(await serverAnswer(run, QRELS), {
    values: {
      q1: { "ndcg@2": 1, "P@2": 1 },
      q2: { "ndcg@2": 0.6309297535714575, "P@2": 0.5 },
    },
  });
});

Deno.test("compare names a run's field in the server and reads the same message", async () => {
  const bad = { q1: { d1: "high" } };
  const reason =
    'score of document "d1" for query "q1" must be a number, got the string "high"';
  const library = await compare({ a: RUN, b: bad } as never, QRELS, ["P@2"])
    .catch((error) => error);
  assertEquals(library instanceof InputError, true, String(library));
  // The library names the run as the comparison does; the server adds its
  // field.
  assertEquals(library.message, `b: ${reason}`);
  const response = await app.request("/v1/compare", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ qrels: QRELS, runs: { a: RUN, b: bad } }),
  });
  const body = await response.json();
  assertEquals(response.status, 400);
  assertEquals([body.file, body.reason], ["runs.b", reason]);
});
