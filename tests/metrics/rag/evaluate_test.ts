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
import { score } from "./_score.ts";

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
  assertEquals(result.metrics, DEFAULT_RAG_METRICS);
  assertEquals(result.nSamples, 2);
  assertEquals(result.aggregate, {
    exact_match: 0.5,
    token_f1: 0.5,
    // The second sample retrieved nothing: recall and precision 0.
    context_recall: 0.5,
    context_precision: 0.5,
    non_empty_rate: 0.5,
  });
  assertEquals(result.coverage, {
    exact_match: 2,
    token_f1: 2,
    context_recall: 2,
    context_precision: 2,
    non_empty_rate: 2,
  });
  assertEquals(result.perSample[1], {
    exact_match: 0,
    token_f1: 0,
    context_recall: 0,
    context_precision: 0,
    non_empty_rate: 0,
  });
  assertEquals(result.warnings, []);
  assertEquals(result.normalize, "squad");
});

Deno.test("only a missing reference skips an answer metric", () => {
  const result = evaluateRag([
    { response: "Paris", reference: "Paris" },
    { response: "Rome", reference: "Paris" },
    { response: "Lyon" },
    { user_input: "no answer yet" },
  ], { metrics: ["exact_match", "non_empty_rate"] });
  assertEquals(result.aggregate.exact_match, 0.5);
  assertEquals(result.coverage.exact_match, 2);
  assertEquals(result.perSample[2].exact_match, null);
  // Applied to none: NaN, never 0.
  assertEquals(Number.isNaN(result.aggregate.non_empty_rate), true);
  assertEquals(result.coverage.non_empty_rate, 0);
  assertEquals(result.nSamples, 4);
  assertEquals(result.missingResponses, ["4"]);
});

Deno.test("a missing or null response scores 0, with a warning naming it", () => {
  const result = evaluateRag([
    { id: "q1", response: "Paris", reference: "Paris" },
    { id: "q2", reference: "Paris" },
    { id: "q3", response: null, reference: "Rome" } as never,
  ], { metrics: ["exact_match", "token_f1", "acc", "bleu", "rouge_l"] });
  for (const label of result.metrics) {
    assertEquals(result.coverage[label], 3, label);
    assertEquals(result.perSample[1][label], 0, label);
    assertEquals(result.perSample[2][label], 0, label);
  }
  assertEquals(result.aggregate.exact_match, 1 / 3);
  assertEquals(result.missingResponses, ["q2", "q3"]);
  assertEquals(result.warnings, [
    "2 of the 3 samples have no response and score 0 (corpus BLEU, chrF and GLEU count them as the empty answer): q2, q3",
  ]);
});

Deno.test("an unanswered question scores 0 as in the SQuAD script, even against a reference the empty answer matches", async () => {
  const reference = JSON.parse(
    await Deno.readTextFile(
      new URL(
        "../../testdata/rag/squad_unanswered_reference.json",
        import.meta.url,
      ),
    ),
  );
  const result = evaluateRag(reference.samples, {
    metrics: ["exact_match", "token_f1"],
  });
  assertEquals(result.aggregate, {
    exact_match: reference.exact_match,
    token_f1: reference.f1,
  });
  assertEquals(
    result.perSample,
    reference.perSample.map((s: { exact_match: number; f1: number }) => ({
      exact_match: s.exact_match,
      token_f1: s.f1,
    })),
  );
  // "---" normalizes to nothing: the empty answer matches it in every
  // metric, a missing one in none. Ragas' ExactMatch compares None with the
  // reference, and rapidfuzz's normalized distance to None is 1.
  const missing = { reference: "---" };
  const empty = { response: "", reference: "---" };
  for (
    const spec of ["exact_match", "acc", "cover_em", "string_em"]
  ) {
    assertEquals(score(spec, missing), 0, spec);
    assertEquals(score(spec, empty), 1, spec);
  }
  for (const spec of ["exact_match(normalize=none)", "string_similarity"]) {
    assertEquals(score(spec, { reference: "" }), 0, spec);
    assertEquals(score(spec, { response: "", reference: "" }), 1, spec);
  }
});

