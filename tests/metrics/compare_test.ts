import {
  assertAlmostEquals,
  assertEquals,
  assertRejects,
  assertThrows,
} from "../assert.ts";
import { compare, compareEvaluations } from "../../metrics/compare.ts";
import { evaluate } from "../../metrics/evaluate.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { readRun } from "../../formats/trec_run.ts";
import type { RankedList } from "../../model/types.ts";
import { InputError } from "../../model/errors.ts";
import { adjustPValues } from "../../metrics/significance/correction.ts";
import { REFERENCE } from "./significance/_reference.ts";
import { ALTERNATIVES_REFERENCE, num } from "./significance/_alternatives.ts";
import { TUKEY_REFERENCE } from "./significance/_tukey.ts";
import { runInProcess } from "../cli/_cli.ts";
import { createApp } from "../../server.ts";

// scipy.stats.bootstrap(method="percentile") intervals of each example run's
// mean (tests/testdata/significance/mean_bootstrap.json, written by a script
// kept outside the repository: for each run of the three example cases, the
// mean and standard deviation of 60 intervals of 10000 resamples each).
const MEAN_BOOTSTRAP: {
  cases: {
    name: string;
    systems: {
      ci: [number, number];
      ci_sd: [number, number];
      min: number;
      max: number;
    }[];
  }[];
} = JSON.parse(
  await Deno.readTextFile(
    new URL("../testdata/significance/mean_bootstrap.json", import.meta.url),
  ),
);

const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;
const qrels = await readQrels(`${EXAMPLES}qrels.txt`);
async function load(name: string): Promise<RankedList[]> {
  return await Array.fromAsync(readRun(`${EXAMPLES}run.${name}.txt`));
}
const hybrid = await load("hybrid");
const bm25 = await load("bm25");
const METRICS = ["ndcg@10", "ap", "P@5"];
// The reference cases hold these runs' per-query values (hybrid = a).
const reference = (metric: string) =>
  REFERENCE.cases.find((c) => c.name === `example ${metric} hybrid vs bm25`)!;

Deno.test("compare's tests on the example runs match scipy on the same per-query scores", async () => {
  for (const test of ["t", "wilcoxon", "permutation"] as const) {
    const result = await compare({ hybrid, bm25 }, qrels, METRICS, {
      test,
      correction: "none",
    });
    assertEquals(result.queries.length, 20);
    for (const pair of result.pairs) {
      const c = reference(pair.metric);
      assertEquals([...pair.differences], c.a.map((x, i) => x - c.b[i]));
      const want = test === "t"
        ? c.t.pvalue
        : test === "wilcoxon"
        ? c.wilcoxon.pvalue
        : c.permutation.pvalue;
      assertAlmostEquals(pair.pValue, want, 1e-10, `${test} ${pair.metric}`);
      assertEquals(pair.pAdjusted, pair.pValue);
      assertAlmostEquals(pair.effectSize, c.effect_size!, 1e-12);
      // The diff interval (95% percentile bootstrap) is within five Monte
      // Carlo standard deviations of scipy's.
      for (const side of [0, 1]) {
        assertAlmostEquals(
          pair.ci[side],
          c.bootstrap.ci[side],
          5 * c.bootstrap.ci_sd[side] + 1e-12,
        );
      }
      // Each mean's interval (95% percentile bootstrap) is within five
      // Monte Carlo standard deviations of scipy's, and inside the range of
      // the per-query values.
      const means = MEAN_BOOTSTRAP.cases.find((m) => m.name === c.name)!;
      result.systems.forEach((system, s) => {
        const ci = system.ci[pair.metric];
        const ref = means.systems[s];
        for (const side of [0, 1]) {
          assertAlmostEquals(
            ci[side],
            ref.ci[side],
            5 * ref.ci_sd[side] + 1e-12,
            `${system.name} ${pair.metric} ci[${side}]`,
          );
        }
        assertEquals(ci[0] >= ref.min && ci[1] <= ref.max, true);
      });
    }
  }
});

