// POST /v1/compare answers what `compare` prints for the same runs.
import { assertAlmostEquals, assertEquals } from "../assert.ts";
import { run as compareCommand } from "../../cli/compare.ts";
import { createApp } from "../../server.ts";
import { repoPath, stdoutOf } from "./_capture.ts";
import { repoText, serve } from "./_serve.ts";

const files = [
  "examples/qrels.txt",
  "examples/run.bm25.txt",
  "examples/run.hybrid.txt",
];

async function inputs() {
  const [qrels, bm25, hybrid] = await Promise.all(files.map(repoText));
  // The CLI names runs by their tags: bm25 and hybrid.
  return { qrels, runs: { bm25, hybrid } };
}

const CASES: [string[], Record<string, unknown>][] = [
  [[], {}],
  [
    [
      "-m",
      "ndcg@10",
      "-m",
      "ap",
      "-m",
      "num_rel_ret",
      "--test",
      "permutation",
      "--seed",
      "7",
      "--resamples",
      "2000",
      "--query-set",
      "intersection",
      "--correction",
      "bonferroni",
      "--alpha",
      "0.1",
      "-l",
      "2",
      "-M",
      "10",
      "-J",
      "-q",
    ],
    {
      metrics: ["ndcg@10", "ap", "num_rel_ret"],
      test: "permutation",
      seed: 7,
      resamples: 2000,
      querySet: "intersection",
      correction: "bonferroni",
      alpha: 0.1,
      relevanceLevel: 2,
      depth: 10,
      judgedOnly: true,
      perQuery: true,
    },
  ],
  [["--baseline", "bm25", "--test", "wilcoxon"], {
    baseline: "bm25",
    test: "wilcoxon",
  }],
  [["--alternative", "greater"], { alternative: "greater" }],
  [
    [
      "--test",
      "wilcoxon",
      "--zero-method",
      "zsplit",
      "--continuity-correction",
      "--alternative",
      "less",
      "-m",
      "P@5",
    ],
    {
      test: "wilcoxon",
      zeroMethod: "zsplit",
      continuityCorrection: true,
      alternative: "less",
      metrics: ["P@5"],
    },
  ],
];

Deno.test("POST /v1/compare matches compare --format json", async () => {
  await using server = serve(createApp());
  const body = await inputs();
  for (const [args, options] of CASES) {
    const response = await server.post("/v1/compare", { ...body, ...options });
    assertEquals(response.status, 200, args.join(" "));
    const cli = JSON.parse(
      await stdoutOf(compareCommand, [
        ...files.map(repoPath),
        ...args,
        "--format",
        "json",
      ]),
    );
    assertEquals(await response.json(), cli, args.join(" "));
  }
});

// scipy 1.x on trec_eval 10.0's `-c -q -m P.5` values of examples/run.bm25.txt
// and examples/run.hybrid.txt (13 of the 20 differences are zero):
// ttest_rel(bm25, hybrid, alternative=...) and wilcoxon(bm25, hybrid,
// zero_method=..., alternative=..., correction=...).
const SCIPY_P5: [Record<string, unknown>, number][] = [
  [{ test: "t", alternative: "less" }, 0.014907512314849507],
  [{ test: "t", alternative: "greater" }, 0.9850924876851505],
  [{ test: "wilcoxon" }, 0.039359508888249725],
  [
    { test: "wilcoxon", zeroMethod: "pratt", alternative: "less" },
    0.012854906183042296,
  ],
  [
    { test: "wilcoxon", zeroMethod: "zsplit", continuityCorrection: true },
    0.0802088561926702,
  ],
  [
    { test: "wilcoxon", alternative: "less", continuityCorrection: true },
    0.027237017553097757,
  ],
];

