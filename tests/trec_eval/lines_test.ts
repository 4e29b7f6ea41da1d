import { assertEquals, assertRejects } from "../assert.ts";
import {
  byteString,
  MalformedLineError,
  readRecords,
  stringBytes,
} from "../../trec_eval/lines.ts";
import { readTrecEvalQrels } from "../../trec_eval/qrels_file.ts";
import { readTrecEvalRun } from "../../trec_eval/run_file.ts";

Deno.test("readRecords numbers a malformed line among data lines, as trec_eval", async () => {
  const error = await assertRejects(
    () =>
      readRecords(
        { text: "a b c d\n# note\n\n  # indented\na b c\n" },
        { fields: 4, blank: "skip" },
        () => {},
      ),
    MalformedLineError,
  ) as MalformedLineError;
  assertEquals([error.line, error.record], [5, 2]);
  const blank = await assertRejects(
    () =>
      readRecords({ text: "a b c d\n\na b c d\n" }, { fields: 4 }, () => {}),
    MalformedLineError,
  ) as MalformedLineError;
  assertEquals(blank.record, 2);
});

Deno.test("readRecords splits on ASCII whitespace only and keeps bytes", async () => {
  const fields: string[][] = [];
  const bytes = new Uint8Array([
    ...new TextEncoder().encode("q\u00a0x\t0\x0bd\r\n"),
    0xe9,
    0x20,
    0x31,
  ]);
  await readRecords(
    ReadableStream.from([bytes]),
    { fields: 2, exact: false, encoding: "bytes" },
    (r) => fields.push(r.fields),
  );
  assertEquals(fields, [["q\xc2\xa0x", "0", "d"], ["\xe9", "1"]]);
  assertEquals(stringBytes(fields[1][0]), new Uint8Array([0xe9]));
  assertEquals(byteString(new Uint8Array([0xc3, 0xa9])), "\xc3\xa9");
});

Deno.test("readTrecEvalQrels parses grades with atol and keeps repeats", async () => {
  const { topics, empty } = await readTrecEvalQrels({
    text: "q1 0 a 2.9\nq1 0 b +2\nq1 0 c x\nq1 0 a -1\n",
  });
  assertEquals(empty, false);
  assertEquals(topics.get("q1"), {
    docnos: ["a", "b", "c", "a"],
    rels: [2, 2, 0, -1],
  });
});

Deno.test("readTrecEvalQrels reads a file as its lines read: C whitespace, bytes, atol, comments", async () => {
  const path = await Deno.makeTempFile();
  try {
    // Tabs, CR LF, leading blanks, U+00A0 inside a field (not C
    // whitespace), a Latin-1 byte, and no final newline.
    await Deno.writeFile(
      path,
      Uint8Array.from([
        ...new TextEncoder().encode(
          "q1 0 a 2.9\r\n\tq1\t0\tb +2 \nq2 0 c\u00a0d 10\nq1 0 a -1\nq2 0 ",
        ),
        0xe9,
        ...new TextEncoder().encode(" x"),
      ]),
    );
    const { topics, empty } = await readTrecEvalQrels(path, {
      encoding: "bytes",
    });
    assertEquals(empty, false);
    assertEquals([...topics.keys()], ["q1", "q2"]);
    assertEquals(topics.get("q1"), {
      docnos: ["a", "b", "a"],
      rels: [2, 2, -1],
    });
    assertEquals(topics.get("q2"), {
      docnos: ["c\xc2\xa0d", "\xe9"],
      rels: [10, 0],
    });
    // A comment line, and a line of five fields: trec_eval skips the one
    // and stops at the other ("Malformed line 2": the comment is not counted).
    await Deno.writeTextFile(path, "# judged\nq1 0 a 1\n");
    assertEquals((await readTrecEvalQrels(path)).topics.get("q1"), {
      docnos: ["a"],
      rels: [1],
    });
    await Deno.writeTextFile(path, "q1 0 a 1\n# note\nq1 0 b 1 extra\n");
    const error = await assertRejects(
      () => readTrecEvalQrels(path),
      MalformedLineError,
    ) as MalformedLineError;
    assertEquals([error.line, error.record], [3, 2]);
    await Deno.writeTextFile(path, "");
    assertEquals((await readTrecEvalQrels(path)).empty, true);
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("readTrecEvalRun keeps the last tag and parses scores with atof", async () => {
  const run = await readTrecEvalRun({
    text: "q Q0 a 1 1e-3 t1 more\r\n\n# c\nq Q0 b 2 0x1p1 t2\n",
  }, { float32Scores: true });
  assertEquals(run.tag, "t2");
  assertEquals(run.topics.get("q")?.scores, [Math.fround(0.001), 2]);
  assertEquals((await readTrecEvalRun({ text: "" })).empty, true);
});

Deno.test("blank lines are skipped without splitting them into fields", async () => {
  // A gzip bomb of newlines inflates to as many lines as bytes; each was
  // split into fields (trec_eval on 1.9 GB of them: 659 s, eval: 54 s).
  const split = String.prototype.split;
  let splits = 0;
  String.prototype.split = function (
    this: string,
    separator: string | RegExp,
    limit?: number,
  ) {
    splits++;
    return Reflect.apply(split, this, [separator, limit]);
  } as typeof split;
  let records = 0;
  try {
    const summary = await readRecords(
      { text: "\n".repeat(100_000) + "q1 Q0 d1 1 1 t\n" },
      { fields: 6, blank: "skip" },
      () => records++,
    );
    assertEquals(summary.empty, false);
  } finally {
    String.prototype.split = split;
  }
  assertEquals([records, splits], [1, 1]);
});
