/**
 * Hostile inputs through the three doors: the CLI, the library and
 * `app.request()`. The same bad input is the same error in each, the
 * server's detail naming its field where the CLI names the file.
 *
 * @module
 */

import { assertEquals, assertRejects } from "../assert.ts";
import { InputError } from "../../model/errors.ts";
import { compare, readQrels, readRun } from "../../mod.ts";
import { createApp } from "../../server.ts";
import { runInProcess } from "../cli/_cli.ts";

const RUN = "q1 Q0 d1 1 3 t\nq1 Q0 d2 2 2 t\n";

async function postJson(
  path: string,
  body: string,
): Promise<{ status: number; detail: string }> {
  const response = await createApp().request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return { status: response.status, detail: (await response.json()).detail };
}

/**
 * What `eval QRELS RUN` says of two files of these names and texts, each
 * path in its messages shown as the file's name, or as `shown`.
 */
async function evalFiles(
  qrels: readonly [name: string, text: string],
  run: readonly [name: string, text: string],
  shown: { qrels?: string; run?: string } = {},
): Promise<{ status: number; err: string }> {
  const dir = await Deno.makeTempDir();
  try {
    const [q, r] = [`${dir}/q/${qrels[0]}`, `${dir}/r/${run[0]}`];
    await Deno.mkdir(`${dir}/q`);
    await Deno.mkdir(`${dir}/r`);
    await Deno.writeTextFile(q, qrels[1]);
    await Deno.writeTextFile(r, run[1]);
    const { status, err } = await runInProcess(["eval", q, r]);
    return {
      status,
      err: err.replaceAll(q, shown.qrels ?? qrels[0]).replaceAll(
        r,
        shown.run ?? run[0],
      ),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("qrels without a judgement are refused as qrels by eval and by /v1/evaluate and /v1/compare", async () => {
  // The server blamed the run ("no query of the run is judged"), as if
  // the qrels had been fine.
  for (
    const [file, text, field] of [
      ["empty.txt", "", JSON.stringify("")],
      ["comments.txt", "# none\n\n", JSON.stringify("# none\n\n")],
      ["empty.json", "{}", "{}"],
    ]
  ) {
    const cli = await evalFiles([file, text], ["run.txt", RUN]);
    assertEquals(
      [cli.status, cli.err],
      [
        1,
        `ranklens eval: ${file}: no judgements: the qrels file has no data lines\n`,
      ],
    );
    const runField = JSON.stringify(RUN);
    for (
      const [path, body] of [
        ["/v1/evaluate", `{"qrels": ${field}, "run": ${runField}}`],
        [
          "/v1/compare",
          `{"qrels": ${field}, "runs": {"a": ${runField}, "b": ${runField}}}`,
        ],
      ]
    ) {
      assertEquals(await postJson(path, body), {
        status: 400,
        detail: "qrels: no judgements: the qrels file has no data lines",
      }, `${path} ${field}`);
    }
  }
});

Deno.test("a metric asked for twice is scored and tested once by /v1/evaluate and /v1/compare, as by eval and compare", async () => {
  // The server listed and tested each spec: ["ndcg@10", "ndcg_cut_10",
  // "P@5"] was Holm-corrected over three tests, not two.
  const examples = (name: string) =>
    Deno.readTextFile(new URL(`../../examples/${name}`, import.meta.url));
  const [qrels, bm25, hybrid] = await Promise.all(
    ["qrels.txt", "run.bm25.txt", "run.hybrid.txt"].map(examples),
  );
  const app = createApp();
  const post = async (path: string, body: unknown) =>
    await (await app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })).json();
  const compared = await post("/v1/compare", {
    qrels,
    runs: { hybrid, bm25 },
    metrics: ["ndcg@10", "ndcg_cut_10", "P@5"],
    test: "permutation",
  });
  const library = await compare(
    {
      hybrid: readRun({ text: hybrid }),
      bm25: readRun({ text: bm25 }),
    },
    await readQrels({ text: qrels }),
    ["ndcg@10", "ndcg_cut_10", "P@5"],
    { test: "permutation" },
  );
  // hybrid wins all 20 queries on ndcg@10 (exact p 2 / 2^20) and 5 of 5
  // untied ones on P@5 (2 / 2^5); Holm over two tests doubles the smaller.
  const tests = [
    ["ndcg@10", 2 / 2 ** 20, 4 / 2 ** 20],
    ["P@5", 2 / 2 ** 5, 2 / 2 ** 5],
  ];
  for (const result of [compared, library]) {
    assertEquals(result.metrics, ["ndcg@10", "P@5"]);
    assertEquals(
      result.pairs.map((
        p: { metric: string; pValue: number; pAdjusted: number },
      ) => [p.metric, p.pValue, p.pAdjusted]),
      tests,
    );
  }
  const evaluated = await post("/v1/evaluate", {
    qrels,
    run: bm25,
    metrics: ["ap", "map", "P@5", "P_5"],
  });
  assertEquals(evaluated.metrics, ["ap", "P@5"]);
  // trec_eval 10.0 -m map -m P.5 examples/qrels.txt examples/run.bm25.txt
  assertEquals(
    [evaluated.aggregate.ap.toFixed(4), evaluated.aggregate["P@5"].toFixed(4)],
    ["0.7924", "0.9100"],
  );
  const cli = await runInProcess([
    "eval",
    new URL("../../examples/qrels.txt", import.meta.url).pathname,
    new URL("../../examples/run.bm25.txt", import.meta.url).pathname,
    "-m",
    "ap",
    "-m",
    "map",
    "-m",
    "P@5",
    "-m",
    "P_5",
    "--format",
    "json",
  ]);
  assertEquals(JSON.parse(cli.out), evaluated);
});

Deno.test("a diversity measure asked for twice is listed once by /v1/evaluate, as by eval", async () => {
  const response = await createApp().request("/v1/evaluate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      qrels: "q1 1 d1 1\nq1 2 d2 1\n",
      run: "q1 Q0 d1 1 2 t\nq1 Q0 d2 2 1 t\n",
      metrics: ["alpha_ndcg@10", "alpha_ndcg(alpha=0.5)@10"],
    }),
  });
  // Each subtopic's document at ranks 1 and 2 is the ideal ranking: 1.
  const { metrics, aggregate } = await response.json();
  assertEquals([metrics, aggregate], [["alpha_ndcg@10"], {
    "alpha_ndcg@10": 1,
  }]);
});

