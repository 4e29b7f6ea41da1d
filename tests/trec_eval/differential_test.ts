/**
 * The differential cases written by `generate_cases.ts`: for every command,
 * `ranklens trec_eval` prints the recorded stdout byte for byte, the same
 * stderr and the same exit status. The references come from the real
 * trec_eval 10.0 and 9.0.8 binaries, or, where ranklens deliberately does
 * what trec_eval's documentation intends, from the derivation each case
 * records in its `reference` and `note`.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { trecEval } from "../../metrics/trec_eval/command.ts";
import { stringBytes } from "../../formats/trec_eval_lines.ts";

const CASES = new URL("../testdata/trec_eval/cases/", import.meta.url).pathname;

interface CaseRecord {
  readonly command: string;
  readonly args: string[];
  readonly reference: string;
  readonly note?: string;
  readonly status: number;
  readonly stderr: string;
}

const datasets = [...Deno.readDirSync(CASES)]
  .filter((e) => e.isDirectory)
  .map((e) => e.name)
  .sort();

let total = 0;
for (const dataset of datasets) {
  const dir = `${CASES}${dataset}/`;
  const ids = [...Deno.readDirSync(dir)]
    .map((e) => e.name)
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -".json".length))
    .sort();
  for (const id of ids) {
    total++;
    const record: CaseRecord = JSON.parse(
      Deno.readTextFileSync(`${dir}${id}.json`),
    );
    Deno.test(`${dataset}/${id}: ${record.command}`, async () => {
      const result = await trecEval(record.args, { cwd: dir });
      const expected = Deno.readFileSync(`${dir}${id}.expected`);
      assertEquals(result.status, record.status, "exit status");
      assertEquals(result.stderr, record.stderr, "stderr");
      assertEquals(stringBytes(result.stdout), expected, "stdout");
    });
  }
}

Deno.test("the differential cases are all there", () => {
  // 98 commands over 13 datasets, as generate_cases.ts writes them.
  assertEquals(datasets.length, 13);
  assertEquals(total, 98);
});
