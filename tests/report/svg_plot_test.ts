import { assertEquals } from "../assert.ts";
import { differenceChart } from "../../report/svg_plot.ts";
import { compare } from "../../metrics/compare.ts";
import { comparedWithBaseline } from "../../report/comparison.ts";

const spec = {
  title: "new − old",
  queries: ["q1", "q2", "q3"],
  differences: [0.5, -0.25, 0],
  aValues: [1, 0.25, 0.5],
  bValues: [0.5, 0.5, 0.5],
  mean: 0.0833,
  aName: "new",
  bName: "old",
  yLabel: "diff",
  format: (v: number) => v.toFixed(4),
};

function bars(svg: string): [string, string][] {
  return [...svg.matchAll(/<rect class="diff (\w+)"[^>]* fill="([^"]+)">/g)]
    .map((m) => [m[1], m[2]]);
}

Deno.test("differenceChart colours gains over the baseline green, whichever run it is", () => {
  // Baseline b (old): new above it is a gain. Bars are sorted by A − B.
  const b = differenceChart({ ...spec, baseline: "b" });
  assertEquals(bars(b), [["better", "#2da44e"], ["worse", "#cf222e"]]);
  assertEquals(b.includes(">new better than old (baseline)</text>"), true);
  // Baseline a (new, the default): old below new is a loss for old.
  const a = differenceChart(spec);
  assertEquals(bars(a), [["worse", "#cf222e"], ["better", "#2da44e"]]);
  assertEquals(a.includes(">old better than new (baseline)</text>"), true);
  // Every query is named under its bar, the tie (no bar) included.
  assertEquals(
    [...a.matchAll(/class="qid"[^>]*>([^<]+)</g)].map((m) => m[1]),
    ["q1", "q3", "q2"],
  );
});

Deno.test("comparedWithBaseline: the named baseline is B, else run A", async () => {
  const qrels = new Map([["q1", new Map([["d1", 1]])]]);
  const runs = {
    old: [{ queryId: "q1", docs: ["d2"] }],
    new: [{ queryId: "q1", docs: ["d1"] }],
  };
  const pairs = await compare(runs, qrels, ["P@1"]);
  assertEquals(comparedWithBaseline(pairs, pairs.pairs[0]), {
    baseline: "old",
    other: "new",
    gain: 1,
  });
  const named = await compare(runs, qrels, ["P@1"], { baseline: "old" });
  // With a baseline, a is the other run: new − old.
  assertEquals(named.pairs[0].a, "new");
  assertEquals(comparedWithBaseline(named, named.pairs[0]), {
    baseline: "old",
    other: "new",
    gain: 1,
  });
});