Deno.test("POST /v1/compare takes the alternative, zero method and continuity correction of compare", async () => {
  await using server = serve(createApp());
  const body = { ...await inputs(), metrics: ["P@5"] };
  for (const [options, p] of SCIPY_P5) {
    const response = await server.post("/v1/compare", { ...body, ...options });
    assertEquals(response.status, 200, JSON.stringify(options));
    const [pair] = (await response.json()).pairs;
    assertAlmostEquals(pair.p_value, p, 1e-12, JSON.stringify(options));
  }
  const tukey = await server.post("/v1/compare", {
    ...body,
    test: "tukey",
    alternative: "less",
  });
  assertEquals(tukey.status, 400);
  assertEquals(await tukey.json(), {
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail:
      'Field "alternative" must be "two-sided" with "test": "tukey", which is two-sided.',
    field: "alternative",
  });
});

Deno.test("POST /v1/compare renders every report format as the CLI does", async () => {
  await using server = serve(createApp());
  const body = await inputs();
  const types: Record<string, string> = {
    html: "text/html; charset=utf-8",
    csv: "text/csv; charset=utf-8",
    markdown: "text/markdown; charset=utf-8",
    latex: "application/x-latex; charset=utf-8",
    table: "text/plain; charset=utf-8",
  };
  for (const [format, type] of Object.entries(types)) {
    const response = await server.post("/v1/compare", { ...body, format });
    assertEquals(response.status, 200, format);
    assertEquals(response.headers.get("content-type"), type);
    const cli = await stdoutOf(compareCommand, [
      ...files.map(repoPath),
      "--format",
      format,
    ]);
    // The HTML header names the inputs (files for the CLI, request fields
    // for the server) and the time; the rest is the same.
    const header = /<header class="provenance">.*?<\/header>/;
    const text = await response.text();
    assertEquals(text.replace(header, ""), cli.replace(header, ""), format);
    if (format === "html") {
      assertEquals(
        text.includes(
          '<dt>qrels</dt><dd><code class="file">qrels</code> sha256 <code class="sha256">90112ce324f230792aa92487bb6bbdd3ee48509ed5adcdb24612345a2fdf244a</code>',
        ),
        true,
      );
      assertEquals(cli.includes("<svg"), true);
      assertEquals(
        response.headers.get("content-security-policy")?.startsWith(
          "default-src 'none'",
        ),
        true,
      );
    }
  }
});

Deno.test("POST /v1/compare takes runs as a list, in order, as JSON or text", async () => {
  await using server = serve(createApp());
  const { qrels, runs } = await inputs();
  const asObject = await server.post("/v1/compare", {
    qrels,
    runs,
    metrics: ["rr"],
  });
  const asList = await server.post("/v1/compare", {
    qrels,
    runs: [{ name: "bm25", run: runs.bm25 }, {
      name: "hybrid",
      run: runs.hybrid,
    }],
    metrics: ["rr"],
  });
  assertEquals(await asList.json(), await asObject.json());
  // Numeric names keep their order in a list.
  const numbered = await server.post("/v1/compare", {
    qrels: { q1: { d1: 1 }, q2: { d2: 1 } },
    runs: [
      { name: "2", run: { q1: ["d1"], q2: ["d2"] } },
      { name: "1", run: { q1: ["d0", "d1"] } },
    ],
    metrics: ["rr"],
    test: "permutation",
  });
  const pair = (await numbered.json()).pairs[0];
  // q1: 1 vs 1/2, q2: 1 vs 0 (not returned, judged set).
  assertEquals([pair.a, pair.b, pair.A_mean, pair.B_mean], ["2", "1", 1, 0.25]);
  assertEquals([pair.wins, pair.ties, pair.losses], [2, 0, 0]);
  // Both sign flips of 2 positive differences: p = 2/4 in the exact test.
  assertEquals(pair.pValue, 0.5);
});

