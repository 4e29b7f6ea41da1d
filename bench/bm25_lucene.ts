/**
 * The built-in BM25 against Lucene 8.7 side by side: `retrieve --retriever
 * bm25 --limit 1000` on the 100,000-document synthetic corpus of
 * `../shared/tools/bm25_corpus.py` (200 queries), index and queries
 * together, against `../shared/tools/LuceneBm25.java` (Anserini's analyzer,
 * Lucene's one-byte norms, an in-memory index, the JVM's start included) on
 * the same text; then ranklens with `--index DIR` twice, the second run
 * reusing the saved index. Runs alternate, and the medians, their ratio and
 * the peak memory ratio are printed, with how many queries' top 10 agree.
 *
 * ```sh
 * apt-get install liblucene8-java default-jdk-headless   # once
 * deno run -A bench/bm25_lucene.ts [--runs 3]
 * ```
 *
 * Each command runs under GNU time (`/usr/bin/time -f "%e %U %S %M"`) for
 * wall time, CPU time (user and system, all threads: the JVM compiles and
 * collects on its own threads) and peak resident memory. The corpus is
 * written once to `bench/data/bm25/`.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "3" },
    data: { type: "string", default: "bench/data/bm25" },
    shared: { type: "string", default: "../shared" },
  },
});
const runs = Number(values.runs);
const data = values.data!;
const cli = fileURLToPath(new URL("../cli.ts", import.meta.url));
const tools = `${values.shared}/tools`;

interface Timing {
  seconds: number;
  cpuSeconds: number;
  peakKiB: number;
}

async function timed(command: string, args: string[]): Promise<Timing> {
  const output = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%e %U %S %M", command, ...args],
    stdout: "null",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr).trim().split("\n");
  if (!output.success) {
    throw new Error(
      `${command} ${args.join(" ")} failed:\n${stderr.join("\n")}`,
    );
  }
  const [seconds, user, system, peak] = stderr.at(-1)!.split(" ").map(Number);
  return { seconds, cpuSeconds: user + system, peakKiB: peak };
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function topTen(text: string): Map<string, string[]> {
  const top = new Map<string, string[]>();
  for (const line of text.trim().split("\n")) {
    const [query, , doc] = line.split(" ");
    const docs = top.get(query) ?? [];
    if (docs.length < 10) docs.push(doc);
    top.set(query, docs);
  }
  return top;
}

if (!await exists(`${data}/docs.tsv`)) {
  console.error(`writing the corpus to ${data} ...`);
  const { success } = await new Deno.Command("python3", {
    args: [`${tools}/bm25_corpus.py`, data],
  }).output();
  if (!success) throw new Error("bm25_corpus.py failed");
}
const jars = ["core", "analyzers-common"].map((name) => {
  const jar = [...Deno.readDirSync("/usr/share/java")].map((e) => e.name)
    .find((file) => new RegExp(`^lucene-${name}-8[.0-9]*\\.jar$`).test(file));
  if (!jar) {
    throw new Error(
      `no /usr/share/java/lucene-${name}-8*.jar: apt-get install liblucene8-java`,
    );
  }
  return `/usr/share/java/${jar}`;
});

const lucene = () =>
  timed("java", [
    "-cp",
    jars.join(":"),
    `${tools}/LuceneBm25.java`,
    `${data}/docs.tsv`,
    `${data}/queries.tsv`,
    "anserini",
    "lucene",
    `${data}/lucene.run`,
  ]);
const ours = (extra: string[]) =>
  timed(Deno.execPath(), [
    "run",
    "-R",
    "-W",
    cli,
    "retrieve",
    "--dataset",
    `${data}/beir`,
    "--retriever",
    "bm25",
    "--limit",
    "1000",
    "--save-run",
    `${data}/ranklens.run`,
    ...extra,
  ]);

const rows: Record<string, Timing[]> = {
  lucene: [],
  ranklens: [],
  "ranklens --index (first)": [],
  "ranklens --index (reused)": [],
};
for (let i = 0; i < runs; i++) {
  rows.lucene.push(await lucene());
  rows.ranklens.push(await ours([]));
  await Deno.remove(`${data}/index`, { recursive: true }).catch(() => {});
  rows["ranklens --index (first)"].push(
    await ours(["--index", `${data}/index`]),
  );
  rows["ranklens --index (reused)"].push(
    await ours(["--index", `${data}/index`]),
  );
}

const anchor = {
  seconds: median(rows.lucene.map((t) => t.seconds)),
  peakKiB: median(rows.lucene.map((t) => t.peakKiB)),
};
console.log(
  `100,000 documents, 200 queries, top 1000; median of ${runs} runs each, alternating`,
);
console.log(
  "| command | wall s | CPU s | peak MiB | wall / Lucene | peak / Lucene |",
);
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const [label, timings] of Object.entries(rows)) {
  const seconds = median(timings.map((t) => t.seconds));
  const cpu = median(timings.map((t) => t.cpuSeconds));
  const peak = median(timings.map((t) => t.peakKiB));
  console.log(
    `| ${label} | ${seconds.toFixed(2)} | ${cpu.toFixed(2)} | ${
      (peak / 1024).toFixed(0)
    } | ${(seconds / anchor.seconds).toFixed(2)} | ${
      (peak / anchor.peakKiB).toFixed(2)
    } |`,
  );
}
const a = topTen(await Deno.readTextFile(`${data}/ranklens.run`));
const b = topTen(await Deno.readTextFile(`${data}/lucene.run`));
const same =
  [...b].filter(([q, docs]) =>
    JSON.stringify(a.get(q)) === JSON.stringify(docs)
  ).length;
const sameSets =
  [...b].filter(([q, docs]) =>
    JSON.stringify([...(a.get(q) ?? [])].sort()) ===
      JSON.stringify([...docs].sort())
  ).length;
console.log(
  `top 10 equal to Lucene's on ${same} of ${b.size} queries (${sameSets} as sets; the rest differ in the order of tied scores, which Anserini's tiebreaker sorts by id)`,
);
