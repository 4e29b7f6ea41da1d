// Hugging Face's google_bleu examples (huggingface/evaluate
// metrics/google_bleu/google_bleu.py and its README, to their two places),
// the same to the last digit and on FlashRAG's NQ answers as NLTK 3.8's
// corpus_gleu gives them over sacrebleu's 13a tokens (a throwaway script,
// not kept in the repository).
import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { evaluateRag } from "../../../metrics/rag/evaluate.ts";
import { readRagSamples } from "../../../formats/rag_samples.ts";
import { score } from "./_score.ts";

const PREDICTIONS = [
  "It is a guide to action which ensures that the rubber duck always disobeys the commands of the cat",
  "he read the book because he was interested in world history",
];
const ONE_REFERENCE = [
  [
    "It is the guiding principle which guarantees the rubber duck forces never being under the command of the cat",
  ],
  ["he was interested in world history because he read the book"],
];
const THREE_REFERENCES = [
  [
    "It is the guiding principle which guarantees the rubber duck forces never being under the command of the cat",
    "It is a guide to action that ensures that the rubber duck will never heed the cat commands",
    "It is the practical guide for the rubber duck army never to heed the directions of the cat",
  ],
  ["he was interested in world history because he read the book"],
];

function corpus(spec: string, references: string[][]): number {
  const result = evaluateRag(
    PREDICTIONS.map((response, i) => ({ response, references: references[i] })),
    { metrics: [spec] },
  );
  return result.aggregate[result.metrics[0]];
}

Deno.test("google_bleu's examples 1-4: references, min_len and max_len", () => {
  const cases: [string, string[][], string, number][] = [
    ["gleu", ONE_REFERENCE, "0.44", 0.4351851851851852],
    ["gleu", THREE_REFERENCES, "0.61", 0.6111111111111112],
    ["gleu(min_len=2)", THREE_REFERENCES, "0.53", 0.5256410256410257],
    ["gleu(min_len=2,max_len=6)", THREE_REFERENCES, "0.40", 0.4],
  ];
  for (const [spec, references, rounded, exact] of cases) {
    const value = corpus(spec, references);
    assertEquals(value.toFixed(2), rounded, spec);
    assertAlmostEquals(value, exact, 1e-15, spec);
  }
});

Deno.test("google_bleu's README example, sentence level", () => {
  assertEquals(
    score("gleu", {
      response: "the cat sat on the mat",
      reference: "the cat ate the mat",
    }),
    1 / 3,
  );
  assertEquals(score("google_bleu", { response: "", reference: "" }), 0);
});

Deno.test("NLTK's corpus GLEU and mean sentence GLEU on FlashRAG's NQ answers", async () => {
  const samples = await readRagSamples(
    new URL(
      "../../../../shared/real/rag/flashrag-nq-llama3.1-70b.jsonl",
      import.meta.url,
    ).pathname,
    { input: "answers" },
  );
  const result = evaluateRag(samples, { metrics: ["gleu"] });
  assertAlmostEquals(result.aggregate.gleu, 0.10694815687340492, 1e-12);
  const values = result.perSample.map((v) => v.gleu!);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  assertAlmostEquals(mean, 0.3552690126766332, 1e-12);
});