Deno.test("a lone surrogate escape in a JSON run or qrels is refused by eval and in a request's objects", async () => {
  // The server scored `{"q1": {"d\udcff": 3}}` given as an object, where
  // the CLI refuses the same JSON as a file and the server the same text.
  const run = '{"q1": {"d1": 2, "d\\udcff": 3}}';
  const consequence =
    "which is no character; ids written with Python's surrogateescape are refused rather than merged with others";
  const cli = await evalFiles(["qrels.json", '{"q1": {"d1": 1}}'], [
    "run.json",
    run,
  ]);
  assertEquals(
    [cli.status, cli.err],
    [
      1,
      `ranklens eval: run.json:1: invalid JSON string: a lone surrogate escape (\\udcff), ${consequence} (read as json-run, detected; name another with --run-format)\n`,
    ],
  );
  const text = JSON.stringify(RUN);
  for (
    const [path, body, detail] of [
      [
        "/v1/evaluate",
        `{"qrels": {"q1": {"d1": 1}}, "run": ${run}}`,
        `run: the id "d\\udcff" holds a lone surrogate escape, ${consequence}`,
      ],
      [
        "/v1/evaluate",
        `{"qrels": {"q\\ud800": {"d1": 1}}, "run": ${text}}`,
        `qrels: the id "q\\ud800" holds a lone surrogate escape, ${consequence}`,
      ],
      [
        "/v1/evaluate",
        `{"qrels": {"q1": {"d1": 1}}, "run": {"q1": ["d1", "\\udfff"]}}`,
        `run: the id "\\udfff" holds a lone surrogate escape, ${consequence}`,
      ],
      [
        "/v1/compare",
        `{"qrels": {"q1": {"d1": 1}}, "runs": {"a": ${text}, "b": ${run}}}`,
        `runs.b: the id "d\\udcff" holds a lone surrogate escape, ${consequence}`,
      ],
    ]
  ) {
    assertEquals(await postJson(path, body), { status: 400, detail });
  }
  // A pair of escapes is one character, read and matched.
  const pair = await createApp().request("/v1/evaluate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body:
      '{"qrels": {"q1": {"d\\ud83d\\ude00": 1}}, "run": {"q1": ["d\\ud83d\\ude00"]}, "metrics": ["rr"]}',
  });
  assertEquals((await pair.json()).aggregate, { rr: 1 });
});

