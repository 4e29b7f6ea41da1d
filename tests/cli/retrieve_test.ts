import { assertEquals } from "../assert.ts";
import { type CapturedRun, runCli, runInProcess } from "./_cli.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const EXAMPLE = `${ROOT}examples/dataset.json`;
const TINY = `${ROOT}tests/testdata/beir/tiny`;

/** Runs `cli.ts retrieve ...` in-process: exit status, stdout and stderr. */
function retrieve(args: string[]): Promise<CapturedRun> {
  return runInProcess(["retrieve", ...args]);
}

Deno.test("retrieve with the BM25 baseline prints trec_eval's numbers for the example dataset", async () => {
  const dir = await Deno.makeTempDir();
  const { status, out, err } = await retrieve([
    "--dataset",
    EXAMPLE,
    "-m",
    "ndcg@10",
    "-m",
    "recall@100",
    "-m",
    "rr",
    "-m",
    "P@5",
    "--save-run",
    `${dir}/bm25.run`,
  ]);
  assertEquals([status, err], [0, ""]);
  // The values of tests/testdata/retrieval/trec_eval_bm25_example.txt.
  assertEquals(
    out,
    [
      "runid                 \tall\tbm25",
      "num_q                 \tall\t32",
      "ndcg@10               \tall\t0.7692",
      "recall@100            \tall\t0.9401",
      "rr@1                  \tall\t0.8438",
      "rr@5                  \tall\t0.8776",
      "rr@10                 \tall\t0.8776",
      "rr@100                \tall\t0.8812",
      "P@5                   \tall\t0.3437",
      "",
    ].join("\n"),
  );
  assertEquals(
    await Deno.readTextFile(`${dir}/bm25.run`),
    await Deno.readTextFile(
      `${ROOT}tests/testdata/retrieval/bm25_example.run`,
    ),
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("retrieve -k sets the cutoffs of bare names; json and markdown render the report", async () => {
  const json = await retrieve([
    "--dataset",
    TINY,
    "-k",
    "1,2",
    "-m",
    "recall",
    "--format",
    "json",
  ]);
  assertEquals(json.status, 0);
  const parsed = JSON.parse(json.out);
  assertEquals(parsed.metrics, ["recall@1", "recall@2"]);
  assertEquals(Object.keys(parsed.aggregate), ["recall@1", "recall@2"]);
  assertEquals(
    [parsed.retriever, parsed.nQueries, parsed.kValues, parsed.perQuery],
    ["bm25", 2, [1, 2], {}],
  );
  const withQueries = await retrieve([
    "--dataset",
    TINY,
    "-k",
    "1",
    "-m",
    "recall",
    "--format",
    "json",
    "-q",
  ]);
  assertEquals(Object.keys(JSON.parse(withQueries.out).perQuery), ["q1", "q2"]);
  const markdown = await retrieve([
    "--dataset",
    TINY,
    "-k",
    "1",
    "-m",
    "recall",
    "--format",
    "markdown",
  ]);
  assertEquals(
    markdown.out,
    "| query | metric | value |\n|:---|:---|---:|\n| all | recall@1 | 1 |\n",
  );
});

Deno.test("retrieve through HTTP lists failed queries on stderr; --strict makes them fatal", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const { q, size } = await request.json();
      if (q === "spongy brakes") {
        return Response.json({ error: "shard down" }, { status: 503 });
      }
      return Response.json({
        data: {
          hits: [{ doc_id: "ghost" }, { doc_id: "doc1" }].slice(0, size),
        },
      });
    },
  );
  const url = `http://127.0.0.1:${server.addr.port}/search`;
  const common = [
    "--dataset",
    TINY,
    "--url",
    url,
    "--request-template",
    '{"q": "{{query}}", "size": "{{limit}}"}',
    "--response-path",
    "data.hits",
    "--retries",
    "0",
    "-m",
    "rr",
    "-k",
    "10",
  ];
  try {
    const lenient = await retrieve(common);
    assertEquals(lenient.status, 0);
    assertEquals(
      lenient.out,
      "runid                 \tall\thttp\nnum_q                 \tall\t2\nrr@10                 \tall\t0.2500\n",
    );
    assertEquals(
      lenient.err,
      `ranklens retrieve: warning: query "q2" failed (http): POST ${url}: HTTP 503 Service Unavailable: {"error":"shard down"}\n` +
        `ranklens retrieve: warning: query "q1" returned 1 id(s) not in the corpus: "ghost"\n` +
        "ranklens retrieve: warning: 1 of 2 queries failed and scored 0; --strict makes this fatal\n",
    );
    const strict = await retrieve([
      ...common,
      "--strict",
      "--concurrency",
      "1",
    ]);
    assertEquals(strict, {
      status: 1,
      out: "",
      err:
        'ranklens retrieve: Query "q1": returned 1 id(s) not in the corpus: "ghost"\n',
    });
  } finally {
    await server.shutdown();
  }
});

