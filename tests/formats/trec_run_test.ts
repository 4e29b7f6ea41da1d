import { assertEquals, assertRejects } from "../assert.ts";
import {
  formatRun,
  readRun,
  UngroupedRunError,
} from "../../formats/trec_run.ts";
import { InputError } from "../../model/errors.ts";
import type { RankedList } from "../../model/types.ts";

async function all(run: AsyncIterable<RankedList>): Promise<RankedList[]> {
  const lists: RankedList[] = [];
  for await (const ranked of run) lists.push(ranked);
  return lists;
}

Deno.test("readRun ranks by score, then docno descending, ignoring the rank column", async () => {
  const run = readRun({
    text: [
      "q1 Q0 a 1 0.5 t1",
      "q1 Q0 B 2 0.5 t1",
      "q1 Q0 b 3 0.5 t1",
      "q1 Q0 c 4 5e-1 t1",
      "q1 Q0 z 5 1.5E0 t1",
      "# a comment",
      "",
      "q2 Q0 y 1 -0 t2 trailing fields are ignored\r",
      "q2 Q0 x 2 0 t2",
    ].join("\n"),
  });
  const lists = await all(run);
  assertEquals(lists.map((l) => [l.queryId, l.docs]), [
    ["q1", ["z", "c", "b", "a", "B"]],
    ["q2", ["y", "x"]],
  ]);
  assertEquals(lists[0].scores, [1.5, 0.5, 0.5, 0.5, 0.5]);
  assertEquals(run.tag, "t2");
});

Deno.test("ties order by code point, as strcmp on UTF-8", async () => {
  const lists = await all(
    readRun({
      text: "q Q0 \uff01 1 1 t\nq Q0 \u{1f600} 2 1 t\nq Q0 \u00e9 3 1 t\n",
    }),
  );
  assertEquals(lists[0].docs, ["\u{1f600}", "\uff01", "\u00e9"]);
});

Deno.test("an ungrouped run is an error when streaming and works when collecting", async () => {
  const text = "q1 Q0 a 1 1 t\nq2 Q0 b 1 1 t\nq1 Q0 c 2 2 t\n";
  await assertRejects(
    () => all(readRun({ text }, { name: "run.txt" })),
    UngroupedRunError,
    "run.txt:3:",
  );
  const lists = await all(readRun({ text }, { collect: true }));
  assertEquals(lists.map((l) => [l.queryId, l.docs]), [["q1", ["c", "a"]], [
    "q2",
    ["b"],
  ]]);
});

Deno.test("every kind of malformed run line names the file, the line and the fault", async () => {
  const bad: [string, number, string][] = [
    [
      "q1 Q0 a 1 0.5\n",
      1,
      'expected 6 fields "qid iter docno rank score tag", got 5',
    ],
    [
      "q1 Q0 a 1 0.5 t\nq1 Q0 b 2 high t\n",
      2,
      'score must be a number, got "high"',
    ],
    ["q1 Q0 a 1 1.5abc t\n", 1, 'got "1.5abc"'],
  ];
  for (const [text, line, reason] of bad) {
    const error = await assertRejects(
      () => all(readRun({ text }, { name: "run.txt" })),
      InputError,
      reason,
    ) as InputError;
    assertEquals([error.file, error.line], ["run.txt", line]);
  }
});

Deno.test("lenient runs parse scores as C atof and float32 scores tie as trec_eval 9 did", async () => {
  const lenient = await all(
    readRun({ text: "q Q0 a 1 1.5abc t\nq Q0 b 2 abc t\nq Q0 c 3 0x1p1 t\n" }, {
      lenient: true,
    }),
  );
  assertEquals(lenient[0].docs, ["c", "a", "b"]);
  // Doubles tell the scores apart; as float32 they tie and the docno decides.
  const text = "q Q0 b 1 1.00000002 t\nq Q0 a 2 1.00000003 t\n";
  assertEquals((await all(readRun({ text })))[0].docs, ["a", "b"]);
  assertEquals(
    (await all(readRun({ text }, { float32Scores: true })))[0].docs,
    ["b", "a"],
  );
});

Deno.test("formatRun writes TREC lines that read back to the same ranking", async () => {
  const lists: RankedList[] = [
    { queryId: "q1", docs: ["d3", "d1"], scores: [2.5, 1] },
    { queryId: "q2", docs: ["d9"] },
  ];
  const text = await formatRun(lists, { tag: "sys" });
  assertEquals(
    text,
    "q1 Q0 d3 1 2.5 sys\nq1 Q0 d1 2 1 sys\nq2 Q0 d9 1 -1 sys\n",
  );
  assertEquals((await all(readRun({ text }))).map((l) => l.docs), [
    ["d3", "d1"],
    ["d9"],
  ]);
});

Deno.test("formatRun refuses ids and tags that would not read back as written", async () => {
  // "q1 Q0 doc 1 1 -1 t" would read back as document "doc" with score 1.
  await assertRejects(
    () => formatRun([{ queryId: "q1", docs: ["doc 1"] }]),
    TypeError,
    'Document id "doc 1" contains whitespace; a TREC run cannot hold it',
  );
  await assertRejects(
    () => formatRun([{ queryId: "#q", docs: ["d"] }]),
    TypeError,
    'Query id "#q" starts with "#"',
  );
  await assertRejects(
    () => formatRun([{ queryId: "q1", docs: ["d"] }], { tag: "my run" }),
    TypeError,
    'Run tag "my run" contains whitespace',
  );
});

Deno.test("a NaN score is refused: no order would rank it", async () => {
  for (
    const [lenient, message] of [
      [false, '<text>:2: score must be a number, got "nan"'],
      [true, '<text>:2: score must not be NaN, got "nan"'],
    ] as const
  ) {
    const run = readRun({ text: "q1 Q0 a 1 1 t\nq1 Q0 b 2 nan t\n" }, {
      lenient,
    });
    await assertRejects(
      async () => {
        for await (const _ of run) { /* read */ }
      },
      InputError,
      message,
    );
  }
});

Deno.test("readRun splits on ASCII whitespace only, as C isspace does", async () => {
  const text = " q1\tQ0 d\u00a0x\v1\f2.5 t extra\r\n" + // U+00A0 stays in its field
    "#q1 Q0 c 2 9 t\n" + // a comment
    "\t \n" + // blank
    "q1 Q0 b 3 -1e1 t2\n";
  const run = readRun({ text });
  const lists = await Array.fromAsync(run);
  assertEquals(lists, [
    { queryId: "q1", docs: ["d\u00a0x", "b"], scores: [2.5, -10] },
  ]);
  assertEquals(run.tag, "t2");
});
