// rouge-score's own test vectors (google-research/google-research
// rouge/rouge_scorer_test.py and rouge/testdata), NLTK's Porter stems, and
// rouge-score's and UltraRAG's values on a real FlashRAG output.
import {
  assertAlmostEquals,
  assertEquals,
  assertThrows,
} from "../../assert.ts";
import { evaluateRag } from "../../../metrics/rag/evaluate.ts";
import { InputError } from "../../../model/errors.ts";
import {
  lcsLength,
  rougeLsum,
  rougeTokens,
} from "../../../metrics/rag/rouge.ts";
import { nltkPorterStem } from "../../../metrics/rag/porter_stemmer.ts";
import { readRagSamples } from "../../../formats/rag_samples.ts";
import { score } from "./_score.ts";

/** rouge-score's `score(target, prediction)` as a sample. */
const pair = (target: string, prediction: string) => ({
  response: prediction,
  reference: target,
});

Deno.test("testRouge1, testRouge2, testRougeL(Non)Consecutive", () => {
  const one = pair("testing one two", "testing");
  assertEquals(score("rouge_1(measure=precision)", one), 1);
  assertAlmostEquals(score("rouge_1(measure=recall)", one)!, 1 / 3);
  assertAlmostEquals(score("rouge_1", one)!, 1 / 2);
  const two = pair("testing one two", "testing one");
  assertEquals(score("rouge_2(measure=precision)", two), 1);
  assertAlmostEquals(score("rouge_2(measure=recall)", two)!, 1 / 2);
  assertAlmostEquals(score("rouge_2", two)!, 2 / 3);
  for (const prediction of ["testing one", "testing two"]) {
    const p = pair("testing one two", prediction);
    assertEquals(score("rouge_l(measure=precision)", p), 1);
    assertAlmostEquals(score("rouge_l(measure=recall)", p)!, 2 / 3);
    assertAlmostEquals(score("rouge_l", p)!, 4 / 5);
  }
});

Deno.test("testRougeEmpty: an empty prediction scores 0 in every measure", () => {
  for (const metric of ["rouge_1", "rouge_2", "rouge_l", "rouge_lsum"]) {
    for (const measure of ["f", "precision", "recall"]) {
      assertEquals(
        score(`${metric}(measure=${measure})`, pair("testing one two", "")),
        0,
      );
    }
  }
});

interface PeerCase {
  id: string;
  inputs: { samples: { response: string; reference: string }[] };
  ranklens: { spec: string };
  expected: { perSample: number[] };
  tolerance: number;
}

Deno.test("rouge-score's ROUGE-1.5.5 comparisons (../shared/conformance/peers)", async () => {
  const text = await Deno.readTextFile(
    new URL(
      "../../../../shared/conformance/peers/rouge_score_testdata.jsonl",
      import.meta.url,
    ),
  );
  const cases: PeerCase[] = text.trim().split("\n").map((l) => JSON.parse(l));
  assertEquals(cases.length, 10);
  for (const c of cases) {
    const [sample] = c.inputs.samples;
    assertAlmostEquals(
      score(c.ranklens.spec, sample)!,
      c.expected.perSample[0],
      c.tolerance,
      c.id,
    );
  }
  // The test's precision and recall of the same lines, to 5 places.
  const line = (i: number) =>
    cases.find((c) => c.id === `rs-155-rouge1-${i}`)!
      .inputs.samples[0];
  const expected: [string, number, number][] = [
    ["rouge_1", 0.68750, 0.40741],
    ["rouge_2", 0.53333, 0.30769],
    ["rouge_l", 0.68750, 0.40741],
    ["rouge_1(stem=porter)", 0.68750, 0.40741],
  ];
  for (const [spec, precision, recall] of expected) {
    const m = spec.includes("(") ? spec.replace(")", ",") : `${spec}(`;
    assertAlmostEquals(
      score(`${m}measure=precision)`, line(0))!,
      precision,
      5e-6,
    );
    assertAlmostEquals(score(`${m}measure=recall)`, line(0))!, recall, 5e-6);
  }
  assertAlmostEquals(score("rouge_1(measure=recall)", line(1))!, 0.40476, 5e-6);
  assertAlmostEquals(
    score("rouge_1(stem=porter,measure=recall)", line(1))!,
    0.42857,
    5e-6,
  );
  assertAlmostEquals(
    score("rouge_1(stem=porter,measure=precision)", line(1))!,
    0.69231,
    5e-6,
  );
  assertAlmostEquals(
    score("rouge_2(measure=precision)", line(1))!,
    0.48000,
    5e-6,
  );
  assertAlmostEquals(
    score("rouge_l(measure=precision)", line(1))!,
    0.65385,
    5e-6,
  );
});

