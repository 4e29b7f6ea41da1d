/**
 * Command-line options as node:util's `parseArgs` reads them (strict mode,
 * the same values, positionals and messages), without node:util: the first
 * `node:` module a process imports sets up Node compatibility, which takes
 * longer than scoring a TREC-sized run.
 *
 * @module
 */

/** One option: its type, and optionally a one-letter name, repeats and a default. */
export interface ArgOption {
  /** A string takes a value; a boolean does not. */
  readonly type: "string" | "boolean";
  /** The one-letter form (`m` for `-m`). Default: none. */
  readonly short?: string;
  /** Keep every occurrence, in an array. Default: false, the last one wins. */
  readonly multiple?: boolean;
  /** The value when the option is absent. Default: undefined. */
  readonly default?: string | boolean | readonly string[] | readonly boolean[];
}

/** What {@linkcode parseArgs} reads. */
export interface ParseArgsConfig<T extends Record<string, ArgOption>> {
  /** The arguments. */
  readonly args: readonly string[];
  /** The options, by long name. */
  readonly options: T;
  /** Whether arguments that are not options are allowed. Default: false. */
  readonly allowPositionals?: boolean;
}

type ValueOf<O extends ArgOption> = O["type"] extends "string"
  ? (O["multiple"] extends true ? string[] : string)
  : (O["multiple"] extends true ? boolean[] : boolean);

/** The values of the options: undefined for an absent option without a default. */
export type ParsedValues<T extends Record<string, ArgOption>> = {
  -readonly [K in keyof T]: T[K] extends { default: unknown } ? ValueOf<T[K]>
    : ValueOf<T[K]> | undefined;
};

/**
 * Parses command-line arguments as node:util's `parseArgs` does in strict
 * mode: `--name value`, `--name=value`, `-n value`, `-nvalue`, grouped
 * booleans (`-qc`), `--` ending the options; an unknown option, a missing
 * value, a value given to a boolean, a value that looks like an option and
 * an unexpected positional are errors with node's messages.
 *
 * @example
 * ```ts
 * import { parseArgs } from "./_args.ts";
 * const { values, positionals } = parseArgs({
 *   args: ["-m", "ap", "-q", "qrels", "run"],
 *   allowPositionals: true,
 *   options: {
 *     metric: { type: "string", short: "m", multiple: true },
 *     "per-query": { type: "boolean", short: "q" },
 *     format: { type: "string", default: "trec" },
 *   },
 * });
 * console.log(values.metric, values["per-query"], values.format, positionals); // ["ap"] true "trec" ["qrels", "run"]
 * ```
 *
 * @param config The arguments and the options.
 * @returns The option values and the positionals.
 * @throws {TypeError} On a usage mistake, with node:util's message.
 */
export function parseArgs<const T extends Record<string, ArgOption>>(
  config: ParseArgsConfig<T>,
): { values: ParsedValues<T>; positionals: string[] } {
  const { options } = config;
  const allowPositionals = config.allowPositionals ?? false;
  const values: Record<string, unknown> = Object.create(null);
  const positionals: string[] = [];
  const own = (name: string) =>
    Object.hasOwn(options, name) ? options[name] : undefined;
  const longOf = (short: string) => {
    for (const [name, option] of Object.entries(options)) {
      if (option.short === short) return name;
    }
    return short;
  };
  const isString = (name: string) => own(name)?.type === "string";

  const store = (
    name: string,
    rawName: string,
    value: string | undefined,
    inline: boolean,
  ) => {
    const option = own(name);
    if (!option) throw unknownOption(rawName, allowPositionals);
    const shortAndLong = `${option.short ? `-${option.short}, ` : ""}--${name}`;
    if (option.type === "string" && typeof value !== "string") {
      throw new TypeError(`Option '${shortAndLong} <value>' argument missing`);
    }
    if (option.type === "boolean" && value !== undefined) {
      throw new TypeError(`Option '${shortAndLong}' does not take an argument`);
    }
    if (
      !inline && value !== undefined && value.length > 1 && value[0] === "-"
    ) {
      const example = rawName.startsWith("--")
        ? `'${rawName}=-XYZ'`
        : `'--${name}=-XYZ' or '${rawName}-XYZ'`;
      throw new TypeError(
        `Option '${rawName}' argument is ambiguous.\nDid you forget to specify the option argument for '${rawName}'?\nTo specify an option argument starting with a dash use ${example}.`,
      );
    }
    if (name === "__proto__") return;
    const stored = value ?? true;
    if (option.multiple) {
      const list = values[name] as unknown[] | undefined;
      if (list) list.push(stored);
      else values[name] = [stored];
    } else values[name] = stored;
  };

  const remaining = [...config.args];
  while (remaining.length) {
    const arg = remaining.shift()!;
    if (arg === "--") {
      for (const rest of remaining.splice(0)) positional(rest);
      break;
    }
    const dashOne = arg.length > 1 && arg[0] === "-" && arg[1] !== "-";
    if (dashOne && arg.length === 2) {
      const name = longOf(arg[1]);
      const takes = isString(name) && remaining.length > 0;
      store(name, arg, takes ? remaining.shift() : undefined, false);
      continue;
    }
    if (dashOne) {
      const name = longOf(arg[1]);
      if (isString(name)) {
        store(name, `-${arg[1]}`, arg.slice(2), true);
        continue;
      }
      // A group of short options: each letter, until one that takes the rest.
      const expanded: string[] = [];
      for (let i = 1; i < arg.length; i++) {
        if (!isString(longOf(arg[i])) || i === arg.length - 1) {
          expanded.push(`-${arg[i]}`);
        } else {
          expanded.push(`-${arg.slice(i)}`);
          break;
        }
      }
      remaining.unshift(...expanded);
      continue;
    }
    if (arg.length > 2 && arg.startsWith("--")) {
      const equals = arg.indexOf("=");
      if (equals < 0) {
        const name = arg.slice(2);
        const takes = isString(name) && remaining.length > 0;
        store(name, arg, takes ? remaining.shift() : undefined, false);
      } else {
        const name = arg.slice(2, equals);
        store(name, `--${name}`, arg.slice(equals + 1), true);
      }
      continue;
    }
    positional(arg);
  }

  function positional(arg: string): void {
    if (!allowPositionals) {
      throw new TypeError(
        `Unexpected argument '${arg}'. This command does not take positional arguments`,
      );
    }
    positionals.push(arg);
  }

  for (const [name, option] of Object.entries(options)) {
    if (option.default !== undefined && values[name] === undefined) {
      values[name] = option.default;
    }
  }
  return { values: values as ParsedValues<T>, positionals };
}

function unknownOption(rawName: string, allowPositionals: boolean): TypeError {
  const hint = allowPositionals
    ? `. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- ${
      JSON.stringify(rawName)
    }`
    : "";
  return new TypeError(`Unknown option '${rawName}'${hint}`);
}
