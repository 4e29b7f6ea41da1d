/**
 * Times the CLI on the runs people score every day: a TREC DL 2020 pair (43
 * judged topics of 54, 1,000 documents each, heavy score ties) and a
 * `compare` of the five DL 2020 first-stage runs, against a trec_eval
 * binary when one is given (ratio of medians and of peak memory, and
 * whether `trec_eval` printed trec_eval's bytes).
 *
 * ```sh
 * TREC_EVAL=/path/to/trec_eval deno run -A bench/small_runs.ts [--runs 9]
 * ```
 *
 * The data is `../shared/real/trec/` (qrels `dl20-passage.txt`, runs
 * `dl20.*.txt`), or `--data DIR` holding `qrels/` and `runs/` alike. Each
 * command runs under GNU time (`bench/_timing.ts`): wall time (measured to
 * the microsecond around it), CPU time (user + system, which a busy machine
 * inflates less than wall time) and peak resident memory. The commands of a row take turns, round
 * after round, so that both sides see the same load.
 *
 * A second table shows where the floor of `trec_eval QRELS RUN` is, set
 * against trec_eval's time: Deno's start on an empty module, the start with
 * the command's modules (`trec_eval --help`), and the command run several
 * times in one process (`bench/_in_process.ts`), cold at its first run and
 * warm once V8 has optimized it.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { measure as measureRounds, type Measured, median } from "./_timing.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "9" },
    data: { type: "string", default: "../shared/real/trec" },
    "trec-eval": { type: "string" },
  },
});
const runs = Number(values.runs);
const trecEval = values["trec-eval"] ?? Deno.env.get("TREC_EVAL");
const cli = new URL("../cli.ts", import.meta.url).pathname;
const qrels = `${values.data}/qrels/dl20-passage.txt`;
const run = `${values.data}/runs/dl20.repllama.txt`;
const firstStage = ["bm25", "bm25-rm3", "splade-pp-ed", "tasb", "ada2"].map(
  (name) => `${values.data}/runs/dl20.${name}.txt`,
);

const measure = (...commands: string[][]) => measureRounds(runs, ...commands);
/** The 1-, 5- and 15-minute load averages, which wall times depend on. */
const loadAverage = async () =>
  (await Deno.readTextFile("/proc/loadavg").catch(() => "? ? ?")).split(" ")
    .slice(0, 3).join(" ");
const loadAtStart = await loadAverage();

const ranklens = (args: string[]) => [
  Deno.execPath(),
  "run",
  "-A",
  cli,
  ...args,
];
const rows: string[][] = [];
const seconds = (m: Measured) => `${m.wall.toFixed(3)} s`;
const cpu = (m: Measured) => `${m.cpu.toFixed(3)} s`;
const mib = (m: Measured) => `${m.peakMiB.toFixed(0)} MiB`;

/** trec_eval's timing in the first row, which the floor is set against. */
let trecEvalRow: Measured | undefined;

/** ranklens against trec_eval: `sameBytes` compares their outputs. */
async function versus(
  label: string,
  ours: string[],
  theirs: string[],
  sameBytes: boolean,
): Promise<void> {
  const [a, b] = await measure(
    ranklens(ours),
    ...(trecEval ? [[trecEval, ...theirs]] : []),
  );
  trecEvalRow ??= b;
  const row = [label, seconds(a), cpu(a), mib(a)];
  if (b) {
    row.push(
      seconds(b),
      cpu(b),
      mib(b),
      `${(a.wall / b.wall).toFixed(2)}x`,
      `${(a.cpu / b.cpu).toFixed(2)}x`,
      `${(a.peakMiB / b.peakMiB).toFixed(2)}x`,
      sameBytes ? (a.stdout === b.stdout ? "yes" : "NO") : "",
    );
  } else row.push("", "", "", "", "", "", "");
  rows.push(row);
  console.error(row.join("  "));
}

await versus("`trec_eval QRELS RUN`", ["trec_eval", qrels, run], [
  qrels,
  run,
], true);
await versus("`eval QRELS RUN`", ["eval", qrels, run], [qrels, run], false);
await versus(
  "`eval -m ndcg@10 -m ap -m rr`",
  ["eval", "-m", "ndcg@10", "-m", "ap", "-m", "rr", qrels, run],
  ["-m", "ndcg_cut.10", "-m", "map", "-m", "recip_rank", qrels, run],
  false,
);
const [compared] = await measure(
  ranklens([
    "compare",
    qrels,
    ...firstStage,
    ...["-m", "ndcg@10", "-m", "ap", "-m", "P@10", "-m", "rr"],
  ]),
);
rows.push([
  "`compare` 5 runs, 4 metrics, t-test",
  seconds(compared),
  cpu(compared),
  mib(compared),
  "",
  "",
  "",
  "",
  "",
  "",
  "",
]);
const [help] = await measure(ranklens(["--help"]));
rows.push([
  "`--help`",
  seconds(help),
  cpu(help),
  mib(help),
  ...Array(7).fill(""),
]);

// Where the floor is: what Deno's start and the command's modules cost
// before a byte is read, and what the same scoring costs once V8 has
// optimized it (runs 6 on of one process) against the first, cold run.
const empty = await Deno.makeTempFile({ suffix: ".ts" });
await Deno.writeTextFile(empty, "export {};\n");
const inProcess = new URL("./_in_process.ts", import.meta.url).pathname;
const coldRuns: number[] = [], warmRuns: number[] = [];
const [start, modules] = await measure(
  [Deno.execPath(), "run", empty],
  ranklens(["trec_eval", "--help"]),
);
for (let i = 0; i < runs; i++) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-R", inProcess, qrels, run, "15"],
  }).output();
  if (!output.success) throw new Error(new TextDecoder().decode(output.stderr));
  const times: number[] = JSON.parse(new TextDecoder().decode(output.stdout));
  coldRuns.push(times[0] / 1000);
  warmRuns.push(median(times.slice(5)) / 1000);
}
await Deno.remove(empty);
const cold = median(coldRuns), warm = median(warmRuns);
const floor = [
  ["`deno run` of an empty module", start.wall],
  ["`trec_eval --help`: start and the command's modules", modules.wall],
  ["`trec_eval QRELS RUN` in a process, first run", cold],
  ["the same, warm (median of runs 6-15 in one process)", warm],
  ["floor: modules and a warm run", modules.wall + warm],
] as const;

const header = [
  "command",
  "ranklens",
  "CPU",
  "memory",
  "trec_eval",
  "CPU",
  "memory",
  "time",
  "CPU time",
  "memory",
  "same bytes",
];
console.log(
  `| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`,
);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
const trecEvalWall = trecEvalRow?.wall;
console.log(
  "\n| where the time of `trec_eval QRELS RUN` goes | wall | of trec_eval |\n|---|---|---|",
);
for (const [what, wall] of floor) {
  const ratio = trecEvalWall ? `${(wall / trecEvalWall).toFixed(2)}x` : "";
  console.log(`| ${what} | ${wall.toFixed(3)} s | ${ratio} |`);
}
console.log(
  `\nmedian of ${runs} runs each, taking turns (GNU time: wall, user + system, peak RSS); ratios of the medians; trec_eval: ${
    trecEval ?? "none"
  }; Deno ${Deno.version.deno}, ${Deno.build.target}, ${navigator.hardwareConcurrency} cores; load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${await loadAverage()}`,
);
