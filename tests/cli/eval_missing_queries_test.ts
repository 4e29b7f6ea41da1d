/**
 * A run that lacks judged queries: `eval` leaves them out of the means, as
 * trec_eval does, and says so; `-c` scores them 0, which is what
 * ir_measures reports for the same names. The run is DL 2020's TAS-B run
 * without 10 of its 54 topics; the reference means are ir_measures 0.4.3's
 * `calc_aggregate` on that run (its msmarco, judged and gdeval providers,
 * gdeval printing 5 decimals).
 *
 * @module
 */

import { assertAlmostEquals, assertEquals } from "../assert.ts";
import { runCli } from "./_cli.ts";

const REAL = "../shared/real/trec/";
const QRELS = `${REAL}qrels/dl20-passage.txt`;
const DROPPED = new Set(
  "23849 258062 324585 330975 332593 336901 390360 405163 42255 47210"
    .split(" "),
);

async function partialRun(): Promise<string> {
  const lines = (await Deno.readTextFile(`${REAL}runs/dl20.tasb.txt`))
    .split("\n")
    .filter((line) => line !== "" && !DROPPED.has(line.split(" ")[0]));
  assertEquals(lines.length, 4400);
  const path = await Deno.makeTempFile({ suffix: ".run" });
  await Deno.writeTextFile(path, lines.join("\n") + "\n");
  return path;
}

const SPECS = "RR@10 Judged@10 ERR@20";

Deno.test("eval -c averages over every judged query, as ir_measures does", async () => {
  const run = await partialRun();
  try {
    const { code, stdout, stderr } = await runCli([
      ...["eval", QRELS, run, SPECS, "-c", "--format", "json"],
    ]);
    assertEquals([code, stderr], [0, ""]);
    const { aggregate, counts } = JSON.parse(stdout);
    assertEquals([counts.scored, counts.notRetrieved], [54, 10]);
    assertAlmostEquals(aggregate["rr@10"], 0.7546296296296297, 1e-12);
    assertAlmostEquals(aggregate["judged@10"], 0.7629629629629628, 1e-12);
    assertAlmostEquals(aggregate["err@20"], 0.360547037037037, 5e-6);
  } finally {
    await Deno.remove(run);
  }
});

Deno.test("eval without -c tells that judged queries the run lacks are left out", async () => {
  const run = await partialRun();
  try {
    const { code, stdout, stderr } = await runCli(["eval", QRELS, run, SPECS]);
    assertEquals(code, 0);
    assertEquals(
      stderr,
      "ranklens eval: warning: 10 judged queries are not in the run and left out of the means, as trec_eval leaves them; -c scores them 0, as ir_measures and ranx (make_comparable) do\n",
    );
    assertEquals(stdout.split("\n")[1], "num_q                 \tall\t44");
  } finally {
    await Deno.remove(run);
  }
});
