// One input, one answer: the same run gives the same per-query values, or
// the same error, through every path from input to judged rankings: the
// CLI's eval, compare and gate, the library over a file, an array and a
// mapped iterable, and the server.
import { gzipSync } from "node:zlib";
import { assertEquals } from "./assert.ts";
import { runCli } from "./cli/_cli.ts";
import { evaluate } from "../metrics/evaluate.ts";
import { readQrels } from "../formats/trec_qrels.ts";
import { readRun } from "../formats/trec_run.ts";
import { InputError } from "../model/errors.ts";
import type { RankedList } from "../model/types.ts";
import type { JudgedRanking } from "../model/judged_ranking.ts";
import { createApp } from "../server.ts";

const EXAMPLES = new URL("../examples/", import.meta.url).pathname;
const QRELS = `${EXAMPLES}qrels.txt`;
const HYBRID = `${EXAMPLES}run.hybrid.txt`;
const METRIC_SETS = [["ap"], ["ndcg@10"], ["P@5", "recall@1000"]];

type Values = Record<string, Record<string, number>>;
/** A path's answer: per-query values, or the reason of its error. */
type Answer = { values: Values } | { error: string };

const bm25 = await Deno.readTextFile(`${EXAMPLES}run.bm25.txt`);
const lines = bm25.trimEnd().split("\n");

/** The inputs of the issue, as run texts; `gz` and `stdin` say how to feed them. */
const CASES: {
  name: string;
  text: string;
  gz?: boolean;
  stdin?: boolean;
  fails?: boolean;
}[] = [
  { name: "examples", text: bm25 },
  // d01-02 is ranked 12th in q01: below every cutoff ndcg@10 reads.
  {
    name: "repeated document",
    text: bm25 + "q01 Q0 d01-02 1 99.0 bm25\n",
    fails: true,
  },
  {
    name: "no judged query",
    text: bm25.replace(/^q(\d+)/gm, "$1"),
    fails: true,
  },
  {
    name: "ungrouped",
    text:
      [...lines.filter((_, i) => i % 2), ...lines.filter((_, i) => !(i % 2))]
        .join("\n") + "\n",
  },
  { name: "gzipped", text: bm25, gz: true },
  { name: "stdin", text: bm25, stdin: true },
];

function reasonOf(message: string): string {
  // "<file>:<line>: reason" or "<file>: reason"; the reason is the same
  // whatever the file is called on each path.
  const match = /(?:^|: )((?:no |document |query |none |the run ).*)$/.exec(
    message.trim(),
  );
  return (match ? match[1] : message.trim()).replace(
    / \(lines \d+ and \d+\)/,
    "",
  );
}

async function settle(work: () => Promise<Values>): Promise<Answer> {
  try {
    return { values: await work() };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { error: reasonOf(error.message) };
  }
}

function valuesOf(
  perQuery: ReadonlyMap<string, Float64Array>,
  labels: readonly string[],
): Values {
  const out: Values = {};
  for (const [query, values] of perQuery) {
    out[query] = Object.fromEntries(labels.map((l, i) => [l, values[i]]));
  }
  return out;
}

