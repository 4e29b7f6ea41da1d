/**
 * trec_eval's command line, parsed as its `getopt_long` call parses it
 * (clustered short options, attached or separate arguments, long options
 * and their unique prefixes, options after file names), plus ranklens'
 * `--trec-version`. Measures are marked while parsing, as trec_eval marks
 * them, so an unknown measure stops at once.
 *
 * @module
 */

import { atol } from "../formats/c_number.ts";
import type { TrecEvalResult } from "./evaluate.ts";
import { measureTable, nicknames } from "./measures.ts";

/** trec_eval's short usage, printed on a command-line error. */
export const TREC_EVAL_USAGE =
  `Usage: trec_eval [-h] [-q] {-m measure}* trec_rel_file trec_top_file
   -h: Give full help information, including other options
   -q: In addition to summary evaluation, give evaluation for each query
   -m: calculate and print measures indicated by 'measure'
       ('-m all_qrels' prints all qrels measures, '-m official' is default)
`;

/** The parsed command line. */
export interface TrecEvalArgs {
  /** `-h`/`--help`: print the help and exit. */
  readonly help: boolean;
  /** The trec_eval version to reproduce (`--trec-version`). */
  readonly version: 9 | 10;
  /** `-q`. */
  readonly perTopic: boolean;
  /** `-c`. */
  readonly complete: boolean;
  /** `-n` turns this off. */
  readonly summary: boolean;
  /** `-J`. */
  readonly judgedOnly: boolean;
  /** `-l` (C `atol`). */
  readonly relevanceLevel: number;
  /** `-N` (C `atol`). */
  readonly collectionSize: number;
  /** `-M` (C `atol`; all when not given). */
  readonly maxDocs: number;
  /** `-R`. */
  readonly relFormat: string;
  /** `-T`. */
  readonly resultsFormat: string;
  /** `-Z`: the Z-score reference file. */
  readonly zscoreFile?: string;
  /** `-D level.qid`: the only topic to evaluate. */
  readonly debugQuery?: string;
  /** Measure names marked by `-m` (nicknames expanded); empty means `official`. */
  readonly marked: ReadonlySet<string>;
  /** `-m name.params` arguments in order; the first for a name wins. */
  readonly measureParams: readonly { name: string; params: string }[];
  /** The file arguments. */
  readonly files: readonly string[];
}

interface OptionSpec {
  readonly short: string;
  readonly long: string;
  readonly arg: boolean;
}

const OPTIONS: readonly OptionSpec[] = [
  { short: "h", long: "help", arg: false },
  { short: "v", long: "version", arg: false },
  { short: "q", long: "query_eval_wanted", arg: false },
  { short: "m", long: "measure", arg: true },
  { short: "c", long: "complete_rel_info_wanted", arg: false },
  { short: "l", long: "level_for_rel", arg: true },
  { short: "n", long: "nosummary", arg: false },
  { short: "D", long: "Debug_level", arg: true },
  { short: "J", long: "Judged_docs_only", arg: false },
  { short: "N", long: "Number_docs_in_coll", arg: true },
  { short: "M", long: "Max_retrieved_per_topic", arg: true },
  { short: "R", long: "Rel_info_format", arg: true },
  { short: "T", long: "Results_format", arg: true },
  { short: "o", long: "Output_old_results_format", arg: true },
  { short: "Z", long: "Zscore", arg: true },
  { short: "", long: "trec-version", arg: true },
];

const usageError = (message: string): TrecEvalResult => ({
  stdout: "",
  stderr: `${message}\n${TREC_EVAL_USAGE}`,
  status: 1,
});

/**
 * Parses trec_eval's arguments. Returns the parsed options, or what
 * trec_eval prints and exits with when it stops while parsing (`-v`, an
 * unknown option or measure).
 *
 * @example
 * ```ts
 * import { parseTrecEvalArgs } from "./options.ts";
 * const parsed = parseTrecEvalArgs(["-q", "-mP.5,10", "qrels", "run", "-l2"]);
 * if ("files" in parsed) console.log(parsed.files, parsed.relevanceLevel, [...parsed.marked]); // ["qrels", "run"] 2 ["P"]
 * ```
 *
 * @param args The arguments after the command name.
 * @returns The options, or the early exit.
 */
