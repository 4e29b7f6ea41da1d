// Errors by class: a refusal of the user's data or request is an InputError,
// a UsageError or a problem, shown as one line (CLI exit 1 or 2, HTTP 400);
// anything else is a bug (CLI exit 70 with its stack, HTTP 500 that says
// nothing of the internals and is logged), however its class is named.
import { assertEquals } from "./assert.ts";
import { runCli } from "./cli/_cli.ts";
import { createApp } from "../server.ts";
import { Registry } from "../metrics/registry.ts";
import { builtinRegistry } from "../metrics/builtin.ts";
import type { JudgedRanking } from "../model/judged_ranking.ts";

const LONG = Array.from({ length: 5000 }, (_, i) => `w${i}`).join(" ");
const ROUGE_REFUSAL =
  "Sample 1: rouge_l: ROUGE-L of 5000 response tokens and 5000 reference tokens needs 25000000 table cells, over the limit of 16777216: shorten the texts or use rouge_1/rouge_2";

async function post(
  app: {
    request(path: string, init: RequestInit): Response | Promise<Response>;
  },
  path: string,
  body: unknown,
): Promise<{ status: number; problem: Record<string, unknown> }> {
  const response = await app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, problem: await response.json() };
}

Deno.test("texts too long for ROUGE-L are the user's data, not a bug", async () => {
  const dir = await Deno.makeTempDir();
  const file = `${dir}/long.jsonl`;
  await Deno.writeTextFile(
    file,
    JSON.stringify({ user_input: "q", response: LONG, reference: LONG }) + "\n",
  );
  const cli = await runCli(["rag", file, "-m", "rouge_l"]);
  assertEquals([cli.code, cli.stdout, cli.stderr], [
    1,
    "",
    `ranklens rag: ${ROUGE_REFUSAL}\n`,
  ]);
  const server = await post(createApp(), "/v1/rag", {
    samples: [{ user_input: "q", response: LONG, reference: LONG }],
    metrics: ["rouge_l"],
  });
  assertEquals([server.status, server.problem.detail], [400, ROUGE_REFUSAL]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("runs that share no scored query are the user's data, not a bug", async () => {
  const dir = await Deno.makeTempDir();
  const qrels = "q1 0 d1 1\nq2 0 d1 1\n";
  const a = "q1 Q0 d1 1 1 a\n", b = "q2 Q0 d1 1 1 b\n";
  await Deno.writeTextFile(`${dir}/qrels.txt`, qrels);
  await Deno.writeTextFile(`${dir}/a.txt`, a);
  await Deno.writeTextFile(`${dir}/b.txt`, b);
  const cli = await runCli([
    "compare",
    `${dir}/qrels.txt`,
    `${dir}/a.txt`,
    `${dir}/b.txt`,
    "-m",
    "ap",
    "--query-set",
    "intersection",
  ]);
  assertEquals([cli.code, cli.stdout, cli.stderr], [
    1,
    "",
    "ranklens compare: No query is scored by every run\n",
  ]);
  const server = await post(createApp(), "/v1/compare", {
    qrels,
    runs: { a, b },
    metrics: ["ap"],
    querySet: "intersection",
  });
  assertEquals(server, {
    status: 400,
    problem: {
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "No query is scored by every run",
    },
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a TypeError thrown while scoring is a bug: a 500 without internals, logged", async () => {
  const registry = new Registry(builtinRegistry);
  registry.register<JudgedRanking>({
    name: "broken",
    description: "Reads a property of nothing.",
    cutoff: "none",
    create: () => (ranking) =>
      (ranking as unknown as { missing: { value: number } }).missing.value,
  });
  const logged: unknown[][] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const app = createApp({ registry });
    const evaluate = await post(app, "/v1/evaluate", {
      qrels: "q1 0 d1 1\n",
      run: "q1 Q0 d1 1 1 t\n",
      metrics: ["broken"],
    });
    const compare = await post(app, "/v1/compare", {
      qrels: "q1 0 d1 1\n",
      runs: { a: "q1 Q0 d1 1 1 a\n", b: "q1 Q0 d1 1 1 b\n" },
      metrics: ["broken"],
    });
    for (const { status, problem } of [evaluate, compare]) {
      assertEquals([status, problem.detail], [
        500,
        "The server failed to answer this request.",
      ]);
    }
  } finally {
    console.error = error;
  }
  assertEquals(logged.length, 2);
  assertEquals(logged.map(([line]) => line), [
    "ranklens: a bug answering POST /v1/evaluate:",
    "ranklens: a bug answering POST /v1/compare:",
  ]);
  assertEquals(logged[0][1] instanceof TypeError, true);
});
