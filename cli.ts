/**
 * The `ranklens` command line: `deno run -R cli.ts COMMAND ...`.
 *
 * Each command lives in its own module under `cli/`; this file only
 * dispatches and turns errors into exit statuses.
 *
 * @example Run a command from code
 * ```ts ignore
 * import { main } from "./cli.ts";
 * const status = await main(["metrics"]);
 * ```
 *
 * @module
 */

import { ExitError, UsageError } from "./cli/errors.ts";
import { type InputLimits, setInputLimits } from "./formats/limits.ts";
import { InputError } from "./model/errors.ts";
import { VERSION } from "./version.ts";

/** A command: runs with its arguments and returns the exit status. */
export type Command = (args: string[]) => Promise<number>;

/** A command module: `run`. */
interface CommandModule {
  run: Command;
}

/**
 * Each command: what it does, its module, and the exit status of a data
 * error when 1 means something else for it (gate: 1 is a regression, so
 * every error exits 2). Default 1.
 */
const COMMANDS: Record<
  string,
  [string, () => Promise<CommandModule>, dataErrorStatus?: number]
> = {
  eval: ["score a TREC run against qrels", () => load("eval")],
  trec_eval: [
    "drop-in replacement for trec_eval 10.0",
    () => load("trec_eval"),
  ],
  metrics: ["list the metric registry", () => load("metrics")],
  demo: ["evaluate the bundled example data", () => load("demo")],
  retrieve: [
    "run a retriever over a dataset and evaluate it",
    () => load("retrieve"),
  ],
  convert: [
    "convert between dataset formats",
    () => load("convert"),
  ],
  rag: ["score RAG answers and contexts", () => load("rag")],
  compare: [
    "compare runs with significance tests",
    () => load("compare"),
  ],
  gate: [
    "fail when a run regresses against a baseline",
    () => load("gate"),
    2,
  ],
  serve: ["serve the HTTP API and web page", () => load("serve")],
};

/**
 * Imports `cli/NAME.ts`. The specifier is built at run time on purpose: Deno
 * walks every import it can read in the source (dynamic ones too) before
 * the program starts, which for literal specifiers means reading and
 * hashing every command's modules, npm packages included, to run any one of
 * them (`serve`'s walk alone cost every command 10 ms, `demo`'s and
 * `metrics`' 8). A module outside that walk needs read permission for a
 * checkout's files: `serve`, `demo` and `metrics` read no file but load
 * their modules so (from a `jsr:` URL none is needed).
 */
function load(name: string): Promise<CommandModule> {
  const specifier = `./cli/${name}.ts`;
  const url = new URL(specifier, import.meta.url);
  // Without it, the import fails with a TypeError that reads like a bug.
  if (url.protocol === "file:") {
    const { state } = Deno.permissions.querySync({ name: "read", path: url });
    if (state === "denied" || state === "prompt" && !Deno.stdin.isTerminal()) {
      throw new Deno.errors.NotCapable(
        "needs read access to its files: run it with -R (--allow-read)",
      );
    }
  }
  return import(specifier);
}

/** The help, made when it is shown: a command's run needs none of it. */
const help = () =>
  `ranklens: evaluate search and RAG systems

Usage: ranklens COMMAND [OPTIONS] ...
       ranklens --version
From a checkout, "ranklens" is "deno run -R -W -N cli.ts" (serve: -N -E -R).

Commands:
${
    Object.entries(COMMANDS).map(([name, [what]]) =>
      `  ${name.padEnd(10)} ${what}`
    )
      .join("\n")
  }

Bounds on input, for every command (defaults far beyond real files):
  --max-line-bytes N   longest line (16777216)
  --max-gzip-ratio N   how many times its size a .gz may inflate to (200)
  --max-gzip-bytes N   most bytes a .gz may inflate to (68719476736)
  --max-metrics N      most metric specs (10000)

Run "ranklens COMMAND --help" for a command's options.`;

/**
 * Runs the CLI.
 *
 * @example
 * ```ts
 * import { main } from "./cli.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/qrels.txt`, "q1 0 d1 1\n");
 * await Deno.writeTextFile(`${dir}/run.txt`, "q1 Q0 d9 1 2.0 bm25\nq1 Q0 d1 2 1.0 bm25\n");
 * const status = await main(["eval", `${dir}/qrels.txt`, `${dir}/run.txt`, "-m", "rr"]);
 * // prints "runid  all  bm25", "num_q  all  1" and "rr  all  0.5000"
 * console.log(status); // 0
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param args The arguments, without the program name.
 * @returns The exit status.
 */
