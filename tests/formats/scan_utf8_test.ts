// The byte scanner and the line reader give the same answer on text that is
// not UTF-8: both refuse it, with the line, the byte and its column. trec_eval
// compares ids as bytes, and so does `ranklens trec_eval`.
import { assertEquals } from "../assert.ts";
import { InputError } from "../../model/errors.ts";
import { readRun } from "../../formats/trec_run.ts";
import { scanRun } from "../../formats/trec_run_scan.ts";
import { scanRunParallel } from "../../formats/trec_run_parallel.ts";
import { evaluate } from "../../metrics/evaluate.ts";
import { runCli } from "../cli/_cli.ts";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((p) =>
      typeof p === "string" ? [...new TextEncoder().encode(p)] : p
    ),
  );

const qrels = new Map([["q1", new Map([["d\u00e9", 1], ["d2", 1]])]]);

// Each input with the message checkUtf8 gives on the line reader's path
// (line and column counted by hand, columns in bytes from 1).
const CASES: [string, Uint8Array, string][] = [
  [
    "a lone Latin-1 byte in a docno",
    bytes("q1 Q0 d1 1 3 t\nq1 Q0 d", [0xe9], "x 2 2 t\n"),
    "2: not UTF-8 text: byte 0xE9 at column 8",
  ],
  [
    "a bad byte in a comment line",
    bytes("q1 Q0 d1 1 3 t\n# comment ", [0xff], "\nq1 Q0 d2 2 2 t\n"),
    "2: not UTF-8 text: byte 0xFF at column 11",
  ],
  [
    "a character cut off by the end of the file",
    bytes("q1 Q0 d1 1 3 t\nq1 Q0 d2 2 2 t", [0xc3]),
    "2: not UTF-8 text: the input ends inside a character",
  ],
  [
    "a byte order mark, then a bad byte (the mark counts in the column)",
    bytes([0xef, 0xbb, 0xbf], "q1 Q0 d", [0xff], " 1 3 t\n"),
    "1: not UTF-8 text: byte 0xFF at column 11",
  ],
  [
    "a bad byte in the score",
    bytes("q1 Q0 d1 1 3", [0xfe], " t\n"),
    "1: not UTF-8 text: byte 0xFE at column 13",
  ],
  [
    "a bad byte on a line that also lacks a field",
    bytes("q1 Q0 d1", [0xfe], " 1 3\n"),
    "1: not UTF-8 text: byte 0xFE at column 9",
  ],
  [
    "a surrogate in the topic id of an unjudged topic",
    bytes("q1 Q0 d1 1 3 t\nq", [0xed, 0xa0, 0x80], " Q0 d1 1 3 t\n"),
    "2: not UTF-8 text: byte 0xED at column 2",
  ],
  [
    "an overlong form in the tag",
    bytes("q1 Q0 d\u00e9 1 3 t", [0xc0, 0xaf], "\n"),
    "1: not UTF-8 text: byte 0xC0 at column 16",
  ],
];

async function messageOf(read: () => Promise<unknown>): Promise<string> {
  try {
    await read();
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  return "accepted";
}

Deno.test("the byte scanner refuses what the line reader refuses, with its message", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (const [what, data, expected] of CASES) {
      const path = `${dir}/run`;
      await Deno.writeFile(path, data);
      const paths = {
        "line reader": () =>
          messageOf(async () => {
            for await (const _ of readRun(path)) { /* reading is enough */ }
          }),
        "byte scanner": () =>
          messageOf(async () => {
            for await (const _ of scanRun(path, qrels)) { /* reading */ }
          }),
        "byte scanner on two threads": () =>
          messageOf(async () => {
            const run = scanRunParallel(path, qrels, {
              threshold: 1,
              parts: 2,
            });
            for await (const _ of run) { /* reading is enough */ }
          }),
        "evaluate (the scanner)": () =>
          messageOf(() => evaluate(readRun(path), qrels, ["ndcg@10"])),
        "evaluate of a stream (the scanner)": () =>
          messageOf(async () => {
            using file = await Deno.open(path);
            return await evaluate(readRun(file.readable), qrels, ["rr"]);
          }),
      };
      for (const [reader, read] of Object.entries(paths)) {
        const shown = reader.includes("stream") ? "<stream>" : path;
        assertEquals(
          await read(),
          `${shown}:${expected}`,
          `${what}, ${reader}`,
        );
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a run in valid UTF-8 scores the same on the scanner and the line reader", async () => {
  const text = "q1 Q0 d1 1 3 t\nq1 Q0 d\u00e9 2 2 t\nq1 Q0 d2 3 1 t\n";
  const scanned = await evaluate(readRun({ text }), qrels, ["rr", "ap"]);
  const lists = await Array.fromAsync(readRun({ text }));
  const read = await evaluate(lists, qrels, ["rr", "ap"]);
  // The judged d\u00e9 and d2 rank 2 and 3: rr 1/2, AP (1/2 + 2/3) / 2.
  const expected = { rr: 0.5, ap: (1 / 2 + 2 / 3) / 2 };
  assertEquals(scanned.aggregate, expected);
  assertEquals(read.aggregate, expected);
});

Deno.test("eval refuses a run that is not UTF-8; trec_eval compares its ids as bytes, as trec_eval 10.0 does", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // q1's judged docno is d\xe9x (Latin-1), ranked second; q2's is d\xff,
    // ranked second after d\xfe.
    await Deno.writeFile(
      `${dir}/qrels`,
      bytes("q1 0 d", [0xe9], "x 2\nq1 0 d2 1\nq2 0 d", [0xff], " 1\n"),
    );
    await Deno.writeFile(
      `${dir}/run`,
      bytes(
        "q1 Q0 d1 1 3 t\nq1 Q0 d",
        [0xe9],
        "x 2 2 t\nq1 Q0 d\u00e9 3 1 t\nq2 Q0 d",
        [0xfe],
        " 1 1 t\nq2 Q0 d",
        [0xff],
        " 2 0.5 t\n",
      ),
    );
    await Deno.writeTextFile(`${dir}/qrels.utf8`, "q1 0 d\u00e9 1\n");
    const evaluated = await runCli(["eval", `${dir}/qrels.utf8`, `${dir}/run`]);
    assertEquals(evaluated.code, 1, evaluated.stderr);
    assertEquals(evaluated.stdout, "");
    assertEquals(
      evaluated.stderr,
      `ranklens eval: ${dir}/run:2: not UTF-8 text: byte 0xE9 at column 8\n`,
    );
    const asTrecEval = await runCli([
      "trec_eval",
      "-q",
      "-m",
      "recip_rank",
      "-m",
      "num_rel_ret",
      "-m",
      "ndcg",
      `${dir}/qrels`,
      `${dir}/run`,
    ]);
    assertEquals(asTrecEval.code, 0, asTrecEval.stderr);
    // /work/ref/te10/trec_eval -q -m recip_rank -m num_rel_ret -m ndcg on
    // the same two files.
    assertEquals(
      asTrecEval.stdout,
      [
        "num_rel_ret           \tq1\t1",
        "recip_rank            \tq1\t0.5000",
        "ndcg                  \tq1\t0.4796",
        "num_rel_ret           \tq2\t1",
        "recip_rank            \tq2\t0.5000",
        "ndcg                  \tq2\t0.6309",
        "num_rel_ret           \tall\t2",
        "recip_rank            \tall\t0.5000",
        "ndcg                  \tall\t0.5553",
        "",
      ].join("\n"),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
