// /v1/evaluate answers what `eval --format json` prints for the same files.
import { assertEquals } from "../assert.ts";
import { run as evalCommand } from "../../cli/eval.ts";
import { createApp } from "../../server.ts";
import { repoText, serve } from "./_serve.ts";
import { repoPath, stdoutOf } from "./_capture.ts";

const path = (name: string) => repoPath(`examples/${name}`);

const evalJson = async (args: string[]) =>
  JSON.parse(await stdoutOf(evalCommand, [...args, "--format", "json"]));

const CASES: [string[], Record<string, unknown>][] = [
  [[], {}],
  [
    [
      "-q",
      "-m",
      "ndcg@10",
      "-m",
      "ap",
      "-m",
      "rr",
      "-m",
      "err@20",
      "-m",
      "bpref",
    ],
    { metrics: ["ndcg@10", "ap", "rr", "err@20", "bpref"], perQuery: true },
  ],
  [
    [
      "-q",
      "-c",
      "-l",
      "2",
      "-M",
      "5",
      "-J",
      "-m",
      "ndcg",
      "-m",
      "P@5",
      "-m",
      "recall@100",
    ],
    {
      metrics: ["ndcg", "P@5", "recall@100"],
      perQuery: true,
      averageOverQrels: true,
      relevanceLevel: 2,
      depth: 5,
      judgedOnly: true,
    },
  ],
];

for (const runName of ["run.bm25.txt", "run.hybrid.txt"]) {
  Deno.test(`/v1/evaluate matches eval --format json on examples/${runName}`, async () => {
    await using server = serve(createApp());
    const qrels = await repoText("examples/qrels.txt");
    const run = await repoText(`examples/${runName}`);
    for (const [args, options] of CASES) {
      const response = await server.post("/v1/evaluate", {
        qrels,
        run,
        ...options,
      });
      assertEquals(response.status, 200);
      const cli = await evalJson([path("qrels.txt"), path(runName), ...args]);
      assertEquals(await response.json(), cli, args.join(" "));
    }
  });
}
