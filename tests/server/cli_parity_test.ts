// /v1/evaluate answers what `eval --format json` prints for the same files.
import { assertEquals } from "../assert.ts";
import { run as evalCommand } from "../../cli/eval.ts";
import { createApp } from "../../server.ts";
import { repoText, serve } from "./_serve.ts";

const path = (name: string) =>
  new URL(`../../examples/${name}`, import.meta.url).pathname;

/** Runs `eval` in-process and returns what it wrote to stdout. */
async function evalJson(args: string[]): Promise<unknown> {
  const decoder = new TextDecoder();
  let printed = "";
  const write = Deno.stdout.write;
  Deno.stdout.write = (bytes: Uint8Array) => {
    printed += decoder.decode(bytes);
    return Promise.resolve(bytes.length);
  };
  try {
    assertEquals(await evalCommand([...args, "--format", "json"]), 0);
  } finally {
    Deno.stdout.write = write;
  }
  return JSON.parse(printed);
}

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
