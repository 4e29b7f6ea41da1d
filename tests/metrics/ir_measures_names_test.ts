// Every ir_measures measure name, written as ir_measures users write it,
// scores what ir_measures' default provider gives on ir_measures' own test
// inputs (tests/test_pytrec_eval.py, test_cwl_eval.py, test_judged.py of
// terrierteam/ir_measures). Sources of the expected values:
// - "asserted": the value ir_measures' test asserts (exact, or to its 4
//   places);
// - "trec_eval": trec_eval 10.0 -q on the same files, 4 places printed
//   (pytrec_eval, ir_measures' provider for these, is trec_eval);
// - "definition": a throwaway script of the published definition (gdeval's
//   nDCG and ERR, ir_measures' compatibility), to 1e-12.
import { assertAlmostEquals, assertEquals } from "../assert.ts";
import { evaluate } from "../../metrics/evaluate.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { readRun } from "../../formats/trec_run.ts";

const lines = (text: string) => text.split("|").join("\n") + "\n";

const RUN_A = lines(
  "0 0 D0 1 0.8 run|0 0 D2 2 0.7 run|0 0 D1 3 0.3 run|0 0 D3 4 0.4 run|0 0 D4 5 0.1 run|1 0 D1 1 0.8 run|1 0 D3 2 0.7 run|1 0 D4 3 0.3 run|1 0 D2 4 0.4 run",
);
const RUN_B = lines(
  "0 0 D0 1 0.8 run|0 0 D2 2 0.7 run|0 0 D1 3 0.3 run|0 0 D3 4 0.4 run|0 0 D4 5 0.1 run|1 0 D1 1 0.8 run|1 0 D4 2 0.7 run|1 0 D3 3 0.3 run|1 0 D2 4 0.4 run",
);

/** The inputs, named after the ir_measures test that holds them. */
const FIXTURES: Record<string, { qrels: string; run: string }> = {
  NumRet: {
    qrels: lines(
      "0 0 D0 0|0 0 D1 1|0 0 D2 1|0 0 D3 2|0 0 D4 0|1 0 D0 1|1 0 D3 2|1 0 D5 2",
    ),
    run: RUN_A,
  },
  NumRel: {
    qrels: lines(
      "0 0 D0 0|0 0 D1 1|0 0 D2 1|0 0 D3 2|0 0 D4 0|1 0 D0 1|1 0 D3 2|1 0 D5 0",
    ),
    run: RUN_A,
  },
  SetP: {
    qrels: lines(
      "0 0 D0 0|0 0 D1 1|0 0 D2 2|0 0 D3 2|0 0 D4 0|1 0 D0 1|1 0 D3 2|1 0 D5 0",
    ),
    run: RUN_B,
  },
  IPrec: {
    qrels: lines(
      "0 0 D0 1|0 0 D1 1|0 0 D2 2|0 0 D3 2|0 0 D4 0|1 0 D0 1|1 0 D3 2|1 0 D5 0",
    ),
    run: RUN_B,
  },
  infAP: {
    qrels: lines(
      "0 0 D0 1|0 0 D1 -1|0 0 D2 0|0 0 D3 2|0 0 D4 0|1 0 D0 1|1 0 D3 2|1 0 D4 -1|1 0 D5 0",
    ),
    run: RUN_B,
  },
  P: {
    qrels: lines(
      "0 0 D0 -1|0 0 D1 1|0 0 D3 2|0 0 D4 1|1 0 D0 1|1 0 D3 0|1 0 D4 -1",
    ),
    run: lines(
      "0 0 D0 1 0.8 run|0 0 D2 2 0.7 run|0 0 D1 3 0.3 run|0 0 D3 4 0.4 run|0 0 D4 5 0.1 run|1 0 D1 1 0.8 run|1 0 D0 2 0.7 run|1 0 D3 3 0.3 run|1 0 D2 4 0.4 run",
    ),
  },
  Accuracy: {
    qrels: lines(
      "0 0 C0_1 0|0 0 B0_1 1|0 0 A0_1 2|1 0 A1_1 2|1 0 A1_2 2|1 0 B1_1 1|1 0 C1_2 0|2 0 B1_1 1",
    ),
    run: lines(
      "0 0 C0_1 1 0.4 run|0 0 A0_1 2 0.3 run|0 0 C0_2 3 0.2 run|0 0 C0_3 4 0.1 run|" +
        "1 0 C1_1 1 0.8 run|1 0 A1_1 2 0.7 run|1 0 C1_2 3 0.6 run|1 0 B1_1 4 0.5 run|1 0 C1_3 5 0.4 run|" +
        "2 0 B1_1 2 0.2 run|2 0 C1_1 3 0.1 run",
    ),
  },
  cwl: {
    qrels: lines(
      "T1 00 D1 1|T1 00 D2 0|T1 00 D3 1|T1 00 D4 1|T1 00 D7 1|T1 00 D8 0|T1 00 D9 1|T1 00 D10 0|" +
        "T2 00 D1 1|T2 00 D2 1|T2 00 D5 1|T2 00 D6 0|T2 00 D7 1|T2 00 D8 1|T2 00 D9 1|T2 00 D10 0|" +
        "T3 00 D4 0|T3 00 D5 0|T3 00 D6 1|T3 00 D7 1|T3 00 D8 1|T3 00 D9 0|T3 00 D10 1",
    ),
    run: lines(
      [
        ["T1", "E2 E2 E1 E2 E3 E1 E2 E1 E2 E3"],
        ["T2", "E1 E1 E1 E2 E2 E1 E2 E1 E2 E3"],
        ["T3", "E3 E2 E1 E2 E2 E1 E2 E1 E2 E3"],
      ].flatMap(([topic, types]) =>
        types.split(" ").map((type, i) =>
          `${topic} ${type} D${i + 1} ${i + 1} ${
            [4.3, 4.2, 4.1, 3.9, 3.8, 3.7, 3.6, 3.5, 3.4, 3.3][i]
          } R1`
        )
      ).join("|"),
    ),
  },
};