Deno.test("context metrics score 0 for a sample without contexts when others list them", () => {
  const samples = [
    { reference: "Paris", retrieved_contexts: ["Paris, France"] },
    { reference: "Paris" },
    { reference: "Paris", retrieved_contexts: [] },
  ];
  const result = evaluateRag(samples, {
    metrics: ["context_recall", "context_precision", "non_empty_rate"],
  });
  for (const label of result.metrics) {
    assertEquals(result.coverage[label], 3, label);
    assertEquals(result.aggregate[label], 1 / 3, label);
  }
  // No sample lists any: they apply to none, and say so.
  const none = evaluateRag([{ reference: "Paris", response: "Paris" }], {
    metrics: ["context_recall"],
  });
  assertEquals(none.coverage.context_recall, 0);
  assertEquals(none.warnings, [
    '"context_recall" applies to none of the 1 samples (see "cli.ts metrics" for what it needs)',
  ]);
  const ids = evaluateRag([
    { reference_context_ids: ["d1"], retrieved_context_ids: ["d1"] },
    { reference_context_ids: ["d1"] },
  ], { metrics: ["id_context_recall", "id_context_precision"] });
  assertEquals(ids.aggregate, {
    id_context_recall: 0.5,
    id_context_precision: 0.5,
  });
});

Deno.test("Ragas' model-judged metrics are refused with a pointer to toRagasDataset", () => {
  for (const name of ["faithfulness", "answer_relevancy", "Faithfulness"]) {
    assertThrows(
      () => evaluateRag(EF_SAMPLES, { metrics: [name] }),
      TypeError,
      "toRagasDataset",
    );
  }
});

Deno.test("several references, specs with parameters, normalization", () => {
  const samples = [
    { response: "new_york", references: ["New York", "NYC"] },
    { response: "True", reference: "yes" },
  ];
  const squad = evaluateRag(samples, {
    metrics: ["em", "rouge_l(stem=porter)", "string_em(match=contain)"],
  });
  assertEquals(squad.metrics, [
    "exact_match",
    "rouge_l(stem=porter)",
    "string_em(match=contain)",
  ]);
  assertEquals(squad.aggregate.exact_match, 0);
  const ultra = evaluateRag(samples, {
    metrics: ["em", "string_em"],
    normalize: "ultrarag",
  });
  assertEquals(ultra.aggregate.exact_match, 1);
  // First sample matches one of two references, the second its only one.
  assertEquals(ultra.aggregate["string_em"], 0.75);
  assertEquals(ultra.normalize, "ultrarag");
});

Deno.test("a metric asked for twice is computed once", () => {
  const result = evaluateRag(EF_SAMPLES, {
    metrics: ["em", "exact_match", "EM"],
  });
  assertEquals(result.metrics, ["exact_match"]);
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
    appliesTo: (input) => !input.responseMissing,
    create: () => (input) => input.responseTokens.length,
  });
  const result = evaluateRag([
    { response: "The Eiffel Tower" },
    { response: "Tour Eiffel, Paris" },
    { reference: "no response" },
  ], { metrics: ["answer_length", "exact_match"], registry: mine });
  assertEquals(result.aggregate.answer_length, 2.5);
  assertEquals(result.coverage, { answer_length: 2, exact_match: 1 });
});

Deno.test("a custom normalizer", () => {
  const words = { name: "words", tokenize: (t: string) => t.split(/\s+/) };
  const result = evaluateRag([{ response: "The end", reference: "the end" }], {
    metrics: ["exact_match", "token_f1"],
    normalize: words,
  });
  assertEquals(result.aggregate.exact_match, 0);
  assertAlmostEquals(result.aggregate.token_f1, 0.5);
  assertEquals(result.normalize, "words");
});

Deno.test("a custom normalizer's tokens may hold spaces; BLEU and ROUGE tokenize for themselves", () => {
  // Split on "|": the response is ["a b", "c"], the reference ["a", "b c"].
  // No token is shared.
  const bars = { name: "bars", tokenize: (t: string) => t.split("|") };
  const samples = [{ response: "a b|c", reference: "a|b c" }];
  const metrics = ["token_f1", "exact_match", "bleu", "rouge_2"];
  const result = evaluateRag(samples, { metrics, normalize: bars });
  assertEquals(result.aggregate.token_f1, 0);
  assertEquals(result.aggregate.exact_match, 0);
  // sacrebleu's and rouge-score's tokenizers see the raw texts.
  const plain = evaluateRag(samples, { metrics });
  assertEquals(result.aggregate.bleu, plain.aggregate.bleu);
  assertEquals(result.aggregate.rouge_2, plain.aggregate.rouge_2);
});
