// Lists as long as a request may make them: 200,000 rows, tokens, specs,
// arguments or queries. A spread of a list that long into a call
// (`Math.max(...rows)`, `push(...tokens)`) throws "Maximum call stack size
// exceeded" past about 125,000 elements; these pass only without one.

import { assertEquals } from "./assert.ts";
import { toAligned } from "../report/table.ts";
import { differenceChart } from "../report/svg_plot.ts";
import { unicodeNormalizer } from "../metrics/rag/normalize.ts";
import { expandMeasureList } from "../metrics/measure_list.ts";
import { parseTrecEvalArgs } from "../trec_eval/options.ts";

const N = 200_000;

Deno.test("toAligned pads 200,000 rows to the widest cell", () => {
  const rows = Array.from({ length: N }, (_, i) => [`q${i}`, "0.5"]);
  const text = toAligned({ header: ["query", "rr"], rows });
  const lines = text.split("\n");
  // "q199999" is the widest query id: 7 characters.
  assertEquals(lines.slice(0, 3), [
    "query     rr",
    "-------  ---",
    "q0       0.5",
  ]);
  assertEquals(lines.length, N + 3);
});

Deno.test("the unicode normalizer splits a run of 200,000 CJK characters into one token each", () => {
  const tokens = unicodeNormalizer.tokenize("漢字".repeat(N / 2) + " ok");
  assertEquals(tokens.length, N + 1);
  assertEquals(tokens.slice(0, 3), ["漢", "字", "漢"]);
  assertEquals(tokens.at(-1), "ok");
});

Deno.test("expandMeasureList expands trec_eval's P at 200,000 cutoffs", () => {
  const cutoffs = Array.from({ length: N }, (_, i) => i + 1).join(",");
  const specs = expandMeasureList([`P.${cutoffs}`]);
  assertEquals(specs.length, N);
  assertEquals([specs[0], specs[N - 1]], ["P@1", `P@${N}`]);
});

Deno.test("trec_eval's arguments after -- are all files, however many", () => {
  const files = Array.from({ length: N }, (_, i) => `f${i}`);
  const parsed = parseTrecEvalArgs(["-q", "--", ...files]);
  if (!("files" in parsed)) throw new Error(parsed.stderr);
  assertEquals(parsed.files.length, N);
  assertEquals(parsed.files.at(-1), `f${N - 1}`);
});

Deno.test("differenceChart draws 200,000 queries on an axis from their extremes", () => {
  const differences = Array.from({ length: N }, (_, i) => (i % 5 - 2) / 4);
  const svg = differenceChart({
    title: "A - B",
    queries: differences.map((_, i) => `q${i}`),
    differences,
    mean: 0,
    aName: "A",
    bName: "B",
    yLabel: "diff",
    format: (v) => v.toFixed(4),
  });
  // Four in five differences are not 0: one bar each.
  assertEquals(svg.match(/<rect class="diff /g)?.length, N * 4 / 5);
  // The axis covers the extremes, -0.5 and 0.5, in steps of 0.2.
  const ticks = [...svg.matchAll(/class="tick">([^<]*)</g)].map((m) => m[1]);
  assertEquals(ticks, ["-0.6", "-0.4", "-0.2", "0.0", "0.2", "0.4", "0.6"]);
});
