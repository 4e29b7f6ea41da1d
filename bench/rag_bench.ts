/**
 * `deno bench -A bench/rag_bench.ts`: the RAG metrics on FlashRAG's 3,610
 * Natural Questions answers (`../shared/real/rag/`), each bench one metric
 * over every sample (statistics and tokens are cached per sample, so each
 * iteration scores fresh samples).
 *
 * @module
 */

import { evaluateRag } from "../metrics/rag/evaluate.ts";
import { readRagSamples } from "../formats/rag_samples.ts";

const samples = await readRagSamples(
  new URL(
    "../../shared/real/rag/flashrag-nq-llama3.1-70b.jsonl",
    import.meta.url,
  ).pathname,
  { input: "answers" },
);

for (
  const metric of [
    "exact_match",
    "token_f1",
    "bleu",
    "rouge_1",
    "rouge_l",
    "rouge_l(stem=porter)",
    "chrf",
    "gleu",
    "string_similarity",
  ]
) {
  Deno.bench(
    metric,
    { group: "rag", baseline: metric === "exact_match" },
    () => {
      evaluateRag(samples, { metrics: [metric] });
    },
  );
}