Deno.test("testRougeLsum, testSummaryLevelLcs and the empty cases", () => {
  const lsum = pair("w1 w2 w3 w4 w5", "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5");
  assertAlmostEquals(score("rouge_lsum(measure=recall)", lsum)!, 0.8);
  assertAlmostEquals(score("rouge_lsum(measure=precision)", lsum)!, 0.4);
  assertAlmostEquals(score("rouge_lsum", lsum)!, 0.5333, 5e-4);
  for (
    const [target, prediction] of [["w1 w2 w3 w4 w5", ""], ["", "w1"], [
      "w1 w2 w3 w4 w5",
      "/",
    ]]
  ) {
    for (const measure of ["f", "precision", "recall"]) {
      assertEquals(
        score(`rouge_lsum(measure=${measure})`, pair(target, prediction)),
        0,
      );
    }
  }
  assertEquals(rougeLsum([[]], [["reference"]]).recall, 0);
  const refs = [["1", "2", "3", "4", "5"]];
  const cans = [["1", "2", "6", "7", "8"], ["1", "3", "8", "9", "5"]];
  const s = rougeLsum(cans, refs);
  assertEquals([s.recall, s.precision], [0.8, 0.4]);
  assertEquals(lcsLength(["1", "2", "3", "4", "5"], ["2", "5", "3", "4"]), 3);
  assertEquals(lcsLength(["1", "2", "3", "4", "5"], ["8", "9"]), 0);
});

// rouge/testdata/pyrouge_files/target_multi.0.txt and prediction_multi.0.txt.
const TARGET_MULTI =
  "ZfbCUIUuePaiLVUlCaUXxkpu XPeWing tUHfPMuZ',-Xd Y BrUgVJing M-HV.-DgdDaY.rFDJCRing Ht-LM EKBDXkME,yz'RBr q'wtion wIojNbN wL,b .a-'XdQggyFl jB-RPP'iyOIcUxer tKM L\n" +
  "KsJdPByEtAor fE-Qg Dpdbring cw-WeFyu vC MoBL Xdn g wkvcEiGvKtion BDFhrpMtion psing sbKao Q m qiing LMmer HqqLFXe,XPY,J XsurkMer ,ed nB'wH'bWVHjWFEing tQ.saefZwJtKrTlixYpMMsJing UCAPwNHeYVjDing c T BUySKtion gMPfJpwGw p'NvxAoping eu pBwMBKV'I DNxqelhu,PHPxDEq,mtion SN\n" +
  "NhETebUbBk'er WOvoHMTjSRizKgH'vHiing Xu,hWxfs VkNE QhgKiLHE -HidivzoM.dO anhtion jbLQiSGDTCsuhREebUaKM dv J dVN tmbOT\n" +
  "vMR HDm,xOAetion D,tion HJtodT.mHl UIv-p VjWH'BdyWjnfGU-OjT aEMdFICyLWfQMtion wEMfdOKing AwkeKbO 'DxqNOHBH qKtVvm OYJl mM\n";
const PREDICTION_MULTI =
  "rFDJCRtion Ht-LM EKtDXkME,yz'RBr q'wer wrojNbN wL,b .a-'XdQggyFl jB-RPP'iyOIcUxi\n" +
  "n cw-WeFyu vC MoBL Xdn g wkvcEiGvKtion BDFhrpMer pstion sbKao Q m qier LMmed HqqLFXe,XPY,J XsurkMeo ,ed nB'wH'bWVHjWFEer tQ.saefZwJtKrTlixYpMMNJtion UCAPwNHeYVjD\n" +
  "xfs VkJE QhgKiLHE -HidivzoM.dO anhing jbLQiSGDTCsuhREebUaKM dv J\n" +
  "VjWH'BdyWjnfGU-OjTNaEMdFICyLWfQMing wEMfdOKijg AwkeKbO 'DxqNO\n";

