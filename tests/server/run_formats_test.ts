// The server reads runs and qrels text in every registered text format, as
// the CLI reads files of them: the same rankings give trec_eval's numbers.
import { assertEquals } from "../assert.ts";
import { createApp } from "../../server.ts";
import { repoText } from "./_serve.ts";

// trec_eval 10.0 -m map -m P.5 -m ndcg_cut.10 -m recip_rank
// examples/qrels.txt examples/run.bm25.txt
const BM25 = { ap: 0.7924, "P@5": 0.91, "ndcg@10": 0.8569, rr: 1 };
// trec_eval 10.0 -m map examples/qrels.txt examples/run.hybrid.txt
const HYBRID_AP = 0.9437;
const METRICS = Object.keys(BM25);

type Line = { qid: string; docno: string; rank: string; score: string };

function linesOf(text: string): Line[] {
  return text.trim().split("\n").map((line) => {
    const [qid, , docno, rank, score] = line.split(/\s+/);
    return { qid, docno, rank, score };
  });
}

/** The example run in each run format (its ranks are trec_eval's order). */
function runTexts(text: string): Record<string, string> {
  const lines = linesOf(text);
  const dict: Record<string, Record<string, number>> = {};
  for (const { qid, docno, score } of lines) {
    (dict[qid] ??= {})[docno] = Number(score);
  }
  return {
    "trec-run": text,
    "json-run": JSON.stringify(dict),
    "jsonl-run":
      lines.map(({ qid, docno, score }) =>
        JSON.stringify({ qid, docid: docno, score: Number(score) })
      ).join("\n") + "\n",
    "msmarco-run":
      lines.map(({ qid, docno, rank }) => `${qid}\t${docno}\t${rank}`).join(
        "\n",
      ) + "\n",
  };
}

function qrelsTexts(text: string): Record<string, string> {
  const judgements = text.trim().split("\n").map((line) => line.split(/\s+/));
  const dict: Record<string, Record<string, number>> = {};
  for (const [qid, , docno, rel] of judgements) {
    (dict[qid] ??= {})[docno] = Number(rel);
  }
  return {
    "trec-qrels": text,
    "beir-qrels": "query-id\tcorpus-id\tscore\n" +
      judgements.map(([qid, , docno, rel]) => `${qid}\t${docno}\t${rel}`)
        .join("\n") +
      "\n",
    "json-qrels": JSON.stringify(dict),
  };
}

const rounded = (values: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, Math.round(v * 1e4) / 1e4]),
  );

async function post(path: string, body: unknown) {
  const response = await createApp().request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

Deno.test("POST /v1/evaluate reads run text in every run format, named or detected", async () => {
  const qrels = await repoText("examples/qrels.txt");
  const runs = runTexts(await repoText("examples/run.bm25.txt"));
  for (const [format, run] of Object.entries(runs)) {
    for (const runFormat of [format, undefined]) {
      const { status, body } = await post("/v1/evaluate", {
        qrels,
        run,
        runFormat,
        metrics: METRICS,
      });
      assertEquals(status, 200, `${format} ${runFormat}`);
      assertEquals(rounded(body.aggregate), BM25, `${format} ${runFormat}`);
    }
  }
});

Deno.test("POST /v1/evaluate reads qrels text in every qrels format, named or detected", async () => {
  const run = await repoText("examples/run.bm25.txt");
  const all = qrelsTexts(await repoText("examples/qrels.txt"));
  for (const [format, qrels] of Object.entries(all)) {
    for (const qrelsFormat of [format, undefined]) {
      const { status, body } = await post("/v1/evaluate", {
        qrels,
        run,
        qrelsFormat,
        metrics: METRICS,
      });
      assertEquals(status, 200, `${format} ${qrelsFormat}`);
      assertEquals(rounded(body.aggregate), BM25, `${format} ${qrelsFormat}`);
    }
  }
});

Deno.test("POST /v1/compare reads its runs in the format runFormat names", async () => {
  const qrels = await repoText("examples/qrels.txt");
  const bm25 = runTexts(await repoText("examples/run.bm25.txt"));
  const hybrid = runTexts(await repoText("examples/run.hybrid.txt"));
  for (const format of ["json-run", "jsonl-run", "msmarco-run"]) {
    const { status, body } = await post("/v1/compare", {
      qrels,
      runs: { bm25: bm25[format], hybrid: hybrid[format] },
      runFormat: format,
      metrics: ["ap"],
    });
    assertEquals(status, 200, format);
    const [pair] = body.pairs;
    assertEquals(
      rounded({ a: pair.A_mean, b: pair.B_mean }),
      { a: BM25.ap, b: HYBRID_AP },
      format,
    );
  }
});

Deno.test("a run in a named format is read by that format's reader, with its errors", async () => {
  const qrels = "q1 0 d1 1\n";
  const cases: [Record<string, unknown>, Record<string, unknown>][] = [
    [
      { run: "q1 Q0 d1 1 1 t\n", runFormat: "json-run" },
      { detail: "run:1: invalid JSON: unexpected 'q'", file: "run", line: 1 },
    ],
    [
      { run: '{"q1": {"d1": "x"}}' },
      {
        detail:
          'run: score of document "d1" for query "q1" must be a number, got the string "x"',
        file: "run",
        line: 0,
      },
    ],
    [
      { run: "q1\td1\t0\n", runFormat: "msmarco-run" },
      {
        detail: 'run:1: rank must be a positive integer, got "0"',
        file: "run",
        line: 1,
      },
    ],
    [
      { run: "q1 Q0 d1 1 1 t\n", runFormat: "trec" },
      {
        detail:
          'Field "runFormat" must be one of "trec-run", "json-run", "jsonl-run", "msmarco-run", got the string "trec".',
        field: "runFormat",
      },
    ],
  ];
  for (const [fields, expected] of cases) {
    const { status, body } = await post("/v1/evaluate", { qrels, ...fields });
    assertEquals(status, 400, JSON.stringify(fields));
    for (const [key, value] of Object.entries(expected)) {
      assertEquals(body[key], value, key);
    }
  }
});