Deno.test("compare corrects over every pair and metric with Holm by default", async () => {
  const result = await compare(
    { hybrid, bm25, again: hybrid },
    qrels,
    METRICS,
    {
      test: "t",
    },
  );
  // Three runs, all pairs in order: (hybrid, bm25), (hybrid, again), (bm25, again).
  assertEquals(result.pairs.map((p) => `${p.a}-${p.b}`), [
    ...METRICS.map(() => "hybrid-bm25"),
    ...METRICS.map(() => "hybrid-again"),
    ...METRICS.map(() => "bm25-again"),
  ]);
  const raw = result.pairs.map((p) => p.pValue);
  assertEquals(
    result.pairs.map((p) => p.pAdjusted),
    adjustPValues(raw, "holm"),
  );
  // hybrid against itself: no difference, p = 1, all ties.
  const same = result.pairs[3];
  assertEquals([same.pValue, same.ties, same.diff, same.significant], [
    1,
    20,
    0,
    false,
  ]);
  assertEquals(result.pairs[0].significant, true);
  // With a baseline, every other run is compared with it as b.
  const vs = await compare({ bm25, hybrid, again: hybrid }, qrels, ["ap"], {
    baseline: "bm25",
  });
  assertEquals(vs.pairs.map((p) => [p.a, p.b]), [["hybrid", "bm25"], [
    "again",
    "bm25",
  ]]);
});

Deno.test("the query set is explicit: judged scores missing topics 0, intersection drops them", async () => {
  const lost = new Set(["q03", "q04"]);
  const partial = hybrid.filter((r) => !lost.has(r.queryId));
  const judged = await compare({ partial, hybrid }, qrels, ["ap"]);
  assertEquals(judged.querySet, "judged");
  assertEquals(judged.queries.length, 20);
  const full = await evaluate(hybrid, qrels, ["ap"]);
  const lostSum = [...lost].reduce((s, q) => s + full.perQuery.get(q)![0], 0);
  assertAlmostEquals(judged.pairs[0].diff, -lostSum / 20, 1e-15);
  assertEquals(judged.pairs[0].losses, 2);
  assertEquals(judged.systems[0].counts.notRetrieved, 2);
  const inter = await compare({ partial, hybrid }, qrels, ["ap"], {
    querySet: "intersection",
  });
  assertEquals(inter.queries.length, 18);
  assertEquals(inter.queries.includes("q03"), false);
  assertEquals(inter.pairs[0].diff, 0);
});

Deno.test("compare is deterministic for a seed and draws curves from the same core", async () => {
  const options = {
    test: "fisher" as const,
    seed: 7,
    curveCutoffs: [5, 10, 20],
  };
  const one = await compare({ hybrid, bm25 }, qrels, ["ndcg@10"], options);
  const two = await compare({ hybrid, bm25 }, qrels, ["ndcg@10"], options);
  assertEquals(one.pairs, two.pairs);
  assertEquals(one.curves.length, 1);
  assertEquals(one.curves[0].metric, "ndcg");
  assertEquals(one.curves[0].cutoffs, [5, 10, 20]);
  const at5 = await evaluate(hybrid, qrels, ["ndcg@5"], {
    averageOverQrels: true,
  });
  assertAlmostEquals(
    one.curves[0].means.hybrid[0],
    at5.aggregate["ndcg@5"],
    1e-15,
  );
  assertEquals(one.curves[0].means.bm25[1], one.systems[1].means["ndcg@10"]);
});

Deno.test("compare rejects what it cannot compare", async () => {
  await assertRejects(
    () => compare({ hybrid }, qrels, ["ap"]),
    TypeError,
    "at least two runs, got 1",
  );
  await assertRejects(
    () => compare({ hybrid, bm25 }, qrels, ["gm_map"]),
    TypeError,
    "geometric mean",
  );
  await assertRejects(
    () => compare({ hybrid, bm25 }, qrels, ["ap"], { baseline: "dense" }),
    TypeError,
    'Baseline "dense"',
  );
  await assertRejects(
    () => compare({ hybrid, bm25 }, qrels, ["ap"], { alpha: 1 }),
    RangeError,
    "got 1",
  );
  const a = await evaluate(hybrid, qrels, ["ap"]);
  const b = await evaluate(hybrid.slice(1), qrels, ["ap"]);
  assertThrows(
    () => compareEvaluations({ a, b }, { judgedQueries: qrels.keys() }),
    InputError,
    'Run "b" has no value for judged query "q01"',
  );
  const nothing = await evaluate([], qrels, ["ap"]);
  assertThrows(
    () => compareEvaluations({ a, nothing }, { querySet: "intersection" }),
    InputError,
    "No query is scored by every run",
  );
});

