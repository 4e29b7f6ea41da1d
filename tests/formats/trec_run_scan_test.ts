// The byte scanner must give exactly the rankings that readRun plus
// JudgedRanking.from give, on one thread and on two.
import { assertEquals, assertRejects } from "../assert.ts";
import { scanRun, type ScanRunOptions } from "../../formats/trec_run_scan.ts";
import { scanRunParallel } from "../../formats/trec_run_parallel.ts";
import { readRun, UngroupedRunError } from "../../formats/trec_run.ts";
import { RepeatedDocumentError } from "../../model/errors.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { JudgedRanking } from "../../model/judged_ranking.ts";
import { InputError } from "../../model/errors.ts";
import { GzipFileReader, type Source } from "../../formats/source.ts";
import type { Qrels } from "../../model/types.ts";

const CONFORMANCE = new URL(
  "../testdata/trec_eval/conformance/",
  import.meta.url,
);

/** A file of trec_eval's test data, copied into tests/testdata. */
function dataFile(name: string): Promise<string> {
  return Promise.resolve(new URL(name, CONFORMANCE).pathname);
}

type Scanned = Record<string, number[] | null>;

async function viaReadRun(
  text: string,
  qrels: Qrels,
  options: ScanRunOptions = {},
): Promise<Scanned> {
  const out: Scanned = {};
  for await (
    const ranked of readRun({ text }, {
      lenient: options.lenient,
      float32Scores: options.float32Scores,
      collect: true,
    })
  ) {
    const judgements = qrels.get(ranked.queryId);
    out[ranked.queryId] = judgements
      ? Array.from(
        JudgedRanking.from(ranked.queryId, ranked.docs, judgements, options)
          .grades,
      )
      : null;
  }
  return out;
}

async function viaScan(
  source: Source,
  qrels: Qrels,
  options: ScanRunOptions = {},
): Promise<Scanned> {
  const out: Scanned = {};
  for await (const topic of scanRun(source, qrels, options)) {
    out[topic.queryId] = topic.ranking
      ? Array.from(topic.ranking.grades)
      : null;
  }
  return out;
}

async function viaParallel(
  path: string,
  qrels: Qrels,
  options: ScanRunOptions & { ordered?: boolean; parts?: number } = {},
): Promise<Scanned> {
  const out: Scanned = {};
  for await (
    const topic of scanRunParallel(path, qrels, { ...options, threshold: 0 })
  ) {
    out[topic.queryId] = topic.ranking
      ? Array.from(topic.ranking.grades)
      : null;
  }
  return out;
}

Deno.test("scanRun ranks trec_eval's test runs exactly as readRun does", async () => {
  for (
    const [q, r] of [["qrels.test", "results.test"], [
      "qrels.comment.test",
      "results.comment.test",
    ], ["qrels.rel_level", "results.test"]]
  ) {
    const qrels = await readQrels(await dataFile(q), { lenient: true });
    const path = await dataFile(r);
    const text = await Deno.readTextFile(path);
    for (
      const options of [{}, { judgedOnly: true }, { depth: 100 }, {
        relevanceLevel: 2,
      }]
    ) {
      const expected = await viaReadRun(text, qrels, {
        lenient: true,
        ...options,
      });
      assertEquals(
        await viaScan(path, qrels, { lenient: true, ...options }),
        expected,
        `${r} ${JSON.stringify(options)}`,
      );
      assertEquals(
        await viaParallel(path, qrels, { lenient: true, ...options }),
        expected,
        `${r} parallel`,
      );
    }
  }
});

const qrels: Qrels = new Map([
  ["q1", new Map([["a", 1], ["b", 2], ["c", 0], ["n", -1]])],
  ["q2", new Map([["x", 1]])],
]);

Deno.test("scanRun handles ties, exponents, comments, CRLF and a last line without newline", async () => {
  const text = [
    "# header",
    "q1 Q0 z 1 1.5 t\r",
    "q1 Q0 a 2 1.5 t",
    "  q1\tQ0\tc 3 15e-1 t extra fields",
    "q1 Q0 b 4 +2 t",
    "",
    "q1 Q0 n 5 -0 t",
    "q1 Q0 y 6 0 t",
    "q3 Q0 a 1 9 t",
    "q2 Q0 x 1 0.1 t2",
  ].join("\n");
  const expected = await viaReadRun(text, qrels);
  assertEquals(expected.q1, [2, -1, 0, 1, -1, -2]);
  assertEquals(await viaScan({ text }, qrels), expected);
  const run = scanRun({ text }, qrels);
  for await (const _ of run) { /* drain */ }
  assertEquals(run.tag, "t2");
});