Deno.test("retrieve reports usage mistakes with status 2 and data errors with status 1", async () => {
  const usage = async (args: string[], message: string) => {
    const { status, err } = await retrieve(args);
    assertEquals(status, 2, args.join(" "));
    assertEquals(err.split("\n")[0], `ranklens retrieve: ${message}`);
  };
  await usage([], "missing --dataset PATH");
  await usage(["--dataset", TINY, "--timeout", "5"], "--timeout needs --url");
  await usage(
    ["--dataset", TINY, "--retriever", "dense"],
    '--retriever must be bm25 (or give --url), got "dense"',
  );
  await usage(
    ["--dataset", TINY, "--retriever", "bm25", "--url", "http://127.0.0.1:9"],
    "give --retriever or --url, not both",
  );
  await usage(
    ["--dataset", TINY, "-k", "1,x"],
    'option -k must be an integer >= 1, got "x"',
  );
  await usage(
    ["--dataset", TINY, "-m", "ndgc@10"],
    'Unknown metric "ndgc": did you mean "ndcg"?',
  );
  await usage(
    ["--dataset", TINY, "--k1", "x"],
    'option --k1 must be a number, got "x"',
  );
  await usage(
    ["--dataset", TINY, "--b", "1.5"],
    "BM25 b must be between 0 and 1, got 1.5",
  );
  await usage(
    ["--dataset", TINY, "--analyzer", "icu"],
    '--analyzer must be one of anserini, split, got "icu"',
  );
  await usage(
    ["--dataset", TINY, "--url", "http://127.0.0.1:9", "--index", "x"],
    "--index is for --retriever bm25",
  );
  await usage(
    ["--dataset", TINY, "--url", "http://127.0.0.1:9", "--preset", "sphinx"],
    '--preset must be one of elasticsearch, opensearch, solr, vespa, got "sphinx"',
  );
  await usage(
    ["--dataset", TINY, "--preset", "solr"],
    "--preset needs --url",
  );
  await usage(
    [
      "--dataset",
      TINY,
      "--url",
      "http://127.0.0.1:9",
      "--max-response-bytes",
      "0",
    ],
    'option --max-response-bytes must be an integer >= 1, got "0"',
  );
  await usage(
    ["--dataset", TINY, "--format", "xml"],
    '--format must be one of trec, json, csv, markdown, got "xml"',
  );
  await usage(
    ["--dataset", TINY, "--url", "http://127.0.0.1:9", "--header", "nocolon"],
    '--header must be "Name: value", got "nocolon"',
  );
  // Column 22 is the second "query" (counted by hand: the first is at 2).
  await usage(
    [
      "--dataset",
      TINY,
      "--url",
      "http://127.0.0.1:9",
      "--request-template",
      '{"query": "{query}", "query": 2}',
    ],
    '--request-template:1: key "query" repeated in one object at column 22 (first at column 2); JSON.parse would keep only the last value',
  );
  const template = await retrieve([
    "--dataset",
    TINY,
    "--url",
    "http://127.0.0.1:9",
    "--request-template",
    "{q: 1}",
  ]);
  assertEquals(template.status, 2);
  assertEquals(
    template.err.startsWith(
      "ranklens retrieve: --request-template must be JSON:",
    ),
    true,
  );

  const data = async (args: string[], message: string) => {
    const { status, err } = await retrieve(args);
    assertEquals([status, err], [1, `ranklens retrieve: ${message}\n`]);
  };
  await data(
    ["--dataset", `${ROOT}examples/qrels.txt`],
    `${ROOT}examples/qrels.txt: cannot tell the format; name it with one of go-json, beir`,
  );
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(
    `${dir}/d.json`,
    '{"documents": [{"id": "a", "content": "x"}],\n "queries": [{"id": "q1", "text": "x", "relevant": ["b"]}]}',
  );
  await data(
    ["--dataset", `${dir}/d.json`],
    `${dir}/d.json: query "q1" lists unknown relevant document "b"`,
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("retrieve refuses to report when every query failed", async () => {
  // Every query is answered 503: means of 0 would measure the outage.
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => Response.json({ error: "index closed" }, { status: 503 }),
  );
  const url = `http://127.0.0.1:${server.addr.port}/search`;
  const dir = await Deno.makeTempDir();
  try {
    const { status, out, err } = await retrieve([
      "--dataset",
      TINY,
      "--url",
      url,
      "--retries",
      "0",
      "--save-run",
      `${dir}/run.txt`,
    ]);
    assertEquals(status, 1);
    assertEquals(out, "");
    assertEquals(
      err.split("\n").at(-2),
      `ranklens retrieve: All 2 queries failed, nothing was measured; the first: query "q1" (http): POST ${url}: HTTP 503 Service Unavailable: {"error":"index closed"}`,
    );
    assertEquals(
      await Deno.stat(`${ROOT}.never-written.run`).then(
        () => true,
        () => false,
      ),
      false,
    );
  } finally {
    await server.shutdown();
  }
});

Deno.test("retrieve on CACM prints Anserini's BM25: trec_eval -c gives map 0.3123 and P_30 0.1942", async () => {
  const dir = await Deno.makeTempDir();
  const run = `${dir}/run.txt`;
  const { status, err } = await retrieve([
    "--dataset",
    `${ROOT}../shared/real/cacm/dataset.json`,
    "--retriever",
    "bm25",
    "--limit",
    "1000",
    "--save-run",
    run,
  ]);
  assertEquals([status, err], [0, ""]);
  const scored = await runCli([
    "trec_eval",
    "-c",
    "-m",
    "map",
    "-m",
    "P.30",
    `${ROOT}../shared/real/trec/qrels/cacm.txt`,
    run,
  ]);
  // What trec_eval 10.0 prints for the same run.
  assertEquals(
    [scored.code, scored.stdout],
    [
      0,
      await Deno.readTextFile(
        `${ROOT}tests/testdata/bm25/cacm_bm25.trec_eval.txt`,
      ),
    ],
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("retrieve --index saves the index, reuses it, and builds it again when the corpus changes", async () => {
  const dir = await Deno.makeTempDir();
  const args = (dataset: string, run: string) => [
    "--dataset",
    dataset,
    "--index",
    `${dir}/index`,
    "-m",
    "ndcg@10",
    "--save-run",
    `${dir}/${run}`,
  ];
  const first = await retrieve(args(EXAMPLE, "first.run"));
  assertEquals([first.status, first.err], [0, ""]);
  const saved = await Deno.stat(`${dir}/index/bm25-anserini.index`);
  const second = await retrieve(args(EXAMPLE, "second.run"));
  assertEquals([second.status, second.err, second.out], [0, "", first.out]);
  assertEquals(
    (await Deno.stat(`${dir}/index/bm25-anserini.index`)).mtime,
    saved.mtime,
  );
  assertEquals(
    await Deno.readTextFile(`${dir}/second.run`),
    await Deno.readTextFile(
      `${ROOT}tests/testdata/retrieval/bm25_example.run`,
    ),
  );
  // Another corpus in the same directory: noticed, indexed, saved.
  const other = await retrieve(args(TINY, "tiny.run"));
  assertEquals(other.status, 0);
  assertEquals(
    other.err,
    `ranklens retrieve: note: the corpus or the analysis changed since ${dir}/index/bm25-anserini.index was written; indexing again\n`,
  );
  const again = await retrieve(args(TINY, "tiny.run"));
  assertEquals([again.status, again.err], [0, ""]);
  // Not an index: replaced.
  await Deno.writeTextFile(
    `${dir}/index/bm25-anserini.index`,
    "not an index at all",
  );
  const replaced = await retrieve(args(TINY, "tiny.run"));
  assertEquals([replaced.status, replaced.err], [
    0,
    `ranklens retrieve: note: ${dir}/index/bm25-anserini.index: not a ranklens BM25 index (no magic number); indexing the corpus again\n`,
  ]);
  assertEquals(
    (await retrieve(args(TINY, "tiny.run"))).err,
    "",
  );
  // A directory that cannot be made: the run goes on and says so.
  await Deno.writeTextFile(`${dir}/file`, "");
  const unsaved = await retrieve([
    "--dataset",
    TINY,
    "--index",
    `${dir}/file`,
  ]);
  assertEquals(unsaved.status, 0);
  assertEquals(
    unsaved.err.startsWith(
      `ranklens retrieve: warning: the index could not be saved to ${dir}/file/bm25-anserini.index: `,
    ),
    true,
    unsaved.err,
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("retrieve --preset solr asks Solr's select and reads response.docs; --max-response-bytes bounds the body", async () => {
  const recorded = await Deno.readTextFile(
    `${ROOT}tests/testdata/search_engines/solr.json`,
  );
  const params: Record<string, string>[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) => {
      params.push(Object.fromEntries(new URL(request.url).searchParams));
      return new Response(recorded);
    },
  );
  const url = `http://127.0.0.1:${server.addr.port}/solr/bikes/select`;
  try {
    const { status, out, err } = await retrieve([
      "--dataset",
      EXAMPLE,
      "--url",
      url,
      "--preset",
      "solr",
      "-m",
      "P@1",
    ]);
    assertEquals([status, err], [0, ""]);
    assertEquals(out.split("\n")[0], "runid                 \tall\tsolr");
    assertEquals(params.length, 32);
    assertEquals(params[0], {
      q: params[0].q,
      rows: "100",
      fl: "id,score",
      wt: "json",
    });
    const small = await retrieve([
      "--dataset",
      EXAMPLE,
      "--url",
      url,
      "--preset",
      "solr",
      "--max-response-bytes",
      "100",
      "--strict",
    ]);
    assertEquals(small.status, 1);
    assertEquals(
      small.err.includes(
        `GET ${url}: the response is larger than 100 bytes (maxResponseBytes, --max-response-bytes raises it)`,
      ),
      true,
      small.err,
    );
  } finally {
    await server.shutdown();
  }
});