export async function main(args: string[]): Promise<number> {
  let limits;
  try {
    [args, limits] = takeLimitOptions(args);
  } catch (error) {
    console.error(`ranklens: ${(error as Error).message}`);
    return 2;
  }
  setInputLimits(limits);
  const [name, ...rest] = args;
  if (name === undefined) {
    // No command is a usage mistake: the help goes where errors go.
    console.error(help());
    return 2;
  }
  if (name === "--version" || name === "-V") {
    console.log(`ranklens ${VERSION}`);
    return 0;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    console.log(help());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`ranklens: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  try {
    const module = await command[1]();
    return await module.run(rest);
  } catch (error) {
    return reportError(error, name, command[2] ?? 1);
  }
}

/** The options that raise a bound, for every command. */
const LIMIT_OPTIONS: Record<string, keyof InputLimits> = {
  "--max-line-bytes": "maxLineBytes",
  "--max-gzip-ratio": "maxGzipRatio",
  "--max-gzip-bytes": "maxGzipBytes",
  "--max-metrics": "maxMetrics",
};

/**
 * Takes the `--max-*=N` (or `--max-* N`) options out of the arguments,
 * wherever they stand before a `--`: every command reads input, and
 * trec_eval's own parser must not see them.
 */
function takeLimitOptions(
  args: string[],
): [string[], Partial<Record<keyof InputLimits, number>>] {
  const kept: string[] = [];
  const limits: Partial<Record<keyof InputLimits, number>> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      kept.push(...args.slice(i));
      break;
    }
    const eq = arg.indexOf("=");
    const flag = eq < 0 ? arg : arg.slice(0, eq);
    const key = LIMIT_OPTIONS[flag];
    if (!key) {
      kept.push(arg);
      continue;
    }
    const raw = eq < 0 ? args[++i] : arg.slice(eq + 1);
    const value = Number(raw);
    if (raw === undefined || !/^\d+$/.test(raw) || !(value > 0)) {
      throw new RangeError(
        `${flag} takes a positive whole number, got ${
          JSON.stringify(raw ?? "")
        }`,
      );
    }
    limits[key] = value;
  }
  return [kept, limits];
}

const SYSTEM_ERRORS: (abstract new (...args: never[]) => Error)[] = Object
  .values(Deno.errors);

/**
 * Whether `code` names an errno (`ENOSPC`, `EIO`): an I/O error of the
 * system, not a bug that happens to carry a code (`ERR_INVALID_ARG_TYPE`).
 */
function isErrnoCode(code: unknown): boolean {
  return typeof code === "string" && /^E[A-Z0-9]{1,15}$/.test(code);
}

/** The exit status of a bug, as sysexits.h's EX_SOFTWARE. */
const BUG_STATUS = 70;

/**
 * Prints how a command failed and gives its exit status. Errors are told
 * apart by class, never by name, so a `TypeError` from a bug never passes
 * for a user's mistake: a `UsageError` exits 2 with the usage line, an
 * `InputError` or a system error (a missing file, a permission) exits with
 * the command's data-error status and one line, an `ExitError` with its
 * status, and anything else is a bug, printed with its stack trace: 70.
 *
 * @example
 * ```ts
 * import { reportError } from "./cli.ts";
 * import { InputError } from "./model/errors.ts";
 * console.log(reportError(new InputError("run.txt", 3, "bad score"), "eval", 1)); // 1
 * ```
 *
 * @param error What the command threw.
 * @param command The command's name, for the message.
 * @param dataErrorStatus The status of bad input for this command.
 * @returns The exit status.
 */
export function reportError(
  error: unknown,
  command: string,
  dataErrorStatus: number,
): number {
  // A reader that closed standard output (`| head -1`) has all it wanted:
  // the command ends quietly, as `head` expects.
  if (
    error instanceof Deno.errors.BrokenPipe ||
    (error as { code?: unknown } | null)?.code === "EPIPE"
  ) {
    return 0;
  }
  if (error instanceof UsageError) {
    console.error(
      `ranklens ${command}: ${error.message}\nUsage: ${error.usage}`,
    );
    return 2;
  }
  if (error instanceof ExitError) {
    if (error.raw) {
      Deno.stderr.writeSync(new TextEncoder().encode(error.message));
    } else console.error(error.message);
    return error.status;
  }
  // Bad input, and every error of the system (a missing file, a directory
  // where a file belongs, a permission not granted, a full disk): the
  // user's to fix, one line and no stack trace. An I/O error (ENOSPC, EIO)
  // may have a code but no class of its own.
  if (
    error instanceof InputError ||
    SYSTEM_ERRORS.some((type) => error instanceof type) ||
    error instanceof Error && isErrnoCode((error as { code?: unknown }).code)
  ) {
    console.error(`ranklens ${command}: ${systemMessage(error as Error)}`);
    return dataErrorStatus;
  }
  console.error(
    `ranklens ${command}: internal error (a bug in ranklens; please report it with the command line):`,
  );
  console.error(error);
  return BUG_STATUS;
}

/**
 * What a system error says in one line, the file first: Deno's
 * `No such file or directory (os error 2): stat 'run.txt'` becomes
 * `run.txt: no such file or directory`. Files are read and written with
 * messages naming them; an I/O error whose message names no file comes
 * from writing standard output.
 */
function systemMessage(error: Error): string {
  if (error instanceof InputError || error instanceof Deno.errors.NotCapable) {
    return error.message;
  }
  const match = /^(.+?) \(os error \d+\)(?:: \w+ '(.*)')?$/s.exec(
    error.message,
  );
  const classed = SYSTEM_ERRORS.some((type) => error instanceof type);
  if (!match) {
    return classed
      ? error.message
      : `cannot write standard output: ${error.message}`;
  }
  const [, reason, path] = match;
  const what = reason[0].toLowerCase() + reason.slice(1);
  return `${path ?? "cannot write standard output"}: ${what}`;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
