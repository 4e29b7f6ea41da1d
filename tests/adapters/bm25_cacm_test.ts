import { assertEquals } from "../assert.ts";
import { Bm25Retriever } from "../../adapters/bm25.ts";
import { evaluateDataset } from "../../adapters/evaluate_retrieval.ts";
import { readGoDataset } from "../../formats/go_dataset.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { readRun } from "../../formats/trec_run.ts";
import { evaluate } from "../../metrics/evaluate.ts";
import { formatTrecValue } from "../../trec_eval/c_printf.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const CACM = `${ROOT}../shared/real/cacm/`;
const QRELS = `${ROOT}../shared/real/trec/qrels/cacm.txt`;
const TESTDATA = `${ROOT}tests/testdata/bm25/`;

async function gunzipText(path: string): Promise<string> {
  const file = await Deno.open(path);
  return await new Response(
    file.readable.pipeThrough(new DecompressionStream("gzip")),
  ).text();
}

function topTen(runText: string): Map<string, string[]> {
  const top = new Map<string, string[]>();
  for (const line of runText.trim().split("\n")) {
    const [query, , doc] = line.split(" ");
    const docs = top.get(query) ?? [];
    if (docs.length < 10) docs.push(doc);
    top.set(query, docs);
  }
  return top;
}

Deno.test("BM25 on CACM is Anserini's: trec_eval's MAP and P_30, Lucene's top 10", async () => {
  const dataset = await readGoDataset(`${CACM}dataset.json`);
  const report = await evaluateDataset(
    new Bm25Retriever(dataset.documents),
    dataset,
    { limit: 1000, metrics: ["map", "P@30"], kValues: [] },
  );
  const dir = await Deno.makeTempDir();
  const runPath = `${dir}/run.txt`;
  await report.saveRun(runPath);
  // trec_eval 10.0 on this run (-c -m map -m P.30 with Anserini's qrels)
  // printed these, which are Anserini's published figures.
  const trecEval = (await Deno.readTextFile(
    `${TESTDATA}cacm_bm25.trec_eval.txt`,
  )).trim().split("\n").map((line) => line.split("\t")[2]);
  assertEquals(trecEval, ["0.3123", "0.1942"]);
  const qrels = await readQrels(QRELS);
  // The dataset keeps the 55 judgements whose ids name no document
  // out; Anserini's qrels count them as relevant documents never found.
  const evaluation = await evaluate(readRun(runPath), qrels, [
    "map",
    "P@30",
  ], { averageOverQrels: true });
  assertEquals(
    Object.values(evaluation.aggregate).map(
      formatTrecValue,
    ),
    trecEval,
  );
  // Lucene 8.7 with Anserini's analyzer on the same data orders ties by
  // its internal document number where Anserini's tiebreaker uses the id;
  // the top 10 agree on every query all the same (the issue asks for 50
  // of the 52).
  const ours = topTen(await Deno.readTextFile(runPath));
  const lucene = topTen(
    await gunzipText(`${CACM}lucene/anserini.lucene.run.gz`),
  );
  assertEquals(lucene.size, 52);
  const agree =
    [...lucene].filter(([query, docs]) =>
      JSON.stringify(ours.get(query)) === JSON.stringify(docs)
    ).length;
  assertEquals(agree, 52);
  await Deno.remove(dir, { recursive: true });
});
