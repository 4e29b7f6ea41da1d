import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import { InputError } from "../../model/errors.ts";
import {
  formatRagasJsonl,
  formatRagasLine,
  readRagasJsonl,
  toRagasDataset,
  writeRagasJsonl,
} from "../../formats/ragas.ts";
import type { RagSample } from "../../model/rag_sample.ts";

// Written by Python the way Ragas' EvaluationDataset.to_jsonl writes:
// pydantic model_dump(exclude_none=True) of a model declaring
// SingleTurnSample's fields in Ragas' order, then
// json.dumps(..., ensure_ascii=False) per line (a throwaway script).
const PYTHON_FILE = new URL(
  "../testdata/rag/ragas_python.jsonl",
  import.meta.url,
).pathname;

async function readAll(
  source: Parameters<typeof readRagasJsonl>[0],
): Promise<RagSample[]> {
  const samples: RagSample[] = [];
  for await (const sample of readRagasJsonl(source)) samples.push(sample);
  return samples;
}

Deno.test("reads what Ragas writes and writes it back byte for byte", async () => {
  const samples = await readAll(PYTHON_FILE);
  assertEquals(samples.length, 4);
  assertEquals(samples[0], {
    user_input: "capital of France?",
    retrieved_contexts: ["Paris is the capital of France.", "Lyon is a city."],
    retrieved_context_ids: ["d1", 7],
    reference_context_ids: ["d1"],
    response: "Paris",
    reference: "Paris",
  });
  assertEquals(
    samples[1].response,
    "Zürich liegt am See — «oui» 東京タワー 👍 مرحبا",
  );
  assertEquals(
    samples[1].reference_contexts![1],
    'quote " backslash \\ ctrl \u0001 sep \u2028 del \u007f',
  );
  assertEquals(samples[2].rubrics, {
    score1_description: "bad",
    score5_description: "good",
  });
  assertEquals(samples[3], { reference: "only a reference" });
  assertEquals(formatRagasJsonl(samples), await Deno.readTextFile(PYTHON_FILE));
});

const VARIED: RagSample[] = [
  {
    user_input: "Wer schrieb „Faust“?",
    retrieved_contexts: ["Goethe schrieb Faust.", ""],
    reference_contexts: ["Johann Wolfgang von Goethe"],
    retrieved_context_ids: [0, "d-1", 9007199254740991],
    reference_context_ids: ["d-1"],
    response: "Goethe",
    multi_responses: ["Goethe", "J. W. Goethe"],
    reference: "Goethe",
    rubrics: { score1: "wrong", score5: "right" },
    persona_name: "Student",
    query_style: "casual",
    query_length: "short",
    references: ["Johann Wolfgang von Goethe", "Goethe"],
  },
  { response: '北京\n上海\t"广州"\\', references: ["北京", "Peking"] },
  { retrieved_contexts: [], retrieved_context_ids: [] },
  {},
];

Deno.test("a file ranklens writes reads back unchanged, field for field", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/samples.jsonl`;
    await writeRagasJsonl(path, VARIED);
    const back = await readAll(path);
    assertEquals(back, VARIED);
    for (const [i, sample] of back.entries()) {
      assertEquals(Object.keys(sample), Object.keys(VARIED[i]));
    }
    const text = await Deno.readTextFile(path);
    assertEquals(text, formatRagasJsonl(back));
    assertEquals(text.split("\n").length, VARIED.length + 1);
    // UTF-8, unescaped.
    assertEquals(text.includes("„Faust“"), true);
    assertEquals(text.includes("\\u"), false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("Python's separators and field order", () => {
  assertEquals(
    formatRagasLine({
      references: ["a"],
      reference: "a",
      retrieved_context_ids: [1, "x"],
      user_input: "q",
    }),
    '{"user_input": "q", "retrieved_context_ids": [1, "x"], "reference": "a", "references": ["a"]}\n',
  );
  assertEquals(formatRagasLine({}), "{}\n");
  assertEquals(
    formatRagasLine({ retrieved_contexts: [] }),
    '{"retrieved_contexts": []}\n',
  );
});

Deno.test("null fields read as absent, other keys are dropped as Ragas drops them", async () => {
  const text =
    '{"response": "x", "reference": null, "score": 3}\n\n{"response": "y", "id": "s2"}\n';
  // An id is kept: it names the sample in per-sample output.
  assertEquals(await readAll({ text }), [{ response: "x" }, {
    response: "y",
    id: "s2",
  }]);
});

Deno.test("bad lines fail with the file and line", async () => {
  const cases: [string, string][] = [
    [
      '{"response": "x"}\n{"response": 1}\n',
      'data.jsonl:2: field "response" must be a string, got 1',
    ],
    ['{"response": "x"}\n\n{"response": \n', "data.jsonl:3: invalid JSON"],
    ['["x"]\n', 'data.jsonl:1: expected a JSON object, got ["x"]'],
    [
      '{"user_input": [{"content": "hi", "type": "human"}]}\n',
      'data.jsonl:1: field "user_input" is a list of messages: multi-turn samples are not supported',
    ],
    [
      '{"retrieved_context_ids": [1.5]}\n',
      'data.jsonl:1: field "retrieved_context_ids" must be a list of string ids',
    ],
    [
      '{"reference": "a", "references": ["b"]}\n',
      'data.jsonl:1: field "reference" must be one of "references", got "a"',
    ],
  ];
  for (const [text, message] of cases) {
    await assertRejects(
      () =>
        readAll(new Blob([text]).stream() as ReadableStream<Uint8Array>).then(
          () => {},
        ),
      InputError,
      message.replace("data.jsonl", "<stream>"),
    );
    const error = await assertRejects(
      async () => {
        for await (
          const _ of readRagasJsonl({ text }, { name: "data.jsonl" })
        ) {
          // drain
        }
      },
      InputError,
      message,
    );
    assertEquals(error instanceof SyntaxError, true);
  }
});

Deno.test("writing a malformed sample names it and leaves the file alone", async () => {
  assertThrows(
    () => formatRagasJsonl([{ response: "a" }, { response: 2 } as never]),
    TypeError,
    'Sample 2: field "response" must be a string, got 2',
  );
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/out.jsonl`;
    await Deno.writeTextFile(path, "old\n");
    await assertRejects(
      () =>
        writeRagasJsonl(path, [{ response: "a" }, { response: 2 } as never]),
      TypeError,
      "Sample 2",
    );
    assertEquals(await Deno.readTextFile(path), "old\n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("toRagasDataset: Ragas' fields only, one reference", () => {
  assertEquals(toRagasDataset(VARIED.slice(0, 2)), [
    {
      user_input: "Wer schrieb „Faust“?",
      retrieved_contexts: ["Goethe schrieb Faust.", ""],
      reference_contexts: ["Johann Wolfgang von Goethe"],
      retrieved_context_ids: [0, "d-1", 9007199254740991],
      reference_context_ids: ["d-1"],
      response: "Goethe",
      multi_responses: ["Goethe", "J. W. Goethe"],
      reference: "Goethe",
      rubrics: { score1: "wrong", score5: "right" },
      persona_name: "Student",
      query_style: "casual",
      query_length: "short",
    },
    { response: '北京\n上海\t"广州"\\', reference: "北京" },
  ]);
  assertEquals(toRagasDataset([{ response: "x" }]), [{ response: "x" }]);
});
