import { assertEquals, assertThrows } from "../../assert.ts";
import {
  checkRagSample,
  RAG_SAMPLE_FIELDS,
  RAGAS_FIELDS,
  referencesOf,
} from "../../../model/rag_sample.ts";

Deno.test("checkRagSample keeps known fields in Ragas order", () => {
  const sample = checkRagSample({
    extra: 1,
    reference: "Paris",
    response: "Paris",
    user_input: "capital?",
    retrieved_context_ids: [3, "d4"],
    rubrics: { "1": "bad", "5": "good" },
    references: ["Paris", "paris, France"],
  });
  assertEquals(Object.keys(sample), [
    "user_input",
    "retrieved_context_ids",
    "response",
    "reference",
    "rubrics",
    "references",
  ]);
  assertEquals(sample.retrieved_context_ids, [3, "d4"]);
  assertEquals(RAG_SAMPLE_FIELDS.slice(0, RAGAS_FIELDS.length), RAGAS_FIELDS);
});

Deno.test("null fields are absent, as Ragas reads None", () => {
  assertEquals(checkRagSample({ response: null, reference: "x" }), {
    reference: "x",
  });
});

Deno.test("checkRagSample names the field and the bad value", () => {
  const cases: [unknown, string][] = [
    [[1], "expected a JSON object, got [1]"],
    ["text", 'expected a JSON object, got "text"'],
    [{ response: 42 }, 'field "response" must be a string, got 42'],
    [
      { retrieved_contexts: "one" },
      'field "retrieved_contexts" must be a list of strings, got "one"',
    ],
    [
      { retrieved_contexts: ["a", 2] },
      'field "retrieved_contexts" must be a list of strings, got ["a",2]',
    ],
    [
      { reference_context_ids: [1.5] },
      'field "reference_context_ids" must be a list of string ids or integer ids below 2^53, got [1.5]',
    ],
    [
      { retrieved_context_ids: [2 ** 60] },
      "integer ids below 2^53",
    ],
    [{ rubrics: { a: 1 } }, 'field "rubrics" must be an object of strings'],
    [
      { user_input: [{ content: "hi", type: "human" }] },
      "multi-turn samples are not supported",
    ],
    [
      { reference: "Rome", references: ["Paris"] },
      'field "reference" must be one of "references", got "Rome"',
    ],
  ];
  for (const [value, message] of cases) {
    assertThrows(() => checkRagSample(value), TypeError, message);
  }
});

Deno.test("referencesOf: references, else reference, else none", () => {
  assertEquals(referencesOf({ reference: "a" }), ["a"]);
  assertEquals(referencesOf({ references: ["a", "b"], reference: "b" }), [
    "a",
    "b",
  ]);
  assertEquals(referencesOf({ references: [] }), []);
  assertEquals(referencesOf({}), []);
  assertEquals(referencesOf({ reference: "" }), [""]);
});
