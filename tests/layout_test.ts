// Data flows one way: model/ imports nothing, formats/ only the model, the
// metric code nothing from formats/, and no module imports itself through
// others. These rules are read off the import statements, so a change that
// breaks one fails here rather than in review.
import { assertEquals } from "./assert.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const IMPORT = /^\s*(?:import|export)\s[^;]*?\sfrom\s+"(\.{1,2}\/[^"]+)"/gm;

/** Every TypeScript module outside tests, bench and tools, by path from the root. */
async function modules(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  async function walk(dir: string): Promise<void> {
    for await (const entry of Deno.readDir(ROOT + dir)) {
      const path = dir + entry.name;
      if (entry.isDirectory) {
        if (
          ![".git", "tests", "bench", "tools", "node_modules", "docs"].includes(
            entry.name,
          )
        ) await walk(path + "/");
      } else if (entry.name.endsWith(".ts")) {
        const text = await Deno.readTextFile(ROOT + path);
        // JSDoc examples import freely; only code counts.
        const code = text.replace(/\/\*\*[\s\S]*?\*\//g, "");
        const targets = [...code.matchAll(IMPORT)].map((m) =>
          new URL(m[1], `file://${ROOT}${path}`).pathname.slice(ROOT.length)
        );
        graph.set(path, targets);
      }
    }
  }
  await walk("");
  return graph;
}

const folderOf = (path: string) => path.includes("/") ? path.split("/")[0] : "";

Deno.test("model/ imports nothing, formats/ only the model, metrics/ nothing from formats/", async () => {
  const graph = await modules();
  const broken: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const [a, b] = [folderOf(from), folderOf(to)];
      if (a === b) continue;
      if (a === "model") broken.push(`${from} -> ${to}`);
      if (a === "formats" && b !== "model") broken.push(`${from} -> ${to}`);
      if (a === "metrics" && b === "formats") broken.push(`${from} -> ${to}`);
    }
  }
  assertEquals(broken, []);
  // The rules are read off real files: the graph is not empty.
  assertEquals(
    graph.get("metrics/evaluate.ts")!.includes("model/judged_run.ts"),
    true,
  );
});

Deno.test("no module imports itself through others", async () => {
  const graph = await modules();
  const state = new Map<string, "open" | "done">();
  const cycles: string[] = [];
  const visit = (node: string, path: string[]) => {
    if (state.get(node) === "done") return;
    if (state.get(node) === "open") {
      cycles.push([...path.slice(path.indexOf(node)), node].join(" -> "));
      return;
    }
    state.set(node, "open");
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    state.set(node, "done");
  };
  for (const node of graph.keys()) visit(node, []);
  assertEquals(cycles, []);
});