Deno.test("a JSON run or qrels with a bad first entry names the entry through every door", async () => {
  // The CLI and the library took `{"q1": null}` for a Go-style dataset
  // ('"documents" must be an array'; for a run, "looks like Go-style JSON
  // dataset ... Are QRELS and RUN swapped?") and the server's text for TREC
  // ("expected 4 fields"); the server's object named the entry.
  const cases = [
    [
      "run",
      '{"q1": null}',
      'query "q1" must map document ids to scores or list them in rank order, got null',
    ],
    [
      "qrels",
      '{"q1": null}',
      'query "q1" must map document ids to grades, got null',
    ],
    [
      "run",
      '{"q1": 5, "q2": {"d1": 1}}',
      'query "q1" must map document ids to scores or list them in rank order, got number 5',
    ],
    ["run", "[]", 'expected an object {"query": {"doc": score}}, got an array'],
    [
      "qrels",
      '[{"q1": {"d1": 1}}]',
      'expected an object {"query": {"doc": grade}}, got an array',
    ],
  ] as const;
  for (const [part, json, reason] of cases) {
    const other = part === "run" ? '{"q1": {"d1": 1}}' : RUN;
    const [qrelsText, runText] = part === "run" ? [other, json] : [json, other];
    const cli = await evalFiles(["qrels.json", qrelsText], [
      part === "run" ? "run.json" : "run.txt",
      runText,
    ], { run: "run.json" });
    const format = part === "run" ? "--run-format" : "--qrels-format";
    assertEquals(
      [cli.status, cli.err],
      [
        1,
        `ranklens eval: ${part}.json: ${reason} (read as json-${part}, detected; name another with ${format})\n`,
      ],
      json,
    );
    const fields = part === "run"
      ? { qrels: { q1: { d1: 1 } }, run: json }
      : { qrels: json, run: RUN };
    assertEquals(
      await postJson("/v1/evaluate", JSON.stringify(fields)),
      { status: 400, detail: `${part}: ${reason}` },
      `text ${json}`,
    );
    const asObject = { ...fields, [part]: JSON.parse(json) };
    if (!Array.isArray(asObject[part])) {
      assertEquals(
        await postJson("/v1/evaluate", JSON.stringify(asObject)),
        { status: 400, detail: `${part}: ${reason}` },
        `object ${json}`,
      );
    }
  }
});

