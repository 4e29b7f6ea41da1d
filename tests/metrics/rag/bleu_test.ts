// sacrebleu's own test vectors (mjpost/sacrebleu@f615c72, test/test_bleu.py
// and test/test_sentence_bleu.py) for every BLEU parameter, and sacrebleu's
// values on a real FlashRAG output.
import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { evaluateRag } from "../../../metrics/rag/evaluate.ts";
import {
  bleuFromStatistics,
  bleuStatistics,
} from "../../../metrics/rag/bleu.ts";
import { sacrebleuTokens } from "../../../metrics/rag/sacrebleu_tokenize.ts";
import { readRagSamples } from "../../../formats/rag_samples.ts";
import type { RagSample } from "../../../model/rag_sample.ts";
import { score } from "./_score.ts";

/** Samples from sacrebleu's hypotheses and reference streams. */
function samplesOf(hyps: string[], streams: string[][]): RagSample[] {
  return hyps.map((response, i) => ({
    response,
    references: streams.map((s) => s[i]),
  }));
}

function corpus(spec: string, samples: RagSample[]): number {
  const result = evaluateRag(samples, { metrics: [spec] });
  return result.aggregate[result.metrics[0]];
}

// test_bleu.py's README example.
const REFS = [
  ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
  [
    "The dog had bit the man.",
    "No one was surprised.",
    "The man had bitten the dog.",
  ],
];
const HYPS = [
  "The dog bit the man.",
  "It wasn't surprising.",
  "The man had just bitten him.",
];

Deno.test("test_corpus_bleu: tokenizers and smoothing, to 1e-8", () => {
  const samples = samplesOf(HYPS, REFS);
  const cases: [string, number][] = [
    ["bleu", 48.530827],
    ["bleu(tokenize=none)", 49.1919566],
    ["bleu(tokenize=13a)", 48.530827],
    ["bleu(tokenize=intl)", 43.91623493],
    ["bleu(smooth=none)", 48.530827],
  ];
  for (const [spec, expected] of cases) {
    assertAlmostEquals(corpus(spec, samples), expected, 1e-6, spec);
  }
  // Empty hypotheses are scored, not removed.
  assertEquals(corpus("bleu", samplesOf(["", "", ""], REFS)), 0);
});

Deno.test("test_max_ngram_order, to sacrebleu's two places", () => {
  const samples = samplesOf(HYPS, REFS);
  const expected = ["77.65", "60.50", "53.93", "48.53", "46.14", "43.28"];
  expected.forEach((value, i) => {
    const got = corpus(`bleu(max_order=${i + 1})`, samples);
    assertEquals(got.toFixed(2), value, `max_order=${i + 1}`);
  });
});

// raw_corpus_bleu: no tokenization, floor smoothing, effective order.
const RAW = (value: number) =>
  `bleu(tokenize=none,smooth=floor,smooth_value=${value},effective_order=true)`;

Deno.test("test_raw_bleu and test_effective_order", () => {
  const cases: [string[], string[][], number][] = [
    [["this is a test", "another test"], [["ref1", "ref2"]], 0],
    [["this is a test"], [["this is a test"]], 100],
    [["this is a fest"], [["this is a test"]], 22.3606797749979],
    [["test"], [["a test"]], 36.78794411714425],
    [["a test"], [["a test"]], 100],
    [["a little test"], [["a test"]], 3.218297948685433],
  ];
  for (const [hyps, refs, expected] of cases) {
    assertAlmostEquals(
      corpus(RAW(0.01), samplesOf(hyps, refs)),
      expected,
      1e-6,
      hyps.join("|"),
    );
  }
});

Deno.test("test_offset: floor smoothing's value, 0 and the default 0.1", () => {
  const samples = samplesOf(["am I am a character sequence"], [[
    "I am a symbol string sequence a a",
  ]]);
  assertEquals(corpus(RAW(0), samples), 0);
  assertAlmostEquals(
    corpus(
      "bleu(tokenize=none,smooth=floor,effective_order=true)",
      samples,
    ),
    15.55722182,
    1e-6,
  );
});