Deno.test("POST /v1/compare refuses a comparison that would hold the server for long", async () => {
  // 20 runs at the default 10000 resamples over 300 queries: 190 pairs, one
  // metric, 5.7e8 resampled values (minutes of uninterruptible computation).
  let qrels = "", run = "";
  for (let i = 0; i < 300; i++) {
    qrels += `q${i} 0 d${i} 1\n`;
    run += `q${i} Q0 d${i} 1 1 t\n`;
  }
  const runs = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [`r${i}`, run]),
  );
  const app = createApp();
  const post = (body: unknown) =>
    app.request("/v1/compare", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const response = await post({ qrels, runs, metrics: ["rr"] });
  assertEquals(response.status, 422);
  const problem = await response.json();
  assertEquals(
    problem.detail,
    'The request asks for 570000000 resampled values (190 pairs × 1 metrics × 10000 resamples × 300 queries; name a "baseline" or lower "resamples" for fewer), more than the budget maxResampledValues of 200000000 (setting RANKLENS_MAX_RESAMPLED_VALUES).',
  );
  assertEquals(
    [problem.budget, problem.limit, problem.setting, problem.requested],
    [
      "maxResampledValues",
      200_000_000,
      "RANKLENS_MAX_RESAMPLED_VALUES",
      570_000_000,
    ],
  );
  // The budget is a setting: raised, the same request is taken.
  const raised = await createApp({ maxResampledValues: 6e8 }).request(
    "/v1/compare",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ qrels, runs, metrics: ["rr"], resamples: 1 }),
    },
  );
  assertEquals(raised.status, 200);
  await raised.body?.cancel();
  // Against a baseline the same runs make 19 pairs: 5.7e7 values.
  const baseline = await post({ qrels, runs, metrics: ["rr"], baseline: "r0" });
  assertEquals(baseline.status, 200);
  await baseline.body?.cancel();
});

Deno.test("POST /v1/compare stops at the time limit between paired tests", async () => {
  // 20 runs, 100 queries, 10000 resamples: 1.9e8 values, under the limit of
  // what is accepted, but seconds of tests; the time limit is 100 ms.
  let qrels = "", run = "";
  for (let i = 0; i < 100; i++) {
    qrels += `q${i} 0 d${i} 1\n`;
    run += `q${i} Q0 d${i} 1 1 t\n`;
  }
  const runs = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [`r${i}`, run]),
  );
  const response = await createApp({ timeLimit: 100 }).request("/v1/compare", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ qrels, runs, metrics: ["rr"] }),
  });
  assertEquals(response.status, 504);
  assertEquals(
    (await response.json()).detail,
    "The request took longer than its time limit of 100 ms.",
  );
});

Deno.test("POST /v1/compare answers 400 on bad input", async () => {
  await using server = serve(createApp());
  const { qrels, runs } = await inputs();
  const cases: [Record<string, unknown>, string, Record<string, unknown>][] = [
    [
      { qrels, runs: { bm25: runs.bm25 } },
      'Field "runs" must hold from 2 to 20 runs, got 1.',
      { field: "runs" },
    ],
    [
      { qrels, runs: [{ name: "a", run: "" }, { name: "a", run: "" }] },
      'Field "runs" names run "a" twice.',
      { field: "runs" },
    ],
    [
      { qrels, runs, resamples: 1_000_000 },
      'Field "resamples" must be at most 100000, got 1000000.',
      { field: "resamples" },
    ],
    [
      { qrels, runs, test: "z" },
      'Field "test" must be one of "t", "permutation", "fisher", "wilcoxon", "bootstrap", "tukey", got the string "z".',
      { field: "test" },
    ],
    [
      { qrels, runs: { ...runs, broken: "q01 Q0 d1 1 x tag\n" } },
      'runs.broken:1: score must be a number, got "x"',
      {
        file: "runs.broken",
        line: 1,
        reason: 'score must be a number, got "x"',
      },
    ],
    [
      { qrels, runs, baseline: "bm26" },
      'Baseline "bm26" is not one of the runs ["bm25","hybrid"]',
      {},
    ],
  ];
  for (const [body, detail, extensions] of cases) {
    const response = await server.post("/v1/compare", body);
    assertEquals(response.status, 400, detail);
    const problem = await response.json();
    assertEquals(problem.detail, detail);
    for (const [key, value] of Object.entries(extensions)) {
      assertEquals(problem[key], value, key);
    }
  }
});
