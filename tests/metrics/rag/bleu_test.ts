// BLEU by hand: effective order, exp smoothing, brevity penalty, and corpus
// BLEU as summed counts rather than a mean.
import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { evaluateRag } from "../../../metrics/rag/evaluate.ts";
import { bleuStatistics } from "../../../metrics/rag/bleu.ts";
import { score } from "./_score.ts";

// [cat, sat, down] against [cat, sat, down, today]: precisions 3/3, 2/2,
// 1/1 and no 4-gram in the response, so the mean runs over 3 orders;
// brevity penalty exp(1 - 4/3).
const SHORT = { response: "cat sat down", reference: "cat sat down today" };
const SHORT_BLEU = Math.exp(1 - 4 / 3);

// [cat, sat, on, mat] against [cat, sat, on, red, mat]: precisions 4/4,
// 2/3, 1/2 and 0/1; exp smoothing makes the last 1/(2·1). Brevity penalty
// exp(1 - 5/4). BLEU = exp(-1/4) · (1 · 2/3 · 1/2 · 1/2)^(1/4).
const SMOOTHED = {
  response: "cat sat on mat",
  reference: "cat sat on red mat",
};
const SMOOTHED_BLEU = Math.exp(-1 / 4) * (1 / 6) ** (1 / 4);

Deno.test("sentence BLEU by hand", () => {
  assertAlmostEquals(score("bleu", SHORT)!, SHORT_BLEU);
  assertAlmostEquals(score("bleu(smooth=none)", SHORT)!, SHORT_BLEU);
  assertAlmostEquals(score("bleu", SMOOTHED)!, SMOOTHED_BLEU);
  assertEquals(score("bleu(smooth=none)", SMOOTHED), 0);
  // Bigram BLEU of the same pair: (1 · 2/3)^(1/2) · exp(-1/4).
  assertAlmostEquals(
    score("bleu(max_order=2)", SMOOTHED)!,
    Math.exp(-1 / 4) * Math.sqrt(2 / 3),
  );
  // No unigram in common: 0 whatever the smoothing.
  assertEquals(score("bleu", { response: "dog", reference: "cat" }), 0);
  // A response longer than the reference has no brevity penalty.
  assertAlmostEquals(
    score("bleu(max_order=1)", { response: "cat sat", reference: "cat" })!,
    1 / 2,
  );
});

Deno.test("the closest reference length sets the brevity penalty", () => {
  // Lengths 1 and 5 around a 3-token response: equally close, the shorter
  // wins, so no penalty; unigram precision 1/3.
  const sample = { response: "a1 b1 c1", references: ["a1", "a1 x y z w"] };
  assertAlmostEquals(score("bleu(max_order=1)", sample)!, 1 / 3);
});

Deno.test("corpus BLEU sums counts; per-sample values are sentence BLEU", () => {
  const result = evaluateRag([SMOOTHED, SHORT, { response: "cat" }], {
    metrics: ["bleu"],
  });
  // Matches [4+3, 2+2, 1+1, 0], totals [4+3, 3+2, 2+1, 1+0] = [7, 5, 3, 1],
  // lengths c = 7, r = 5 + 4; the 4-gram order gets 1/(2·1).
  const corpus = Math.exp(1 - 9 / 7) * (1 * 4 / 5 * 2 / 3 * 1 / 2) ** (1 / 4);
  assertAlmostEquals(result.metrics.bleu, corpus);
  assertEquals(result.coverage.bleu, 2);
  assertAlmostEquals(result.perSample[0].bleu!, SMOOTHED_BLEU);
  assertAlmostEquals(result.perSample[1].bleu!, SHORT_BLEU);
  assertEquals(result.perSample[2].bleu, null);
  // And that is not the mean of the sentence values.
  const mean = (SMOOTHED_BLEU + SHORT_BLEU) / 2;
  assertEquals(Math.abs(result.metrics.bleu - mean) > 0.01, true);
});

Deno.test("BLEU keys n-grams apart however many distinct tokens a sample has", () => {
  // Over 9741 distinct tokens, four-grams no longer fit a number key.
  const tokens = Array.from({ length: 12_000 }, (_, i) => `t${i}`);
  const shifted = [...tokens.slice(1), tokens[0]];
  const same = bleuStatistics(tokens, [tokens], 4);
  assertEquals(same.matches, [12_000, 11_999, 11_998, 11_997]);
  const rotated = bleuStatistics(shifted, [tokens], 4);
  assertEquals(rotated.matches, [12_000, 11_998, 11_997, 11_996]);
  // Tokens holding the separator of joined keys still count apart.
  const odd = bleuStatistics(["a\u0001b", "c"], [["a", "b\u0001c"]], 2);
  assertEquals(odd.matches, [0, 0]);
});