export function parseTrecEvalArgs(
  args: readonly string[],
): TrecEvalArgs | TrecEvalResult {
  const version = versionOf(args);
  if (typeof version !== "number") return version;
  const table = new Set(measureTable(version).map((m) => m.name));
  const nicks = nicknames(version);
  const marked = new Set<string>();
  const measureParams: { name: string; params: string }[] = [];
  const files: string[] = [];
  const state = {
    help: false,
    perTopic: false,
    complete: false,
    summary: true,
    judgedOnly: false,
    relevanceLevel: 1,
    collectionSize: 0,
    maxDocs: Infinity,
    relFormat: "qrels",
    resultsFormat: "trec_results",
    zscoreFile: undefined as string | undefined,
    debugQuery: undefined as string | undefined,
  };
  const apply = (
    option: OptionSpec,
    value: string,
  ): TrecEvalResult | undefined => {
    switch (option.short) {
      case "h":
        state.help = true;
        break;
      case "v":
        return {
          stdout: "",
          stderr: `trec_eval version ${
            version === 10 ? "10.0-rc3" : "9.0.7"
          }\n`,
          status: 0,
        };
      case "q":
        state.perTopic = true;
        break;
      case "m":
        return mark(value, table, nicks, marked, measureParams);
      case "c":
        state.complete = true;
        break;
      case "l":
        state.relevanceLevel = atol(value);
        break;
      case "n":
        state.summary = false;
        break;
      case "D": {
        const dot = value.indexOf(".");
        if (dot >= 0) state.debugQuery = value.slice(dot + 1);
        break;
      }
      case "J":
        state.judgedOnly = true;
        break;
      case "N":
        state.collectionSize = atol(value);
        break;
      case "M":
        state.maxDocs = Math.max(0, atol(value));
        break;
      case "R":
        state.relFormat = value;
        break;
      case "T":
        state.resultsFormat = value;
        break;
      case "Z":
        state.zscoreFile = value;
        break;
    }
    return undefined;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      // A loop, not push(...rest): a request may send any number of args.
      for (let j = i + 1; j < args.length; j++) files.push(args[j]);
      break;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = arg.slice(2, eq < 0 ? undefined : eq);
      const found = longOption(name);
      if (typeof found === "string") return usageError(found);
      let value = "";
      if (found.arg) {
        if (eq >= 0) value = arg.slice(eq + 1);
        else if (i + 1 < args.length) value = args[++i];
        else {
          return usageError(
            `trec_eval: option '--${found.long}' requires an argument`,
          );
        }
      } else if (eq >= 0) {
        return usageError(
          `trec_eval: option '--${found.long}' doesn't allow an argument`,
        );
      }
      const stop = apply(found, value);
      if (stop) return stop;
      continue;
    }
    if (!arg.startsWith("-") || arg === "-") {
      files.push(arg);
      continue;
    }
    for (let j = 1; j < arg.length; j++) {
      const option = OPTIONS.find((o) => o.short === arg[j]);
      if (!option) {
        return usageError(`trec_eval: invalid option -- '${arg[j]}'`);
      }
      let value = "";
      if (option.arg && option.short !== "o") {
        if (j + 1 < arg.length) value = arg.slice(j + 1);
        else if (i + 1 < args.length) value = args[++i];
        else {
          return usageError(
            `trec_eval: option requires an argument -- '${arg[j]}'`,
          );
        }
        j = arg.length;
      }
      const stop = apply(option, value);
      if (stop) return stop;
    }
  }
  return { ...state, version, marked, measureParams, files };
}

function longOption(name: string): OptionSpec | string {
  const exact = OPTIONS.find((o) => o.long === name);
  if (exact) return exact;
  const prefixed = OPTIONS.filter((o) => o.long.startsWith(name));
  if (prefixed.length === 1 && name !== "") return prefixed[0];
  if (prefixed.length > 1 && name !== "") {
    return `trec_eval: option '--${name}' is ambiguous; possibilities:${
      prefixed.map((o) => ` '--${o.long}'`).join("")
    }`;
  }
  return `trec_eval: unrecognized option '--${name}'`;
}

function versionOf(args: readonly string[]): 9 | 10 | TrecEvalResult {
  let version: 9 | 10 = 10;
  for (let i = 0; i < args.length; i++) {
    let value: string | undefined;
    if (args[i] === "--trec-version") value = args[i + 1];
    else if (args[i].startsWith("--trec-version=")) {
      value = args[i].slice("--trec-version=".length);
    } else continue;
    if (value !== "9" && value !== "10") {
      return {
        stdout: "",
        stderr: `trec_eval: --trec-version must be 9 or 10, got '${
          value ?? ""
        }'\n`,
        status: 1,
      };
    }
    version = value === "9" ? 9 : 10;
  }
  return version;
}

function mark(
  arg: string,
  table: ReadonlySet<string>,
  nicks: ReadonlyMap<string, readonly string[]>,
  marked: Set<string>,
  measureParams: { name: string; params: string }[],
): TrecEvalResult | undefined {
  const dot = arg.indexOf(".");
  const name = dot < 0 ? arg : arg.slice(0, dot);
  const illegal = `trec_eval: illegal measure '${name}'\n`;
  if (dot >= 0) {
    const params = arg.slice(dot + 1);
    if (params === "") {
      return {
        stdout: "",
        stderr:
          `trec_eval: improper measure in parameter '${name}'\n${illegal}`,
        status: 1,
      };
    }
    measureParams.push({ name, params });
  }
  const group = nicks.get(name);
  if (group) {
    for (const member of group) marked.add(member);
    return undefined;
  }
  if (!table.has(name)) return { stdout: "", stderr: illegal, status: 1 };
  marked.add(name);
  return undefined;
}
