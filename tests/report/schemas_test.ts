// Every JSON output of the CLI, the library and the server validates against
// its published schema (report/schemas/), under Ajv and under the package's
// own checker, which must agree with Ajv wherever a document is changed.
import { assertEquals } from "../assert.ts";
import { runCli } from "../cli/_cli.ts";
import {
  assertConforms,
  SCHEMA_DIR,
  schemaId,
  SCHEMAS,
  verdicts,
} from "./_schemas.ts";
import { compare } from "../../metrics/compare.ts";
import { comparisonToJson } from "../../report/comparison.ts";
import { createApp } from "../../server.ts";

const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;
const QRELS = `${EXAMPLES}qrels.txt`;
const BM25 = `${EXAMPLES}run.bm25.txt`;
const HYBRID = `${EXAMPLES}run.hybrid.txt`;
const RAG = new URL("../testdata/rag/", import.meta.url).pathname;

/** Runs the CLI and parses its standard output as JSON. */
async function cliJson(args: string[]): Promise<unknown> {
  const result = await runCli(args);
  assertEquals(result.code, 0, result.stderr);
  return JSON.parse(result.stdout);
}

/** The real outputs each schema is checked on, filled by the tests below. */
const OUTPUTS: [file: string, what: string, value: unknown][] = [];

function check(file: string, what: string, value: unknown) {
  assertConforms(file, value, what);
  OUTPUTS.push([file, what, value]);
}

Deno.test("each schema is draft 2020-12, strict for Ajv, and named by its published address", async () => {
  const files = [...SCHEMAS.keys()].sort();
  assertEquals(files, [
    "baseline_report.json",
    "comparison.json",
    "evaluation.json",
    "metric_listing.json",
    "problem.json",
    "rag_evaluation.json",
    "retrieval.json",
  ]);
  for (const [file, schema] of SCHEMAS) {
    assertEquals(
      schema.$schema,
      "https://json-schema.org/draft/2020-12/schema",
      file,
    );
    assertEquals(schema.$id, schemaId(file), file);
  }
  // Published: deno.json's publish.exclude leaves report/ in the package.
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../../deno.json", import.meta.url)),
  );
  assertEquals(
    config.publish.exclude.some((p: string) => "report/schemas/".startsWith(p)),
    false,
  );
  assertEquals(SCHEMA_DIR.pathname.endsWith("/report/schemas/"), true);
  // The README's table names each one.
  const readme = await Deno.readTextFile(
    new URL("../../README.md", import.meta.url),
  );
  assertEquals(
    files.filter((file) => !readme.includes(`(report/schemas/${file})`)),
    [],
  );
});

