// Hand-worked values of the answer metrics (exact_match, token_f1, acc,
// cover_em, string_em) under each convention, following the reference code:
// the SQuAD v1.1 script, FlashRAG's flashrag/evaluator/metrics.py and
// UltraRAG's servers/evaluation/src/evaluation.py.
import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { score } from "./_score.ts";

const ANSWER_METRICS = [
  "exact_match",
  "token_f1",
  "acc",
  "cover_em",
  "string_em",
  "string_em(match=contain)",
];

Deno.test("the ef seed's examples", () => {
  const em = (response: string, reference: string) =>
    score("exact_match", { response, reference });
  const f1 = (response: string, reference: string) =>
    score("token_f1", { response, reference });
  assertEquals(em("The Eiffel Tower", "eiffel tower"), 1);
  assertEquals(em("Paris", "London"), 0);
  assertEquals(f1("the quick brown fox", "a quick brown fox"), 1);
  assertAlmostEquals(f1("quick brown fox", "quick brown dog")!, 2 / 3);
});

Deno.test("FlashRAG's first NQ record, as FlashRAG scored it", () => {
  // flashrag_metric_score of test_1: em 0, f1 0.8, acc 0.
  const sample = {
    references: ["14 December 1972 UTC", "December 1972"],
    response: "December 19, 1972",
  };
  for (const convention of ["squad", "flashrag"] as const) {
    assertEquals(score("exact_match", sample, convention), 0);
    assertAlmostEquals(score("token_f1", sample, convention)!, 0.8, 1e-15);
    assertEquals(score("acc", sample, convention), 0);
  }
});

Deno.test("acc is a substring test of the normalized texts", () => {
  // The substring "no" in "i dont know": FlashRAG and UltraRAG count it.
  const sample = { response: "I don't know", reference: "no" };
  for (const convention of ["squad", "flashrag", "ultrarag"] as const) {
    assertEquals(score("acc", sample, convention), 1, convention);
  }
  assertEquals(
    score("acc", { response: "It is Paris, of course.", reference: "Paris" }),
    1,
  );
  assertEquals(
    score("acc", { response: "born in Ulm in 1879", reference: "1879 Ulm" }),
    0,
  );
  // An empty normalized reference is in every text; UltraRAG scores an
  // empty normalized response 0 first.
  assertEquals(score("acc", { response: "", reference: "The" }), 1);
  assertEquals(score("acc", { response: "", reference: "The" }, "ultrarag"), 0);
  assertEquals(
    score("acc", { response: "Paris", reference: "The" }, "ultrarag"),
    1,
  );
});

Deno.test("token_f1: two empty normalizations score 0 (SQuAD v1.1)", () => {
  for (const convention of ["squad", "flashrag", "ultrarag"] as const) {
    assertEquals(
      score("token_f1", { response: "The", reference: "a" }, convention),
      0,
    );
    assertEquals(
      score("exact_match", { response: "The", reference: "a" }, convention),
      1,
    );
  }
});

Deno.test("flashrag: yes, no and noanswer must match exactly in token_f1", () => {
  const yes = { response: "Yes.", reference: "yes, it is" };
  // SQuAD: 1 shared of 1 and 3 tokens, F1 = 2·1·(1/3)/(4/3) = 0.5.
  assertAlmostEquals(score("token_f1", yes)!, 0.5, 1e-15);
  assertEquals(score("token_f1", yes, "flashrag"), 0);
  const reverse = { response: "no it is not", reference: "No" };
  assertAlmostEquals(score("token_f1", reverse)!, 0.4, 1e-15);
  assertEquals(score("token_f1", reverse, "flashrag"), 0);
  assertEquals(
    score("token_f1", { response: "no", reference: "No!" }, "flashrag"),
    1,
  );
  // The best other reference still counts.
  assertEquals(
    score(
      "token_f1",
      { response: "yes", references: ["no", "Yes"] },
      "flashrag",
    ),
    1,
  );
});

Deno.test("cover_em wants every reference token, in any order (UltraRAG)", () => {
  const sample = {
    response: "born in Ulm, Germany in 1879",
    reference: "1879 Ulm",
  };
  assertEquals(score("cover_em", sample), 1);
  assertEquals(score("cover_em", { ...sample, reference: "1879 Munich" }), 0);
  assertEquals(
    score("cover_em", {
      response: sample.response,
      references: ["Munich", "Ulm 1879"],
    }),
    1,
  );
  // all() of no token is true: an empty reference is covered by anything.
  assertEquals(score("cover_em", { response: "", reference: "the" }), 1);
});

