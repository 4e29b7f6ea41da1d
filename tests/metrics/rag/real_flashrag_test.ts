// FlashRAG's published NQ aggregate, FlashRAG's own per-sample scores and
// UltraRAG's values on the same answers, reproduced by `cli.ts rag`.
import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { runInProcess } from "../../cli/_cli.ts";
import { evaluateRag } from "../../../metrics/rag/evaluate.ts";
import { readRagSamples } from "../../../formats/rag_samples.ts";

const FILE = new URL(
  "../../../../shared/real/rag/flashrag-nq-llama3.1-70b.jsonl",
  import.meta.url,
).pathname;
const PUBLISHED = new URL(
  "../../../../shared/real/rag/flashrag-metric_score.txt",
  import.meta.url,
).pathname;
const KEY_MAP =
  "question=question,reference=golden_answers,response=pred_answer";

async function cliMetrics(
  normalize: string | undefined,
  metrics: string[],
): Promise<Record<string, number>> {
  const { status, out } = await runInProcess([
    "rag",
    FILE,
    "--key-map",
    KEY_MAP,
    ...metrics.flatMap((m) => ["-m", m]),
    ...(normalize ? ["--normalize", normalize] : []),
    "--format",
    "json",
  ]);
  assertEquals(status, 0);
  const json = JSON.parse(out);
  assertEquals(json.nSamples, 3610);
  for (const m of metrics) assertEquals(json.coverage[m], 3610, m);
  return json.aggregate;
}

const published = Object.fromEntries(
  (await Deno.readTextFile(PUBLISHED)).trim().split("\n").map((line) => {
    const [name, value] = line.split(":");
    return [name.trim(), Number(value)];
  }),
);

for (const normalize of [undefined, "squad", "flashrag"]) {
  Deno.test(`rag --normalize ${normalize ?? "(default)"} gives FlashRAG's published NQ scores`, async () => {
    const got = await cliMetrics(normalize, ["exact_match", "token_f1", "acc"]);
    assertAlmostEquals(got.exact_match, published.em, 1e-12);
    assertAlmostEquals(got.token_f1, published.f1, 1e-12);
    assertAlmostEquals(got.acc, published.acc, 1e-12);
  });
}

Deno.test("flashrag reproduces FlashRAG's score of every sample", async () => {
  const text = await Deno.readTextFile(FILE);
  const own = text.trim().split("\n").map((line) =>
    JSON.parse(line).flashrag_metric_score
  );
  const samples = await readRagSamples(FILE, {
    input: "answers",
    keyMap: { reference: "golden_answers", response: "pred_answer", id: "id" },
  });
  const result = evaluateRag(samples, {
    metrics: ["exact_match", "token_f1", "acc"],
    normalize: "flashrag",
  });
  own.forEach((scores, i) => {
    const mine = result.perSample[i];
    assertEquals(mine.exact_match, scores.em, result.sampleIds[i]);
    assertAlmostEquals(mine.token_f1!, scores.f1, 1e-15, result.sampleIds[i]);
    assertEquals(mine.acc, scores.acc, result.sampleIds[i]);
  });
});

Deno.test("rag --normalize ultrarag gives UltraRAG's values", async () => {
  const { expected } = JSON.parse(
    await Deno.readTextFile(
      new URL("../../testdata/rag/ultrarag_nq_reference.json", import.meta.url),
    ),
  );
  const got = await cliMetrics("ultrarag", [
    "exact_match",
    "token_f1",
    "acc",
    "string_em",
    "cover_em",
  ]);
  assertAlmostEquals(got.exact_match, expected.em, 1e-12);
  assertAlmostEquals(got.token_f1, expected.f1, 1e-12);
  assertAlmostEquals(got.acc, expected.acc, 1e-12);
  assertAlmostEquals(got.string_em, expected.stringem, 1e-12);
  assertAlmostEquals(got.cover_em, expected.coverem, 1e-12);
});
