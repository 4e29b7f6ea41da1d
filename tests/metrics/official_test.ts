import { assertEquals } from "../assert.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { evaluateRunFile } from "../../cli/run_file.ts";
import { OFFICIAL_SPECS } from "../../metrics/official.ts";
import { formatTrecValue } from "../../trec_eval/c_printf.ts";

const DIR = new URL("../testdata/trec_eval/conformance/", import.meta.url);

// The summary values of trec_eval's out.test, read from the reference file.
async function reference(name: string): Promise<Map<string, string>> {
  const text = await Deno.readTextFile(new URL(name, DIR));
  const values = new Map<string, string>();
  for (const line of text.trim().split("\n")) {
    const [measure, qid, value] = line.split("\t");
    values.set(`${measure.trim()}\t${qid}`, value);
  }
  return values;
}

const TREC_NAMES: Record<string, string> = {
  ap: "map",
  gm_map: "gm_map",
  rprec: "Rprec",
  bpref: "bpref",
  rr: "recip_rank",
};

Deno.test("eval reproduces the official measures of trec_eval's out.test", async () => {
  const qrels = await readQrels(new URL("qrels.test", DIR).pathname);
  const { evaluation, runId } = await evaluateRunFile(
    qrels,
    new URL("results.test", DIR).pathname,
    OFFICIAL_SPECS,
  );
  const expected = await reference("out.test");
  assertEquals(runId, expected.get("runid\tall"));
  assertEquals(String(evaluation.counts.scored), expected.get("num_q\tall"));
  let compared = 0;
  for (const metric of evaluation.metrics) {
    const recall = /^iprec_at_recall\(recall=(.*)\)$/.exec(metric.label);
    const name = TREC_NAMES[metric.label] ??
      (recall
        ? `iprec_at_recall_${Number(recall[1]).toFixed(2)}`
        : metric.label.replace("@", "_"));
    const want = expected.get(`${name}\tall`);
    const value = evaluation.aggregate[metric.label];
    const got = metric.aggregate === "sum"
      ? String(value)
      : formatTrecValue(value);
    assertEquals(got, want, metric.label);
    compared++;
  }
  assertEquals(compared, OFFICIAL_SPECS.length);
});
