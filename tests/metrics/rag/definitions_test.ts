import { assertEquals } from "../../assert.ts";
import { builtinRegistry } from "../../../metrics/builtin.ts";
import { RAG_METRICS } from "../../../metrics/rag/definitions.ts";

Deno.test("every RAG metric is registered under kind rag", () => {
  assertEquals(RAG_METRICS.map((d) => d.name), [
    "exact_match",
    "token_f1",
    "acc",
    "cover_em",
    "string_em",
    "rouge_1",
    "rouge_2",
    "rouge_l",
    "rouge_lsum",
    "bleu",
    "chrf",
    "gleu",
    "string_similarity",
    "context_recall",
    "context_precision",
    "id_context_precision",
    "id_context_recall",
    "non_empty_rate",
  ]);
  for (const definition of RAG_METRICS) {
    const metric = builtinRegistry.resolve(definition.name);
    assertEquals(metric.kind, "rag", definition.name);
    assertEquals(typeof metric.appliesTo, "function", definition.name);
  }
  assertEquals(builtinRegistry.resolve("bleu").aggregate, "corpus");
  assertEquals(builtinRegistry.resolve("rouge_l").aggregate, "mean");
});

Deno.test("f1 and accuracy are ranx's and ir_measures' ranking metrics, and RAG metrics for RAG samples", () => {
  assertEquals(builtinRegistry.resolve("f1@10").label, "f1@10");
  assertEquals(builtinRegistry.resolve("f1@10").kind, "ranking");
  assertEquals(builtinRegistry.resolve("f1", "rag").label, "token_f1");
  assertEquals(builtinRegistry.resolve("accuracy", "rag").label, "acc");
});

Deno.test("UltraRAG's and Ragas' names resolve", () => {
  const names: Record<string, string> = {
    em: "exact_match",
    f1: "token_f1",
    coverem: "cover_em",
    stringem: "string_em",
    "rouge-1": "rouge_1",
    "rouge-2": "rouge_2",
    "rouge-l": "rouge_l",
    rougeL: "rouge_l",
    id_based_context_precision: "id_context_precision(none_retrieved=skip)",
    id_based_context_recall: "id_context_recall",
  };
  for (const [alias, name] of Object.entries(names)) {
    assertEquals(builtinRegistry.resolve(alias, "rag").label, name, alias);
  }
  assertEquals(
    builtinRegistry.resolve("rouge-L(stem=porter)").label,
    "rouge_l(stem=porter)",
  );
});
