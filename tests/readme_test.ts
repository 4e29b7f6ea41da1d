// The README's metric table lists every registered metric, and its quick
// start names the pinned Deno that .ci/run installs.
import { assertEquals } from "./assert.ts";
import { builtinRegistry } from "../metrics/builtin.ts";
import { metricTableRows } from "../metrics/listing.ts";

const README = await Deno.readTextFile(
  new URL("../README.md", import.meta.url),
);

Deno.test("the README's metric table is the registry's, peers of every alias included", () => {
  const section = README.slice(
    README.indexOf("## Metrics"),
    README.indexOf("## Performance"),
  );
  const cells = (line: string) =>
    line.slice(1, -1).split(/(?<!\\)\|/).map((c) =>
      c.trim().replaceAll("\\|", "|")
    );
  const rows = section.split("\n")
    .filter((line) => line.startsWith("| "))
    .map(cells)
    .filter((row) => !row.every((c) => /^-+$/.test(c)));
  const expected = metricTableRows().filter((_, i) => i !== 1);
  assertEquals(rows, expected);
});

Deno.test("the README lists every registered metric", () => {
  const section = README.slice(
    README.indexOf("## Metrics"),
    README.indexOf("## Layout"),
  );
  const missing = builtinRegistry.definitions()
    .map((d) => d.name)
    .filter((name) => !section.includes(`| \`${name}`));
  assertEquals(missing, []);
});

Deno.test("the README and .ci/run pin the same Deno", async () => {
  const ci = await Deno.readTextFile(new URL("../.ci/run", import.meta.url));
  const pinned = /DENO_VERSION=(\S+)/.exec(ci)?.[1];
  assertEquals(README.includes(`npx -y deno@${pinned} task demo`), true);
  assertEquals(README.includes(`npx -y deno@${pinned} task test`), true);
});

Deno.test("the README's subpath exports are deno.json's exports", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../deno.json", import.meta.url)),
  ) as { name: string; exports: Record<string, string> };
  const section = README.slice(
    README.indexOf("### Subpath exports"),
    README.indexOf("### Plugins"),
  );
  const listed = [...section.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]);
  const exported = Object.keys(config.exports).map((key) =>
    config.name + key.slice(1)
  );
  assertEquals(listed, exported);
});

Deno.test("mod.ts re-exports every folder entry point the README says it does", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../deno.json", import.meta.url)),
  ) as { exports: Record<string, string> };
  const root = await Deno.readTextFile(new URL("../mod.ts", import.meta.url));
  const row = /^\| `@ranklens\/ranklens` +\| all of the below but (.+?) +\|$/m
    .exec(README)?.[1];
  const excluded = [...(row ?? "").matchAll(/`([^`]+)`/g)].map((m) =>
    `./${m[1]}`
  );
  const starred = [...root.matchAll(/^export \* from "(\.\/[^"]+)";$/gm)]
    .map((m) => m[1]);
  const expected = Object.entries(config.exports)
    .filter(([key]) => key !== "." && !excluded.includes(key))
    .map(([, path]) => path);
  assertEquals(excluded, ["./trec_eval", "./server", "./cli"]);
  assertEquals(starred, expected);
});
