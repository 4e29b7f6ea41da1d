import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import { InputError } from "../../model/errors.ts";
import {
  parseKeyMap,
  readAnswersJsonl,
  type ReadAnswersOptions,
} from "../../formats/answers.ts";
import type { RagSample } from "../../model/rag_sample.ts";
import { evaluateRag } from "../../metrics/rag/evaluate.ts";

async function readAll(
  text: string,
  options: ReadAnswersOptions = {},
): Promise<RagSample[]> {
  const samples: RagSample[] = [];
  for await (
    const s of readAnswersJsonl({ text }, { name: "answers.jsonl", ...options })
  ) {
    samples.push(s);
  }
  return samples;
}

// The two records of the UltraRAG seed's example file.
const ULTRARAG = [
  '{"id": 0, "question": "when was the last time anyone was on the moon", "golden_answers": ["14 December 1972 UTC", "December 1972"], "pred_answer": "December 14, 1973"}',
  '{"id": 1, "question": "who wrote he ain\'t heavy he\'s my brother lyrics", "golden_answers": ["Bobby Scott", "Bob Russell"], "pred_answer": "The documents do not provide information about the author of the lyrics to \\"He Ain\'t Heavy, He\'s My Brother.\\""}',
].join("\n") + "\n";

Deno.test("UltraRAG's layout is the default key map", async () => {
  const samples = await readAll(ULTRARAG);
  assertEquals(samples[0], {
    user_input: "when was the last time anyone was on the moon",
    response: "December 14, 1973",
    references: ["14 December 1972 UTC", "December 1972"],
    id: 0,
  });
  assertEquals(
    samples[1].response,
    "The documents do not provide information about the author of the lyrics to \"He Ain't Heavy, He's My Brother.\"",
  );
});

Deno.test("a key map renames parts, adds contexts, and unmaps with an empty key", async () => {
  const text = JSON.stringify({
    q: "Wo liegt Zürich?",
    answer: "Zürich",
    output: "In der Schweiz",
    docs: ["Zürich liegt in der Schweiz."],
    doc_ids: [3, "d7"],
    gold_ids: ["d7"],
  }) + "\n";
  const keyMap = parseKeyMap(
    "question=q,reference=answer,response=output,contexts=docs,context_ids=doc_ids,reference_context_ids=gold_ids",
  );
  assertEquals(await readAll(text, { keyMap }), [{
    user_input: "Wo liegt Zürich?",
    retrieved_contexts: ["Zürich liegt in der Schweiz."],
    retrieved_context_ids: [3, "d7"],
    reference_context_ids: ["d7"],
    response: "In der Schweiz",
    reference: "Zürich",
  }]);
  // Without a question key in the file, unmap it.
  assertEquals(
    await readAll('{"golden_answers": "a", "pred_answer": "a"}\n', {
      keyMap: { question: "" },
    }),
    [{ response: "a", reference: "a" }],
  );
});

Deno.test("null means the record has no such part", async () => {
  assertEquals(
    await readAll(
      '{"question": "q", "golden_answers": null, "pred_answer": "x"}\n',
    ),
    [{ user_input: "q", response: "x" }],
  );
});

Deno.test("bad records fail with the file, line and key", async () => {
  const good =
    '{"question": "q", "golden_answers": ["a"], "pred_answer": "a"}\n';
  const cases: [string, string, ReadAnswersOptions?][] = [
    [
      good + '{"question": "q", "golden_answers": ["a"], "pred_answr": "a"}\n',
      'answers.jsonl:2: missing key "pred_answer" (the response; see the key map)',
    ],
    [
      '{"question": "q", "golden_answers": [1972], "pred_answer": "a"}\n',
      'answers.jsonl:1: key "golden_answers" (the reference) must be a string or a list of strings, got [1972]',
    ],
    [
      '{"question": "q", "golden_answers": 1972, "pred_answer": "a"}\n',
      'answers.jsonl:1: key "golden_answers" (the reference) must be a string or a list of strings, got 1972',
    ],
    [
      '{"question": "q", "golden_answers": "a", "pred_answer": ["a"]}\n',
      'answers.jsonl:1: key "pred_answer" (the response) must be a string, got ["a"]',
    ],
    ["[1, 2]\n", "answers.jsonl:1: expected a JSON object, got [1,2]"],
    [good + "{oops\n", "answers.jsonl:2: invalid JSON"],
    [
      '{"question": "q", "golden_answers": "a", "pred_answer": "a", "ctx": "one"}\n',
      'answers.jsonl:1: key "ctx" (the contexts) must be a list of strings, got "one"',
      { keyMap: { contexts: "ctx" } },
    ],
  ];
  for (const [text, message, options] of cases) {
    await assertRejects(() => readAll(text, options), InputError, message);
  }
});

Deno.test("parseKeyMap errors", () => {
  assertThrows(
    () => parseKeyMap("question"),
    SyntaxError,
    'Invalid key map entry "question": expected part=key',
  );
  assertThrows(
    () => parseKeyMap("answer=golden"),
    TypeError,
    'Unknown key map part "answer": expected one of question, reference, response, contexts, context_ids, reference_contexts, reference_context_ids',
  );
  assertThrows(
    () => parseKeyMap("response=a,response=b"),
    SyntaxError,
    'Key map part "response" is given twice',
  );
  assertEquals(parseKeyMap(" question = q , response= "), {
    question: "q",
    response: "",
  });
});

Deno.test("a sample's id names it in per-sample output, when every sample has a distinct one", async () => {
  const line = (id: unknown, answer: string) =>
    JSON.stringify({
      ...(id === undefined ? {} : { id }),
      question: "q",
      golden_answers: ["a"],
      pred_answer: answer,
    });
  const ids = async (...lines: string[]) =>
    evaluateRag(await readAll(lines.join("\n") + "\n"), { metrics: ["em"] })
      .sampleIds;
  assertEquals(await ids(line("q-7", "a"), line(12, "b")), ["q-7", "12"]);
  // A repeated or a missing id would make names ambiguous: positions.
  assertEquals(await ids(line("x", "a"), line("x", "b")), ["1", "2"]);
  assertEquals(await ids(line("x", "a"), line(undefined, "b")), ["1", "2"]);
  await assertRejects(
    () => readAll(line(1.5, "a") + "\n"),
    InputError,
    'key "id" (the id) must be a string or an integer below 2^53, got 1.5',
  );
});
