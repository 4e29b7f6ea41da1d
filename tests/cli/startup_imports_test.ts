import { assertEquals } from "../assert.ts";

/**
 * The modules a command loads before it runs: its static import graph (a
 * dynamic import loads only on the path that takes it), from `deno info`.
 */
async function staticGraph(entry: string): Promise<string[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", new URL(entry, import.meta.url).pathname],
    stdout: "piped",
  }).output();
  const info = JSON.parse(new TextDecoder().decode(output.stdout)) as {
    roots: string[];
    modules: {
      specifier: string;
      dependencies?: {
        code?: { specifier: string };
        isDynamic?: boolean;
      }[];
    }[];
    redirects?: Record<string, string>;
  };
  const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const visit = (specifier: string) => {
    const target = info.redirects?.[specifier] ?? specifier;
    if (seen.has(target)) return;
    seen.add(target);
    for (const dependency of bySpecifier.get(target)?.dependencies ?? []) {
      if (dependency.code && !dependency.isDynamic) {
        visit(dependency.code.specifier);
      }
    }
  };
  info.roots.forEach(visit);
  return [...seen];
}

// The first node: module, or an npm package's CommonJS build (loaded
// through node:module), sets up Node compatibility: 10 ms to 70 ms before a
// TREC run is scored, more than scoring it takes. An ES module build that
// imports no node: module does not.
const ES_MODULE_BUILDS = ["fastest-levenshtein/esm/mod.js"];

for (const command of ["trec_eval", "eval", "compare"]) {
  Deno.test(`${command} loads no node: module and no CommonJS package before it runs`, async () => {
    const graph = await staticGraph(`../../cli/${command}.ts`);
    assertEquals(graph.filter((s) => s.startsWith("node:")), []);
    const packages = graph.filter((s) => s.startsWith("npm:"))
      .map((s) => s.replace(/^npm:\/?/, "").replace(/@[^/]+/, ""));
    assertEquals(
      packages.filter((name) => !ES_MODULE_BUILDS.includes(name)),
      [],
    );
  });
}

/** Every module `deno info` lists for an entry: dynamic imports included. */
async function walkedGraph(entry: string): Promise<string[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", new URL(entry, import.meta.url).pathname],
    stdout: "piped",
  }).output();
  const info = JSON.parse(new TextDecoder().decode(output.stdout)) as {
    modules: { specifier: string }[];
  };
  return info.modules.map((m) => m.specifier);
}

const under = (graph: string[], folder: string) =>
  graph.filter((s) => s.includes(`/${folder}`));

Deno.test("cli.ts's start-up walk holds no server module", async () => {
  // Deno reads every module a literal import() reaches before the program
  // starts: serve's (server/, hono, zod) cost every command 10 ms.
  const graph = await walkedGraph("../../cli.ts");
  assertEquals(under(graph, "server/"), []);
  assertEquals(graph.filter((s) => s.includes("hono")), []);
  // Nor demo's (adapters/, the embedded examples) or metrics' (the RAG
  // metrics): their walks cost every command 8 ms.
  assertEquals(under(graph, "adapters/"), []);
  assertEquals(under(graph, "examples/"), []);
  assertEquals(under(graph, "metrics/"), []);
});

Deno.test("eval and trec_eval load no module of another path before they run", async () => {
  const evalGraph = await staticGraph("../../cli/eval.ts");
  assertEquals(under(evalGraph, "metrics/significance/"), []);
  assertEquals(under(evalGraph, "metrics/compare.ts"), []);
  assertEquals(under(evalGraph, "report/baseline.ts"), []);
  assertEquals(under(evalGraph, "metrics/diversity/evaluate.ts"), []);
  const trecEval = await staticGraph("../../cli/trec_eval.ts");
  for (
    const module of [
      "trec_eval/prefs_file.ts",
      "trec_eval/qrels_jg_file.ts",
      "trec_eval/zscores_file.ts",
      "trec_eval/run_file.ts",
      "trec_eval/help.ts",
      "trec_eval/annotate.ts",
    ]
  ) assertEquals(under(trecEval, module), [], module);
});