Deno.test("one input gives one answer on every path", async (t) => {
  const qrels = await readQrels(QRELS);
  const dir = await Deno.makeTempDir();
  const app = createApp();
  try {
    for (const input of CASES) {
      const path = `${dir}/run.txt${input.gz ? ".gz" : ""}`;
      await Deno.writeFile(
        path,
        input.gz
          ? gzipSync(new TextEncoder().encode(input.text))
          : new TextEncoder().encode(input.text),
      );
      const source = () =>
        input.stdin
          ? ReadableStream.from([new TextEncoder().encode(input.text)])
          : path;
      // The rankings a user would build from the file by hand.
      const rankings = async (): Promise<RankedList[]> =>
        await Array.fromAsync(readRun(source(), { collect: true }));
      for (const metrics of METRIC_SETS) {
        await t.step(`${input.name}, ${metrics.join(" ")}`, async () => {
          const m = metrics.flatMap((spec) => ["-m", spec]);
          const file = input.stdin ? "-" : path;
          const answers: Record<string, Answer> = {};
          answers["library, file"] = await settle(async () => {
            const result = await evaluate(readRun(source()), qrels, metrics, {
              requireJudged: true,
            });
            return valuesOf(result.perQuery, metrics);
          });
          answers["library, array"] = await settle(async () => {
            const result = await evaluate(await rankings(), qrels, metrics, {
              requireJudged: true,
            });
            return valuesOf(result.perQuery, metrics);
          });
          answers["library, mapped"] = await settle(async () => {
            async function* mapped() {
              for await (const ranked of readRun(source(), { collect: true })) {
                yield { queryId: ranked.queryId, docs: [...ranked.docs] };
              }
            }
            const result = await evaluate(mapped(), qrels, metrics, {
              requireJudged: true,
            });
            return valuesOf(result.perQuery, metrics);
          });
          const cli = await runCli(
            ["eval", QRELS, file, ...m, "-q", "--format", "json"],
            input.stdin ? input.text : undefined,
          );
          answers["cli eval"] = cli.code === 0
            ? { values: JSON.parse(cli.stdout).perQuery }
            : { error: reasonOf(cli.stderr.replace(/^ranklens eval: /, "")) };
          const server = await app.request("/v1/evaluate", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              qrels: await Deno.readTextFile(QRELS),
              run: input.text,
              metrics,
              perQuery: true,
            }),
          });
          const body = await server.json();
          answers["server"] = server.status === 200
            ? { values: body.perQuery }
            : { error: reasonOf(body.detail) };
          const expected = answers["library, file"];
          assertEquals("error" in expected, input.fails ?? false);
          for (const [path, answer] of Object.entries(answers)) {
            assertEquals(answer, expected, path);
          }
          // compare and gate read runs the same way: the same per-query
          // values, or the same error, and a gate never passes on a run it
          // cannot score.
          const stdin = input.stdin ? input.text : undefined;
          const compare = await runCli([
            "compare",
            QRELS,
            file,
            HYBRID,
            ...m,
            "-q",
            "--format",
            "json",
          ], stdin);
          const gate = await runCli([
            "gate",
            QRELS,
            file,
            "--baseline",
            path,
            ...m,
          ], stdin);
          if ("error" in expected) {
            assertEquals(compare.code, 1, compare.stderr);
            assertEquals(reasonOf(compare.stderr), expected.error);
            assertEquals(gate.code, 2, gate.stderr);
            assertEquals(reasonOf(gate.stderr), expected.error);
            return;
          }
          assertEquals(compare.code, 0, compare.stderr);
          const comparison = JSON.parse(compare.stdout);
          const [system] = comparison.systems;
          for (const label of metrics) {
            // compare scores every judged query (as trec_eval -c): one the
            // run lacks is 0 there.
            const values = Object.fromEntries(
              comparison.queries.map((q: string, i: number) => [
                q,
                system.values[label][i],
              ]),
            );
            assertEquals(
              values,
              Object.fromEntries(
                comparison.queries.map((q: string) => [
                  q,
                  expected.values[q]?.[label] ?? 0,
                ]),
              ),
              label,
            );
          }
          assertEquals(gate.code, 0, gate.stderr + gate.stdout);
        });
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the expected answers of the issue's inputs", async () => {
  const qrels = await readQrels(QRELS);
  const run = (text: string) => readRun({ text });
  // A repeat below every cutoff a metric reads is refused all the same.
  const repeated = bm25 + "q01 Q0 d01-02 1 99.0 bm25\n";
  for (const metrics of [["ap"], ["ndcg@10"]]) {
    let message = "";
    await evaluate(run(repeated), qrels, metrics).catch((e) =>
      message = e.message
    );
    assertEquals(
      message,
      '<text>:401: document "d01-02" appears twice in query "q01" (lines 12 and 401)',
    );
  }
  const noq = bm25.replace(/^q(\d+)/gm, "$1");
  const nothing = await evaluate(run(noq), qrels, ["P@5"]);
  assertEquals(nothing.aggregate, { "P@5": NaN });
  assertEquals(nothing.counts.scored, 0);
});

Deno.test("a metric that reads document ids sees them on every path, and only then", async () => {
  const qrels = await readQrels(QRELS);
  const { Registry } = await import("../metrics/registry.ts");
  const { builtinRegistry } = await import("../metrics/builtin.ts");
  const registry = new Registry(builtinRegistry);
  registry.register<JudgedRanking>({
    name: "top_is_judged",
    description: "1 when the top document has a judgement.",
    cutoff: "none",
    readsDocs: true,
    create: () => (ranking) =>
      ranking.judgements?.has(ranking.docs?.[0] ?? "") ? 1 : 0,
  });
  registry.register<JudgedRanking>({
    name: "sees_docs",
    description: "1 when document ids are given.",
    cutoff: "none",
    create: () => (ranking) => ranking.docs === undefined ? 0 : 1,
  });
  const file = await evaluate(readRun({ text: bm25 }), qrels, [
    "top_is_judged",
  ], { registry });
  const array = await evaluate(
    await Array.fromAsync(readRun({ text: bm25 })),
    qrels,
    ["top_is_judged"],
    { registry },
  );
  assertEquals(file.aggregate, array.aggregate);
  assertEquals(file.aggregate.top_is_judged, 1);
  // Undeclared, ids are withheld on every path alike.
  for (
    const run of [
      readRun({ text: bm25 }),
      await Array.fromAsync(readRun({ text: bm25 })),
    ]
  ) {
    const result = await evaluate(run, qrels, ["sees_docs"], { registry });
    assertEquals(result.aggregate.sees_docs, 0);
  }
});