Deno.test("compare checks every option before it reads a run", async () => {
  let pulled = 0;
  async function* counted(): AsyncGenerator<RankedList> {
    for (const ranked of hybrid) {
      pulled++;
      yield ranked;
    }
  }
  const cases: [Record<string, unknown>, string[], ErrorConstructor, string][] =
    [
      [{ seed: -1 }, ["ap"], RangeError, "Seed must be an integer"],
      [{ resamples: 0 }, ["ap"], RangeError, "got 0"],
      [{ test: "z" }, ["ap"], TypeError, 'Unknown test "z"'],
      [{ correction: "bh" }, ["ap"], TypeError, 'Unknown correction "bh"'],
      [{ alpha: 1 }, ["ap"], RangeError, "Alpha must be in (0, 1), got 1"],
      [{ baseline: "dense" }, ["ap"], TypeError, 'Baseline "dense"'],
      [{}, ["gm_map"], TypeError, "geometric mean"],
    ];
  for (const [options, metrics, type, message] of cases) {
    await assertRejects(
      () => compare({ new: counted(), old: bm25 }, qrels, metrics, options),
      type,
      message,
    );
  }
  await assertRejects(
    () => compare({ new: counted() }, qrels, ["ap"]),
    TypeError,
    "at least two runs, got 1",
  );
  assertEquals(pulled, 0);
});

Deno.test("compareEvaluations calls its checkpoint per metric, run summary and paired test and stops when it throws", async () => {
  const options = { averageOverQrels: true };
  const evaluations = new Map([
    ["hybrid", await evaluate(hybrid, qrels, METRICS, options)],
    ["bm25", await evaluate(bm25, qrels, METRICS, options)],
    ["again", await evaluate(bm25, qrels, METRICS, options)],
  ]);
  let calls = 0;
  const result = compareEvaluations(evaluations, {
    judgedQueries: qrels.keys(),
    checkpoint: () => calls++,
  });
  // Once per metric checked (3), per run and metric summarised (3 x 3) and
  // per paired test (3 pairs of runs x 3 metrics).
  assertEquals([calls, result.pairs.length], [3 + 9 + 9, 9]);
  calls = 0;
  assertThrows(
    () =>
      compareEvaluations(evaluations, {
        judgedQueries: qrels.keys(),
        checkpoint: () => {
          if (++calls === 4) throw new RangeError("out of time");
        },
      }),
    RangeError,
    "out of time",
  );
  assertEquals(calls, 4);
});

// The alternatives reference holds the same example cases (hybrid = a).
const alternativesCase = (metric: string) =>
  ALTERNATIVES_REFERENCE.cases.find((c) =>
    c.name === `example ${metric} hybrid vs bm25`
  )!;

Deno.test("compare passes alternative, zero method and continuity correction to the tests, as scipy", async () => {
  for (const alternative of ["two-sided", "less", "greater"] as const) {
    const t = await compare({ hybrid, bm25 }, qrels, METRICS, {
      test: "t",
      alternative,
      correction: "none",
    });
    assertEquals(t.alternative, alternative);
    for (const pair of t.pairs) {
      const want = alternativesCase(pair.metric).ttest_rel[alternative]!;
      assertAlmostEquals(pair.pValue, num(want.pvalue), 1e-12, pair.metric);
    }
    for (const zeroMethod of ["wilcox", "pratt", "zsplit"] as const) {
      const w = await compare({ hybrid, bm25 }, qrels, METRICS, {
        test: "wilcoxon",
        alternative,
        zeroMethod,
        continuityCorrection: true,
        correction: "none",
      });
      assertEquals([w.zeroMethod, w.continuityCorrection], [zeroMethod, true]);
      for (const pair of w.pairs) {
        const want = alternativesCase(pair.metric).wilcoxon.find((r) =>
          r.zero_method === zeroMethod && r.alternative === alternative &&
          r.method === "auto" && r.correction
        )!;
        assertEquals(pair.statistic, num(want.statistic));
        assertAlmostEquals(pair.pValue, num(want.pvalue), 1e-12, pair.metric);
      }
    }
  }
});

