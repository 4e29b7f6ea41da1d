// ndeval's diversity measures under ir_measures' names, on the inputs of
// ir_measures' tests/test_pyndeval.py (subtopic qrels: the second field is
// the subtopic). ERR_IA@20 is the value that test asserts (4 places); the
// rest come from a throwaway script of ndeval 4.5's C code, loop by loop
// (the ideal ranking greedy with ties to the greater docno, "ideal ideal"
// normalization from rank 2 on), to 1e-12. rel=2 reads a grade of at least
// 2 as relevant, as pyndeval's relevance_level does.
import {
  assertAlmostEquals,
  assertEquals,
  assertRejects,
  assertThrows,
} from "../../assert.ts";
import { InputError } from "../../../model/errors.ts";
import { evaluateDiversity } from "../../../metrics/diversity/evaluate.ts";
import { readSubtopicQrels } from "../../../formats/subtopic_qrels.ts";
import { readRun } from "../../../formats/trec_run.ts";
import { resolve } from "../../../metrics/builtin.ts";
import { evaluate } from "../../../metrics/evaluate.ts";

const QRELS = "0 0 D0 0\n0 0 D1 1\n0 0 D2 1\n0 1 D2 1\n0 1 D3 2\n0 0 D4 0\n" +
  "1 0 D0 1\n1 0 D3 2\n1 1 D5 2\n";
const RUN = "0 0 D0 1 0.8 run\n0 0 D2 2 0.7 run\n0 0 D1 3 0.3 run\n" +
  "0 0 D3 4 0.4 run\n0 0 D4 5 0.1 run\n1 0 D1 1 0.8 run\n1 0 D3 2 0.7 run\n" +
  "1 0 D4 3 0.3 run\n1 0 D2 4 0.4 run\n";

const CASES: [string, number, number, number][] = [
  ["ERR_IA@20", 0.4659, 0.1803, 5e-5],
  ["ERR_IA@5", 0.4689863842662633, 0.18154311649016644, 1e-12],
  ["ERR_IA(rel=2)@10", 0.24047773478562326, 0.18035830108921747, 1e-12],
  ["nERR_IA@5", 0.5344827586206897, 0.30000000000000004, 1e-12],
  ["nERR_IA(rel=2)@10", 0.3333333333333333, 0.3333333333333333, 1e-12],
  ["alpha_DCG@5", 0.5687267362315035, 0.20775074077285055, 1e-12],
  ["alpha_nDCG@5", 0.6732494378732705, 0.3354350434265105, 1e-12],
  ["α_nDCG@1", 0, 0, 1e-12],
  ["NRBP", 0.4453125, 0.1875, 1e-12],
  ["NRBP(rel=2)", 0.1875, 0.1875, 1e-12],
  ["nNRBP", 0.5, 0.3076923076923077, 1e-12],
  ["nNRBP(rel=2)", 0.25, 0.3333333333333333, 1e-12],
  ["AP_IA", 0.5416666666666666, 0.125, 1e-12],
  ["MAP_IA(rel=2)", 0.3333333333333333, 0.25, 1e-12],
  ["P_IA@5", 0.4, 0.1, 1e-12],
  ["P_IA(rel=2)@10", 0.1, 0.05, 1e-12],
  ["StRecall@5", 1, 0.5, 1e-12],
  ["StRecall(rel=2)@10", 1, 0.5, 1e-12],
];

Deno.test("ndeval's measures under ir_measures' names on its pyndeval test inputs", async () => {
  const qrels = await readSubtopicQrels({ text: QRELS });
  const specs = CASES.map(([spec]) => spec);
  const result = await evaluateDiversity(readRun({ text: RUN }), qrels, specs);
  assertEquals([...result.perQuery.keys()], ["0", "1"]);
  CASES.forEach(([spec, q0, q1, tolerance], i) => {
    assertAlmostEquals(result.perQuery.get("0")![i], q0, tolerance, spec);
    assertAlmostEquals(result.perQuery.get("1")![i], q1, tolerance, spec);
  });
  // The mean over the queries both files hold, as ndeval's amean.
  assertAlmostEquals(result.aggregate["err_ia@20"], 0.3231, 5e-5);
});

Deno.test("judged_only drops unjudged documents before the diversity measures score", async () => {
  const qrels = await readSubtopicQrels({ text: QRELS });
  // Query 1 ranks D1, D4 and D2, which its qrels do not judge, before D3.
  const result = await evaluateDiversity(readRun({ text: RUN }), qrels, [
    "P_IA(judged_only=True)@1",
    "P_IA@1",
  ]);
  assertEquals(Array.from(result.perQuery.get("1")!), [0.5, 0]);
});

Deno.test("diversity measures score subtopic rankings, not rankings", async () => {
  assertEquals(resolve("alpha_nDCG@10").kind, "diversity");
  assertEquals(resolve("alpha-nDCG@10").label, "alpha_ndcg@10");
  await evaluate([], new Map(), ["alpha_nDCG@10"]).then(
    () => assertEquals(true, false),
    (error) => assertEquals(error instanceof TypeError, true),
  );
  assertThrows(() => resolve("alpha_nDCG"), RangeError, "needs a cutoff");
});

Deno.test("a query without relevant subtopics scores 0, where ndeval prints nan for nNRBP", async () => {
  const qrels = await readSubtopicQrels({ text: "7 1 a 0\n" });
  const result = await evaluateDiversity(
    [{ queryId: "7", docs: ["a"] }],
    qrels,
    ["nNRBP", "alpha_nDCG@5", "StRecall@5"],
  );
  assertEquals(Array.from(result.perQuery.get("7")!), [0, 0, 0]);
  assertEquals(result.counts.withoutRelevant, 1);
});

Deno.test("diversity runs take evaluate's path: ungrouped runs, repeats and nothing judged", async () => {
  const qrels = await readSubtopicQrels({ text: QRELS });
  // The same lines with query 1 split around query 0: the reference values.
  const lines = RUN.trim().split("\n");
  const ungrouped = [lines[5], ...lines.slice(0, 5), ...lines.slice(6)]
    .join("\n");
  const result = await evaluateDiversity(
    readRun({ text: ungrouped }),
    qrels,
    ["alpha_nDCG@5", "ERR_IA@5"],
  );
  assertAlmostEquals(result.perQuery.get("0")![0], 0.6732494378732705, 1e-12);
  assertAlmostEquals(result.perQuery.get("1")![1], 0.18154311649016644, 1e-12);
  // A document repeated in a file names both lines, as for ranking metrics.
  await assertRejects(
    () =>
      evaluateDiversity(
        readRun({ text: RUN + "1 0 D3 6 0.05 run\n" }, { name: "run.txt" }),
        qrels,
        ["alpha_nDCG@5"],
      ),
    InputError,
    'run.txt:10: document "D3" appears twice in query "1" (lines 7 and 10)',
  );
  // Nothing judged: NaN in the library, an error when required.
  const none = [{ queryId: "9", docs: ["D0"] }];
  const empty = await evaluateDiversity(none, qrels, ["alpha_nDCG@5"]);
  assertEquals([empty.counts.scored, empty.aggregate["alpha_ndcg@5"]], [
    0,
    NaN,
  ]);
  await assertRejects(
    () =>
      evaluateDiversity(none, qrels, ["alpha_nDCG@5"], {
        requireJudged: true,
      }),
    InputError,
    "no query of the run is judged",
  );
});