Deno.test("scanRun reports malformed lines and duplicates with their line", async () => {
  const bad: [string, string, number][] = [
    [
      "q1 Q0 a 1 1 t\nq1 Q0 b 2\n",
      'expected 6 fields "qid iter docno rank score tag", got 4',
      2,
    ],
    ["q1 Q0 a 1 x t\n", 'score must be a number, got "x"', 1],
    [
      "q1 Q0 a 1 1 t\nq1 Q0 b 2 2 t\nq1 Q0 a 3 3 t\n",
      'document "a" appears twice in query "q1"',
      3,
    ],
  ];
  for (const [text, reason, line] of bad) {
    const error = await assertRejects(
      () => viaScan({ text }, qrels, {}),
      InputError,
      reason,
    ) as InputError;
    assertEquals([error.file, error.line], ["<text>", line]);
  }
  const dup = await assertRejects(
    () =>
      viaScan({
        text: "q1 Q0 b 1 1 t\nq1 Q0 a 2 2 t\nq1 Q0 b 3 3 t\nq1 Q0 a 4 4 t\n",
      }, qrels),
    RepeatedDocumentError,
  ) as RepeatedDocumentError;
  assertEquals([dup.docno, dup.queryId], ["a", "q1"]);
  // Below the -M depth a repeated document is accepted, as trec_eval does.
  assertEquals(
    await viaScan(
      { text: "q1 Q0 a 1 3 t\nq1 Q0 b 2 2 t\nq1 Q0 c 3 1 t\nq1 Q0 c 3 0 t\n" },
      qrels,
      { depth: 2 },
    ),
    { q1: [1, 2] },
  );
  // Lenient mode parses scores as atof.
  assertEquals(
    await viaScan({ text: "q1 Q0 a 1 x t\nq1 Q0 b 1 1abc t\n" }, qrels, {
      lenient: true,
    }),
    { q1: [2, 1] },
  );
});

