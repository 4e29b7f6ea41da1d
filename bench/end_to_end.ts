/**
 * Times the CLI end to end on MS MARCO-sized files, against a trec_eval
 * binary when one is given, and prints the ratio of medians and of peak
 * memory. Without a binary it prints ranklens' own lines per second.
 *
 * ```sh
 * deno run -A bench/generate.ts                 # once: bench/data/msmarco-6980x1000.*
 * TREC_EVAL=/path/to/trec_eval deno run -A bench/end_to_end.ts [--runs 5]
 * ```
 *
 * Each command runs under GNU time (`/usr/bin/time -f %e %M`) for wall time
 * and peak resident memory; outputs of ranklens and trec_eval must be byte
 * identical or the script fails.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

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
): Promise<[string, string]> {
  const name = `${data}/msmarco-${topics}x1000`;
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
    const { success } = await new Deno.Command(Deno.execPath(), {
      args,
      stdout: "null",
    }).output();
    if (!success) throw new Error("bench/generate.ts failed");
  }
  return [`${name}.qrels${suffix}`, `${name}.run${suffix}`];
}

interface Timing {
  seconds: number;
  peakKiB: number;
  stdout: string;
}

async function timeOnce(command: string[]): Promise<Timing> {
  const output = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%e %M", ...command],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr).trim().split("\n");
  const [seconds, peak] = stderr.at(-1)!.split(" ").map(Number);
  if (!output.success) {
    throw new Error(`${command.join(" ")} failed:\n${stderr.join("\n")}`);
  }
  return {
    seconds,
    peakKiB: peak,
    stdout: new TextDecoder().decode(output.stdout),
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? s[(s.length - 1) / 2]
    : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

async function measure(
  command: string[],
): Promise<{ seconds: number; peakMiB: number; stdout: string }> {
  const timings: Timing[] = [];
  for (let i = 0; i < runs; i++) timings.push(await timeOnce(command));
  return {
    seconds: median(timings.map((t) => t.seconds)),
    peakMiB: Math.max(...timings.map((t) => t.peakKiB)) / 1024,
    stdout: timings[0].stdout,
  };
}

const ranklens = (
  args: string[],
) => [Deno.execPath(), "run", "-A", cli, "trec_eval", ...args];
const rows: string[][] = [];

async function compare(label: string, args: string[], lines: number) {
  if (values.only && !label.includes(values.only)) return;
  const ours = await measure(ranklens(args));
  const row = [label, ours.seconds.toFixed(2), ours.peakMiB.toFixed(0)];
  if (values["trec-eval"]) {
    const theirs = await measure([values["trec-eval"], ...args]);
    if (theirs.stdout !== ours.stdout) {
      throw new Error(
        `${label}: ranklens and trec_eval print different output`,
      );
    }
    row.push(
      theirs.seconds.toFixed(2),
      theirs.peakMiB.toFixed(0),
      (ours.seconds / theirs.seconds).toFixed(3),
      (ours.peakMiB / theirs.peakMiB).toFixed(3),
    );
  } else {
    row.push((lines / ours.seconds / 1e6).toFixed(2) + " M lines/s");
  }
  rows.push(row);
  console.error(row.join("  "));
}

const [qrels, run] = await ensureData(6980);
const [qrels1m, run1m] = await ensureData(1000);
const [qrelsGz, runGz] = await ensureData(6980, true);
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

await compare("5 measures, 7M lines", [...five, qrels, run], 6_980_000);
await compare("5 measures, 1M lines", [...five, qrels1m, run1m], 1_000_000);
await compare(
  "5 measures, 7M lines, gzip",
  [...five, qrelsGz, runGz],
  6_980_000,
);
await compare(
  "-q -m all_trec, 7M lines",
  ["-q", "-m", "all_trec", qrels, run],
  6_980_000,
);

const header = values["trec-eval"]
  ? [
    "case",
    "ranklens s",
    "ranklens MiB",
    "trec_eval s",
    "trec_eval MiB",
    "time ratio",
    "memory ratio",
  ]
  : ["case", "ranklens s", "ranklens MiB", "throughput"];
console.log(
  `| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`,
);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
console.log(
  `\nmedian of ${runs} runs, peak RSS from GNU time; ${Deno.build.target}, ${navigator.hardwareConcurrency} cores`,
);