type Case = [
  fixture: string,
  spec: string,
  values: Record<string, number>,
  tolerance: number,
  source: "asserted" | "trec_eval" | "definition",
];

const EXACT = 1e-9, PLACES = 5e-5, SCRIPT = 1e-12;

const CASES: Case[] = [
  // pytrec_eval (trec_eval) measures
  ["NumRet", "NumRet", { 0: 5, 1: 4 }, EXACT, "asserted"],
  ["NumRet", "NumRet(rel=1)", { 0: 3, 1: 1 }, EXACT, "asserted"],
  ["NumRet", "NumRet(rel=2)", { 0: 1, 1: 1 }, EXACT, "asserted"],
  ["NumRet", "NumRet(rel=3)", { 0: 0, 1: 0 }, EXACT, "asserted"],
  ["NumRet", "NumRelRet", { 0: 3, 1: 1 }, EXACT, "asserted"],
  ["NumRet", "NumQ", { 0: 1, 1: 1 }, EXACT, "asserted"],
  ["NumRel", "NumRel", { 0: 3, 1: 2 }, EXACT, "asserted"],
  ["SetP", "Success@2", { 0: 1, 1: 0 }, EXACT, "asserted"],
  ["SetP", "Success(rel=2)@2", { 0: 1, 1: 0 }, EXACT, "asserted"],
  ["SetP", "Success(rel=3)@2", { 0: 0, 1: 0 }, EXACT, "asserted"],
  ["SetP", "SetP(rel=1)", { 0: 0.6, 1: 0.25 }, EXACT, "asserted"],
  ["SetP", "SetRelP(rel=1)", { 0: 1, 1: 0.5 }, EXACT, "asserted"],
  ["SetP", "SetP(rel=1, relative=True)", { 0: 1, 1: 0.5 }, EXACT, "asserted"],
  ["SetP", "SetP(rel=2)", { 0: 0.4, 1: 0.25 }, EXACT, "asserted"],
  ["SetP", "SetRelP(rel=2)", { 0: 1, 1: 1 }, EXACT, "asserted"],
  ["SetP", "SetP(rel=3)", { 0: 0, 1: 0 }, EXACT, "asserted"],
  ["SetP", "SetR(rel=1)", { 0: 1, 1: 0.5 }, EXACT, "asserted"],
  ["SetP", "SetR(rel=2)", { 0: 1, 1: 1 }, EXACT, "asserted"],
  ["SetP", "SetR(rel=3)", { 0: 0, 1: 0 }, EXACT, "asserted"],
  ["SetP", "SetAP(rel=1)", { 0: 0.6, 1: 0.125 }, EXACT, "asserted"],
  ["SetP", "SetAP(rel=2)", { 0: 0.4, 1: 0.25 }, EXACT, "asserted"],
  ["SetP", "SetAP(rel=3)", { 0: 0, 1: 0 }, EXACT, "asserted"],
  ["SetP", "SetF(rel=1)", { 0: 0.75, 1: 0.33333 }, PLACES, "asserted"],
  ["SetP", "SetF(rel=1, beta=0.5)", { 0: 0.6923, 1: 0.3 }, PLACES, "asserted"],
  [
    "SetP",
    "SetF(rel=1, beta=2.0)",
    { 0: 0.81818, 1: 0.375 },
    PLACES,
    "asserted",
  ],
  ["SetP", "SetF(rel=3)", { 0: 0, 1: 0 }, EXACT, "asserted"],
  ["IPrec", "IPrec@0.25", { 0: 1, 1: 0.25 }, EXACT, "asserted"],
  ["IPrec", "IPrec@0.5", { 0: 1, 1: 0.25 }, EXACT, "asserted"],
  ["IPrec", "IPrec@0.75", { 0: 1, 1: 0 }, EXACT, "asserted"],
  ["IPrec", "IPrec(rel=2)@0.1", { 0: 0.6666666, 1: 0.25 }, PLACES, "asserted"],
  ["IPrec", "IPrec(rel=2)@0.75", { 0: 0.6666666, 1: 0.25 }, PLACES, "asserted"],
  ["infAP", "AP", { 0: 0.8333, 1: 0.125 }, PLACES, "asserted"],
  ["infAP", "infAP", { 0: 0.8333, 1: 0.1875 }, PLACES, "asserted"],
  ["infAP", "AP(rel=2)", { 0: 0.33333, 1: 0.25 }, PLACES, "asserted"],
  ["infAP", "infAP(rel=2)", { 0: 0.33333, 1: 0.375 }, PLACES, "asserted"],
  ["infAP", "nDCG", { 0: 0.76018, 1: 0.32739 }, PLACES, "asserted"],
  ["infAP", "nDCG@3", { 0: 0.76018, 1: 0 }, PLACES, "asserted"],
  [
    "infAP",
    "nDCG(gains={0:1,1:4})",
    { 0: 0.97177, 1: 0.14949 },
    PLACES,
    "asserted",
  ],
  ["P", "P@4", { 0: 0.5, 1: 0.25 }, PLACES, "asserted"],
  ["P", "P(judged_only=True)@4", { 0: 0.75, 1: 0.25 }, PLACES, "asserted"],
  ["infAP", "RR", { 0: 1, 1: 0.25 }, PLACES, "trec_eval"],
  ["infAP", "Rprec", { 0: 0.5, 1: 0 }, PLACES, "trec_eval"],
  ["infAP", "Bpref", { 0: 0.75, 1: 0.5 }, PLACES, "trec_eval"],
  ["SetP", "AP@4", { 0: 0.6389, 1: 0.125 }, PLACES, "trec_eval"],
  ["SetP", "MAP", { 0: 0.6389, 1: 0.125 }, PLACES, "trec_eval"],
  ["SetP", "NDCG@3", { 0: 0.6013, 1: 0 }, PLACES, "trec_eval"],
  ["SetP", "P@4", { 0: 0.75, 1: 0.25 }, PLACES, "trec_eval"],
  ["SetP", "MRR", { 0: 0.5, 1: 0.25 }, PLACES, "trec_eval"],
  ["SetP", "RPrec", { 0: 0.6667, 1: 0 }, PLACES, "trec_eval"],
  ["SetP", "BPref", { 0: 0.5, 1: 0.5 }, PLACES, "trec_eval"],
  ["P", "RR(judged_only=True)", { 0: 1, 1: 1 }, PLACES, "trec_eval"],
  ["P", "Rprec(judged_only=True)", { 0: 1, 1: 1 }, PLACES, "trec_eval"],
  ["P", "AP(judged_only=True)", { 0: 1, 1: 1 }, PLACES, "trec_eval"],
  ["P", "AP(judged_only=True)@4", { 0: 1, 1: 1 }, PLACES, "trec_eval"],
  ["P", "nDCG(judged_only=True)", { 0: 1, 1: 1 }, PLACES, "trec_eval"],
  ["P", "nDCG(judged_only=True)@4", { 0: 1, 1: 1 }, PLACES, "trec_eval"],
  ["P", "SetP(judged_only=True)", { 0: 1, 1: 0.5 }, PLACES, "trec_eval"],
  ["P", "SetAP(judged_only=True)", { 0: 1, 1: 0.5 }, PLACES, "trec_eval"],
  ["P", "SetF(judged_only=True)", { 0: 1, 1: 0.6667 }, PLACES, "trec_eval"],
  ["P", "Success(judged_only=True)@2", { 0: 1, 1: 1 }, PLACES, "trec_eval"],
  ["P", "Success@2", { 0: 0, 1: 1 }, PLACES, "trec_eval"],
  ["P", "Bpref", { 0: 1, 1: 1 }, PLACES, "trec_eval"],
  // gdeval (ERR, nDCG with dcg='exp-log2'); judged; compat
  ["SetP", "ERR@3", { 0: 0.14453125, 1: 0 }, SCRIPT, "definition"],
  [
    "SetP",
    "ERR@10",
    { 0: 0.15484619140625, 1: 0.046875 },
    SCRIPT,
    "definition",
  ],
  ["P", "ERR@10", { 0: 0.084716796875, 1: 0.03125 }, SCRIPT, "definition"],
  [
    "SetP",
    "nDCG(dcg='exp-log2')@3",
    { 0: 0.62913440460770675, 1: 0 },
    SCRIPT,
    "definition",
  ],
  [
    "SetP",
    "nDCG(dcg='exp-log2')@10",
    { 0: 0.70899596367340301, 1: 0.35583989829307827 },
    SCRIPT,
    "definition",
  ],
  [
    "P",
    'nDCG(dcg="exp-log2")@3',
    { 0: 0.36311438089770287, 1: 0.63092975357145742 },
    SCRIPT,
    "definition",
  ],
  ["NumRet", "Judged", { 0: 1, 1: 1 / 4 }, EXACT, "asserted"],
  ["NumRet", "Judged(cutoff=1000)", { 0: 1, 1: 1 / 4 }, EXACT, "asserted"],
  ["NumRet", "Judged@10", { 0: 1, 1: 1 / 4 }, EXACT, "asserted"],
  ["NumRet", "Judged@3", { 0: 1, 1: 1 / 3 }, EXACT, "asserted"],
  ["NumRet", "Judged@1", { 0: 1, 1: 0 }, EXACT, "asserted"],
  // A negative judgement is a judgement to ir_measures.
  ["P", "Judged", { 0: 0.8, 1: 0.5 }, SCRIPT, "definition"],
  [
    "SetP",
    "Compat",
    { 0: 0.55428499239293538, 1: 0.071918885479214559 },
    SCRIPT,
    "definition",
  ],
  [
    "SetP",
    "Compat(p=0.8)",
    { 0: 0.47444317036728162, 1: 0.051557465091299687 },
    SCRIPT,
    "definition",
  ],
  [
    "P",
    "Compat(p=0.95, normalize=True)",
    { 0: 0.30576122727031241, 1: 0.49753215009133389 },
    SCRIPT,
    "definition",
  ],
  // ir_measures' accuracy provider: a query without a relevant and a
  // nonrelevant document retrieved has no value (query 2 at rel=2).
  [
    "Accuracy",
    "Accuracy(rel=1)",
    { 0: 2 / 3, 1: 0.5, 2: 1 },
    EXACT,
    "asserted",
  ],
  ["Accuracy", "Accuracy(rel=2)", { 0: 2 / 3, 1: 0.75 }, EXACT, "asserted"],
  // cwl_eval
  [
    "cwl",
    "BPM(T=1.0, max_rel=1)@20",
    { T1: 1, T2: 1, T3: 0.1667 },
    PLACES,
    "asserted",
  ],
  [
    "cwl",
    "BPM(T=2.0, max_rel=1)@10",
    { T1: 0.6667, T2: 1, T3: 0.2857 },
    PLACES,
    "asserted",
  ],
  [
    "cwl",
    "INSQ(T=1.0, max_rel=1)",
    { T1: 0.5872, T2: 0.6629, T3: 0.088 },
    PLACES,
    "asserted",
  ],
  [
    "cwl",
    "INSQ(T=2.0, max_rel=1)",
    { T1: 0.4513, T2: 0.5068, T3: 0.1292 },
    PLACES,
    "asserted",
  ],
  [
    "cwl",
    "INST(T=1.0, max_rel=1)",
    { T1: 0.7934, T2: 0.9226, T3: 0.0888 },
    PLACES,
    "asserted",
  ],
  [
    "cwl",
    "INST(T=2.0, max_rel=1)",
    { T1: 0.5994, T2: 0.6924, T3: 0.1397 },
    PLACES,
    "asserted",
  ],
  [
    "cwl",
    "SDCG(max_rel=1)@10",
    { T1: 0.5645, T2: 0.6531, T3: 0.2848 },
    PLACES,
    "asserted",
  ],
  [
    "cwl",
    "NERR8(max_rel=1)@10",
    { T1: 1, T2: 1, T3: 0.1667 },
    PLACES,
    "asserted",
  ],
  [
    "cwl",
    "NERR9(max_rel=1)@10",
    { T1: 1, T2: 1, T3: 0.068 },
    PLACES,
    "asserted",
  ],
  [
    "cwl",
    "NERR10(p=0.8, max_rel=1)",
    { T1: 1, T2: 1, T3: 0.0888 },
    PLACES,
    "asserted",
  ],
  [
    "cwl",
    "NERR11(T=2.0, max_rel=1)",
    { T1: 1, T2: 1, T3: 0.0691 },
    PLACES,
    "asserted",
  ],
  [
    "cwl",
    "RBP(p=0.9, rel=1)",
    { T1: 0.3501, T2: 0.3996, T3: 0.1988 },
    PLACES,
    "asserted",
  ],
  ["cwl", "P@1", { T1: 1, T2: 1, T3: 0 }, PLACES, "asserted"],
  ["cwl", "P@10", { T1: 0.5, T2: 0.6, T3: 0.4 }, PLACES, "asserted"],
  ["cwl", "P@20", { T1: 0.25, T2: 0.3, T3: 0.2 }, PLACES, "asserted"],
  ["cwl", "RR", { T1: 1, T2: 1, T3: 0.1667 }, PLACES, "asserted"],
];

