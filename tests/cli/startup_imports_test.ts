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
