// Runs `deno doc --lint` on each entry point of deno.json's `exports` on its
// own. Linted together they pass when a type one entry point names is
// exported by another, yet a user importing that entry point alone cannot
// name it; alone, each must export every type its signatures show.
// `deno task test` runs it:
//   deno run --allow-read=deno.json --allow-run=deno tools/doc_lint.ts
const config = JSON.parse(
  await Deno.readTextFile(new URL("../deno.json", import.meta.url)),
) as { exports: Record<string, string> };

const failed: string[] = [];
for (const [name, entry] of Object.entries(config.exports)) {
  const { success, stdout, stderr } = await new Deno.Command("deno", {
    args: ["doc", "--lint", entry],
    cwd: new URL("../", import.meta.url),
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!success) {
    failed.push(`${name} (${entry})`);
    await Deno.stdout.write(stdout);
    await Deno.stderr.write(stderr);
  }
}
if (failed.length > 0) {
  console.error(`deno doc --lint failed alone on: ${failed.join(", ")}`);
  Deno.exit(1);
}
console.log(
  `deno doc --lint is clean on each of the ${
    Object.keys(config.exports).length
  } entry points alone`,
);
