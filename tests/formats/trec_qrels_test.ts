import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import { formatQrels, readQrels } from "../../formats/trec_qrels.ts";
import { InputError } from "../../model/errors.ts";

Deno.test("readQrels reads grades, skips comments and blank lines, accepts CRLF and tabs", async () => {
  const qrels = await readQrels({
    text:
      "# judged by two assessors\r\nq1 0 d1 2\r\n\r\nq1\t0\td2\t0\nq2 Q0 d\u00a0x -1\n   # indented note\nq2 0 D1 1",
  });
  assertEquals(
    qrels,
    new Map([
      ["q1", new Map([["d1", 2], ["d2", 0]])],
      ["q2", new Map([["d\u00a0x", -1], ["D1", 1]])],
    ]),
  );
});

Deno.test("every kind of malformed qrels line names the file, the line and the fault", async () => {
  const bad: [string, number, string][] = [
    ["q1 0 d1\n", 1, 'expected 4 fields "qid iter docno rel", got 3'],
    ["q1 0 d1 1\nq1 0 d2 1 extra\n", 2, "got 5"],
    ["q1 0 d1 high\n", 1, 'relevance must be a number, got "high"'],
    [
      "q1 0 d1 1\nq1 0 d1 0\n",
      2,
      'document "d1" is judged twice for query "q1"',
    ],
    ["q1 0 d1 1x\n", 1, 'got "1x"'],
  ];
  for (const [text, line, reason] of bad) {
    const error = await assertRejects(
      () => readQrels({ text }, { name: "qrels.txt" }),
      InputError,
      reason,
    ) as InputError;
    assertEquals([error.file, error.line], ["qrels.txt", line]);
    assertEquals(error.message, `qrels.txt:${line}: ${error.reason}`);
  }
});

Deno.test("lenient qrels parse grades as C atol, as trec_eval does", async () => {
  const qrels = await readQrels({ text: "q 0 a 2.9\nq 0 b +2\nq 0 c x\n" }, {
    lenient: true,
  });
  assertEquals(qrels.get("q"), new Map([["a", 2], ["b", 2], ["c", 0]]));
});

Deno.test("readQrels streams a gzipped file and formatQrels writes it back", async () => {
  const text = "q1 0 d1 2\nq1 0 d2 0\nq2 0 d3 1\n";
  const path = await Deno.makeTempFile({ suffix: ".gz" });
  try {
    const gz = ReadableStream.from([new TextEncoder().encode(text)])
      .pipeThrough(new CompressionStream("gzip"));
    await Deno.writeFile(path, gz);
    const qrels = await readQrels(path);
    assertEquals(formatQrels(qrels), text);
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("formatQrels refuses ids that would not read back as written", () => {
  const qrels = (qid: string, docno: string) =>
    new Map([[qid, new Map([[docno, 1]])]]);
  assertThrows(
    () => formatQrels(qrels("q1", "doc 1")),
    TypeError,
    'Document id "doc 1" contains whitespace; a TREC qrels file cannot hold it',
  );
  assertThrows(
    () => formatQrels(qrels("q\t1", "d1")),
    TypeError,
    'Query id "q\\t1" contains whitespace',
  );
  assertThrows(
    () => formatQrels(qrels("#q1", "d1")),
    TypeError,
    'Query id "#q1" starts with "#", which marks a comment',
  );
  assertThrows(
    () => formatQrels(qrels("q1", "")),
    TypeError,
    'Document id "" is empty',
  );
  assertEquals(formatQrels(qrels("q#1", "d\u00a01")), "q#1 0 d\u00a01 1\n");
});

Deno.test("readQrels refuses a grade too large to be finite, naming the line", async () => {
  await assertRejects(
    () => readQrels({ text: "q1 0 d1 1\nq1 0 d2 1e400\n" }, { name: "q" }),
    InputError,
    'q:2: relevance must be finite, got "1e400"',
  );
});

Deno.test("readQrels reads a small file at once with the line reader's values and errors", async () => {
  const path = await Deno.makeTempFile();
  try {
    // Four fields on every line: the whole-file path. CRLF, tabs, a
    // U+00A0 inside an id, grades of several digits and signs.
    await Deno.writeTextFile(
      path,
      "q1 0 d1 2\r\n\tq1\t0\td2\t0\nq2 Q0 d\u00a0x -1\nq2 0 D1 10",
    );
    assertEquals(
      await readQrels(path),
      new Map([
        ["q1", new Map([["d1", 2], ["d2", 0]])],
        ["q2", new Map([["d\u00a0x", -1], ["D1", 10]])],
      ]),
    );
    await Deno.writeTextFile(path, "q 0 a 2.9\nq 0 b +2\nq 0 c x\n");
    assertEquals(
      (await readQrels(path, { lenient: true })).get("q"),
      new Map([["a", 2], ["b", 2], ["c", 0]]),
    );
    // Comments and blank lines are skipped, as from text.
    await Deno.writeTextFile(path, "# note\nq1 0 d1 1\n\nq1 0 d2 3\n");
    assertEquals(
      await readQrels(path),
      new Map([["q1", new Map([["d1", 1], ["d2", 3]])]]),
    );
    // Each fault is the line reader's message, with its line number.
    const bad: [string | Uint8Array, number, string][] = [
      ["q1 0 d1 1\nq1 0 d2 1 extra\n", 2, "got 5"],
      ["q1 0 d1 1\nq1 0 d1 0\n", 2, 'document "d1" is judged twice'],
      ["q1 0 d1 1\nq1 0 d2 1e400\n", 2, "relevance must be finite"],
      ["q1 0 d1 high\n", 1, 'relevance must be a number, got "high"'],
      ["q1 0 d1 1\nq1 0 d2 1.5\n", 2, 'whole number, got "1.5"'],
      [Uint8Array.of(0x71, 0x20, 0x30, 0x20, 0xff, 0x20, 0x31), 1, "0xFF"],
    ];
    for (const [content, line, reason] of bad) {
      if (typeof content === "string") await Deno.writeTextFile(path, content);
      else await Deno.writeFile(path, content);
      const error = await assertRejects(
        () => readQrels(path),
        InputError,
        reason,
      ) as InputError;
      assertEquals([error.file, error.line], [path, line]);
    }
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("readQrels refuses a grade that is not a whole number, where trec_eval truncates it", async () => {
  // trec_eval 10.0 reads "1.5" with atol, as 1; ir_measures and ranx
  // (int(rel)) refuse it; "2.0" is 2 to all that read it.
  await assertRejects(
    () => readQrels({ text: "q1 0 d1 2.0\nq1 0 d2 1.5\n" }, { name: "q" }),
    InputError,
    'q:2: relevance must be a whole number, got "1.5" (trec_eval reads it as 1; ir_measures and ranx refuse it)',
  );
  assertEquals(
    await readQrels({ text: "q1 0 d1 2.0\nq1 0 d2 -0.5\n" }, { lenient: true }),
    new Map([["q1", new Map([["d1", 2], ["d2", 0]])]]),
  );
  // 1e1 is 10 as a decimal but 1 to atol: refused too.
  await assertRejects(
    () => readQrels({ text: "q1 0 d1 2.0\nq1 0 d2 1e1\n" }, { name: "q" }),
    InputError,
    'q:2: relevance must be a whole number, got "1e1" (trec_eval reads it as 1;',
  );
  assertEquals(
    await readQrels({ text: "q1 0 d1 2.0\nq1 0 d2 +3\nq1 0 d3 -1\n" }),
    new Map([["q1", new Map([["d1", 2], ["d2", 3], ["d3", -1]])]]),
  );
});
