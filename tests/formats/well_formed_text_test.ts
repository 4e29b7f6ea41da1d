// Text given as a string (`{ text }`, a server's text fields) is refused
// when it holds a lone surrogate, as the JSON readers refuse a lone-surrogate
// escape: encoded for the readers, `d\udcff` and `d\udcfe` would both become
// `d\ufffd` and match each other, giving rr = 1 where the answer is 0.
import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import { checkWellFormed } from "../../formats/utf8.ts";
import { InputError } from "../../model/errors.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { readRun } from "../../formats/trec_run.ts";
import { scanRun } from "../../formats/trec_run_scan.ts";
import { readJsonQrels } from "../../formats/score_dict.ts";
import { parseJson } from "../../formats/json_text.ts";
import { readRagSamples } from "../../formats/rag_samples.ts";
import { evaluate } from "../../metrics/evaluate.ts";
import { createApp } from "../../server.ts";

// The JSON readers' words for what a lone surrogate does to an id.
const CONSEQUENCE =
  "which is no character; ids written with Python's surrogateescape are refused rather than merged with others";
const QRELS_REFUSAL =
  `qrels:1: not well-formed text: a lone surrogate (\\udcff) at column 7, ${CONSEQUENCE}`;
const RUN_REFUSAL =
  `run:2: not well-formed text: a lone surrogate (\\udcfe) at column 8, ${CONSEQUENCE}`;

