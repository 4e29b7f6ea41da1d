/**
 * What refusing a repeated JSON key costs: each JSON reader with the check
 * against the same reader without it (`parseJsonKeepingKeys`, which is
 * `JSON.parse` with the place of a syntax error), taking turns round by
 * round:
 *
 * ```sh
 * deno run -A bench/repeated_keys.ts [--queries 1000] [--docs 1000] [--rounds 11]
 * ```
 *
 * The inputs are made here: a JSON dict run of `--queries` × `--docs`
 * scores (`readJsonRun`, which counts the keys it walks anyway), a
 * Go-style dataset of as many documents with texts holding URLs (their
 * colons are what the count has to tell from separators), and the same
 * documents as JSON Lines records (`parseJson` per line). Prints the
 * median milliseconds of each, their ratio and the load average.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { parseJson, parseJsonKeepingKeys } from "../formats/json_text.ts";
import { readJsonRun } from "../formats/score_dict.ts";
import { runFromScores, type ScoresRecord } from "../model/plain_data.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    queries: { type: "string", default: "1000" },
    docs: { type: "string", default: "1000" },
    rounds: { type: "string", default: "11" },
  },
});
const queries = Number(values.queries);
const docs = Number(values.docs);
const rounds = Number(values.rounds);

const run: Record<string, Record<string, number>> = {};
for (let q = 0; q < queries; q++) {
  const scores: Record<string, number> = {};
  for (let d = 0; d < docs; d++) scores[`D${q * docs + d}`] = 30 - d / docs;
  run[`q${q}`] = scores;
}
const runText = JSON.stringify(run);
const words = ["sourdough", "rye", "starter", "https://example.org/a:b"];
const documents = Array.from({ length: queries * docs / 10 }, (_, i) => ({
  id: `d${i}`,
  title: `t${i}`,
  content: Array.from({ length: 60 }, (_, w) => words[(i + w) % 4]).join(" "),
}));
const datasetText = JSON.stringify({
  documents,
  queries: [{ id: "q0", text: "rye", relevant: ["d0"] }],
});
const lines = documents.map((d) => JSON.stringify(d));

const median = (times: number[]) =>
  times.sort((a, b) => a - b)[times.length >> 1];

async function compare(
  what: string,
  without: () => unknown,
  wth: () => unknown,
): Promise<void> {
  const times = { without: [] as number[], with: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    for (const [side, call] of [["without", without], ["with", wth]] as const) {
      const start = performance.now();
      await call();
      times[side].push(performance.now() - start);
    }
  }
  const [a, b] = [median(times.without), median(times.with)];
  console.log(
    `${what}: ${a.toFixed(0)} ms without the check, ${
      b.toFixed(0)
    } ms with it, ratio ${(b / a).toFixed(3)}`,
  );
}

console.log(
  `JSON run ${(runText.length / 1e6).toFixed(1)} MB, dataset ${
    (datasetText.length / 1e6).toFixed(1)
  } MB, ${lines.length} JSON Lines records; load average ${
    Deno.loadavg().map((x) => x.toFixed(1)).join(" ")
  }`,
);
const read = (text: string) => readJsonRun({ text }, { name: "run.json" });
await compare(
  "readJsonRun",
  () =>
    runFromScores(parseJsonKeepingKeys(runText) as ScoresRecord, {
      name: "run.json",
    }),
  () => read(runText),
);
await compare(
  "parseJson, Go-style dataset",
  () => parseJsonKeepingKeys(datasetText),
  () => parseJson(datasetText),
);
await compare(
  "parseJson per JSON Lines record",
  () => lines.forEach((line) => parseJsonKeepingKeys(line)),
  () => lines.forEach((line) => parseJson(line)),
);