Deno.test("a JSON Lines run record whose id is a number is refused as such through every door", async () => {
  // It was read as a dict line for a query named "qid": 'query "qid" must
  // map document ids to scores, got number 1'.
  for (
    const [lines, reason] of [
      [
        '{"qid": "q1", "docid": "d1", "score": 2}\n{"qid": 1, "docid": "d2", "score": 1}\n',
        'run:2: field "qid" (the query id) must be a string, got number 1',
      ],
      [
        '{"query_id": "q1", "doc_id": 7, "score": 2}\n{"query_id": "q1", "doc_id": 8, "score": 1}\n',
        'run:1: field "doc_id" (the document id) must be a string, got number 7',
      ],
      [
        '{"qid": "q1", "pid": "d1", "score": 2}\n{"qid": "q1", "pid": null, "score": 1}\n',
        'run:2: field "pid" (the document id) must be a string, got null',
      ],
    ]
  ) {
    const cli = await evalFiles(["qrels.txt", "q1 0 d1 1\n"], [
      "run.jsonl",
      lines,
    ], { run: "run" });
    assertEquals([cli.status, cli.err], [1, `ranklens eval: ${reason}\n`]);
    assertEquals(
      await postJson(
        "/v1/evaluate",
        JSON.stringify({ qrels: "q1 0 d1 1\n", run: lines }),
      ),
      { status: 400, detail: reason },
    );
  }
});

Deno.test("a byte order mark past the start of a file is refused, not made part of a query id", async () => {
  // Files joined with cat each keep their mark: the qrels lost q05's first
  // judgement to a query "\ufeffq05" without a word; the line reader kept
  // a topic "\ufeffq11" no qrels judge, and the scanner dropped the mark.
  const examples = new URL("../../examples/", import.meta.url).pathname;
  const qrels = (await Deno.readTextFile(`${examples}qrels.txt`)).split(
    /(?<=\n)/,
  );
  const run = (await Deno.readTextFile(`${examples}run.bm25.txt`)).split(
    /(?<=\n)/,
  );
  const joinedQrels = [...qrels.slice(0, 50), "\ufeff", ...qrels.slice(50)]
    .join("");
  // Lines 1-200 hold q01-q10: the mark opens q11.
  const joinedRun = [...run.slice(0, 200), "\ufeff", ...run.slice(200)]
    .join("");
  const mark =
    "is preceded by a byte order mark (U+FEFF), as when files that each start with one are joined; remove it";
  const qrelsCli = await evalFiles(["qrels.txt", joinedQrels], [
    "run.txt",
    run.join(""),
  ]);
  assertEquals(qrelsCli, {
    status: 1,
    err: `ranklens eval: qrels.txt:51: query id "q05" ${mark}\n`,
  });
  const runCli = await evalFiles(["qrels.txt", qrels.join("")], [
    "run.txt",
    joinedRun,
  ]);
  assertEquals(runCli, {
    status: 1,
    err: `ranklens eval: run.txt: query id "q11" ${mark}\n`,
  });
  // The line reader, which a collected run is read by, names the line.
  const lists = async () => {
    for await (const _ of readRun({ text: joinedRun }, { collect: true })) {
      // read through
    }
  };
  await assertRejects(lists, InputError, `<text>:201: query id "q11" ${mark}`);
  // The server reads its text fields as files, and says the same.
  assertEquals(
    await postJson(
      "/v1/evaluate",
      JSON.stringify({ qrels: joinedQrels, run: run.join("") }),
    ),
    { status: 400, detail: `qrels:51: query id "q05" ${mark}` },
  );
  // A mark opening a file is skipped, as it was.
  const opened = await evalFiles(["qrels.txt", "\ufeff" + qrels.join("")], [
    "run.txt",
    "\ufeff" + run.join(""),
  ]);
  assertEquals(opened, { status: 0, err: "" });
});

Deno.test("a compressed request body is a 415 naming its coding, as RFC 9110 asks", async () => {
  // A gzip body was parsed as its compressed bytes ("The request body is
  // not valid UTF-8."), and a plain one labelled gzip was read as plain.
  const body = JSON.stringify({ qrels: "q1 0 d1 1\n", run: RUN });
  const gzipped = new Uint8Array(
    await new Response(
      ReadableStream.from([new TextEncoder().encode(body)]).pipeThrough(
        new CompressionStream("gzip"),
      ),
    ).arrayBuffer(),
  );
  for (
    const [coding, bytes] of [
      ["gzip", gzipped],
      ["br", new TextEncoder().encode(body)],
    ] as const
  ) {
    const response = await createApp().request("/v1/evaluate", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-encoding": coding,
      },
      body: bytes,
    });
    // RFC 9110 15.5.16: 415 for an unsupported content coding, with
    // Accept-Encoding listing the codings taken.
    assertEquals(
      [
        response.status,
        response.headers.get("accept-encoding"),
        response.headers.get("content-type"),
        (await response.json()).detail,
      ],
      [
        415,
        "identity",
        "application/problem+json",
        `The request body must not be compressed; got "Content-Encoding: ${coding}". Send it uncompressed.`,
      ],
    );
  }
  const identity = await createApp().request("/v1/evaluate", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "content-encoding": "identity",
    },
    body,
  });
  assertEquals(identity.status, 200);
});

