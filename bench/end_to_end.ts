/**
 * Times the CLI end to end on MS MARCO-sized files, against a trec_eval
 * binary when one is given, and prints the ratio of medians and of peak
 * memory (without a binary, ranklens' own lines per second); then ranklens
 * on 7M against 1M lines (memory must stay flat) and on gzip against plain.
 * One row scores the same run with 17-digit scores (`generate.ts --full-scores`).
 *
 * ```sh
 * deno run -A bench/generate.ts                 # once: bench/data/msmarco-6980x1000.*
 * TREC_EVAL=/path/to/trec_eval deno run -A bench/end_to_end.ts [--runs 5]
 * ```
 *
 * Each command runs under GNU time (`bench/_timing.ts`) for wall time and
 * peak resident memory; the last column says whether ranklens printed
 * exactly trec_eval's bytes.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { measure as measureRounds } from "./_timing.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "5" },
    data: { type: "string", default: "bench/data" },
    "trec-eval": { type: "string", default: Deno.env.get("TREC_EVAL") },
    only: { type: "string" },
  },
});
const runs = Number(values.runs);
const cli = fileURLToPath(new URL("../cli.ts", import.meta.url));
const generator = fileURLToPath(new URL("./generate.ts", import.meta.url));
const data = values.data!;

async function ensureData(
  topics: number,
  gzip = false,
  fullScores = false,
): Promise<[string, string]> {
  const name = `${data}/msmarco-${topics}x1000${fullScores ? "-full" : ""}`;
  const suffix = gzip ? ".gz" : "";
  try {
    await Deno.stat(`${name}.run${suffix}`);
  } catch {
    const args = [
      "run",
      "-R",
      "-W",
      generator,
      "--topics",
      String(topics),
      "--out",
      data,
    ];
    if (gzip) args.push("--gzip");
    if (fullScores) args.push("--full-scores");
    const { success } = await new Deno.Command(Deno.execPath(), {
      args,
      stdout: "null",
    }).output();
    if (!success) throw new Error("bench/generate.ts failed");
  }
  return [`${name}.qrels${suffix}`, `${name}.run${suffix}`];
}

const measure = (...commands: string[][]) => measureRounds(runs, ...commands);

const ranklens = (
  args: string[],
) => [Deno.execPath(), "run", "-A", cli, "trec_eval", ...args];
const rows: string[][] = [];

/** ranklens against trec_eval on the same arguments. */
async function versus(label: string, args: string[], lines: number) {
  if (values.only && !label.includes(values.only)) return;
  const trecEval = values["trec-eval"];
  const [ours, theirs] = await measure(
    ranklens(args),
    ...(trecEval ? [[trecEval, ...args]] : []),
  );
  const row = [label, ours.wall.toFixed(2), ours.peakMiB.toFixed(0)];
  if (theirs) {
    row.push(
      theirs.wall.toFixed(2),
      theirs.peakMiB.toFixed(0),
      (ours.wall / theirs.wall).toFixed(3),
      (ours.peakMiB / theirs.peakMiB).toFixed(3),
      theirs.stdout === ours.stdout ? "yes" : "NO",
    );
  } else {
    row.push(
      "",
      "",
      "",
      "",
      (lines / ours.wall / 1e6).toFixed(2) + " M lines/s",
    );
  }
  rows.push(row);
  console.error(row.join("  "));
}

/** ranklens on two inputs that must print the same: a time and memory ratio. */
async function ownRatio(label: string, args: string[], baseArgs: string[]) {
  if (values.only && !label.includes(values.only)) return;
  const [ours, base] = await measure(ranklens(args), ranklens(baseArgs));
  const row = [
    label,
    ours.wall.toFixed(2),
    ours.peakMiB.toFixed(0),
    `${base.wall.toFixed(2)} (ranklens)`,
    `${base.peakMiB.toFixed(0)} (ranklens)`,
    (ours.wall / base.wall).toFixed(3),
    (ours.peakMiB / base.peakMiB).toFixed(3),
    "",
  ];
  rows.push(row);
  console.error(row.join("  "));
}

const [qrels, run] = await ensureData(6980);
const [, run1m] = await ensureData(1000);
const [qrelsGz, runGz] = await ensureData(6980, true);
const [, runFull] = await ensureData(6980, false, true);
const five = [
  "-m",
  "ndcg_cut.10",
  "-m",
  "map",
  "-m",
  "recip_rank",
  "-m",
  "P.10",
  "-m",
  "recall.100",
];

await versus("5 measures, 7M lines", [...five, qrels, run], 6_980_000);
await versus(
  "-q -m all_trec, 7M lines",
  ["-q", "-m", "all_trec", qrels, run],
  6_980_000,
);
// The same run with scores as Python and JavaScript print doubles (17
// significant digits), past the scanner's exact fast path.
await versus(
  "5 measures, 7M lines, 17-digit scores",
  [...five, qrels, runFull],
  6_980_000,
);
// The 1M-line run is the first 1,000 topics of the 7M one, with the same qrels.
await ownRatio("7M lines vs 1M lines (same qrels)", [...five, qrels, run], [
  ...five,
  qrels,
  run1m,
]);
await ownRatio("gzip vs plain, 7M lines", [...five, qrelsGz, runGz], [
  ...five,
  qrels,
  run,
]);

const header = [
  "case",
  "ranklens s",
  "ranklens MiB",
  "other s",
  "other MiB",
  "time ratio",
  "memory ratio",
  "same output",
];
console.log(
  `| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`,
);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
console.log(
  `\nmedian of ${runs} runs of wall time and of peak RSS (GNU time), the commands of a row taking turns; "other" is ${
    values["trec-eval"] ?? "no trec_eval"
  } or ranklens on the base input; ${Deno.build.target}, ${navigator.hardwareConcurrency} cores`,
);
