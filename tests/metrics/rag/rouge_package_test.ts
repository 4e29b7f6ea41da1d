// FlashRAG's ROUGE: its Rouge_1/Rouge_2/Rouge_L call the rouge package
// (pltrdy/rouge 1.0.1), not rouge-score. The expected values were computed by
// that package itself through FlashRAG's calculate_rouge
// (tests/testdata/rag/flashrag_rouge_reference.json says how).
import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { evaluateRag } from "../../../metrics/rag/evaluate.ts";
import { readRagSamples } from "../../../formats/rag_samples.ts";
import { score } from "./_score.ts";

type Keyed = Record<"rouge-1" | "rouge-2" | "rouge-l", number>;

interface Reference {
  aggregate: Keyed;
  perSample: Record<keyof Keyed, number[]>;
  cases: { response: string; references: string[]; expected: Keyed }[];
}

const REFERENCE: Reference = JSON.parse(
  await Deno.readTextFile(
    new URL(
      "../../testdata/rag/flashrag_rouge_reference.json",
      import.meta.url,
    ),
  ),
);
const OURS = {
  "rouge-1": "rouge_1",
  "rouge-2": "rouge_2",
  "rouge-l": "rouge_l",
};

Deno.test("--normalize flashrag: FlashRAG's rouge-1/2/l on the package's edge cases and random texts", () => {
  assertEquals(REFERENCE.cases.length, 135);
  for (const { response, references, expected } of REFERENCE.cases) {
    for (const [key, spec] of Object.entries(OURS)) {
      const got = score(spec, { response, references }, "flashrag");
      assertAlmostEquals(
        got!,
        expected[key as keyof Keyed],
        1e-15,
        `${spec} of ${JSON.stringify(response)} against ${
          JSON.stringify(references)
        }`,
      );
    }
  }
});

Deno.test("--normalize flashrag: FlashRAG's rouge-1/2/l of every NQ answer and their means", async () => {
  const samples = await readRagSamples(
    new URL(
      "../../../../shared/real/rag/flashrag-nq-llama3.1-70b.jsonl",
      import.meta.url,
    ).pathname,
    {
      input: "answers",
      keyMap: {
        reference: "golden_answers",
        response: "pred_answer",
        id: "id",
      },
    },
  );
  const result = evaluateRag(samples, {
    metrics: Object.values(OURS),
    normalize: "flashrag",
  });
  for (const [key, spec] of Object.entries(OURS)) {
    const expected = REFERENCE.perSample[key as keyof Keyed];
    assertEquals(expected.length, 3610);
    result.perSample.forEach((values, i) =>
      assertAlmostEquals(values[spec]!, expected[i], 1e-15, result.sampleIds[i])
    );
    assertAlmostEquals(
      result.aggregate[spec],
      REFERENCE.aggregate[key as keyof Keyed],
      1e-12,
    );
  }
});

Deno.test("--normalize flashrag: a text without sentences scores 0 where the package raises", () => {
  for (const spec of Object.values(OURS)) {
    for (const [response, reference] of [["", "Paris"], ["...", "Paris"]]) {
      assertEquals(score(spec, { response, reference }, "flashrag"), 0);
      assertEquals(
        score(spec, { response: reference, reference: response }, "flashrag"),
        0,
      );
    }
  }
});

Deno.test("--normalize flashrag with a stem parameter is rouge-score's ROUGE", () => {
  // rouge-score lowercases and drops the comma: F of {paris, france} is 1.
  const sample = { response: "Paris, France", reference: "paris france" };
  assertEquals(score("rouge_1(stem=none)", sample, "flashrag"), 1);
  assertEquals(score("rouge_1", sample, "flashrag"), 0);
  assertEquals(score("rouge_1", sample, "squad"), 1);
});
