/**
 * Writes a deterministic MS MARCO-sized qrels and run for benchmarks:
 * `deno run -W bench/generate.ts [--topics 6980] [--depth 1000] [--seed 1] [--out bench/data] [--gzip] [--full-scores]`.
 *
 * Topic ids, doc ids and scores look like a BM25 run over MS MARCO passage
 * dev: about 1.5 judged (relevant) passages per topic, most retrieved
 * somewhere in the top 1000, scores with six decimals and occasional ties.
 * With `--full-scores`, scores are printed as JavaScript (and Python) print
 * doubles, up to 17 significant digits, into `msmarco-TxD-full.*`.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { join } from "node:path";
import { random } from "./_random.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    topics: { type: "string", default: "6980" },
    depth: { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
    out: { type: "string", default: "bench/data" },
    gzip: { type: "boolean", default: false },
    "full-scores": { type: "boolean", default: false },
  },
});
const topics = Number(values.topics), depth = Number(values.depth);
const rand = random(Number(values.seed));
await Deno.mkdir(values.out!, { recursive: true });
const fullScores = values["full-scores"];
const name = `msmarco-${topics}x${depth}${fullScores ? "-full" : ""}`;
const qrelsPath = join(values.out!, `${name}.qrels`);
const runPath = join(values.out!, `${name}.run`);

const encoder = new TextEncoder();
const open = async (path: string): Promise<WritableStream<Uint8Array>> => {
  const file = await Deno.open(path, {
    write: true,
    create: true,
    truncate: true,
  });
  if (!values.gzip) return file.writable;
  const gz = new CompressionStream("gzip");
  gz.readable.pipeTo(file.writable);
  return gz.writable as WritableStream<Uint8Array>;
};
const qrelsOut = (await open(qrelsPath + (values.gzip ? ".gz" : "")))
  .getWriter();
const runOut = (await open(runPath + (values.gzip ? ".gz" : ""))).getWriter();

let qid = 1048585;
for (let t = 0; t < topics; t++) {
  qid += 1 + Math.floor(rand() * 150);
  const judged = rand() < 0.55 ? 1 : rand() < 0.8 ? 2 : 3;
  const relevant: number[] = [];
  for (let j = 0; j < judged; j++) relevant.push(Math.floor(rand() * 8841823));
  let qrels = "";
  for (const doc of relevant) qrels += `${qid} 0 ${doc} 1\n`;
  await qrelsOut.write(encoder.encode(qrels));

  // Relevant passages land at a random rank (often near the top) or not at all.
  const placed = new Map<number, number>();
  for (const doc of relevant) {
    if (rand() < 0.8) placed.set(Math.floor(rand() ** 3 * depth), doc);
  }
  let score = 20 + rand() * 10;
  const used = new Set(relevant);
  let lines = "";
  for (let rank = 0; rank < depth; rank++) {
    let doc = placed.get(rank);
    if (doc === undefined || used.has(doc) && placed.get(rank) === undefined) {
      do doc = Math.floor(rand() * 8841823); while (used.has(doc));
      used.add(doc);
    }
    // About one score in fifty ties with the one before it.
    if (rand() > 0.02) score -= rand() * 0.02;
    const printed = fullScores ? String(score) : score.toFixed(6);
    lines += `${qid} Q0 ${doc} ${rank + 1} ${printed} Anserini\n`;
  }
  await runOut.write(encoder.encode(lines));
}
await qrelsOut.close();
await runOut.close();
console.log(
  `${qrelsPath}${values.gzip ? ".gz" : ""}\n${runPath}${
    values.gzip ? ".gz" : ""
  }`,
);