Deno.test("compare --test tukey gives scipy.stats.tukey_hsd's p-values over all runs at once", async () => {
  const result = await compare(
    { hybrid, bm25, again: hybrid },
    qrels,
    METRICS,
    { test: "tukey", correction: "none" },
  );
  const runs = ["hybrid", "bm25", "again"];
  for (const pair of result.pairs) {
    const c = TUKEY_REFERENCE.tukey_hsd.find((c) =>
      c.name === `example ${pair.metric} hybrid, bm25, again`
    )!;
    const [i, j] = [runs.indexOf(pair.a), runs.indexOf(pair.b)];
    assertAlmostEquals(pair.statistic, c.statistic[i][j], 1e-15);
    assertAlmostEquals(pair.pValue, c.pvalue[i][j], 1e-12, pair.metric);
  }
  // With a baseline the family is still every run: the same p-values.
  const based = await compare(
    { hybrid, bm25, again: hybrid },
    qrels,
    METRICS,
    { test: "tukey", correction: "none", baseline: "bm25" },
  );
  const hybridVsBm25 = based.pairs.find((p) =>
    p.a === "hybrid" && p.metric === "ap"
  )!;
  const c = TUKEY_REFERENCE.tukey_hsd.find((c) =>
    c.name === "example ap hybrid, bm25, again"
  )!;
  assertAlmostEquals(hybridVsBm25.pValue, c.pvalue[0][1], 1e-12);
});

Deno.test("compare with tukey corrects over the metrics of each pair of runs", async () => {
  const result = await compare(
    { hybrid, bm25, again: hybrid },
    qrels,
    METRICS,
    { test: "tukey", correction: "holm" },
  );
  for (const [a, b] of [["hybrid", "bm25"], ["bm25", "again"]]) {
    const pairs = result.pairs.filter((p) => p.a === a && p.b === b);
    assertEquals(pairs.length, METRICS.length);
    assertEquals(
      pairs.map((p) => p.pAdjusted),
      adjustPValues(pairs.map((p) => p.pValue), "holm"),
    );
  }
});

Deno.test("compare rejects a one-sided Tukey test and unknown alternatives", async () => {
  await assertRejects(
    () =>
      compare({ hybrid, bm25 }, qrels, METRICS, {
        test: "tukey",
        alternative: "less",
      }),
    TypeError,
    'Tukey\'s HSD is two-sided; alternative "less"',
  );
  await assertRejects(
    () =>
      compare({ hybrid, bm25 }, qrels, METRICS, {
        alternative: "lower" as "less",
      }),
    TypeError,
    'Unknown alternative "lower"',
  );
  await assertRejects(
    () =>
      compare({ hybrid, bm25 }, qrels, METRICS, {
        zeroMethod: "drop" as "wilcox",
      }),
    TypeError,
    'Unknown zero method "drop"',
  );
});

Deno.test("compare refuses a run without a judged query, as compare and POST /v1/compare do", async () => {
  // DL 2019's queries are none of DL 2020's 54 judged ones. Scored as 54
  // empty rankings, the library compared it and found bm25 significantly
  // better on every metric, where the CLI and the server refuse the run.
  const real = "../shared/real/trec";
  const qrelsPath = `${real}/qrels/dl20-passage.txt`;
  const dl20 = `${real}/runs/dl20.bm25.txt`,
    dl19 = `${real}/runs/dl19.bm25.txt`;
  const reason =
    "no query of the run is judged: none of its 43 query ids is in the qrels";
  const judged = await readQrels(qrelsPath);
  await assertRejects(
    () =>
      compare(
        { dl20: readRun(dl20), dl19: readRun(dl19, { name: "dl19" }) },
        judged,
        ["ap"],
      ),
    InputError,
    `dl19: ${reason}`,
  );
  const cli = await runInProcess(["compare", qrelsPath, dl20, dl19]);
  assertEquals(
    [cli.status, cli.err],
    [1, `ranklens compare: ${dl19}: ${reason}\n`],
  );
  const response = await createApp().request("/v1/compare", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      qrels: await Deno.readTextFile(qrelsPath),
      runs: {
        dl20: await Deno.readTextFile(dl20),
        dl19: await Deno.readTextFile(dl19),
      },
    }),
  });
  assertEquals(
    [response.status, (await response.json()).detail],
    [400, `runs.dl19: ${reason}`],
  );
});
