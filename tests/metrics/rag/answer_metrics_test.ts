// Hand-worked values of the answer metrics: exact_match, token_f1, acc,
// cover_em and string_em, including the seeds' examples.
import { rougeN } from "../../../metrics/rag/rouge.ts";
import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { score } from "./_score.ts";

const ANSWER_METRICS = [
  "exact_match",
  "token_f1",
  "acc",
  "cover_em",
  "string_em",
  "string_em(match=exact)",
  "rouge_1",
  "rouge_2",
  "rouge_l",
  "bleu",
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

Deno.test("the UltraRAG seed's first record, by hand", () => {
  // response tokens [december, 14, 1973]; references
  // [14, december, 1972, utc] and [december, 1972].
  const sample = {
    user_input: "when was the last time anyone was on the moon",
    references: ["14 December 1972 UTC", "December 1972"],
    response: "December 14, 1973",
  };
  for (const spec of ["exact_match", "acc", "cover_em", "string_em"]) {
    assertEquals(score(spec, sample), 0, spec);
  }
  // F1: 2 shared with the first (P 2/3, R 2/4) = 4/7; 1 with the second = 2/5.
  assertAlmostEquals(score("token_f1", sample)!, 4 / 7);
  assertAlmostEquals(score("rouge_1", sample)!, 4 / 7);
  assertEquals(score("rouge_2", sample), 0);
  // LCS 1 with both: 2·(1/3)(1/4)/(7/12) = 2/7 and 2·(1/3)(1/2)/(5/6) = 2/5.
  assertAlmostEquals(score("rouge_l", sample)!, 2 / 5);
});

Deno.test("acc needs whole tokens, unlike a substring test", () => {
  const sample = { response: "I don't know", reference: "no" };
  assertEquals(score("acc", sample), 0);
  assertEquals(score("acc", sample, "ultrarag"), 0);
  assertEquals(
    score("acc", { response: "It is Paris, of course.", reference: "Paris" }),
    1,
  );
  // A contiguous run: "1879 ulm" is not one in the response.
  assertEquals(
    score("acc", {
      response: "born in Ulm, Germany in 1879",
      reference: "1879 Ulm",
    }),
    0,
  );
});

Deno.test("cover_em wants every reference token, in any order", () => {
  const sample = {
    response: "born in Ulm, Germany in 1879",
    reference: "1879 Ulm",
  };
  assertEquals(score("cover_em", sample), 1);
  assertEquals(score("cover_em", { ...sample, reference: "1879 Munich" }), 0);
  // The best of several references.
  assertEquals(
    score("cover_em", {
      response: sample.response,
      references: ["Munich", "Ulm 1879"],
    }),
    1,
  );
});

Deno.test("string_em is the share of references matched", () => {
  const references = ["Bobby Scott", "Bob Russell"];
  const both = {
    response: "Written by Bobby Scott and Bob Russell",
    references,
  };
  assertEquals(score("string_em", both), 1);
  assertEquals(score("string_em(match=exact)", both), 0);
  const one = { response: "Bobby Scott", references };
  assertEquals(score("string_em", one), 0.5);
  assertEquals(score("string_em(match=exact)", one), 0.5);
  const longer = { response: "Bobby Scott wrote it", references };
  assertEquals(score("string_em", longer), 0.5);
  assertEquals(score("string_em(match=exact)", longer), 0);
  // Aliases of UltraRAG's names.
  assertEquals(score("stringem", one), 0.5);
  assertEquals(score("coverem", one), 1);
  assertEquals(score("em", one), 1);
  assertEquals(score("f1", one), 1);
});

Deno.test("several references: the best one counts", () => {
  const sample = { response: "Paris", references: ["London", "paris", "Rome"] };
  for (
    const spec of ["exact_match", "token_f1", "acc", "cover_em", "rouge_l"]
  ) {
    assertEquals(score(spec, sample), 1, spec);
  }
  assertAlmostEquals(score("string_em", sample)!, 1 / 3);
});

Deno.test("ultrarag normalization maps True and False", () => {
  const sample = { response: "yes", reference: "True" };
  assertEquals(score("exact_match", sample, "ultrarag"), 1);
  assertEquals(score("exact_match", sample, "squad"), 0);
  // Only a whole text equal to "True" maps.
  assertEquals(
    score("exact_match", { response: "yes", reference: "true" }, "ultrarag"),
    0,
  );
  // Punctuation and "_" separate words under ultrarag and vanish under squad.
  const joined = { response: "new_york", reference: "New York" };
  assertEquals(score("exact_match", joined, "ultrarag"), 1);
  assertEquals(score("exact_match", joined, "squad"), 0);
});

Deno.test("Unicode: accents, case, NFC and CJK", () => {
  const em = (response: string, reference: string) =>
    score("exact_match", { response, reference });
  assertEquals(em("ZÜRICH!", "zürich"), 1);
  assertEquals(em("Zürich", "Zurich"), 0); // accents are letters, not noise
  assertEquals(em("Zu\u0308rich", "Z\u00fcrich"), 1); // decomposed = composed
  assertEquals(em("¿Qué?", "qué"), 1);
  assertEquals(em("巴黎。", "巴 黎"), 1); // CJK compares by character
  assertEquals(em("«Ça va»", "ça va"), 1);
  // 东京塔 against 东京: 2 shared of 3 and 2: F1 = 2·(2/3)·1/(5/3) = 0.8.
  assertAlmostEquals(
    score("token_f1", { response: "东京塔", reference: "东京" })!,
    0.8,
  );
  assertEquals(
    score("acc", { response: "首都是北京。", reference: "北京" }),
    1,
  );
  // Korean is written with spaces: its words stay whole.
  assertEquals(score("acc", { response: "서울은 수도", reference: "서울" }), 0);
});

Deno.test("an empty response is scored, and scores 0", () => {
  const sample = { response: "", reference: "Paris" };
  for (const spec of ANSWER_METRICS) assertEquals(score(spec, sample), 0, spec);
});

Deno.test("a reference that normalizes to nothing is matched by nothing but an empty response", () => {
  for (const reference of ["", "The", " ... "]) {
    const empty = { response: "", reference };
    const some = { response: "Paris", reference };
    for (
      const spec of ["exact_match", "token_f1", "acc", "cover_em", "string_em"]
    ) {
      assertEquals(
        score(spec, empty),
        1,
        `${spec} ${JSON.stringify(reference)}`,
      );
      assertEquals(
        score(spec, some),
        0,
        `${spec} ${JSON.stringify(reference)}`,
      );
    }
    // ROUGE and BLEU have no n-gram to match: 0 either way, as rouge-score.
    for (const spec of ["rouge_1", "rouge_l", "bleu"]) {
      assertEquals(score(spec, empty), 0, spec);
    }
  }
});

Deno.test("answer metrics skip a sample without a reference or a response", () => {
  for (const spec of ANSWER_METRICS) {
    assertEquals(score(spec, { response: "Paris" }), null, spec);
    assertEquals(
      score(spec, { response: "Paris", references: [] }),
      null,
      spec,
    );
    assertEquals(score(spec, { reference: "Paris" }), null, spec);
  }
});

Deno.test("ROUGE-N keys n-grams apart even when tokens hold the join character", () => {
  assertEquals(rougeN(["a\u0001b", "c"], ["a", "b\u0001c"], 2), 0);
  assertEquals(rougeN(["a\u0001b", "c"], ["a\u0001b", "c"], 2), 1);
  assertEquals(rougeN(["a", "b", "c"], ["x", "a", "b"], 2), 0.5);
});