Deno.test("eval --format json and --save-report conform to evaluation.json", async () => {
  check(
    "evaluation.json",
    "eval (official measures, sums included)",
    await cliJson(["eval", QRELS, BM25, "--format", "json"]),
  );
  const perQuery = await cliJson(
    ["eval", QRELS, BM25, "-q", "-c", "-m", "ndcg@10", "-m", "P(rel=2)@5"]
      .concat(["--format", "json"]),
  );
  check("evaluation.json", "eval -q -c", perQuery);
  check("baseline_report.json", "eval -q as a baseline", perQuery);
  const dir = await Deno.makeTempDir();
  try {
    const saved = `${dir}/report.json`;
    const result = await runCli(
      ["eval", QRELS, HYBRID, "-m", "ap", "-m", "num_rel_ret"].concat(
        ["-M", "5", "--save-report", saved],
      ),
    );
    assertEquals(result.code, 0, result.stderr);
    const report = JSON.parse(await Deno.readTextFile(saved));
    check("evaluation.json", "eval --save-report", report);
    check("baseline_report.json", "eval --save-report", report);
    assertEquals(report.options.depth, 5);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("eval of diversity measures conforms to evaluation.json", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // Subtopic qrels: "qid subtopic docno rel".
    await Deno.writeTextFile(
      `${dir}/qrels`,
      "q1 1 d1 1\nq1 2 d2 1\nq1 2 d3 1\nq2 1 d4 1\n",
    );
    await Deno.writeTextFile(
      `${dir}/run`,
      "q1 Q0 d2 1 3 t\nq1 Q0 d1 2 2 t\nq2 Q0 d9 1 1 t\n",
    );
    check(
      "evaluation.json",
      "eval alpha_nDCG@10 ERR_IA@20 -q",
      await cliJson(
        ["eval", `${dir}/qrels`, `${dir}/run`, "alpha_nDCG@10 ERR_IA@20"]
          .concat(["-q", "--format", "json"]),
      ),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compare --format json conforms to comparison.json, each pair with UltraRAG's aliases", async () => {
  const json = await cliJson(
    ["compare", QRELS, BM25, HYBRID, "-q", "--format", "json"],
  ) as { pairs: Record<string, unknown>[] };
  check("comparison.json", "compare -q", json);
  for (const pair of json.pairs) {
    assertEquals(
      [pair.A_mean, pair.B_mean, pair.p_value],
      [pair.aMean, pair.bMean, pair.pAdjusted],
    );
  }
  for (
    const options of [
      ["--test", "tukey", "--baseline", "bm25"],
      ["--test", "wilcoxon", "--zero-method", "pratt", "--correction", "none"],
      ["--query-set", "intersection", "--alternative", "less"],
    ]
  ) {
    check(
      "comparison.json",
      `compare ${options.join(" ")}`,
      await cliJson(
        ["compare", QRELS, BM25, HYBRID, "-m", "rr", "--format", "json"]
          .concat(options),
      ),
    );
  }
});

Deno.test("the library's comparison JSON conforms with curves and over a single query", async () => {
  const qrels = { q1: { d1: 1, d2: 1 } };
  const result = await compare(
    {
      a: [{ queryId: "q1", docs: ["d1", "d2"] }],
      b: [{ queryId: "q1", docs: ["d3", "d1"] }],
    },
    qrels,
    ["ndcg@2", "P@2"],
    { curveCutoffs: [1, 2] },
  );
  const json = comparisonToJson(result, { perQuery: true });
  // One query: the means' intervals, the t statistic, its p-value and the
  // effect size are undefined, as null.
  assertEquals(json.systems[0].ci["ndcg@2"], [null, null]);
  const [pair] = json.pairs;
  assertEquals(
    [pair.statistic, pair.pValue, pair.p_value, pair.effectSize],
    [null, null, null, null],
  );
  assertEquals(json.curves.length > 0, true);
  check("comparison.json", "compare() over one query, with curves", json);
});

Deno.test("rag --format json conforms to rag_evaluation.json", async () => {
  check(
    "rag_evaluation.json",
    "rag -q (Ragas)",
    await cliJson(
      ["rag", `${RAG}ragas_python.jsonl`, "-q", "--format", "json"],
    ),
  );
  check(
    "rag_evaluation.json",
    "rag (answers, UltraRAG normalization)",
    await cliJson(
      ["rag", `${RAG}answers.jsonl`, "--input", "answers", "-m", "em"]
        .concat(["-m", "rouge_l", "--normalize", "ultrarag"])
        .concat(["--format", "json"]),
    ),
  );
});

Deno.test("retrieve --format json conforms to retrieval.json", async () => {
  check(
    "retrieval.json",
    "retrieve -q",
    await cliJson(
      ["retrieve", "--dataset", `${EXAMPLES}dataset.json`, "-k", "1,10"]
        .concat(["-q", "--format", "json"]),
    ),
  );
});

Deno.test("metrics --json conforms to metric_listing.json", async () => {
  check(
    "metric_listing.json",
    "metrics --json",
    await cliJson(["metrics", "--json"]),
  );
});

Deno.test("the server's JSON answers conform to their schemas", async () => {
  const app = createApp();
  const post = async (path: string, body: unknown, status = 200) => {
    const response = await app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    assertEquals(response.status, status, path);
    return await response.json();
  };
  const qrels = await Deno.readTextFile(QRELS);
  const run = await Deno.readTextFile(BM25);
  check(
    "evaluation.json",
    "POST /v1/evaluate",
    await post("/v1/evaluate", { qrels, run, perQuery: true }),
  );
  check(
    "comparison.json",
    "POST /v1/compare",
    await post("/v1/compare", {
      qrels,
      runs: { bm25: run, hybrid: await Deno.readTextFile(HYBRID) },
      metrics: ["ndcg@10", "ap"],
      perQuery: true,
    }),
  );
  check(
    "rag_evaluation.json",
    "POST /v1/rag",
    await post("/v1/rag", {
      samples: await Deno.readTextFile(`${RAG}answers.jsonl`),
      input: "answers",
      perSample: true,
    }),
  );
  check(
    "metric_listing.json",
    "GET /v1/metrics",
    await (await app.request("/v1/metrics")).json(),
  );
  check(
    "problem.json",
    "a malformed run",
    await post("/v1/evaluate", { qrels, run: "q01 Q0 d1 1 x t\n" }, 400),
  );
  check(
    "problem.json",
    "a bad field",
    await post("/v1/evaluate", { qrels, run, depth: 0 }, 400),
  );
  check(
    "problem.json",
    "a failed trec_eval",
    await post("/v1/trec_eval", { qrels: "301 0 d1\n", run }, 400),
  );
  const missing = await app.request("/v1/nothing");
  assertEquals(missing.status, 404);
  check("problem.json", "404", await missing.json());
});

Deno.test("the schemas refuse the keys they replaced", () => {
  const refused = (file: string, value: unknown) => {
    const found = verdicts(file, value);
    assertEquals(found.ajv.length > 0, true, JSON.stringify(value));
    assertEquals(found.own !== undefined, true, JSON.stringify(value));
  };
  const [, , comparison] = OUTPUTS.find(([f]) => f === "comparison.json")!;
  const { querySet, ...rest } = comparison as Record<string, unknown>;
  refused("comparison.json", { ...rest, query_set: querySet });
  const [, , rag] = OUTPUTS.find(([f]) => f === "rag_evaluation.json")!;
  refused("rag_evaluation.json", {
    ...rag as object,
    metrics: (rag as { aggregate: unknown }).aggregate,
  });
  refused("problem.json", {
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail: "x",
    exit_status: 2,
  });
});

Deno.test("the package's checker agrees with Ajv on every output changed member by member", () => {
  assertEquals(OUTPUTS.length >= 15, true, String(OUTPUTS.length));
  let refusals = 0;
  for (const [file, what, value] of OUTPUTS) {
    for (const variant of variants(value)) {
      const found = verdicts(file, variant);
      assertEquals(
        found.own === undefined,
        found.ajv.length === 0,
        `${what}: ${JSON.stringify(found)} on ${
          JSON.stringify(variant).slice(0, 200)
        }`,
      );
      if (found.own !== undefined) refusals++;
    }
  }
  // Most changes break a document; the agreement is not all "valid".
  assertEquals(refusals > 100, true, String(refusals));
});

/**
 * Copies of a document with one change each: a member (or, one level down, a
 * nested member, or the first item of an array) deleted, replaced by a
 * string, null, a number, or joined by an unknown member.
 */
function variants(value: unknown): unknown[] {
  const out: unknown[] = [];
  const replacements = ["x", null, 1.5, -1, [], {}];
  const walk = (
    node: unknown,
    rebuild: (replacement: unknown) => unknown,
    depth: number,
  ) => {
    if (depth > 3 || node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      if (node.length === 0) return;
      const at = (v: unknown) => rebuild([v, ...node.slice(1)]);
      for (const r of replacements) out.push(at(r));
      out.push(rebuild(node.slice(1)));
      walk(node[0], at, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    out.push(rebuild({ ...record, unknown_member: 1 }));
    for (const key of Object.keys(record).slice(0, 12)) {
      const { [key]: _, ...without } = record;
      out.push(rebuild(without));
      const at = (v: unknown) => rebuild({ ...record, [key]: v });
      for (const r of replacements) out.push(at(r));
      walk(record[key], at, depth + 1);
    }
  };
  walk(value, (v) => v, 0);
  return out;
}
