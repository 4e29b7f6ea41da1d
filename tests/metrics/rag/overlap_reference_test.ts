// The unicode convention's tokens and token F1 on English, German, Spanish,
// Korean, Japanese and Chinese text, against values computed independently
// in Python (see the "note" field of the data file: a throwaway script, not
// kept in the repository).
import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { builtinRegistry } from "../../../metrics/builtin.ts";
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
} = JSON.parse(
  await Deno.readTextFile(
    new URL("../../testdata/rag/overlap_reference.json", import.meta.url),
  ),
);

Deno.test("the data covers every overlap metric and variant", () => {
  assertEquals(Object.keys(data.cases[0].expected), ["token_f1"]);
});

for (const [i, c] of data.cases.entries()) {
  Deno.test(`case ${i}: ${JSON.stringify(c.response)}`, () => {
    const input = new RagInput(
      { response: c.response, references: c.references },
      normalizerOf(c.normalize ?? "unicode"),
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
