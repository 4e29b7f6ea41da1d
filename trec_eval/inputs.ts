/**
 * Reads trec_eval's input files for a parsed command line and binds the
 * requested measures, with trec_eval's messages and exit statuses for every
 * failure.
 *
 * @module
 */

import { InputError } from "../model/errors.ts";
import { compareIds } from "../model/compare_ids.ts";
import type { Source } from "../formats/source.ts";
import { byteString, MalformedLineError } from "./lines.ts";
import { readTrecEvalQrels } from "./qrels_file.ts";
// The other readers are imported when their format is read: trec_eval on
// qrels, the usual case, loads none of them.
import {
  REL_FORMATS,
  type RelFormat,
  type TrecEvalData,
  type TrecEvalRelevance,
  type TrecEvalResult,
} from "./evaluate.ts";
import {
  bindMeasure,
  type BoundTrecMeasure,
  measureTable,
  nicknames,
} from "./measures.ts";
import type { TrecEvalArgs } from "./options.ts";
import { MeasureParamError } from "./params.ts";
import { firstRepeated } from "./topic.ts";

const failure = (stderr: string, status: number): TrecEvalResult => ({
  stdout: "",
  stderr,
  status,
});

/** A file name as trec_eval prints it: its bytes. */
const printable = (path: string) => byteString(new TextEncoder().encode(path));

class ReadFailure extends Error {}

/** Reads a file with a trec_eval reader, turning every failure into its message. */
async function attempt<T extends { empty: boolean }>(
  path: string,
  source: Source,
  reader: string,
  what: string,
  read: (source: Source) => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await read(source);
  } catch (error) {
    if (error instanceof MalformedLineError) {
      throw new ReadFailure(
        `trec_eval.${reader}: Malformed line ${error.record}\n`,
      );
    }
    if (error instanceof Deno.errors.NotFound || error instanceof Error) {
      // trec_eval's words, and why when ranklens knows it (a truncated
      // .gz, a line past --max-line-bytes).
      const why = error instanceof InputError
        ? ` (${error.line > 0 ? `line ${error.line}: ` : ""}${error.reason})`
        : "";
      throw new ReadFailure(
        `trec_eval.${reader}: Cannot read ${what} file '${
          printable(path)
        }'${why}\n`,
      );
    }
    throw error;
  }
  if (result.empty) {
    // trec_eval's words, and why for a file read (it cannot tell an empty
    // file from a missing one); texts given in its place say nothing more.
    const why = typeof source !== "string"
      ? ""
      : ` (${source === "-" ? "standard input" : printable(path)} is empty)`;
    throw new ReadFailure(
      `trec_eval.${reader}: Cannot read ${what} file '${
        printable(path)
      }'${why}\n`,
    );
  }
  return result;
}

/**
 * Reads the relevance file, the run and the Z-score file of a command line,
 * as trec_eval reads them (ids byte for byte).
 *
 * @example
 * ```ts
 * import { readTrecEvalInputs } from "./inputs.ts";
 * import { parseTrecEvalArgs } from "./options.ts";
 * const args = parseTrecEvalArgs(["no-such-qrels", "run"]);
 * if ("files" in args) {
 *   const read = await readTrecEvalInputs(args);
 *   if ("status" in read) console.log(read.status, read.stderr); // 2 "trec_eval.get_qrels: Cannot read qrels file ..."
 * }
 * ```
 *
 * @param args The parsed command line, with two files.
 * @param locate Where a file named on the command line is (messages keep
 * the name as given). Default: the name itself.
 * @param stdin What a run named `-` reads. Default: standard input.
 * @returns The data, or trec_eval's failure.
 */
export async function readTrecEvalInputs(
  args: TrecEvalArgs,
  locate: (path: string) => Source = (path) => path,
  stdin: Source = "-",
): Promise<TrecEvalData | TrecEvalResult> {
  return await readInputs(args, locate, stdin) as
    | TrecEvalData
    | TrecEvalResult;
}

/**
 * Reads the relevance and Z-score files of a command line but not the run,
 * for readers that stream the run themselves (see `evaluateTrecEvalScan`).
 *
 * @example
 * ```ts
 * import { readTrecEvalRelevance } from "./inputs.ts";
 * import { parseTrecEvalArgs } from "./options.ts";
 * const args = parseTrecEvalArgs(["no-such-qrels", "run"]);
 * if ("files" in args) {
 *   const read = await readTrecEvalRelevance(args);
 *   if ("status" in read) console.log(read.status); // 2
 * }
 * ```
 *
 * @param args The parsed command line, with two files.
 * @param locate Where a file named on the command line is.
 * @returns The judgements, or trec_eval's failure.
 */
export async function readTrecEvalRelevance(
  args: TrecEvalArgs,
  locate: (path: string) => Source = (path) => path,
): Promise<TrecEvalRelevance | TrecEvalResult> {
  return await readInputs(args, locate);
}

