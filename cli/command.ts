/**
 * One way to define a CLI command: its options, help, positional arguments,
 * report format and permissions are declared, and this module parses the
 * arguments, prints `--help`, counts the positionals, chooses the format of
 * `--out`, asks for the permissions, and turns every mistake on the command
 * line into a {@linkcode UsageError}. A command's module holds only what is
 * its own: the declaration and the work.
 *
 * @module
 */

import { type ArgOption, parseArgs, type ParsedValues } from "./_args.ts";
import { UsageError, usageErrors } from "./errors.ts";
import { outputFormat } from "./output_format.ts";
import { checkPermissions, type PermissionNeeds } from "./permissions.ts";

/** How many positional arguments a command takes, and what they are. */
export interface PositionalCount {
  /** The fewest. */
  readonly min: number;
  /** The most. Default: `min`. */
  readonly max?: number;
  /** What they are, for the message: `QRELS and RUN`. */
  readonly expected: string;
  /** What a positional is called in the count. Default: `file argument(s)`. */
  readonly noun?: string;
}

/** The report a command writes: to standard output, or to `--out FILE`. */
export interface OutputDeclaration<F extends string> {
  /** The formats `--format` takes. */
  readonly formats: readonly F[];
  /** The format when neither `--format` nor the `--out` extension tells. */
  readonly fallback: F;
}

/** The `parseArgs` definitions of `--format` and `--out`. */
export const OUTPUT_OPTIONS = {
  format: { type: "string" },
  out: { type: "string" },
} as const;

/** What a command's work receives. */
export interface CommandInput<O extends Record<string, ArgOption>, F> {
  /** The option values. */
  readonly values: ParsedValues<O>;
  /** The positional arguments. */
  readonly positionals: string[];
  /** The report's format: `--format`, or told by `--out`, or the fallback. */
  readonly format: F;
  /**
   * Writes the report: to the `--out` file atomically, else to standard
   * output.
   */
  readonly emit: (text: string) => Promise<void>;
}

/** A command as {@linkcode defineCommand} takes it. */
export interface CommandDefinition<
  O extends Record<string, ArgOption>,
  F extends string,
> {
  /** The usage line, printed with every usage error. */
  readonly usage: string;
  /** The help after the usage line; a function when it is made. */
  readonly help: string | (() => string);
  /** The options; `-h`/`--help` is added. */
  readonly options: O;
  /** The positional arguments. Default: none. */
  readonly positionals?: PositionalCount;
  /** The report it writes, when `--format` and `--out` choose it. */
  readonly output?: OutputDeclaration<F>;
  /**
   * The files and hosts it will touch, checked before `run` starts (the
   * `--out` file is added). Throwing a `TypeError` here is a usage error.
   */
  readonly permissions?: (input: CommandInput<O, F>) => PermissionNeeds;
  /** The work; returns the exit status. */
  readonly run: (input: CommandInput<O, F>) => Promise<number>;
}

const HELP_OPTION = { help: { type: "boolean", short: "h" } } as const;

/**
 * Makes a command's `run` from its declaration: the arguments are parsed
 * as node:util's `parseArgs` parses them, `-h` prints the help, a wrong
 * number of positionals, an unknown option or a bad `--format` is a
 * {@linkcode UsageError} with the usage line, and a missing permission is
 * one error naming the flag, before any work.
 *
 * @example
 * ```ts
 * import { defineCommand } from "./command.ts";
 * const run = defineCommand({
 *   usage: "ranklens hello NAME [--loud]",
 *   help: "Greets NAME.",
 *   options: { loud: { type: "boolean" } },
 *   positionals: { min: 1, expected: "one NAME" },
 *   run({ values, positionals }) {
 *     const text = `hello ${positionals[0]}`;
 *     console.log(values.loud ? text.toUpperCase() : text);
 *     return Promise.resolve(0);
 *   },
 * });
 * console.log(await run(["world"])); // 0
 * const error = await run([]).catch((error) => error);
 * console.log(error.message); // "expected one NAME, got 0 file argument(s)"
 * ```
 *
 * @param definition The command.
 * @returns Its `run`: the arguments after the command's name in, the exit
 * status out.
 */
export function defineCommand<
  const O extends Record<string, ArgOption>,
  F extends string = never,
>(
  definition: CommandDefinition<O, F>,
): (args: string[]) => Promise<number> {
  const { usage } = definition;
  return async (args) => {
    const count = definition.positionals;
    const { values, positionals } = usageErrors(usage, () =>
      parseArgs({
        args,
        allowPositionals: count !== undefined,
        options: { ...definition.options, ...HELP_OPTION },
      }));
    if (values.help) {
      const help = typeof definition.help === "string"
        ? definition.help
        : definition.help();
      console.log(`Usage: ${usage}\n\n${help}`);
      return 0;
    }
    if (count !== undefined) {
      const max = count.max ?? count.min;
      if (positionals.length < count.min || positionals.length > max) {
        throw new UsageError(
          `expected ${count.expected}, got ${positionals.length} ${
            count.noun ?? "file argument(s)"
          }`,
          usage,
        );
      }
    }
    const { format: given, out } = values as {
      format?: string;
      out?: string;
    };
    const output = definition.output;
    const format = (output === undefined ? undefined : outputFormat(
      given,
      out,
      output.formats,
      output.fallback,
      usage,
    )) as F;
    const input: CommandInput<O, F> = {
      values: values as ParsedValues<O>,
      positionals,
      format,
      emit: (text) => emit(text, output === undefined ? undefined : out),
    };
    const needs = definition.permissions === undefined
      ? {}
      : usageErrors(usage, () => definition.permissions!(input));
    await checkPermissions({
      ...needs,
      write: [...needs.write ?? [], output === undefined ? undefined : out],
    });
    return await definition.run(input);
  };
}

/**
 * Writes a report to a file atomically, or to standard output.
 *
 * @param text The report.
 * @param out The file, or undefined for standard output.
 */
async function emit(text: string, out: string | undefined): Promise<void> {
  if (out !== undefined) {
    // Imported when needed: the atomic writer loads node:path, which sets up
    // Node compatibility, and `metrics` starts without it.
    const { writeFileAtomic } = await import("../formats/atomic_write.ts");
    return await writeFileAtomic(out, text);
  }
  // Synchronously, as console.log writes: an asynchronous write is a trip
  // through a thread pool, which on a busy machine waits for a core.
  const bytes = new TextEncoder().encode(text);
  for (let done = 0; done < bytes.length;) {
    done += Deno.stdout.writeSync(bytes.subarray(done));
  }
}
