// Token F1, ROUGE (with and without Porter stemming) and BLEU (sentence and
// corpus, both smoothings, 4- and 2-grams) against reference values computed
// independently in Python (see the "note" field of the data file: a throwaway
// script, cross-checked against NLTK, not kept in the repository).
import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { builtinRegistry } from "../../../metrics/builtin.ts";
import { evaluateRag } from "../../../metrics/rag/evaluate.ts";
import { RagInput } from "../../../metrics/rag/input.ts";
import {
  type NormalizationName,
  normalizerOf,
} from "../../../metrics/rag/normalize.ts";

interface Case {
  response: string;
  references: string[];
  normalize?: NormalizationName;
  responseTokens: string[];
  referenceTokens: string[][];
  expected: Record<string, number>;
}

const data: {
  cases: Case[];
  corpus: Record<
    string,
    { samples: number[]; expected: Record<string, number> }
  >;
} = JSON.parse(
  await Deno.readTextFile(
    new URL("../../testdata/rag/overlap_reference.json", import.meta.url),
  ),
);

Deno.test("the data covers every overlap metric and variant", () => {
  assertEquals(Object.keys(data.cases[0].expected).sort(), [
    "bleu",
    "bleu(max_order=2)",
    "bleu(max_order=2,smooth=none)",
    "bleu(smooth=none)",
    "rouge_1",
    "rouge_1(stem=porter)",
    "rouge_2",
    "rouge_2(stem=porter)",
    "rouge_l",
    "rouge_l(stem=porter)",
    "token_f1",
  ]);
});

for (const [i, c] of data.cases.entries()) {
  Deno.test(`case ${i}: ${JSON.stringify(c.response)}`, () => {
    const input = new RagInput(
      { response: c.response, references: c.references },
      normalizerOf(c.normalize ?? "squad"),
    );
    assertEquals(input.responseTokens, c.responseTokens);
    assertEquals(input.referenceTokens, c.referenceTokens);
    for (const [spec, expected] of Object.entries(c.expected)) {
      const metric = builtinRegistry.resolve<RagInput>(spec);
      assertEquals(metric.label, spec);
      assertAlmostEquals(metric.score(input), expected, 1e-12, spec);
    }
  });
}

for (const [name, group] of Object.entries(data.corpus)) {
  Deno.test(`corpus BLEU of group "${name}"`, () => {
    // Groups mix normalizations only where a case says so; score each group
    // under squad with the ultrarag case pre-normalized to the same tokens.
    const samples = group.samples.map((i) => ({
      response: data.cases[i].responseTokens.join(" "),
      references: data.cases[i].referenceTokens.map((t) => t.join(" ")),
    }));
    const result = evaluateRag(samples, {
      metrics: Object.keys(group.expected),
    });
    for (const [spec, expected] of Object.entries(group.expected)) {
      assertAlmostEquals(result.metrics[spec], expected, 1e-12, spec);
      assertEquals(result.coverage[spec], samples.length);
    }
  });
}
