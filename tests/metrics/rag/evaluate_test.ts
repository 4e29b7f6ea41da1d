import {
  assertAlmostEquals,
  assertEquals,
  assertThrows,
} from "../../assert.ts";
import { builtinRegistry } from "../../../metrics/builtin.ts";
import { Registry } from "../../../metrics/registry.ts";
import {
  DEFAULT_RAG_METRICS,
  evaluateRag,
} from "../../../metrics/rag/evaluate.ts";
import type { RagInput } from "../../../metrics/rag/input.ts";

const EF_SAMPLES = [
  {
    user_input: "capital of France?",
    response: "Paris",
    reference: "Paris",
    retrieved_contexts: ["Paris is the capital of France."],
  },
  {
    user_input: "2 + 2?",
    response: "five",
    reference: "four",
    retrieved_contexts: [],
  },
];

Deno.test("the ef seed's evaluate_rag example", () => {
  const result = evaluateRag(EF_SAMPLES);
  assertEquals(result.labels, DEFAULT_RAG_METRICS);
  assertEquals(result.nSamples, 2);
  assertEquals(result.metrics, {
    exact_match: 0.5,
    token_f1: 0.5,
    // The second sample retrieved nothing: recall 0, precision skipped.
    context_recall: 0.5,
    context_precision: 1,
    non_empty_rate: 0.5,
  });
  assertEquals(result.coverage, {
    exact_match: 2,
    token_f1: 2,
    context_recall: 2,
    context_precision: 1,
    non_empty_rate: 2,
  });
  assertEquals(result.perSample[1], {
    exact_match: 0,
    token_f1: 0,
    context_recall: 0,
    context_precision: null,
    non_empty_rate: 0,
  });
  assertEquals(result.normalize, "squad");
});

Deno.test("a sample a metric does not apply to is skipped, not scored 0", () => {
  const result = evaluateRag([
    { response: "Paris", reference: "Paris" },
    { response: "Rome", reference: "Paris" },
    { response: "Lyon" },
    { user_input: "no answer yet" },
  ], { metrics: ["exact_match", "non_empty_rate"] });
  assertEquals(result.metrics.exact_match, 0.5);
  assertEquals(result.coverage.exact_match, 2);
  assertEquals(result.perSample[2].exact_match, null);
  // Applied to none: NaN, never 0.
  assertEquals(Number.isNaN(result.metrics.non_empty_rate), true);
  assertEquals(result.coverage.non_empty_rate, 0);
  assertEquals(result.nSamples, 4);
});

Deno.test("several references, specs with parameters, normalization", () => {
  const samples = [
    { response: "new_york", references: ["New York", "NYC"] },
    { response: "True", reference: "yes" },
  ];
  const squad = evaluateRag(samples, {
    metrics: ["em", "rouge_l(stem=porter)", "string_em(match=exact)"],
  });
  assertEquals(squad.labels, [
    "exact_match",
    "rouge_l(stem=porter)",
    "string_em(match=exact)",
  ]);
  assertEquals(squad.metrics.exact_match, 0);
  const ultra = evaluateRag(samples, {
    metrics: ["em", "string_em(match=exact)"],
    normalize: "ultrarag",
  });
  assertEquals(ultra.metrics.exact_match, 1);
  // First sample matches one of two references, the second its only one.
  assertEquals(ultra.metrics["string_em(match=exact)"], 0.75);
  assertEquals(ultra.normalize, "ultrarag");
});

Deno.test("a metric asked for twice is computed once", () => {
  const result = evaluateRag(EF_SAMPLES, {
    metrics: ["em", "exact_match", "EM"],
  });
  assertEquals(result.labels, ["exact_match"]);
});

Deno.test("errors: no samples, unknown or non-RAG metrics, bad samples", () => {
  assertThrows(() => evaluateRag([]), RangeError, "No samples to evaluate");
  assertThrows(
    () => evaluateRag(EF_SAMPLES, { metrics: ["exact_mach"] }),
    TypeError,
    'Unknown metric "exact_mach": did you mean "exact_match"?',
  );
  assertThrows(
    () => evaluateRag(EF_SAMPLES, { metrics: ["ndcg@10"] }),
    TypeError,
    'Metric "ndcg@10" scores ranking inputs, not RAG samples',
  );
  assertThrows(
    () => evaluateRag(EF_SAMPLES, { metrics: ["rouge_l(stem=snowball)"] }),
    RangeError,
    "expected one of none, porter",
  );
  assertThrows(
    () =>
      evaluateRag([EF_SAMPLES[0], { response: ["Paris"] }] as never, {
        metrics: ["em"],
      }),
    TypeError,
    'Sample 2: field "response" must be a string, got ["Paris"]',
  );
  assertThrows(
    () => evaluateRag(EF_SAMPLES, { normalize: "nfkc" as never }),
    TypeError,
    'Unknown normalization "nfkc"',
  );
});

Deno.test("plugins: a RAG metric from a user registry", () => {
  const mine = new Registry(builtinRegistry).register<RagInput>({
    name: "answer_length",
    kind: "rag",
    description: "tokens in the response",
    cutoff: "none",
    appliesTo: (input) => input.responseTokens !== undefined,
    create: () => (input) => input.responseTokens!.length,
  });
  const result = evaluateRag([
    { response: "The Eiffel Tower" },
    { response: "Tour Eiffel, Paris" },
    { reference: "no response" },
  ], { metrics: ["answer_length", "exact_match"], registry: mine });
  assertEquals(result.metrics.answer_length, 2.5);
  assertEquals(result.coverage, { answer_length: 2, exact_match: 0 });
});

Deno.test("a custom normalizer", () => {
  const words = { name: "words", tokenize: (t: string) => t.split(/\s+/) };
  const result = evaluateRag([{ response: "The end", reference: "the end" }], {
    metrics: ["exact_match", "token_f1"],
    normalize: words,
  });
  assertEquals(result.metrics.exact_match, 0);
  assertAlmostEquals(result.metrics.token_f1, 0.5);
  assertEquals(result.normalize, "words");
});

Deno.test("a custom normalizer's tokens may hold spaces without merging n-grams", () => {
  // Split on "|": the response is ["a b", "c"], the reference ["a", "b c"].
  // No token and no bigram is shared; joined by spaces both bigrams were
  // "a b c" and ROUGE-2 scored 1.
  const bars = { name: "bars", tokenize: (t: string) => t.split("|") };
  const result = evaluateRag([{ response: "a b|c", reference: "a|b c" }], {
    metrics: ["rouge_1", "rouge_2", "bleu(max_order=2)"],
    normalize: bars,
  });
  assertEquals(result.metrics, {
    rouge_1: 0,
    rouge_2: 0,
    "bleu(max_order=2)": 0,
  });
});