Deno.test("test_statistics, test_scoring and test_degenerate_statistics", () => {
  const stats = bleuStatistics(
    sacrebleuTokens("am I am a character sequence", "none"),
    [sacrebleuTokens("I am a symbol string sequence a a", "none")],
    4,
  );
  assertEquals(stats.matches, [4, 2, 1, 0]);
  assertEquals(stats.totals, [6, 5, 4, 3]);
  // compute_bleu's own default smoothing is none.
  assertAlmostEquals(
    bleuFromStatistics({
      matches: [9, 7, 5, 3],
      totals: [10, 8, 6, 4],
      responseLength: 11,
      referenceLength: 11,
    }, { smooth: "none" }),
    83.75922397,
    1e-6,
  );
  const degenerate: [number[], number[], number, number, number][] = [
    [[0, 0, 0, 0], [4, 4, 2, 1], 0, 1, 0],
    [[0, 0, 0, 0], [10, 11, 12, 0], 14, 10, 0],
    [[0, 0, 0, 0], [0, 0, 0, 0], 0, 0, 0],
    [[6, 5, 4, 0], [6, 5, 4, 3], 6, 6, 0],
    [[0, 0, 0, 0], [0, 0, 0, 0], 0, 0, 0.1],
    [[0, 0, 0, 0], [0, 0, 0, 0], 1, 5, 0.01],
  ];
  for (const [matches, totals, sys, ref, offset] of degenerate) {
    assertEquals(
      bleuFromStatistics(
        { matches, totals, responseLength: sys, referenceLength: ref },
        { smooth: "floor", smoothValue: offset },
      ),
      0,
    );
  }
});

// test_sentence_bleu.py, issue #98 and #141 (sacrebleu asserts to 1e-3).
const SENTENCE = {
  response:
    "Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;",
  reference: "producţia de zahăr brut se exprimă în zahăr alb;",
};

Deno.test("test_sentence_bleu: smoothing, smooth_value, tokenize, lowercase", () => {
  const cases: [string, number][] = [
    ["bleu", 8.493],
    ["bleu(smooth=none)", 0],
    ["bleu(smooth=floor)", 4.51688],
    ["bleu(smooth=floor,smooth_value=0.1)", 4.51688],
    ["bleu(smooth=floor,smooth_value=0.5)", 10.10],
    ["bleu(smooth=add-k)", 14.882],
    ["bleu(smooth=add-k,smooth_value=1)", 14.882],
    ["bleu(smooth=add-k,smooth_value=2)", 21.389],
    ["bleu(tokenize=none)", 7.347],
    ["bleu(tokenize=intl)", 8.493],
    ["bleu(tokenize=char)", 40.8759],
    ["bleu(tokenize=char,lowercase=true)", 42.0267],
  ];
  for (const [spec, expected] of cases) {
    assertAlmostEquals(score(spec, SENTENCE)!, expected, 1e-3, spec);
  }
  for (
    const spec of [
      "bleu",
      "bleu(smooth=none)",
      "bleu(smooth=floor)",
      "bleu(smooth=add-k)",
    ]
  ) {
    assertEquals(
      score(spec, { response: "this is a cat", reference: "okay thanks" }),
      0,
      spec,
    );
  }
});

Deno.test("sentence BLEU per sample, corpus BLEU as the aggregate", () => {
  const result = evaluateRag([
    ...samplesOf(HYPS, REFS),
    { response: "no reference" },
  ], { metrics: ["bleu"] });
  assertAlmostEquals(result.aggregate.bleu, 48.530827, 1e-6);
  assertEquals(result.coverage.bleu, 3);
  // sacrebleu's exp(mean of 4 logs of 100), as Python's math gives it.
  assertEquals(result.perSample[0].bleu, 100.00000000000004);
  assertEquals(result.perSample[3].bleu, null);
  // effective_order=false makes sentence BLEU corpus_bleu's of one sample.
  assertEquals(
    score("bleu(effective_order=false)", { response: "a", reference: "a" }),
    score("bleu(effective_order=false,smooth=none)", {
      response: "a",
      reference: "a",
    }),
  );
});

Deno.test("sacrebleu's values on FlashRAG's NQ answers", async () => {
  const { expected } = JSON.parse(
    await Deno.readTextFile(
      new URL(
        "../../testdata/rag/sacrebleu_nq_reference.json",
        import.meta.url,
      ),
    ),
  );
  const samples = await readRagSamples(
    new URL(
      "../../../../shared/real/rag/flashrag-nq-llama3.1-70b.jsonl",
      import.meta.url,
    ).pathname,
    { input: "answers" },
  );
  const specs = Object.keys(expected).filter((s) => s.startsWith("bleu"));
  const result = evaluateRag(samples, { metrics: specs });
  for (const spec of specs) {
    const label = result.metrics[specs.indexOf(spec)];
    assertAlmostEquals(result.aggregate[label], expected[spec].corpus, 1e-9);
    const values = result.perSample.map((v) => v[label]!);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    assertAlmostEquals(mean, expected[spec].sentenceMean, 1e-9, spec);
  }
});

Deno.test("BLEU keys n-grams apart however many distinct tokens a sample has", () => {
  const tokens = Array.from({ length: 12_000 }, (_, i) => `t${i}`);
  const shifted = [...tokens.slice(1), tokens[0]];
  const same = bleuStatistics(tokens, [tokens], 4);
  assertEquals(same.matches, [12_000, 11_999, 11_998, 11_997]);
  const rotated = bleuStatistics(shifted, [tokens], 4);
  assertEquals(rotated.matches, [12_000, 11_998, 11_997, 11_996]);
});
