/**
 * The streaming path of `trec_eval` (scan the run, score each topic as it
 * ends) prints trec_eval's bytes itself, and gives way to the full reader
 * exactly when it must.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { evaluateTrecEvalScan } from "../../trec_eval/stream.ts";
import {
  bindTrecEvalMeasures,
  readTrecEvalRelevance,
} from "../../trec_eval/inputs.ts";
import { parseTrecEvalArgs } from "../../trec_eval/options.ts";
import { byteString } from "../../trec_eval/lines.ts";
import type { TrecEvalResult } from "../../trec_eval/evaluate.ts";
import { QUICKTEST, QUICKTEST_DIR } from "./_quicktest.ts";

const DIR = QUICKTEST_DIR;

async function scan(
  args: readonly string[],
  sink?: (text: string) => void,
): Promise<TrecEvalResult | undefined> {
  const parsed = parseTrecEvalArgs([...args]);
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

// The quicktest cases the streaming path takes: qrels format, grouped runs,
// no Z scores.
const STREAMED = QUICKTEST.filter(([, args]) =>
  !args.includes("-R") && !args.includes("-Z") &&
  !args.includes("results.trunc")
);

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
  const path = await Deno.makeTempFile();
  try {
    for (
      const run of [
        "301 Q0 a 1 1 t\n301 Q0 b 2\n", // a malformed line
        "301 Q0 a 1 nan t\n301 Q0 b 2 1 t\n", // a NaN score
        "301 Q0 a 1 1 t\n301 Q0 a 2 2 t\n", // a repeated document
      ]
    ) {
      await Deno.writeTextFile(path, run);
      assertEquals(await scan(["qrels.test", path]), undefined);
    }
  } finally {
    await Deno.remove(path);
  }
});