Deno.test("BEIR qrels and MS MARCO runs refuse a byte order mark past their start too", async () => {
  // Each read "\ufeffq2" as a query of its own: q2's judgement or ranking
  // was lost without a word.
  const mark =
    "is preceded by a byte order mark (U+FEFF), as when files that each start with one are joined; remove it";
  const beir = "query-id\tcorpus-id\tscore\nq1\td1\t1\n\ufeffq2\td2\t1\n";
  assertEquals(
    await evalFiles(["test.tsv", beir], ["run.txt", RUN]),
    {
      status: 1,
      err: `ranklens eval: test.tsv:3: query id "q2" ${mark}\n`,
    },
  );
  assertEquals(
    await postJson(
      "/v1/evaluate",
      JSON.stringify({ qrels: beir, qrelsFormat: "beir-qrels", run: RUN }),
    ),
    { status: 400, detail: `qrels:3: query id "q2" ${mark}` },
  );
  assertEquals(
    await postJson(
      "/v1/evaluate",
      JSON.stringify({
        qrels: "q1 0 d1 1\n",
        run: "q1\td1\t1\n\ufeffq2\td2\t1\n",
        runFormat: "msmarco-run",
      }),
    ),
    { status: 400, detail: `run:2: query id "q2" ${mark}` },
  );
});

Deno.test("/v1/evaluate and /v1/compare read metrics as eval -m does: lists, trec_eval's name.params, nicknames", async () => {
  const qrels = await Deno.readTextFile("examples/qrels.txt");
  const run = await Deno.readTextFile("examples/run.bm25.txt");
  const metrics = ["P.5,10", "ndcg_cut.10"];
  const app = createApp();
  const evaluated = await app.request("/v1/evaluate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ qrels, run, metrics }),
  });
  assertEquals(evaluated.status, 200);
  const { aggregate } = await evaluated.json();
  // trec_eval 10.0, -m P.5,10 -m ndcg_cut.10 on the same files.
  assertEquals(Object.keys(aggregate), ["P@5", "P@10", "ndcg@10"]);
  assertEquals(
    [aggregate["P@5"], aggregate["P@10"]].map((v: number) => v.toFixed(4)),
    ["0.9100", "0.5400"],
  );
  assertEquals(aggregate["ndcg@10"].toFixed(4), "0.8569");
  const { out } = await runInProcess([
    "eval",
    "-m",
    metrics[0],
    "-m",
    metrics[1],
    "examples/qrels.txt",
    "examples/run.bm25.txt",
  ]);
  assertEquals(
    out.split("\n").slice(2, 5).map((l: string) => l.split("\t")[0].trim()),
    [
      "P@5",
      "P@10",
      "ndcg@10",
    ],
  );
  const compared = await app.request("/v1/compare", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      qrels,
      runs: [{ name: "a", run }, { name: "b", run }],
      metrics: ["P.5,10 ndcg_cut.10"],
    }),
  });
  assertEquals(compared.status, 200);
  assertEquals(
    (await compared.json()).metrics,
    ["P@5", "P@10", "ndcg@10"],
  );
  const bad = await app.request("/v1/evaluate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ qrels, run, metrics: ["P.x"] }),
  });
  assertEquals(bad.status, 400);
  assertEquals((await bad.json()).field, "metrics");
});