Deno.test("string_em: UltraRAG's share of equal references; match=contain is ALCE's", () => {
  const references = ["Bobby Scott", "Bob Russell"];
  const both = {
    response: "Written by Bobby Scott and Bob Russell",
    references,
  };
  assertEquals(score("string_em", both), 0);
  assertEquals(score("string_em(match=contain)", both), 1);
  const one = { response: "Bobby Scott", references };
  assertEquals(score("string_em", one), 0.5);
  assertEquals(score("string_em(match=contain)", one), 0.5);
  // With one reference it is exact_match.
  assertEquals(
    score("string_em", { response: "The Paris", reference: "paris" }),
    1,
  );
  // Substrings, not whole tokens, as ALCE's exact_presence.
  assertEquals(
    score("string_em(match=contain)", {
      response: "Scotty",
      reference: "Scott",
    }),
    1,
  );
  assertEquals(score("stringem", one), 0.5);
  assertEquals(score("coverem", one), 1);
  assertEquals(score("em", one), 1);
  assertEquals(score("f1", one), 1);
});

Deno.test("several references: the best one counts", () => {
  const sample = { response: "Paris", references: ["London", "paris", "Rome"] };
  for (const spec of ["exact_match", "token_f1", "acc", "cover_em"]) {
    assertEquals(score(spec, sample), 1, spec);
  }
  assertAlmostEquals(score("string_em", sample)!, 1 / 3);
});

Deno.test("ultrarag maps True and False, and spaces punctuation", () => {
  const sample = { response: "yes", reference: "True" };
  assertEquals(score("exact_match", sample, "ultrarag"), 1);
  assertEquals(score("exact_match", sample, "squad"), 0);
  assertEquals(
    score("exact_match", { response: "yes", reference: "true" }, "ultrarag"),
    0,
  );
  const joined = { response: "new_york", reference: "New York" };
  assertEquals(score("exact_match", joined, "ultrarag"), 1);
  assertEquals(score("exact_match", joined, "squad"), 0);
});

Deno.test("squad deletes ASCII punctuation only, as the SQuAD script", () => {
  const dashes = { response: "10–12 years", reference: "10-12 years" };
  assertEquals(score("exact_match", dashes), 0);
  assertEquals(score("exact_match", dashes, "flashrag"), 0);
  // 1 shared token of 2 and 2: F1 0.5.
  assertEquals(score("token_f1", dashes), 0.5);
  assertEquals(score("exact_match", dashes, "unicode"), 1);
  assertEquals(
    score("exact_match", { response: "¿Qué?", reference: "qué" }),
    0,
  );
  assertEquals(
    score("exact_match", { response: "¿Qué?", reference: "qué" }, "unicode"),
    1,
  );
});

Deno.test("unicode: accents, case, NFC and CJK", () => {
  const em = (response: string, reference: string) =>
    score("exact_match", { response, reference }, "unicode");
  assertEquals(em("ZÜRICH!", "zürich"), 1);
  assertEquals(em("Zürich", "Zurich"), 0);
  assertEquals(em("Zu\u0308rich", "Z\u00fcrich"), 1);
  assertEquals(em("巴黎。", "巴 黎"), 1);
  assertAlmostEquals(
    score("token_f1", { response: "东京塔", reference: "东京" }, "unicode")!,
    0.8,
  );
});

Deno.test("normalize=none: raw string equality, as Ragas' ExactMatch", () => {
  const sample = { response: "Paris", reference: "paris" };
  assertEquals(score("exact_match(normalize=none)", sample), 0);
  assertEquals(score("exact_match", sample), 1);
  assertEquals(
    score("exact_match(normalize=none)", {
      response: "Paris ",
      reference: "Paris",
    }),
    0,
  );
  // A per-metric convention overrides the evaluation's.
  assertEquals(
    score("exact_match(normalize=ultrarag)", {
      response: "yes",
      reference: "True",
    }),
    1,
  );
  assertEquals(
    score(
      "token_f1(normalize=flashrag)",
      { response: "Yes.", reference: "yes, it is" },
    ),
    0,
  );
});

Deno.test("an empty response scores 0", () => {
  const sample = { response: "", reference: "Paris" };
  for (const spec of ANSWER_METRICS) assertEquals(score(spec, sample), 0, spec);
});

Deno.test("a missing response is the empty answer; only a missing reference skips", () => {
  for (const spec of ANSWER_METRICS) {
    assertEquals(score(spec, { reference: "Paris" }), 0, spec);
    assertEquals(score(spec, { response: "Paris" }), null, spec);
    assertEquals(
      score(spec, { response: "Paris", references: [] }),
      null,
      spec,
    );
  }
});