async function readInputs(
  args: TrecEvalArgs,
  locate: (path: string) => Source,
  stdin?: Source,
): Promise<TrecEvalData | TrecEvalRelevance | TrecEvalResult> {
  const [relPath, runPath] = args.files;
  if (!REL_FORMATS.includes(args.relFormat as RelFormat)) {
    return failure(
      `trec_eval: Illegal rel_format '${printable(args.relFormat)}'\n`,
      2,
    );
  }
  const format = args.relFormat as RelFormat;
  const encoding = "bytes" as const;
  const float32 = args.version === 9;
  let data: Omit<TrecEvalData, "run">;
  try {
    if (format === "qrels") {
      const { topics } = await attempt(
        relPath,
        locate(relPath),
        "get_qrels",
        "qrels",
        (source) => readTrecEvalQrels(source, { encoding }),
      );
      data = { format, qrels: topics };
    } else if (format === "qrels_jg") {
      const { topics } = await attempt(
        relPath,
        locate(relPath),
        "get_qrels_jg",
        "qrels",
        async (source) =>
          (await import("./qrels_jg_file.ts")).readTrecQrelsJg(source, {
            encoding,
          }),
      );
      for (const qid of [...topics.keys()].sort(compareIds)) {
        const groups = topics.get(qid)!;
        for (const jg of [...groups.keys()].sort(compareIds)) {
          const repeated = firstRepeated(groups.get(jg)!.docnos);
          if (repeated !== undefined) {
            throw new ReadFailure(
              `trec_eval.get_qrels: duplicate docs ${repeated}\n`,
            );
          }
        }
      }
      data = { format, groups: topics };
    } else {
      const reader = format === "prefs" ? "get_prefs" : "get_qrels_prefs";
      const { topics } = await attempt(
        relPath,
        locate(relPath),
        reader,
        "prefs",
        async (source) =>
          (await import("./prefs_file.ts")).readTrecPrefs(source, {
            format,
            encoding,
            float32,
          }),
      );
      data = { format, prefs: topics };
    }
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    return failure(
      `${error.message}trec_eval: Quit in file '${printable(relPath)}'\n`,
      2,
    );
  }
  if (args.resultsFormat !== "trec_results") {
    return failure(
      `trec_eval: Illegal retrieval results format '${
        printable(args.resultsFormat)
      }'\n`,
      2,
    );
  }
  let run;
  if (stdin !== undefined) {
    try {
      run = await attempt(
        runPath,
        runPath.startsWith("-") ? stdin : locate(runPath),
        "get_results",
        "results",
        async (source) =>
          (await import("./run_file.ts")).readTrecEvalRun(source, {
            name: runPath,
            encoding,
            float32Scores: float32,
          }),
      );
    } catch (error) {
      if (!(error instanceof ReadFailure)) throw error;
      return failure(
        `${error.message}trec_eval: Quit in file '${printable(runPath)}'\n`,
        2,
      );
    }
  }
  if (args.zscoreFile === undefined) return run ? { ...data, run } : data;
  const zscoreFile = args.zscoreFile;
  try {
    const { means } = await attempt(
      zscoreFile,
      locate(zscoreFile),
      "get_zscores",
      "zscores",
      async (source) =>
        (await import("./zscores_file.ts")).readTrecZscores(source, {
          encoding,
        }),
    );
    return run ? { ...data, run, zscores: means } : { ...data, zscores: means };
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    return failure(error.message, 255);
  }
}

/**
 * Binds the marked measures (or `official`) in table order, each with the
 * first `-m name.params` given for it.
 *
 * @example
 * ```ts
 * import { bindTrecEvalMeasures } from "./inputs.ts";
 * import { parseTrecEvalArgs } from "./options.ts";
 * const args = parseTrecEvalArgs(["-m", "P.5", "-m", "map", "q", "r"]);
 * if ("files" in args) {
 *   const bound = bindTrecEvalMeasures(args);
 *   if (Array.isArray(bound)) console.log(bound.flatMap((b) => b.names)); // ["map", "P_5"]
 * }
 * ```
 *
 * @param args The parsed command line.
 * @returns The measures, or trec_eval's failure for bad parameters.
 */
export function bindTrecEvalMeasures(
  args: TrecEvalArgs,
): BoundTrecMeasure[] | TrecEvalResult {
  const table = measureTable(args.version);
  const marked = args.marked.size
    ? args.marked
    : new Set(nicknames(args.version).get("official"));
  const bound: BoundTrecMeasure[] = [];
  for (const measure of table) {
    if (!marked.has(measure.name)) continue;
    const params = args.measureParams.find((p) => p.name === measure.name)
      ?.params;
    try {
      bound.push(bindMeasure(measure, params));
    } catch (error) {
      if (!(error instanceof MeasureParamError)) throw error;
      return failure(
        `trec_eval: ${error.message}\ntrec_eval: Cannot initialize measure '${measure.name}'\n`,
        2,
      );
    }
  }
  return bound;
}
