// The dispatcher: every error a user can cause ends in a message and an exit
// status, never in a stack trace.
import { assertEquals } from "./assert.ts";
import { runCli } from "./cli/_cli.ts";
import { reportError } from "../cli.ts";
import { UsageError } from "../cli/errors.ts";
import { InputError } from "../model/errors.ts";

const CLI = new URL("../cli.ts", import.meta.url).pathname;
const EXAMPLES = new URL("../examples/", import.meta.url).pathname;
const QRELS = `${EXAMPLES}qrels.txt`;
const RUN = `${EXAMPLES}run.bm25.txt`;

const noStackTrace = (stderr: string) =>
  assertEquals(/^\s+at /m.test(stderr), false, stderr);

Deno.test("an output path that is a directory exits 1 with a message", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const result = await runCli([
      "eval",
      QRELS,
      RUN,
      "-m",
      "ap",
      "--save-report",
      dir,
    ]);
    assertEquals(result.code, 1, result.stderr);
    assertEquals(result.stderr.startsWith("ranklens eval: "), true);
    noStackTrace(result.stderr);
    assertEquals([...Deno.readDirSync(dir)], []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a permission not granted exits 1 with Deno's advice", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-R",
        CLI,
        "eval",
        QRELS,
        RUN,
        "-m",
        "ap",
        "--save-report",
        `${dir}/report.json`,
      ],
      stdin: "null",
      stdout: "null",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).output();
    const text = new TextDecoder().decode(stderr);
    assertEquals(code, 1, text);
    assertEquals(text.startsWith("ranklens eval: "), true, text);
    assertEquals(text.includes("--allow-write"), true, text);
    noStackTrace(text);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("no command prints the help on stderr and exits 2; --help on stdout", async () => {
  const none = await runCli([]);
  assertEquals(none.code, 2);
  assertEquals(none.stdout, "");
  assertEquals(none.stderr.includes("Commands:"), true, none.stderr);
  const help = await runCli(["--help"]);
  assertEquals(help.code, 0);
  assertEquals(help.stdout.includes("Commands:"), true, help.stdout);
});

Deno.test("errors are told apart by class: a bug exits 70 with its stack trace", () => {
  const printed: unknown[][] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => printed.push(args);
  try {
    // A TypeError is a bug, however much it looks like a user's mistake.
    const bug = new TypeError("Cannot read properties of undefined");
    assertEquals(reportError(bug, "eval", 1), 70);
    assertEquals(printed.at(-1)?.[0], bug);
    assertEquals(
      reportError(new InputError("run.txt", 3, "bad score"), "eval", 1),
      1,
    );
    assertEquals(printed.at(-1), ["ranklens eval: run.txt:3: bad score"]);
    assertEquals(reportError(new Deno.errors.NotFound("x"), "gate", 2), 2);
    assertEquals(
      reportError(new UsageError("no RUN", "eval Q R"), "eval", 1),
      2,
    );
    assertEquals(printed.at(-1), ["ranklens eval: no RUN\nUsage: eval Q R"]);
    // A SyntaxError from a bug (JSON.parse of our own text) is no InputError.
    assertEquals(
      reportError(new SyntaxError("Unexpected token"), "rag", 1),
      70,
    );
    // A code makes an I/O error the system's only when it is an errno.
    const io = Object.assign(new Error("No space left on device"), {
      code: "ENOSPC",
    });
    assertEquals(reportError(io, "eval", 1), 1);
    const coded = Object.assign(new TypeError("bad argument"), {
      code: "ERR_INVALID_ARG_TYPE",
    });
    assertEquals(reportError(coded, "eval", 1), 70);
    assertEquals(printed.at(-1)?.[0], coded);
  } finally {
    console.error = error;
  }
});

Deno.test("a system error is one line that names the file first", async () => {
  const printed: unknown[][] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => printed.push(args);
  try {
    // Deno's own messages, as its file functions throw them.
    const cases: [Error, string][] = [
      [
        new Deno.errors.NotFound(
          "No such file or directory (os error 2): stat 'run.txt'",
        ),
        "ranklens rag: run.txt: no such file or directory",
      ],
      [
        new Deno.errors.PermissionDenied(
          "Permission denied (os error 13): open '/data/qrels.txt'",
        ),
        "ranklens rag: /data/qrels.txt: permission denied",
      ],
      [
        new Deno.errors.IsADirectory(
          "Is a directory (os error 21): readfile 'examples'",
        ),
        "ranklens rag: examples: is a directory",
      ],
    ];
    for (const [thrown, line] of cases) {
      assertEquals(reportError(thrown, "rag", 1), 1);
      assertEquals(printed.at(-1), [line]);
    }
  } finally {
    console.error = error;
  }
  // And as a user meets it: a missing baseline, dataset or input file.
  for (
    const args of [
      ["gate", QRELS, RUN, "--baseline", "missing.txt"],
      ["retrieve", "--dataset", "missing.txt"],
      ["convert", "missing.txt", "out.tsv"],
      ["rag", "missing.txt"],
      ["eval", QRELS, "missing.txt"],
    ]
  ) {
    const result = await runCli(args);
    assertEquals(result.code, args[0] === "gate" ? 2 : 1, args.join(" "));
    assertEquals(
      result.stderr,
      `ranklens ${args[0]}: missing.txt: no such file or directory\n`,
    );
  }
});
