// Every shell example of the README runs as written after its install line,
// and prints what the README shows.
//
// The README's convention, which this test reads:
// - A ```console block is run: each `$ ` line is a command (a line ending in
//   `\` continues it), and the lines up to the next `$ ` are what it prints,
//   standard output and standard error together, as a terminal shows them.
//   An output line `...` stands for any number of lines.
// - Any other shell block (```sh) is not run, and says why on the line before
//   it: `<!-- not run: REASON -->` (a server, a service on the network, data
//   outside the repository, a benchmark). A ```console block may say so too.
// - The install line (`npm install -g deno@V && deno install ...`) is run
//   too, minus the npm part: its `deno install` puts the `ranklens` command
//   into a temporary DENO_INSTALL_ROOT, with this test's Deno as `deno`.
//
// The commands run one after another in one temporary directory holding a
// copy of examples/, so a file one example writes is there for the next, and
// the checkout is never written to.
import { assertEquals } from "./assert.ts";

const ROOT = new URL("../", import.meta.url);
const README = await Deno.readTextFile(new URL("README.md", ROOT));

/** A fenced block of the README. */
interface Block {
  /** The info string after the fence. */
  readonly lang: string;
  /** The 1-based line of the opening fence. */
  readonly line: number;
  /** The lines inside the fences. */
  readonly body: string[];
  /** The reason of a `<!-- not run: REASON -->` on the line before. */
  readonly notRun?: string;
}

/** A command of a console block and what it prints. */
interface Example {
  readonly line: number;
  readonly command: string;
  readonly expected: string[];
}

function blocks(text: string): Block[] {
  const lines = text.split("\n");
  const found: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)/.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i].startsWith("```"); i++) {
      body.push(lines[i]);
    }
    let before = start - 1;
    while (before >= 0 && lines[before].trim() === "") before--;
    const marker = /^<!-- not run: (.*\S) -->$/.exec(lines[before] ?? "");
    found.push({
      lang: open[1],
      line: start + 1,
      body,
      ...marker ? { notRun: marker[1] } : {},
    });
  }
  return found;
}

function examples(block: Block): Example[] {
  const found: Example[] = [];
  let current: { line: number; command: string[]; expected: string[] } | null =
    null;
  let continued = false;
  block.body.forEach((text, i) => {
    const line = block.line + 1 + i;
    if (continued) {
      current!.command.push(text);
      continued = text.endsWith("\\");
    } else if (text.startsWith("$ ")) {
      if (current) found.push(finish(current));
      current = { line, command: [text.slice(2)], expected: [] };
      continued = text.endsWith("\\");
    } else if (current) {
      current.expected.push(text);
    } else {
      throw new SyntaxError(
        `README.md:${line}: console output before any "$ " command`,
      );
    }
  });
  if (current) found.push(finish(current));
  return found;
}

function finish(
  example: { line: number; command: string[]; expected: string[] },
): Example {
  return {
    line: example.line,
    command: example.command.join("\n"),
    expected: example.expected,
  };
}

/** Whether `actual` is `expected`, where an expected `...` is any lines. */
function matches(expected: string[], actual: string[]): boolean {
  const at = (e: number, a: number): boolean => {
    if (e === expected.length) return a === actual.length;
    if (expected[e] === "...") {
      for (let skip = a; skip <= actual.length; skip++) {
        if (at(e + 1, skip)) return true;
      }
      return false;
    }
    return a < actual.length && expected[e] === actual[a] && at(e + 1, a + 1);
  };
  return at(0, 0);
}

const ALL = blocks(README);
const SHELL = new Set(["sh", "shell", "bash", "console"]);

Deno.test("every shell block of the README is run, or says why not", () => {
  const silent = ALL.filter((b) =>
    SHELL.has(b.lang) && b.lang !== "console" && b.notRun === undefined
  ).map((b) => `README.md:${b.line}: \`\`\`${b.lang}`);
  assertEquals(silent, []);
  // The convention is read off real blocks.
  assertEquals(ALL.filter((b) => b.lang === "console").length > 5, true);
});

Deno.test("the README's examples say `ranklens`, its one `deno run` line aside", () => {
  const runs = ALL.filter((b) => b.notRun === undefined && b.lang === "console")
    .flatMap(examples)
    .filter((e) => /\bcli\.ts\b/.test(e.command))
    .map((e) => `README.md:${e.line}: ${e.command}`);
  assertEquals(runs, []);
});

Deno.test({
  name: "each README example prints what the README shows",
  fn: async (t) => {
    const install = /^npm install -g deno@\S+ && (deno install .*)$/m.exec(
      README,
    );
    assertEquals(install !== null, true, "the README's install line");
    const work = await Deno.makeTempDir({ prefix: "ranklens_readme_" });
    try {
      // `deno` is this test's Deno, as npm's `deno` is after the install.
      const bin = `${work}/.deno_bin`;
      await Deno.mkdir(bin);
      await Deno.symlink(Deno.execPath(), `${bin}/deno`);
      const installRoot = `${work}/.install`;
      const env = {
        PATH: `${installRoot}/bin:${bin}:${Deno.env.get("PATH") ?? ""}`,
        DENO_INSTALL_ROOT: installRoot,
        NO_COLOR: "1",
      };
      const sh = async (command: string, cwd: string | URL) => {
        const { code, stdout } = await new Deno.Command("sh", {
          args: ["-c", `exec 2>&1\n${command}`],
          cwd,
          env,
          stdin: "null",
          stdout: "piped",
          stderr: "inherit",
        }).output();
        return { code, text: new TextDecoder().decode(stdout) };
      };
      const installed = await sh(install![1], ROOT);
      assertEquals(installed.code, 0, installed.text);
      // The examples run this command, not one found elsewhere on the PATH.
      assertEquals(
        (await Deno.stat(`${installRoot}/bin/ranklens`)).isFile,
        true,
      );

      await Deno.mkdir(`${work}/examples`);
      for await (const entry of Deno.readDir(new URL("examples/", ROOT))) {
        if (!entry.isFile) continue;
        await Deno.copyFile(
          new URL(`examples/${entry.name}`, ROOT),
          `${work}/examples/${entry.name}`,
        );
      }
      const run = ALL.filter((b) =>
        b.lang === "console" && b.notRun === undefined
      ).flatMap(examples);
      assertEquals(run.length > 10, true);
      // One shell runs them all, as a terminal would: `$?` is the previous
      // example's status. Each command's output follows a marker line.
      const marker = (i: number) => `@@@ readme example ${i} @@@`;
      const script = run.map((e, i) =>
        `printf '\\n%s\\n' '${
          marker(i)
        }'\n(exit $status)\n${e.command}\nstatus=$?\n`
      ).join("");
      const { text } = await sh(`status=0\n${script}`, work);
      for (const [i, example] of run.entries()) {
        await t.step(`README.md:${example.line}: ${example.command}`, () => {
          const start = text.indexOf(`\n${marker(i)}\n`);
          assertEquals(start >= 0, true, `the output of ${example.command}`);
          const from = start + marker(i).length + 2;
          const end = text.indexOf(`\n${marker(i + 1)}\n`, from);
          const output = text.slice(from, end < 0 ? undefined : end)
            .replace(/\n$/, "");
          const actual = output === "" ? [] : output.split("\n");
          if (!matches(example.expected, actual)) {
            assertEquals(actual, example.expected);
          }
        });
      }
    } finally {
      await Deno.remove(work, { recursive: true });
    }
  },
});
