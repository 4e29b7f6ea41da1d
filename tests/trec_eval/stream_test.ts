/**
 * The streaming path of `trec_eval` (scan the run, score each topic as it
 * ends) prints trec_eval's bytes itself, and gives way to the full reader
 * exactly when it must.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { evaluateTrecEvalScan } from "../../metrics/trec_eval/stream.ts";
import {
  bindTrecEvalMeasures,
  readTrecEvalRelevance,
} from "../../metrics/trec_eval/inputs.ts";
import { parseTrecEvalArgs } from "../../metrics/trec_eval/options.ts";
import { byteString } from "../../formats/trec_eval_lines.ts";
import type { TrecEvalResult } from "../../metrics/trec_eval/evaluate.ts";

const DIR =
  new URL("../testdata/trec_eval/conformance/", import.meta.url).pathname;

async function scan(
  args: string[],
  sink?: (text: string) => void,
): Promise<TrecEvalResult | undefined> {
  const parsed = parseTrecEvalArgs(args);
  if (!("files" in parsed)) throw new Error("bad arguments");
  const locate = (path: string) => (path.startsWith("/") ? path : DIR + path);
  const relevance = await readTrecEvalRelevance(parsed, locate);
  const measures = bindTrecEvalMeasures(parsed);
  if ("status" in relevance || "status" in measures) {
    throw new Error("bad inputs");
  }
  return evaluateTrecEvalScan(relevance, locate(parsed.files[1]), measures, {
    perTopic: parsed.perTopic,
    complete: parsed.complete,
    summary: parsed.summary,
    judgedOnly: parsed.judgedOnly,
    relevanceLevel: parsed.relevanceLevel,
    collectionSize: parsed.collectionSize,
    maxDocs: parsed.maxDocs,
    version: parsed.version,
  }, sink);
}

async function expected(name: string): Promise<string> {
  return byteString(await Deno.readFile(DIR + name));
}

const STREAMED: [string, string[]][] = [
  ["out.test", ["qrels.test", "results.test"]],
  ["out.comment.test", ["qrels.comment.test", "results.comment.test"]],
  ["out.test.aq", ["-m", "all_trec", "-q", "qrels.test", "results.test"]],
  ["out.test.aql", [
    "-m",
    "all_trec",
    "-mrelstring.20",
    "-q",
    "-l2",
    "qrels.rel_level",
    "results.test",
  ]],
  ["out.test.meas_params", [
    "-q",
    "-miprec_at_recall..10,.20,.25,.75,.50",
    "-m",
    "P.5,7,3",
    "-m",
    "recall.20,2000",
    "-m",
    "Rprec_mult.5.0,0.2,0.35",
    "-mutility.2,-1,0,0",
    "-m",
    "11pt_avg..25,.5,.75",
    "-mndcg.1=3,2=9,4=4.5",
    "-mndcg_cut.10,20,23.4",
    "-msuccess.2,5,20",
    "qrels.test",
    "results.test",
  ]],
];

for (const [output, args] of STREAMED) {
  Deno.test(`streamed: trec_eval ${args.join(" ")} prints ${output}`, async () => {
    const result = await scan(args);
    assertEquals(result?.status, 0);
    assertEquals(result?.stdout, await expected(output));
  });
}

Deno.test("streamed output can leave through a sink in blocks", async () => {
  const blocks: string[] = [];
  const result = await scan([
    "-m",
    "all_trec",
    "-q",
    "qrels.test",
    "results.test",
  ], (text) => blocks.push(text));
  assertEquals(result?.stdout, "");
  assertEquals(blocks.join(""), await expected("out.test.aq"));
});

Deno.test("an ungrouped or malformed run gives way to the full reader", async () => {
  assertEquals(await scan(["-c", "qrels.test", "results.trunc"]), undefined);
  const path = await Deno.makeTempFile({
    dir: DIR.replace(/\/$/, "") + "/../",
  });
  try {
    await Deno.writeTextFile(path, "301 Q0 a 1 1 t\n301 Q0 b 2\n");
    assertEquals(
      await scan(["qrels.test", "../" + path.split("/").pop()]),
      undefined,
    );
    await Deno.writeTextFile(path, "301 Q0 a 1 nan t\n301 Q0 b 2 1 t\n");
    assertEquals(
      await scan(["qrels.test", "../" + path.split("/").pop()]),
      undefined,
    );
  } finally {
    await Deno.remove(path);
  }
});
