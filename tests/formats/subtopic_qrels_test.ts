import { assertEquals, assertRejects } from "../assert.ts";
import { readSubtopicQrels } from "../../formats/subtopic_qrels.ts";
import { InputError } from "../../model/errors.ts";

Deno.test("subtopic qrels read qid subtopic docno rel, a document once per subtopic", async () => {
  const qrels = await readSubtopicQrels({
    text: "# ndeval's layout\n1 1 d1 1\n1 2 d1 0\n\n2 1 d9 3\r\n",
  });
  assertEquals(qrels.get("1")?.get("d1"), new Map([["1", 1], ["2", 0]]));
  assertEquals(qrels.get("2")?.get("d9"), new Map([["1", 3]]));
});

Deno.test("a malformed subtopic qrels line names its file and line", async () => {
  const bad: [string, string][] = [
    ["1 1 d1\n", 'q.txt:1: expected 4 fields "qid subtopic docno rel", got 3'],
    ["1 1 d1 1\n1 1 d1 0\n", 'q.txt:2: document "d1" is judged twice'],
    [
      "1 1 d1 -1\n",
      'relevance must be a whole number of at least 0, as ndeval reads it, got "-1"',
    ],
    [`1 1 d1 ${"9".repeat(1_000_000)}x\n`, "q.txt:1: relevance must be"],
  ];
  for (const [text, message] of bad) {
    await assertRejects(
      () => readSubtopicQrels({ text }, { name: "q.txt" }),
      InputError,
      message,
    );
  }
});
