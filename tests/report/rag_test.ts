import { assertEquals } from "../assert.ts";
import { evaluateRag } from "../../metrics/rag/evaluate.ts";
import { renderRagEvaluation } from "../../report/rag.ts";

const RESULT = evaluateRag([
  { response: "Paris", reference: "Paris" },
  { response: "Lyon" },
  { response: "Rome", reference: "Paris" },
], { metrics: ["em", "context_recall"] });

Deno.test("trec layout: per-sample lines, -nan for an unscored metric, coverage", () => {
  assertEquals(
    renderRagEvaluation(RESULT, "trec", { perSample: true }),
    [
      "exact_match           \t1\t1.0000",
      "exact_match           \t3\t0.0000",
      "num_samples           \tall\t3",
      "exact_match           \tall\t0.5000",
      "context_recall        \tall\t  -nan",
      "coverage:exact_match  \tall\t2",
      "coverage:context_recall\tall\t0",
      "",
    ].join("\n"),
  );
});

Deno.test("csv has full precision, markdown four decimals", () => {
  const thirds = evaluateRag([
    { response: "Paris", reference: "Paris" },
    { response: "Lyon", reference: "Paris" },
    { response: "Rome", reference: "Paris" },
  ], { metrics: ["em"] });
  assertEquals(
    renderRagEvaluation(thirds, "csv"),
    "sample,metric,value,coverage\nall,exact_match,0.3333333333333333,3\n",
  );
  assertEquals(
    renderRagEvaluation(thirds, "markdown").split("\n")[2],
    "| all | exact_match | 0.3333 | 3 |",
  );
});

Deno.test("tables show n/a for an unscored metric", () => {
  assertEquals(
    renderRagEvaluation(RESULT, "markdown"),
    [
      "| sample | metric | value | coverage |",
      "|:---|:---|---:|---:|",
      "| all | exact_match | 0.5000 | 2 |",
      "| all | context_recall | n/a | 0 |",
      "",
    ].join("\n"),
  );
});

Deno.test("json: null for an unscored metric, per-sample nulls where skipped", () => {
  assertEquals(
    JSON.parse(renderRagEvaluation(RESULT, "json", { perSample: true })),
    {
      nSamples: 3,
      normalize: "squad",
      metrics: ["exact_match", "context_recall"],
      aggregate: { exact_match: 0.5, context_recall: null },
      coverage: { exact_match: 2, context_recall: 0 },
      perSample: [
        { exact_match: 1, context_recall: null },
        { exact_match: null, context_recall: null },
        { exact_match: 0, context_recall: null },
      ],
      sampleIds: ["1", "2", "3"],
      responses: ["Paris", "Lyon", "Rome"],
      bestReferences: ["Paris", null, "Paris"],
      warnings: [
        '"context_recall" applies to none of the 3 samples (see "cli.ts metrics" for what it needs)',
      ],
    },
  );
});

Deno.test("json: each sample's best reference is the one of highest token F1", () => {
  const result = evaluateRag([
    // Token F1 against the response: 0.4, 1 and 0.5.
    {
      response: "Goethe",
      references: ["Johann Wolfgang von Goethe", "Goethe", "J. W. Goethe"],
    },
    // Both score 0: the first.
    { response: "yes", references: ["True", "correct"] },
    { reference: "no response" },
  ], { metrics: ["token_f1"] });
  const json = JSON.parse(
    renderRagEvaluation(result, "json", { perSample: true }),
  );
  assertEquals(json.bestReferences, ["Goethe", "True", null]);
  assertEquals(json.responses, ["Goethe", "yes", null]);
});
