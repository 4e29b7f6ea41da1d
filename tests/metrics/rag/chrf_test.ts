// sacrebleu's own chrF test vectors (mjpost/sacrebleu@f615c72,
// test/test_chrf.py) and its chrF and chrF++ values on a real FlashRAG output.
import { assertAlmostEquals } from "../../assert.ts";
import { evaluateRag } from "../../../metrics/rag/evaluate.ts";
import { readRagSamples } from "../../../formats/rag_samples.ts";
import { score } from "./_score.ts";

function corpus(spec: string, hyps: string[], refs: string[]): number {
  const result = evaluateRag(
    hyps.map((response, i) => ({ response, reference: refs[i] })),
    { metrics: [spec] },
  );
  return result.aggregate[result.metrics[0]];
}

Deno.test("test_chrf: beta 3, epsilon smoothing", () => {
  const cases: [string[], string[], number][] = [
    [["abcdefg"], ["hijklmnop"], 0],
    [["a"], ["b"], 0],
    [[""], ["b"], 0],
    [[""], ["ref"], 0],
    [[""], ["reference"], 0],
    [["aa"], ["ab"], 8.3333],
    [["a", "b"], ["a", "c"], 8.3333],
    [["a"], ["a"], 16.6667],
    [["a b c"], ["a b c"], 50],
    [["a b c"], ["abc"], 50],
    [
      [
        " risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists .",
      ],
      [
        "risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists .",
      ],
      63.361730,
    ],
    [
      [
        " Die    Beziehung zwischen  Obama und Netanjahu ist nicht gerade  freundlich. ",
      ],
      [
        "Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich.",
      ],
      64.1302698,
    ],
    [
      ["Niemand hat die Absicht, eine Mauer zu errichten"],
      ["Niemand hat die Absicht, eine Mauer zu errichten"],
      100,
    ],
  ];
  for (const [hyps, refs, expected] of cases) {
    assertAlmostEquals(
      corpus("chrf(beta=3,eps_smoothing=true)", hyps, refs),
      expected,
      1e-4,
      hyps.join("|"),
    );
  }
});

Deno.test("test_chrf_eff_order: beta 3, effective order", () => {
  const cases: [string[], string[], number][] = [
    [["a"], ["a"], 100],
    [[""], ["reference"], 0],
    [["a b c"], ["a b c"], 100],
    [["a b c"], ["abc"], 100],
    [[""], ["c"], 0],
    [["a", "b"], ["a", "c"], 50],
    [["aa"], ["ab"], 25],
  ];
  for (const [hyps, refs, expected] of cases) {
    assertAlmostEquals(
      corpus("chrf(beta=3)", hyps, refs),
      expected,
      1e-4,
      hyps.join("|"),
    );
  }
});

Deno.test("test_chrf_keep_whitespace", () => {
  assertAlmostEquals(
    corpus(
      "chrf(beta=3,whitespace=true)",
      [
        "Die Beziehung zwischen Obama und Netanjahu ist nicht gerade freundlich.",
      ],
      [
        "Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich.",
      ],
    ),
    67.3481606,
    1e-4,
  );
  assertAlmostEquals(
    corpus(
      "chrf(beta=3,whitespace=true)",
      [
        "risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists .",
      ],
      [
        "risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists .",
      ],
    ),
    65.2414427,
    1e-4,
  );
});

Deno.test("test_chrf_sentence_level: sentence_chrf with epsilon smoothing", () => {
  const cases: [string, string, number][] = [
    [
      "Co nás nejvíc trápí, protože lékaři si vybírají, kdo bude žít a kdo zemře.",
      "Nejvíce smutní jsme z toho, že musíme rozhodovat o tom, kdo bude žít a kdo zemře.",
      39.14078509,
    ],
    [
      "Nebo prostě nemají vybavení, které by jim pomohlo, uvedli lékaři.",
      "A někdy nemáme ani potřebný materiál, abychom jim pomohli, popsali lékaři.",
      31.22557079,
    ],
    [
      "Lapali po dechu, jejich životy skončily dřív, než skutečně začaly.",
      "Lapali po dechu a pak jejich život skončil - dřív, než skutečně mohl začít, připomněli.",
      57.15704367,
    ],
  ];
  for (const [response, reference, expected] of cases) {
    assertAlmostEquals(
      score("chrf(eps_smoothing=true)", { response, reference })!,
      expected,
      1e-4,
    );
  }
});

Deno.test("sacrebleu's chrF and chrF++ on FlashRAG's NQ answers", async () => {
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
  for (const spec of ["chrf", "chrf(word_order=2)"]) {
    const result = evaluateRag(samples, { metrics: [spec] });
    const label = result.metrics[0];
    assertAlmostEquals(result.aggregate[label], expected[spec].corpus, 1e-9);
    const values = result.perSample.map((v) => v[label]!);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    assertAlmostEquals(mean, expected[spec].sentenceMean, 1e-9, spec);
  }
});