for (const [fixture, spec, values, tolerance, source] of CASES) {
  Deno.test(`ir_measures' ${spec} on its ${fixture} inputs (${source})`, async () => {
    const { qrels, run } = FIXTURES[fixture];
    const result = await evaluate(
      readRun({ text: run }),
      await readQrels({ text: qrels }),
      [spec],
    );
    const got: Record<string, number> = {};
    for (const [query, scores] of result.perQuery) {
      if (!Number.isNaN(scores[0])) got[query] = scores[0];
    }
    assertEquals(Object.keys(got).sort(), Object.keys(values).sort(), spec);
    for (const [query, value] of Object.entries(values)) {
      assertAlmostEquals(got[query], value, tolerance, `${spec} ${query}`);
    }
  });
}

Deno.test("ir_measures' aggregates: means, and sums for the counts", async () => {
  const { qrels, run } = FIXTURES.NumRet;
  const result = await evaluate(
    readRun({ text: run }),
    await readQrels({ text: qrels }),
    ["NumRet", "NumRet(rel=1)", "NumQ", "Judged@3"],
  );
  assertEquals(Object.values(result.aggregate), [9, 4, 2, (1 + 1 / 3) / 2]);
});

Deno.test("Accuracy's mean is over the queries it is defined for, as ir_measures'", async () => {
  const { qrels, run } = FIXTURES.Accuracy;
  const result = await evaluate(
    readRun({ text: run }),
    await readQrels({ text: qrels }),
    ["Accuracy", "Accuracy(rel=2)"],
  );
  assertAlmostEquals(result.aggregate.accuracy, (2 / 3 + 0.5 + 1) / 3, 1e-12);
  assertAlmostEquals(
    result.aggregate["accuracy(rel=2)"],
    (2 / 3 + 0.75) / 2,
    1e-12,
  );
});

// gdeval prints nothing for a query without a relevant document; ir_measures
// then gives it its measures' default, 0, and averages over it (ir_measures
// 0.4.3's calc_aggregate on these inputs: 0.09375 and 0.5).
Deno.test("a query gdeval skips scores 0 in the mean, as ir_measures fills it", async () => {
  const result = await evaluate(
    readRun({
      text: lines("1 Q0 a 1 2 r|1 Q0 b 2 1 r|2 Q0 c 1 2 r|2 Q0 d 2 1 r"),
    }),
    await readQrels({ text: lines("1 0 a 2|1 0 b 0|2 0 c 0|2 0 d 0") }),
    ["ERR@10", "nDCG(dcg='exp-log2')@10"],
  );
  assertEquals(
    [...result.perQuery].map(([query, values]) => [query, [...values]]),
    [["1", [0.1875, 1]], ["2", [0, 0]]],
  );
  assertEquals(Object.values(result.aggregate), [0.09375, 0.5]);
});
