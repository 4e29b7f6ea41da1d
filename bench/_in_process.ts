/**
 * Runs `trec_eval QRELS RUN` several times in one process and prints the
 * wall time of each run in milliseconds, as JSON: the first run is what a
 * command line pays (V8 starts every function cold), the later ones what
 * the same work costs once V8 has optimized it. `bench/small_runs.ts` runs
 * it to show where the floor of a small run is.
 *
 * ```sh
 * deno run -R bench/_in_process.ts QRELS RUN [TIMES]
 * ```
 *
 * @module
 */

import { trecEval } from "../trec_eval/command.ts";

const [qrels, run, times = "15"] = Deno.args;
const milliseconds: number[] = [];
let stdout = "";
for (let i = 0; i < Number(times); i++) {
  const start = performance.now();
  let printed = 0;
  const result = await trecEval([qrels, run], {
    sink: (text) => printed += text.length,
  });
  milliseconds.push(performance.now() - start);
  if (result.status !== 0) throw new Error(result.stderr);
  // The output is checked, so that no run is cut short.
  const output = `${printed}:${result.stdout}`;
  if (i > 0 && output !== stdout) throw new Error("the runs printed apart");
  stdout = output;
}
console.log(JSON.stringify(milliseconds));