async function post(path: string, body: unknown) {
  const response = await createApp().request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

Deno.test("checkWellFormed names the line, the column and the lone surrogate", () => {
  for (
    const [text, line, escape, column] of [
      ["d\udcff", 1, "\\udcff", 2],
      ["a\nb\nxy\ud800", 3, "\\ud800", 3],
      // A pair is one character, a high surrogate before a non-low one lone.
      ["\u{1F600}\u{1F600}\ud83dz", 1, "\\ud83d", 3],
      ["q1\r\n\udc80\ud83d\ude00", 2, "\\udc80", 1],
    ] as const
  ) {
    assertThrows(
      () => checkWellFormed(text, "t"),
      InputError,
      `t:${line}: not well-formed text: a lone surrogate (${escape}) at column ${column}, ${CONSEQUENCE}`,
    );
  }
  checkWellFormed("q1 0 d\u{1F600} 1\n\ud83d\ude00", "t");
});

Deno.test("the JSON readers and the text readers say the same of a lone surrogate", async () => {
  await assertRejects(
    () => readJsonQrels({ text: '{"q1": {"d\\udcff": 1}}' }, { name: "q" }),
    InputError,
    `q:1: invalid JSON string: a lone surrogate escape (\\udcff), ${CONSEQUENCE}`,
  );
  // The same id as a raw string: JSON.parse of a request body makes this.
  assertThrows(
    () => parseJson('{"d": 1,\n"id": "d\udcff"}', { name: "q", firstLine: 4 }),
    InputError,
    `q:5: not well-formed text: a lone surrogate (\\udcff) at column 9, ${CONSEQUENCE}`,
  );
  await assertRejects(
    () => readJsonQrels({ text: '{"q1": {"d\udcff": 1}}' }, { name: "q" }),
    InputError,
    `q:1: not well-formed text: a lone surrogate (\\udcff) at column 11, ${CONSEQUENCE}`,
  );
});

Deno.test("library readers refuse a lone surrogate in { text } on every path", async () => {
  await assertRejects(
    () => readQrels({ text: "q1 0 d\udcff 1\n" }, { name: "qrels" }),
    InputError,
    QRELS_REFUSAL,
  );
  const qrels = await readQrels({ text: "q1 0 d1 1\n" });
  const runText = "q1 Q0 d1 1 1.0 r\nq1 Q0 d\udcfe 2 1.0 r\n";
  // The byte scanner (evaluate's choice) and the line reader.
  await assertRejects(
    () => evaluate(readRun({ text: runText }, { name: "run" }), qrels, ["rr"]),
    InputError,
    RUN_REFUSAL,
  );
  await assertRejects(
    async () => {
      for await (const _ of readRun({ text: runText }, { name: "run" })) {
        // read
      }
    },
    InputError,
    RUN_REFUSAL,
  );
  await assertRejects(
    async () => {
      for await (
        const _ of scanRun({ text: runText }, qrels, { name: "run" })
      ) {
        // read
      }
    },
    InputError,
    RUN_REFUSAL,
  );
  await assertRejects(
    () =>
      readRagSamples({ text: '{"response": "caf\udce9", "reference": "x"}' }, {
        name: "samples",
      }),
    InputError,
    `samples:1: not well-formed text: a lone surrogate (\\udce9) at column 18, ${CONSEQUENCE}`,
  );
});

Deno.test("a well-formed id beyond the BMP is read and matched", async () => {
  // trec_eval 10.0 -m recip_rank on these two lines' UTF-8 bytes: 1.0000.
  const qrels = await readQrels({ text: "q1 0 d\u{1F600} 1\n" });
  const run = readRun({ text: "q1 Q0 d\u{1F600} 1 1.0 r\n" });
  assertEquals((await evaluate(run, qrels, ["rr"])).aggregate, { rr: 1 });
  const { status, body } = await post("/v1/evaluate", {
    qrels: "q1 0 d\u{1F600} 1\n",
    run: "q1 Q0 d\u{1F600} 1 1.0 r\n",
    metrics: ["rr"],
  });
  assertEquals([status, body.aggregate], [200, { rr: 1 }]);
});

Deno.test("the server refuses a lone surrogate in a text field as the library does", async () => {
  const qrels = await post("/v1/evaluate", {
    qrels: "q1 0 d\udcff 1\n",
    run: "q1 Q0 d\udcfe 1 1.0 r\n",
    metrics: ["rr"],
  });
  assertEquals(
    [qrels.status, qrels.body.detail, qrels.body.file, qrels.body.line],
    [400, QRELS_REFUSAL, "qrels", 1],
  );
  const run = await post("/v1/evaluate", {
    qrels: "q1 0 d1 1\n",
    run: "q1 Q0 d1 1 1.0 r\nq1 Q0 d\udcfe 2 1.0 r\n",
    metrics: ["rr"],
  });
  assertEquals([run.status, run.body.detail], [400, RUN_REFUSAL]);
  const compare = await post("/v1/compare", {
    qrels: "q1 0 d1 1\n",
    runs: {
      a: "q1 Q0 d1 1 1.0 r\n",
      b: "q1 Q0 d1 1 1.0 r\nq1 Q0 d\udcfe 2 1 r\n",
    },
    metrics: ["rr"],
  });
  assertEquals(
    [compare.status, compare.body.detail],
    [400, RUN_REFUSAL.replace("run:", "runs.b:")],
  );
  const rag = await post("/v1/rag", {
    samples: '{"response": "caf\udce9", "reference": "x"}',
    metrics: ["exact_match"],
  });
  assertEquals(
    [rag.status, rag.body.detail],
    [
      400,
      `samples:1: not well-formed text: a lone surrogate (\\udce9) at column 18, ${CONSEQUENCE}`,
    ],
  );
  // trec_eval's words, with the reason in its parentheses.
  const trecEval = await post("/v1/trec_eval", {
    qrels: "q1 0 d\udcff 1\n",
    run: "q1 Q0 d\udcfe 1 1.0 r\n",
    args: ["-m", "recip_rank"],
  });
  assertEquals(
    [trecEval.status, trecEval.body.stderr],
    [
      400,
      `trec_eval.get_qrels: Cannot read qrels file 'qrels' (line 1: not well-formed text: a lone surrogate (\\udcff) at column 7, ${CONSEQUENCE})\ntrec_eval: Quit in file 'qrels'\n`,
    ],
  );
});