Deno.test("testRougeLSumAgainstRouge155WithStemming", () => {
  const sample = pair(TARGET_MULTI, PREDICTION_MULTI);
  const lsum = (m: string) =>
    score(`rouge_lsum(stem=porter,measure=${m})`, sample)!;
  assertAlmostEquals(lsum("recall"), 0.36538, 5e-6);
  assertAlmostEquals(lsum("precision"), 0.66667, 5e-6);
  assertAlmostEquals(lsum("f"), 0.47205, 5e-6);
});

Deno.test("rouge-score's tokenizer: lower case, [a-z0-9] runs, stems of words over 3 letters", () => {
  assertEquals(rougeTokens("Hello, World! It's 2024."), [
    "hello",
    "world",
    "it",
    "s",
    "2024",
  ]);
  assertEquals(rougeTokens("Zürich café"), ["z", "rich", "caf"]);
  assertEquals(rougeTokens("The runners were running", true), [
    "the",
    "runner",
    "were",
    "run",
  ]);
  assertEquals(rougeTokens("東京"), []);
});

Deno.test("NLTK's Porter stems, which Porter's original algorithm misses", async () => {
  const { stems } = JSON.parse(
    await Deno.readTextFile(
      new URL("../../testdata/rag/nltk_porter_stems.json", import.meta.url),
    ),
  );
  const wrong = Object.entries(stems as Record<string, string>)
    .filter(([word, stem]) => nltkPorterStem(word) !== stem);
  assertEquals(wrong, []);
  assertEquals(Object.keys(stems).length > 3000, true);
});

Deno.test("several references: the best F-measure's precision and recall", () => {
  // "a b" against "a b c d" (P 1, R 1/2, F 2/3) and "a x" (P 1/2, R 1/2).
  const sample = { response: "a b", references: ["a x", "a b c d"] };
  assertAlmostEquals(score("rouge_1", sample)!, 2 / 3);
  assertEquals(score("rouge_1(measure=precision)", sample), 1);
  assertEquals(score("rouge_1(measure=recall)", sample), 0.5);
});

Deno.test("ROUGE-L refuses a table too large to compute quickly, naming the sample", () => {
  const long = Array.from({ length: 5000 }, (_, i) => `w${i % 97}`).join(" ");
  const samples = [{ response: "a", reference: "a" }, {
    id: "q7",
    response: long,
    reference: long,
  }];
  assertThrows(
    () => evaluateRag(samples, { metrics: ["rouge_l"] }),
    InputError,
    "Sample 2 (id q7): rouge_l: ROUGE-L of 5000 response tokens and 5000 reference tokens needs 25000000 table cells, over the limit of 16777216",
  );
  // ROUGE-2 has no such limit (and "a" alone has no bigram: 0).
  assertEquals(
    evaluateRag(samples, { metrics: ["rouge_2"] }).aggregate.rouge_2,
    0.5,
  );
});

const NQ = new URL(
  "../../../../shared/real/rag/flashrag-nq-llama3.1-70b.jsonl",
  import.meta.url,
).pathname;

Deno.test("rouge-score's and UltraRAG's values on FlashRAG's NQ answers", async () => {
  const reference = JSON.parse(
    await Deno.readTextFile(
      new URL("../../testdata/rag/rouge_nq_reference.json", import.meta.url),
    ),
  );
  const samples = await readRagSamples(NQ, { input: "answers" });
  const specs = Object.keys(reference.rouge_score);
  const result = evaluateRag(samples, { metrics: specs });
  specs.forEach((spec, i) => {
    assertAlmostEquals(
      result.aggregate[result.metrics[i]],
      reference.rouge_score[spec],
      1e-12,
      spec,
    );
  });
  // UltraRAG stems and scores its normalized texts.
  const ultra = evaluateRag(samples, {
    metrics: ["rouge_1", "rouge_2", "rouge_l"],
    normalize: "ultrarag",
  });
  assertAlmostEquals(
    ultra.aggregate.rouge_1,
    reference.ultrarag["rouge-1"],
    1e-12,
  );
  assertAlmostEquals(
    ultra.aggregate.rouge_2,
    reference.ultrarag["rouge-2"],
    1e-12,
  );
  assertAlmostEquals(
    ultra.aggregate.rouge_l,
    reference.ultrarag["rouge-l"],
    1e-12,
  );
});
