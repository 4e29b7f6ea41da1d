import { assertEquals, assertRejects } from "../assert.ts";

function assert(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}
import { InputError } from "../../model/errors.ts";
import {
  checkMetricCount,
  DEFAULT_INPUT_LIMITS,
  setInputLimits,
} from "../../formats/limits.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { readBeirQrels } from "../../formats/beir.ts";
import { readRun } from "../../formats/trec_run.ts";
import { scanRun } from "../../formats/trec_run_scan.ts";
import { scanTopicsParallel } from "../../formats/trec_run_parallel.ts";
import { readJsonLines } from "../../formats/jsonl.ts";
import { GzipFileReader, openSource } from "../../formats/source.ts";
import { readRecords } from "../../trec_eval/lines.ts";
import { runCli } from "../cli/_cli.ts";

const encoder = new TextEncoder();

/** An endless stream of `byte`, counting what it handed out. */
function endless(byte: number, chunk = 1 << 16) {
  const counter = { pulled: 0 };
  const block = new Uint8Array(chunk).fill(byte);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulled += block.length;
      controller.enqueue(block.slice());
    },
  });
  return { stream, counter };
}

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  return await new Response(
    ReadableStream.from([bytes as Uint8Array<ArrayBuffer>]).pipeThrough(
      new CompressionStream("gzip"),
    ),
  ).bytes();
}

async function withLimits(
  limits: Parameters<typeof setInputLimits>[0],
  body: () => Promise<void>,
): Promise<void> {
  setInputLimits(limits);
  try {
    await body();
  } finally {
    setInputLimits(DEFAULT_INPUT_LIMITS);
  }
}

const LONG =
  "line longer than 100 bytes (the limit; raise it with --max-line-bytes)";

Deno.test("a line past the bound is refused by every line reader, naming its line", async () => {
  const text = "q1 0 d1 1\nq1 0 d2" + "x".repeat(200) + " 1\nq1 0 d3 1\n";
  await withLimits({ maxLineBytes: 100 }, async () => {
    await assertRejects(
      () => readQrels({ text }, { name: "q" }),
      InputError,
      `q:2: ${LONG}`,
    );
    await assertRejects(
      () => readRecords({ text }, { fields: 4, name: "q" }, () => {}),
      InputError,
      `q:2: ${LONG}`,
    );
    const run = "q1 Q0 d1 1 1 t\nq1 Q0 " + "d".repeat(200) + " 2 1 t\n";
    await assertRejects(
      () => Array.fromAsync(readRun({ text: run }, { name: "r" })),
      InputError,
      `r:2: ${LONG}`,
    );
    await assertRejects(
      () => Array.fromAsync(scanRun({ text: run }, new Map(), { name: "r" })),
      InputError,
      `r:2: ${LONG}`,
    );
    await assertRejects(
      () =>
        Array.fromAsync(
          readJsonLines({
            text: '{"a": 1}\n{"a": "' + "x".repeat(200) + '"}\n',
          }, {
            name: "j",
          }),
        ),
      InputError,
      `j:2: ${LONG}`,
    );
  });
  // The bound is per call too, for each reader, over the process's.
  await assertRejects(
    () => readQrels({ text }, { name: "q", limits: { maxLineBytes: 8 } }),
    InputError,
    "q:1: line longer than 8 bytes (the limit; raise it with --max-line-bytes)",
  );
  await assertRejects(
    () =>
      Array.fromAsync(
        readRun({ text: "q1 Q0 d1 1 1 t\n" }, { limits: { maxLineBytes: 5 } }),
      ),
    InputError,
    "<text>:1: line longer than 5 bytes",
  );
  await withLimits({ maxLineBytes: 5 }, async () => {
    const qrels = await readQrels({ text }, { limits: { maxLineBytes: 1000 } });
    assertEquals(qrels.get("q1")?.get("d3"), 1);
    const run = readRun({ text: "q1 Q0 d1 1 1 t\n" }, {
      limits: { maxLineBytes: 1000 },
    });
    assertEquals((await Array.fromAsync(run)).map((r) => r.docs), [["d1"]]);
  });
  await assertRejects(
    () =>
      Array.fromAsync(
        scanRun({ text: "q1 Q0 d1 1 1 t\n" }, new Map(), {
          limits: { maxLineBytes: 5 },
        }),
      ),
    InputError,
    "<text>:1: line longer than 5 bytes",
  );
});

