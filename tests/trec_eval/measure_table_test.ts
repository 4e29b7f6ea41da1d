// trec_eval's measure table is derived from the registry's trec_eval rows
// and trec_eval's own measures. measure_order.txt is trec_eval 10.0's order:
// the measure names of `trec_eval -h -m NAME ...` with every measure named,
// whose documentation trec_eval prints in its table's order.
import { assertEquals, assertThrows } from "../assert.ts";
import { BUILTIN_METRICS } from "../../metrics/ranking_metrics.ts";
import {
  measureTable,
  TREC_MEASURES,
  trecMeasureTable,
} from "../../trec_eval/measures.ts";
import { expandMeasureList } from "../../metrics/measure_list.ts";

const ORDER = (await Deno.readTextFile(
  new URL("../testdata/trec_eval/measure_order.txt", import.meta.url),
)).trim().split("\n");

const ROWS = BUILTIN_METRICS.flatMap((d) =>
  (d.trecEval ?? []).map((row) => ({ metric: d.name, row }))
);

Deno.test("the table has trec_eval 10's measures in trec_eval's order", () => {
  assertEquals(TREC_MEASURES.map((m) => m.name), ORDER);
  assertEquals(
    ORDER.filter((name) => !measureTable(9).some((m) => m.name === name)),
    ["dcg", "ideal_dcg", "rbp", "rbp_resid", "unj"],
  );
});

Deno.test("each registry trec_eval row is declared once and is the table's measure", () => {
  const names = ROWS.map(({ row }) => row.name);
  assertEquals(names.filter((n, i) => names.indexOf(n) !== i), []);
  for (const { row } of ROWS) {
    const measure = TREC_MEASURES.find((m) => m.name === row.name);
    assertEquals(measure?.spec, row.spec, row.name);
    assertEquals(
      [measure?.params, measure?.print, measure?.summary, measure?.perTopic],
      [row.params, row.print, row.summary, row.perTopic],
      row.name,
    );
  }
  // The measures the registry does not compute are trec_eval's own.
  assertEquals(
    ORDER.filter((name) => !names.includes(name)),
    [
      "runid",
      "num_q",
      "relstring",
      ...ORDER.filter((n) => n.startsWith("prefs_")),
      "map_avgjg",
      "P_avgjg",
      "Rprec_mult_avgjg",
    ],
  );
});

Deno.test("each row's spec resolves to the metric that declares it", () => {
  for (const { metric, row } of ROWS) {
    const [spec] = expandMeasureList([`${row.name}`], () => false);
    const name = spec.split(/[(@]/)[0];
    const declared = BUILTIN_METRICS.find((d) =>
      d.name === name ||
      (d.aliases ?? []).some((a) =>
        (typeof a === "string" ? a : a.name) === name
      )
    );
    assertEquals(declared?.name, metric, row.name);
  }
});

Deno.test("a measure declared anywhere takes trec_eval's place without a table line", () => {
  // As if relstring moved from trec_eval's own measures into a registry
  // metric's file: the table is built from the same declarations, in
  // whatever order they come, and relstring keeps trec_eval's place.
  const relstring = TREC_MEASURES.find((m) => m.name === "relstring")!;
  const others = TREC_MEASURES.filter((m) => m !== relstring);
  const moved = { ...relstring, spec: "relstring" };
  const table = trecMeasureTable([...others.reverse(), moved]);
  assertEquals(table.map((m) => m.name), ORDER);
  assertEquals(table[ORDER.indexOf("relstring")], moved);
});

Deno.test("a trec_eval measure declared twice, or one trec_eval lacks, is refused", () => {
  const map = TREC_MEASURES.find((m) => m.name === "map")!;
  assertThrows(
    () => trecMeasureTable([map, { ...map }]),
    Error,
    'trec_eval measure "map" is declared twice',
  );
  assertThrows(
    () => trecMeasureTable([{ ...map, name: "map_new" }]),
    Error,
    '"map_new" is not a trec_eval 10 measure',
  );
});