Deno.test("a topic that comes back is an ungrouped run, on one thread or several", async () => {
  const text = "q1 Q0 a 1 1 t\nq2 Q0 x 1 1 t\nq1 Q0 b 2 2 t\n";
  await assertRejects(
    () => viaScan({ text }, qrels),
    UngroupedRunError,
    "<text>:3:",
  );
  const path = await Deno.makeTempFile();
  try {
    await Deno.writeTextFile(path, text);
    for (const ordered of [true, false]) {
      for (const parts of [2, 3]) {
        await assertRejects(
          () => viaParallel(path, qrels, { ordered, parts }),
          UngroupedRunError,
          'topic "q1"',
        );
      }
    }
    // Back in a part two workers scan, away from the first part.
    await Deno.writeTextFile(
      path,
      "q0 Q0 a 1 1 t\n" + text.slice(text.indexOf("q2")) + "q2 Q0 y 1 1 t\n",
    );
    for (const ordered of [true, false]) {
      await assertRejects(
        () => viaParallel(path, qrels, { ordered, parts: 4 }),
        UngroupedRunError,
        'topic "q2"',
      );
    }
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("several threads give the same topics in file order, with absolute line numbers", async () => {
  let text = "";
  const order: string[] = [];
  for (let t = 0; t < 50; t++) {
    const q = t % 2 ? "q1" : "q2";
    const id = `${q}-${t}`;
    order.push(id);
    for (let d = 0; d < 20; d++) {
      text += `${id} Q0 ${d % 3 ? "a" : "x"}${d} ${d} ${(d * 7) % 11} t\n`;
    }
  }
  const many: Qrels = new Map(
    order.map((id) => [id, new Map([["a1", 1], ["x0", 2], ["a2", 0]])]),
  );
  const path = await Deno.makeTempFile();
  try {
    await Deno.writeTextFile(path, text);
    const expected = await viaReadRun(text, many);
    for (const parts of [2, 3, 4, 7]) {
      const got = await viaParallel(path, many, { parts });
      assertEquals(Object.keys(got), order, `${parts} parts`);
      assertEquals(got, expected);
      // Unordered, the same topics, whatever order the parts interleave in.
      const unordered = await viaParallel(path, many, {
        ordered: false,
        parts,
      });
      assertEquals(Object.keys(unordered).sort(), [...order].sort());
      assertEquals(unordered, expected);
    }
    // A malformed line in the last part or in a middle one: its line number
    // counts every part before it.
    const lines = text.split("\n");
    for (const at of [1000, 500, 260]) {
      const broken = [...lines.slice(0, at), "q9 Q0 a 1", ...lines.slice(at)]
        .join("\n");
      await Deno.writeTextFile(path, broken);
      for (const parts of [2, 3, 4]) {
        for (const ordered of [true, false]) {
          const error = await assertRejects(
            () => viaParallel(path, many, { ordered, parts }),
            InputError,
            "got 4",
          ) as InputError;
          assertEquals(error.line, at + 1, `${parts} parts, line ${at + 1}`);
        }
      }
    }
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("a gzipped run scans exactly like the plain file, in one member or several", async () => {
  const qrels = await readQrels(await dataFile("qrels.test"), {
    lenient: true,
  });
  const plain = await dataFile("results.test");
  const path = await Deno.makeTempFile({ suffix: ".gz" });
  try {
    const gz = (await Deno.open(plain)).readable.pipeThrough(
      new CompressionStream("gzip"),
    );
    await Deno.writeFile(path, gz);
    const expected = await viaScan(plain, qrels, { lenient: true });
    assertEquals(await viaScan(path, qrels, { lenient: true }), expected);
    // Opened ahead, on a worker, and handed over as a reader.
    const early = await GzipFileReader.open(path, { worker: true });
    assertEquals(await viaScan(early, qrels, { lenient: true }), expected);
    // Concatenated members (`cat a.gz b.gz`, bgzip) are one file, as gzip -d reads them.
    const text = await Deno.readTextFile(plain);
    const cut = text.indexOf("\n", text.length >> 1) + 1;
    const members = await Promise.all(
      [text.slice(0, cut), text.slice(cut)].map((part) =>
        new Response(
          ReadableStream.from([new TextEncoder().encode(part)]).pipeThrough(
            new CompressionStream("gzip"),
          ),
        ).bytes()
      ),
    );
    await Deno.writeFile(path, new Uint8Array([...members[0], ...members[1]]));
    assertEquals(
      await viaScan(path, qrels, { lenient: true }),
      await viaScan(plain, qrels, { lenient: true }),
    );
    await Deno.writeFile(path, members[0].subarray(0, members[0].length - 9));
    await assertRejects(
      () => viaScan(path, qrels, { lenient: true }),
      InputError,
      "cannot read the gzip data: unexpected end of file",
    );
    await Deno.writeFile(path, new TextEncoder().encode("not gzip"));
    await assertRejects(
      () => viaScan(path, qrels),
      InputError,
      "cannot read the gzip data: incorrect header check",
    );
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("topics with many judged documents and tied scores rank as readRun ranks them", async () => {
  let seed = 9;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296);
  const qrels = new Map<string, Map<string, number>>();
  let text = "";
  for (let t = 0; t < 20; t++) {
    const judgements = new Map<string, number>();
    for (let d = 0; d < 300; d++) {
      if (rand() < 0.4) judgements.set(`d${d}`, Math.floor(rand() * 5) - 1);
    }
    qrels.set(`t${t}`, judgements);
    for (let d = 0; d < 300; d++) {
      if (rand() < 0.8) {
        text += `t${t} Q0 d${d} 0 ${
          ["1", "2", "2.5", "1e0", "0.5"][Math.floor(rand() * 5)]
        } tie\n`;
      }
    }
  }
  for (const options of [{}, { judgedOnly: true }, { depth: 40 }]) {
    assertEquals(
      await viaScan({ text }, qrels, options),
      await viaReadRun(text, qrels, options),
    );
  }
});

Deno.test("many copies of one document cost one sort, and only copies within the depth count", async () => {
  const one = new Map([["q1", new Map([["d1", 1]])]]);
  const text = "q1 Q0 d1 1 1 t\n".repeat(50_000);
  const error = await assertRejects(
    () => viaScan({ text }, one),
    RepeatedDocumentError,
  ) as RepeatedDocumentError;
  assertEquals(error.line, 2);
  const error5 = await assertRejects(
    () => viaScan({ text }, one, { depth: 5 }),
    RepeatedDocumentError,
  );
  assertEquals(error5 instanceof RepeatedDocumentError, true);
  // With a depth of one, a single copy is kept: no error, as trec_eval -M1.
  assertEquals(await viaScan({ text }, one, { depth: 1 }), { q1: [1] });
  // Equal copies split by the depth: the first is in, the second out.
  const split = "q1 Q0 a 1 3 t\nq1 Q0 b 1 2 t\nq1 Q0 b 1 2 t\nq1 Q0 c 1 1 t\n";
  assertEquals(await viaScan({ text: split }, one, { depth: 2 }), {
    q1: [-1, -1],
  });
  await assertRejects(
    () => viaScan({ text: split }, one, { depth: 3 }),
    RepeatedDocumentError,
  );
  // The first copy below the depth, two later ones above it: still a repeat,
  // reported where the second kept copy is (trec_eval -M3 refuses it too).
  const late = "q1 Q0 a 1 1 t\nq1 Q0 b 2 5 t\nq1 Q0 a 3 4 t\nq1 Q0 a 4 3 t\n";
  const lateError = await assertRejects(
    () => viaScan({ text: late }, one, { depth: 3 }),
    RepeatedDocumentError,
    'document "a" appears twice',
  ) as RepeatedDocumentError;
  assertEquals(lateError.line, 4);
  assertEquals(await viaScan({ text: late }, one, { depth: 2 }), {
    q1: [-1, -1],
  });
});

Deno.test("a byte order mark opening the file is skipped, except for trec_eval's byte ids", async () => {
  const text = "\ufeff# comment\nq1 Q0 a 1 1 t\n";
  assertEquals(await viaScan({ text }, qrels), { q1: [1] });
  const plain = "\ufeffq1 Q0 a 1 1 t\n";
  assertEquals(await viaScan({ text: plain }, qrels), { q1: [1] });
  // trec_eval keeps the mark in the first query id, which then matches no topic.
  assertEquals(await viaScan({ text: plain }, qrels, { ids: "bytes" }), {
    "\xef\xbb\xbfq1": null,
  });
});

Deno.test("scores written as JavaScript prints doubles (17 digits, exponents) rank exactly", async () => {
  let seed = 5;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296);
  const judgements = new Map<string, number>();
  const values: number[] = [];
  let text = "";
  for (let d = 0; d < 400; d++) {
    // Long fractions, tiny and huge magnitudes, negative values, and pairs
    // one unit in the last place apart.
    const base = (rand() - 0.5) * 10 ** Math.floor(rand() * 40 - 20);
    const x = d % 4 === 3
      ? values[d - 1] + Math.abs(values[d - 1]) * 2 ** -52
      : base;
    values.push(x);
    judgements.set(`d${d}`, d + 1);
    text += `q1 Q0 d${d} ${d + 1} ${String(x)} t\n`;
  }
  const expected = values.map((x, d) => ({ x, d }))
    .sort((a, b) => b.x - a.x || (`d${b.d}` < `d${a.d}` ? -1 : 1))
    .map(({ d }) => d + 1);
  const qrels: Qrels = new Map([["q1", judgements]]);
  for (const lenient of [false, true]) {
    assertEquals(
      await viaScan({ text }, qrels, { lenient }),
      { q1: expected },
      `lenient: ${lenient}`,
    );
  }
});

Deno.test("long decimal scores a few units in the last place apart rank exactly around judged documents", async () => {
  let seed = 11;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296);
  for (let round = 0; round < 20; round++) {
    const values: number[] = [];
    for (let d = 0; d < 300; d++) {
      const near = values.length > 0 && rand() < 0.5;
      const from = values[Math.floor(rand() * values.length)];
      // Neighbours 0 to 3 ulps from an earlier score (equal ones tie on
      // docno), else a fresh 17-digit value.
      values.push(
        near
          ? from + Math.floor(rand() * 7 - 3) * Math.abs(from) * 2 ** -52
          : 10 + rand() * 20,
      );
    }
    // Few judged documents: ranks are counted, not sorted.
    const judged = new Map<string, number>();
    for (let k = 0; k < 8; k++) {
      judged.set(`d${Math.floor(rand() * 300)}`, 1 + k);
    }
    const text = values.map((x, d) => `q1 Q0 d${d} ${d + 1} ${String(x)} t\n`)
      .join("");
    const order = values.map((x, d) => ({ x, id: `d${d}` }))
      .sort((a, b) => b.x - a.x || (b.id < a.id ? -1 : 1));
    const expected = order.map(({ id }) => judged.get(id) ?? -1);
    const qrels: Qrels = new Map([["q1", judged]]);
    assertEquals(await viaScan({ text }, qrels), { q1: expected }, `${round}`);
  }
});
