import { assertEquals, assertThrows } from "../assert.ts";
import { InputError } from "../../model/errors.ts";
import { parseJson } from "../../formats/json_text.ts";

Deno.test("parseJson returns the value of valid JSON", () => {
  assertEquals(parseJson('{"a": [1, "x", null, true]}'), {
    a: [1, "x", null, true],
  });
});

Deno.test("parseJson names the file and the line of the mistake", () => {
  const cases: [string, number, string][] = [
    ['{\n  "a": 1,\n  "b": }', 3, "unexpected '}'"],
    ['{\n  "a": 1\n  "b": 2\n}', 3, `unexpected '"'`],
    ["[\n1,\n2,\n]", 4, "unexpected ']'"],
    ['{"a": tru}', 1, "unexpected 't'"],
    ['{"a": 01}', 1, "unexpected '1'"],
    ['{\n"a": "x\\q"}', 2, "unexpected '\\'"],
    ['{"a": "tab\there"}', 1, "unexpected U+0009"],
    ['{"a": 1}\n\nx', 3, "unexpected 'x'"],
    ['{\n"a": [1, 2', 2, "unexpected end of input"],
    ["", 1, "unexpected end of input"],
  ];
  for (const [text, line, reason] of cases) {
    const error = assertThrows(
      () => parseJson(text, { name: "d.json" }),
      InputError,
    ) as InputError;
    assertEquals(
      [error.file, error.line, error.reason],
      ["d.json", line, `invalid JSON: ${reason}`],
      text,
    );
  }
});

Deno.test("parseJson counts lines from firstLine", () => {
  assertThrows(
    () => parseJson("{oops}", { name: "c.jsonl", firstLine: 7 }),
    InputError,
    "c.jsonl:7: invalid JSON: unexpected 'o'",
  );
});

Deno.test("parseJson refuses a lone surrogate escape instead of letting two ids merge", () => {
  // As Python's json.dumps writes bytes decoded with surrogateescape.
  for (
    const [text, line, escape] of [
      ['{"d": 1,\n"id": "d\\udcff"}', 2, "\\udcff"],
      ['["\\ud800x"]', 1, "\\ud800"],
      ['{"\\udcfe": 1}', 1, "\\udcfe"],
    ] as const
  ) {
    assertThrows(
      () => parseJson(text, { name: "q.json" }),
      InputError,
      `q.json:${line}: invalid JSON string: a lone surrogate escape (${escape})`,
    );
  }
  // A pair is one character, and an escaped backslash no escape at all.
  assertEquals(parseJson('["\\ud83d\\ude00", "\\\\udcff"]'), [
    "\u{1F600}",
    "\\udcff",
  ]);
});

Deno.test("JSON Lines qrels with surrogateescape ids are refused, not matched", async () => {
  const { readJsonLines } = await import("../../formats/jsonl.ts");
  const lines = readJsonLines({
    text: '{"query_id": "q1", "doc_id": "d\\udcff"}\n',
  }, { name: "qrels.jsonl" });
  let message = "";
  try {
    for await (const _ of lines) { /* read */ }
  } catch (error) {
    message = (error as Error).message;
  }
  assertEquals(
    message.startsWith(
      "qrels.jsonl:1: invalid JSON string: a lone surrogate escape (\\udcff)",
    ),
    true,
    message,
  );
});
