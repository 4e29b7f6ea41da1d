// Ragas' NonLLMStringSimilarity: 1 - rapidfuzz's normalized distances, with
// rapidfuzz's own test vectors (rapidfuzz/RapidFuzz tests/distance/
// test_Jaro.py and test_JaroWinkler.py) and the textbook Levenshtein pairs.
import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import {
  jaroSimilarity,
  jaroWinklerSimilarity,
  stringSimilarity,
} from "../../../metrics/rag/string_similarity.ts";
import { score } from "./_score.ts";

Deno.test("levenshtein: 1 - distance over the longer length", () => {
  assertAlmostEquals(
    stringSimilarity("kitten", "sitting", "levenshtein"),
    1 - 3 / 7,
  );
  assertEquals(stringSimilarity("", "", "levenshtein"), 1);
  assertEquals(stringSimilarity("abc", "", "levenshtein"), 0);
  // Code points, as Python strings: one emoji is one edit.
  assertAlmostEquals(
    stringSimilarity("a😀b", "a😁b", "levenshtein"),
    1 - 1 / 3,
  );
  assertAlmostEquals(stringSimilarity("😀", "a😀", "levenshtein"), 1 - 1 / 2);
});

Deno.test("hamming: padded, a length difference counts", () => {
  assertAlmostEquals(
    stringSimilarity("karolin", "kathrin", "hamming"),
    1 - 3 / 7,
  );
  assertAlmostEquals(stringSimilarity("abc", "abcde", "hamming"), 1 - 2 / 5);
  assertEquals(stringSimilarity("", "", "hamming"), 1);
});

Deno.test("rapidfuzz's Jaro test vectors", () => {
  const cases: [string, string, number][] = [
    ["0", "0", 1],
    ["00", "00", 1],
    ["0", "00", 0.83333],
    ["0".repeat(65), "0".repeat(65), 1],
    ["0".repeat(64), "0".repeat(65), 0.99487],
    ["0".repeat(63), "0".repeat(65), 0.98974],
    [
      "10000000000000000000000000000000000000000000000000000000000000020",
      "00000000000000000000000000000000000000000000000000000000000000000",
      0.97948,
    ],
    [
      "0000000000000000000000000000000000000000000000000000000000000000000000000000001",
      "00000000000000100000000000000000000000010000000000000000000000000",
      0.92223,
    ],
    [
      "010000000000000000000000000000000000000000000000000000000000000000" +
      "00000000000000000000000000000000000000000000000000000000000000",
      "00000000000000000000000000000000000000000000000000000000000000000",
      0.83593,
    ],
  ];
  for (const [a, b, expected] of cases) {
    assertAlmostEquals(jaroSimilarity(a, b), expected, 1e-5, `${a} ${b}`);
    assertAlmostEquals(jaroSimilarity(b, a), expected, 1e-5, `${b} ${a}`);
  }
  // rapidfuzz 3: two empty strings are equal.
  assertEquals(jaroSimilarity("", ""), 1);
  assertEquals(jaroSimilarity("", "a"), 0);
  assertAlmostEquals(jaroSimilarity("MARTHA", "MARHTA"), 0.9444444444444445);
});

Deno.test("rapidfuzz's Jaro-Winkler test vectors", () => {
  const cases: [string, string, number][] = [
    ["0", "0", 1],
    ["00", "00", 1],
    ["0", "00", 0.85],
    ["0".repeat(65), "0".repeat(65), 1],
    ["0".repeat(64), "0".repeat(65), 0.9969],
    ["0".repeat(63), "0".repeat(65), 0.9938],
    [
      "10000000000000000000000000000000000000000000000000000000000000020",
      "00000000000000000000000000000000000000000000000000000000000000000",
      0.97948,
    ],
    [
      "0000000000000000000000000000000000000000000000000000000000000000000000000000001",
      "00000000000000100000000000000000000000010000000000000000000000000",
      0.95333,
    ],
    [
      "01000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      "00000000000000000000000000000000000000000000000000000000000000000",
      0.85234,
    ],
  ];
  for (const [a, b, expected] of cases) {
    assertAlmostEquals(
      jaroWinklerSimilarity(a, b),
      expected,
      1e-4,
      `${a} ${b}`,
    );
    assertAlmostEquals(
      jaroWinklerSimilarity(b, a),
      expected,
      1e-4,
      `${b} ${a}`,
    );
  }
  assertAlmostEquals(
    jaroWinklerSimilarity("MARTHA", "MARHTA"),
    0.9611111111111111,
  );
});

Deno.test("string_similarity: Ragas' metric on the raw texts, the best reference", () => {
  const sample = {
    response: "The Eiffel Tower is located in India.",
    references: ["The Eiffel Tower is located in Paris.", "x"],
  };
  // "India" -> "Paris": 4 substitutions (the "i" stays) of 37 characters.
  assertAlmostEquals(score("string_similarity", sample)!, 1 - 4 / 37);
  assertEquals(
    score("string_similarity(distance=jaro)", {
      response: "abc",
      reference: "abc",
    }),
    1,
  );
  assertEquals(
    score("non_llm_string_similarity", { response: "", reference: "a" }),
    0,
  );
  assertEquals(score("string_similarity", { response: "Paris" }), null);
});