Deno.test("a line without end is refused within the bound's bytes, not at the end of memory", async () => {
  await withLimits({ maxLineBytes: 1 << 20 }, async () => {
    for (
      const read of [
        (s: ReadableStream<Uint8Array>) => readQrels(s, { name: "zero" }),
        (s: ReadableStream<Uint8Array>) =>
          readRecords(s, { fields: 6, name: "zero", blank: "skip" }, () => {}),
        (s: ReadableStream<Uint8Array>) =>
          Array.fromAsync(scanRun(s, new Map(), { name: "zero" })),
        (s: ReadableStream<Uint8Array>) =>
          Array.fromAsync(readRun(s, { name: "zero" })),
      ]
    ) {
      for (const byte of [0x20, 0x30]) {
        const { stream, counter } = endless(byte);
        await assertRejects(
          () => read(stream),
          InputError,
          "zero:1: line longer than 1048576 bytes",
        );
        // Refused within the bound, give or take the chunks read ahead.
        assert(
          counter.pulled <= (1 << 20) + (1 << 22),
          `${counter.pulled} bytes read`,
        );
      }
    }
  });
});

Deno.test("a long line is searched once when a run is split between cores", async () => {
  // Finding where the second part starts searched the line in progress
  // again with every 64 KiB read, and copied it: a 100 MB line took 37 s
  // to refuse. Count the bytes searched and copied on this thread (the
  // parts' scans run on workers): a small multiple of the file's size.
  const path = await Deno.makeTempFile();
  try {
    const line = (q: string, d: string) => `${q} Q0 ${d} 1 1 t\n`;
    const text = line("q1", "d1") + line("q1", "x".repeat(3 << 20)) +
      line("q2", "d1");
    await Deno.writeTextFile(path, text);
    const judged = new Map([
      ["q1", new Map([["d1", 1]])],
      ["q2", new Map([["d1", 1]])],
    ]);
    const indexOf = Uint8Array.prototype.indexOf;
    const set = Uint8Array.prototype.set;
    let searched = 0, copied = 0;
    Uint8Array.prototype.indexOf = function (
      this: Uint8Array,
      value: number,
      from = 0,
    ) {
      const found = indexOf.call(this, value, from);
      searched += (found < 0 ? this.length : found + 1) - from;
      return found;
    };
    Uint8Array.prototype.set = function (
      this: Uint8Array,
      array: ArrayLike<number>,
      offset?: number,
    ) {
      copied += array.length;
      return set.call(this, array, offset);
    };
    let scans;
    try {
      scans = await Array.fromAsync(
        scanTopicsParallel(path, judged, {
          threshold: 1,
          parts: 2,
          limits: { maxLineBytes: 4 << 20 },
        }),
      );
    } finally {
      Uint8Array.prototype.indexOf = indexOf;
      Uint8Array.prototype.set = set;
    }
    assertEquals(scans.map((s) => [s.queryId, s.numRet]), [["q1", 2], [
      "q2",
      1,
    ]]);
    assert(searched <= 2 * text.length, `${searched} bytes searched`);
    assert(copied <= 2 * text.length, `${copied} bytes copied`);
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("/dev/zero as a run is refused with the file, the line and the option", async () => {
  const qrels = await Deno.makeTempFile();
  await Deno.writeTextFile(qrels, "q1 0 d1 1\n");
  try {
    const evaluated = await runCli([
      "--max-line-bytes=100000",
      "eval",
      qrels,
      "/dev/zero",
    ]);
    assertEquals(evaluated.code, 1);
    assertEquals(
      evaluated.stderr,
      "ranklens eval: /dev/zero:1: line longer than 100000 bytes (the limit; raise it with --max-line-bytes)\n",
    );
    assertEquals(evaluated.stdout, "");
    const bad = await runCli([
      "--max-line-bytes=x",
      "eval",
      qrels,
      "/dev/zero",
    ]);
    assertEquals(bad.code, 2);
    assertEquals(
      bad.stderr,
      'ranklens: --max-line-bytes takes a positive whole number, got "x"\n',
    );
  } finally {
    await Deno.remove(qrels);
  }
});

Deno.test("a .gz inflating past its bound is refused, on a worker or not, and as a stream", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // 4 MiB of newlines deflate to about 4 KiB: a ratio of 1000.
    const bomb = await gzip(new Uint8Array(1 << 22).fill(10));
    const path = `${dir}/qrels.gz`;
    await Deno.writeFile(path, bomb);
    for (const worker of [true, false]) {
      const reader = await GzipFileReader.open(path, {
        worker,
        limits: { maxGzipRatio: 10_000, maxGzipBytes: 1 << 21 },
      });
      await assertRejects(
        () => new Response(reader.readable()).bytes(),
        InputError,
        `${path}: inflates past 2097152 bytes (the limit; raise it with --max-gzip-bytes)`,
      );
    }
    await withLimits(
      { maxGzipRatio: 10_000, maxGzipBytes: 1 << 21 },
      async () => {
        await assertRejects(
          () => readQrels(path),
          InputError,
          "inflates past 2097152 bytes",
        );
        // Gzip under another name, and gzip on a stream.
        await Deno.rename(path, `${dir}/qrels.txt`);
        await assertRejects(
          () => readQrels(`${dir}/qrels.txt`),
          InputError,
          "inflates past 2097152 bytes",
        );
        await assertRejects(
          () => readQrels(ReadableStream.from([bomb]), { name: "piped" }),
          InputError,
          "piped: inflates past 2097152 bytes (the limit; raise it with --max-gzip-bytes)",
        );
      },
    );
    // Per call: readQrels and readRun take the gzip bounds too.
    await Deno.writeFile(path, bomb);
    const small = { maxGzipRatio: 10_000, maxGzipBytes: 1 << 21 };
    await assertRejects(
      () => readQrels(path, { limits: small }),
      InputError,
      `${path}: inflates past 2097152 bytes (the limit; raise it with --max-gzip-bytes)`,
    );
    await assertRejects(
      () => Array.fromAsync(readRun(path, { limits: small })),
      InputError,
      `${path}: inflates past 2097152 bytes (the limit; raise it with --max-gzip-bytes)`,
    );
    // The ratio: 1 MiB is always allowed, then 200 times the compressed size.
    const opened = await openSource(ReadableStream.from([bomb]), "piped", {
      maxGzipRatio: 2,
    });
    await assertRejects(
      () => new Response(opened.stream).bytes(),
      InputError,
      "piped: inflates past 1048576 bytes, 2 times its",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gzip data is read whatever its name, and a truncated one names the file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const text = "q1 0 d1 1\nq1 0 d2 0\n";
    const packed = await gzip(encoder.encode(text));
    await Deno.writeFile(`${dir}/qrels.txt`, packed);
    assertEquals(
      await readQrels(`${dir}/qrels.txt`),
      await readQrels({ text }),
    );
    assertEquals(
      await readQrels(
        ReadableStream.from([packed.subarray(0, 1), packed.subarray(1)]),
      ),
      await readQrels({ text }),
    );
    await Deno.writeFile(
      `${dir}/cut.txt`,
      packed.subarray(0, packed.length - 8),
    );
    await assertRejects(
      () => readQrels(`${dir}/cut.txt`),
      InputError,
      `${dir}/cut.txt: cannot read the gzip data: unexpected end of file`,
    );
    const run = "q1 Q0 d1 1 2 t\nq1 Q0 d2 2 1 t\n";
    await Deno.writeFile(`${dir}/run`, await gzip(encoder.encode(run)));
    const qrels = await readQrels({ text });
    assertEquals(
      (await Array.fromAsync(scanRun(`${dir}/run`, qrels))).map((t) =>
        t.ranking?.grades
      ),
      (await Array.fromAsync(scanRun({ text: run }, qrels))).map((t) =>
        t.ranking?.grades
      ),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a read error (EIO) is an InputError naming the file", async () => {
  for (
    const read of [
      () => readQrels("/proc/self/mem"),
      () => Array.fromAsync(scanRun("/proc/self/mem", new Map())),
      () => Array.fromAsync(readRun("/proc/self/mem")),
    ]
  ) {
    await assertRejects(
      read,
      InputError,
      "/proc/self/mem: cannot read the file: Input/output error",
    );
  }
});

/**
 * How many characters `body` reads with `charCodeAt`, which the number
 * scanners read their fields with: a count of operations, not a time.
 */
async function charReads(
  body: () => Promise<unknown>,
): Promise<{ reads: number; error: string }> {
  const original = String.prototype.charCodeAt;
  let reads = 0, error = "";
  String.prototype.charCodeAt = function (this: string, index: number) {
    reads++;
    return original.call(this, index);
  };
  try {
    await body();
  } catch (e) {
    error = e instanceof InputError ? e.message : String(e);
  } finally {
    String.prototype.charCodeAt = original;
  }
  return { reads, error };
}

Deno.test("a 10 MB digit string is refused by every number reader, in linear time", async () => {
  // The backtracking pattern took time quadratic in the digits (8.5 s on
  // 100 KB); a scanner reads each character a bounded number of times. Ten
  // times the digits cost at most ten times the reads (a quadratic scan
  // would cost a hundred), and at least one read per digit, so the digits
  // are read by the scanner and not by a pattern the count cannot see.
  const judged = new Map([["q1", new Map([["d1", 1]])]]);
  // Messages quote the first 80 digits and say the field's length.
  const readers: [(digits: string) => Promise<unknown>, string][] = [
    [
      (d) => readQrels({ text: `q1 0 d1 ${d}\n` }, { name: "q" }),
      'q:1: relevance must be a number, got "',
    ],
    [
      (d) =>
        Array.fromAsync(
          readRun({ text: `q1 Q0 d1 1 ${d} t\n` }, { name: "r" }),
        ),
      'r:1: score must be a number, got "',
    ],
    [
      (d) =>
        Array.fromAsync(
          scanRun({ text: `q1 Q0 d1 1 ${d} t\n` }, judged, { name: "r" }),
        ),
      'r:1: score must be a number, got "',
    ],
    [
      (d) => readBeirQrels({ text: `q1\td1\t${d}\n` }, { name: "b" }),
      'b:1: score must be a number, got "',
    ],
  ];
  for (const [read, message] of readers) {
    const one = await charReads(() => read("1".repeat(1_000_000) + "x"));
    const ten = await charReads(() => read("1".repeat(10_000_000) + "x"));
    const digits = "1".repeat(80);
    assertEquals([one.error, ten.error], [
      `${message}${digits}..." (1000001 characters)`,
      `${message}${digits}..." (10000001 characters)`,
    ]);
    assert(ten.reads >= 10_000_000, `${message}: ${ten.reads} reads`);
    assert(
      ten.reads <= 10 * one.reads,
      `${message}: ${one.reads} reads of 1 MB, ${ten.reads} of 10 MB`,
    );
  }
});

Deno.test("more metric specs than the bound are refused, naming the option", () => {
  checkMetricCount(10_000);
  let message = "";
  try {
    checkMetricCount(100_000);
  } catch (error) {
    message = (error as Error).message;
  }
  assertEquals(
    message,
    "Too many metric specs: 100000, more than 10000 (the limit; raise it with --max-metrics)",
  );
});

Deno.test("the README's Bad input table gives every bound's default and option", async () => {
  const readme = await Deno.readTextFile(
    new URL("../../README.md", import.meta.url),
  );
  const section = readme.slice(
    readme.indexOf("### Bad input"),
    readme.indexOf("### `trec_eval`"),
  );
  const rows = section.split("\n").filter((l) =>
    l.startsWith("| ") && !l.startsWith("| bound")
  );
  const cells = (option: string) =>
    rows.find((r) => r.includes(`\`${option}\``))?.split("|").map((c) =>
      c.trim()
    ) ?? [];
  const row = (option: string) => cells(option)[2];
  const library = (option: string) => cells(option)[4];
  assertEquals(DEFAULT_INPUT_LIMITS, {
    maxLineBytes: 16_777_216,
    maxGzipRatio: 200,
    maxGzipBytes: 64 * 2 ** 30,
    maxMetrics: 10_000,
  });
  assertEquals(row("--max-line-bytes"), "16 MiB (16,777,216)");
  assertEquals(row("--max-gzip-ratio"), "200 (any file may inflate to 1 MiB)");
  assertEquals(row("--max-gzip-bytes"), "64 GiB");
  assertEquals(row("--max-metrics"), "10,000");
  // Every bound but the HTTP retriever's is a field of InputLimits, which
  // each reader takes per call as its `limits` option.
  for (const key of Object.keys(DEFAULT_INPUT_LIMITS)) {
    const option = "--" + key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    assertEquals(
      library(option),
      key === "maxMetrics"
        ? "`checkMetricCount`'s `maxMetrics`"
        : `\`limits.${key}\``,
    );
  }
  assertEquals(
    library("retrieve --max-response-bytes"),
    "`HttpRetrieverOptions.maxResponseBytes`",
  );
});
