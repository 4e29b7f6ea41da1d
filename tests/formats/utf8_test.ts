import { assertEquals, assertRejects } from "../assert.ts";
import { checkUtf8 } from "../../formats/utf8.ts";
import { InputError } from "../../model/errors.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { readRun } from "../../formats/trec_run.ts";
import { readJsonLines } from "../../formats/jsonl.ts";
import { runCli } from "../cli/_cli.ts";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((p) =>
      typeof p === "string" ? [...new TextEncoder().encode(p)] : p
    ),
  );

/** The stream cut into chunks at every given offset. */
function chunked(data: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const edges = [0, ...cuts, data.length];
  return ReadableStream.from(
    edges.slice(1).map((end, i) => data.slice(edges[i], end)),
  );
}

async function message(data: Uint8Array, cuts: number[] = []): Promise<string> {
  try {
    await new Response(checkUtf8(chunked(data, cuts), "f")).arrayBuffer();
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  return "valid";
}

Deno.test("checkUtf8 passes every UTF-8 text through, however it is cut", async () => {
  // One-, two-, three- and four-byte characters, a BOM and a literal U+FFFD.
  const text = bytes("\ufeffq1 0 d\u00e9 1\nq\u20ac 0 \ud83d\ude00 \ufffd\n");
  for (let cut = 0; cut <= text.length; cut++) {
    assertEquals(await message(text, [cut]), "valid", `cut at ${cut}`);
  }
  const out = await new Response(checkUtf8(chunked(text, [5, 9]), "f"))
    .arrayBuffer();
  assertEquals(new Uint8Array(out), text);
});

Deno.test("checkUtf8 names the line and column of the first bad byte", async () => {
  const cases: [Uint8Array, string][] = [
    [
      bytes("a\nbc", [0xff], "\n"),
      "f:2: not UTF-8 text: byte 0xFF at column 3",
    ],
    // A lead byte followed by ASCII: the lead byte is the bad one (as
    // "caf\xe9 " is 0xE9, not the space after it).
    [bytes("x", [0xc3], "y\n"), "f:1: not UTF-8 text: byte 0xC3 at column 2"],
    [
      bytes("q1 0 caf", [0xe9], " 0\n"),
      "f:1: not UTF-8 text: byte 0xE9 at column 9",
    ],
    // Overlong "/", a UTF-16 surrogate and a code point above U+10FFFF.
    [bytes("\n\n", [0xc0, 0xaf]), "f:3: not UTF-8 text: byte 0xC0 at column 1"],
    [
      bytes("ok\n", [0xed, 0xa0, 0x80]),
      "f:2: not UTF-8 text: byte 0xED at column 1",
    ],
    [
      bytes([0xf4, 0x90, 0x80, 0x80]),
      "f:1: not UTF-8 text: byte 0xF4 at column 1",
    ],
    [
      bytes("abc\n", [0xe2, 0x82]),
      "f:2: not UTF-8 text: the input ends inside a character",
    ],
  ];
  for (const [data, expected] of cases) {
    for (let cut = 0; cut <= data.length; cut++) {
      assertEquals(await message(data, [cut]), expected, `cut at ${cut}`);
    }
  }
});

Deno.test("readers refuse text that is not UTF-8, naming the line", async () => {
  const stream = (data: Uint8Array) => ReadableStream.from([data]);
  await assertRejects(
    () =>
      readQrels(stream(bytes("q1 0 d1 1\nq1 0 d", [0xff], "2 0\n")), {
        name: "qrels",
      }),
    InputError,
    "qrels:2: not UTF-8 text: byte 0xFF at column 7",
  );
  await assertRejects(
    async () => {
      for await (
        const _ of readRun(stream(bytes("q1 Q0 d", [0xfe], " 1 1 t\n")), {
          name: "run",
        })
      ) { /* reading is enough */ }
    },
    InputError,
    "run:1: not UTF-8 text: byte 0xFE at column 8",
  );
  await assertRejects(
    async () => {
      for await (
        const _ of readJsonLines(stream(bytes('{"_id": "', [0xff], '"}\n')), {
          name: "corpus.jsonl",
        })
      ) { /* reading is enough */ }
    },
    InputError,
    "corpus.jsonl:1: not UTF-8 text",
  );
});

Deno.test("eval refuses qrels that are not UTF-8 instead of mis-scoring them", async () => {
  // Qrels and run name the same bytes d\xff1; decoded with U+FFFD the qrels
  // id no longer matched the byte-scanned run (ap 0), and a run id d\xfe1
  // read from stdin matched it (ap 1).
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/qrels`, bytes("q1 0 d", [0xff], "1 1\n"));
    await Deno.writeFile(
      `${dir}/run`,
      bytes("q1 Q0 d", [0xff], "1 1 1.0 t\nq1 Q0 d2 2 0.5 t\n"),
    );
    const result = await runCli(["eval", `${dir}/qrels`, `${dir}/run`]);
    assertEquals(result.code, 1, result.stderr);
    assertEquals(result.stdout, "");
    assertEquals(
      result.stderr,
      `ranklens eval: ${dir}/qrels:1: not UTF-8 text: byte 0xFF at column 7\n`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
