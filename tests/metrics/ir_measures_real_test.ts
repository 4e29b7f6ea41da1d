/**
 * ir_measures' measures that trec_eval lacks, on real runs: `RR@k`,
 * `Judged@k`, `ERR@k` and `nDCG(dcg='exp-log2')@k`, against the values
 * ir_measures 0.4.3 printed (tests/testdata/ir_measures/README.md). Grades
 * are DL's 0-3, TREC-COVID's 0-2 and the Web track's -2..4.
 *
 * @module
 */

import { assertAlmostEquals, assertEquals } from "../assert.ts";
import { evaluate } from "../../metrics/evaluate.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { readRun } from "../../formats/trec_run.ts";

const REAL = "../shared/real/trec/";

interface Reference {
  readonly provider: string;
  readonly aggregate: number;
  readonly perQuery: Readonly<Record<string, number>>;
}

const REFERENCE: Record<string, Record<string, Reference>> = JSON.parse(
  await Deno.readTextFile("tests/testdata/ir_measures/real_runs.json"),
);

for (const [pair, specs] of Object.entries(REFERENCE)) {
  const [run, qrels] = pair.split(" ");
  Deno.test(`ir_measures' ${Object.keys(specs).join(", ")} on ${run}`, async () => {
    const result = await evaluate(
      readRun(`${REAL}runs/${run}.txt`),
      await readQrels(`${REAL}qrels/${qrels}.txt`),
      Object.keys(specs),
    );
    Object.values(specs).forEach((reference, m) => {
      const label = result.metrics[m].label;
      // gdeval prints 5 decimals: half a unit of the last, and float noise.
      const tolerance = reference.provider === "gdeval" ? 5e-6 + 1e-12 : 1e-12;
      const got: Record<string, number> = {};
      for (const [query, values] of result.perQuery) got[query] = values[m];
      assertEquals(
        Object.keys(got).sort(),
        Object.keys(reference.perQuery).sort(),
      );
      for (const [query, value] of Object.entries(reference.perQuery)) {
        assertAlmostEquals(got[query], value, tolerance, `${label} ${query}`);
      }
      assertAlmostEquals(
        result.aggregate[label],
        reference.aggregate,
        tolerance,
      );
    });
  });
}
