/**
 * Reading a run or qrels in whichever shape a user has it: the one entry
 * the commands, the library and the server share. The format is named or
 * detected from the input's name and content through the
 * {@linkcode FormatRegistry}; a TREC run stays a streaming
 * {@linkcode TrecRun}, so `evaluate` scores it on its fast path.
 *
 * @module
 */

import type { Qrels, RankedList } from "../model/types.ts";
import { InputError } from "../model/errors.ts";
import {
  type AnyDataFormat,
  builtinFormats,
  type FormatKind,
  type FormatRegistry,
} from "./format_registry.ts";
import { readQrels } from "./trec_qrels.ts";
import type { InputLimits } from "./limits.ts";
import { readRun, type ReadRunOptions, type TrecRun } from "./trec_run.ts";

/** Options of {@linkcode readQrelsInput}. */
export interface ReadQrelsInputOptions {
  /**
   * The format's name (`trec-qrels`, `beir-qrels`, `json-qrels`, or a
   * dataset format: `beir`, `go-json`). Default: detected; standard input
   * is TREC qrels.
   */
  format?: string;
  /** The split of a BEIR folder, read from `qrels/SPLIT.tsv`. Default: `test`, or the only split. */
  split?: string;
  /** The formats to use. Default: {@linkcode builtinFormats}. */
  registry?: FormatRegistry;
  /**
   * Bounds for a TREC qrels file (as {@linkcode readQrels} takes them).
   * Default: the process's.
   */
  limits?: Partial<InputLimits>;
}

/** Options of {@linkcode readRunInput}. */
export interface ReadRunInputOptions extends ReadRunOptions {
  /**
   * The format's name (`trec-run`, `json-run`, `jsonl-run`, `msmarco-run`).
   * Default: detected; standard input is a TREC run.
   */
  format?: string;
  /** The formats to use. Default: {@linkcode builtinFormats}. */
  registry?: FormatRegistry;
}

/** A run read by {@linkcode readRunInput}: a streaming TREC run, or ranked lists. */
export type RunInput = TrecRun | (readonly RankedList[] & { tag?: string });

/**
 * An input's file information; a missing or unreadable path is an
 * {@linkcode InputError} naming it in one line.
 */
function statInput(path: string): Deno.FileInfo {
  try {
    // Synchronously: a stat waits on no one, and an asynchronous call is a
    // trip through a thread pool, which on a busy machine waits for a core.
    return Deno.statSync(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new InputError(path, 0, "no such file or directory");
    }
    if (error instanceof Deno.errors.PermissionDenied) {
      throw new InputError(path, 0, "cannot be read: permission denied");
    }
    throw error;
  }
}

const QRELS_KINDS: FormatKind[] = ["qrels", "dataset"];
const RUN_KINDS: FormatKind[] = ["run"];

function namesOf(registry: FormatRegistry, kinds: FormatKind[]): string {
  return registry.formats().filter((f) => kinds.includes(f.kind)).map((f) =>
    f.name
  ).join(", ");
}

/** A named format, which must be of one of the kinds. */
function named(
  registry: FormatRegistry,
  name: string,
  kinds: FormatKind[],
  what: string,
): AnyDataFormat {
  const format = registry.formats().find((f) => f.name === name);
  if (!format || !kinds.includes(format.kind)) {
    throw new TypeError(
      `Unknown ${what} format "${name}": expected one of ${
        namesOf(registry, kinds)
      }`,
    );
  }
  return format;
}

/** The best format of the kinds, or undefined when none recognises the input. */
async function detected(
  registry: FormatRegistry,
  path: string,
  kinds: FormatKind[],
): Promise<AnyDataFormat | undefined> {
  try {
    return await registry.detect(path, { kinds });
  } catch (error) {
    // Nothing recognised it: the registry's refusal.
    if (
      error instanceof InputError &&
      error.reason.startsWith("cannot tell the format")
    ) return undefined;
    throw error;
  }
}

/**
 * Why an input cannot be read as the kind asked for: what it looks like,
 * what was expected, and the flag or swapped order that would help.
 */
async function refusal(
  registry: FormatRegistry,
  path: string,
  want: "qrels" | "run",
  flag: string,
): Promise<InputError> {
  const otherKinds = want === "run" ? QRELS_KINDS : RUN_KINDS;
  const other = await detected(registry, path, otherKinds);
  const expected = `expected ${want === "run" ? "a run" : "qrels"}: ${
    namesOf(registry, want === "run" ? RUN_KINDS : QRELS_KINDS)
  }`;
  if (other) {
    return new InputError(
      path,
      0,
      `looks like ${other.description} (${other.name}), not ${
        want === "run" ? "a run" : "qrels"
      }; ${expected}. Are QRELS and RUN swapped? QRELS comes first`,
    );
  }
  return new InputError(
    path,
    0,
    `cannot tell its format; ${expected}. Name it with ${flag}`,
  );
}

/** The mistakes a wrongly detected format makes: a line of another shape. */
const SHAPE_MISTAKE =
  /^(expected|relevance must|score must|rank must|invalid JSON|query "[^"]*" must)/;

/**
 * An error from reading with a detected format, saying which it was when
 * the mistake is one of shape (a wrong guess would make it).
 */
function withFormat(
  error: unknown,
  format: AnyDataFormat,
  flag: string,
): unknown {
  if (!(error instanceof InputError) || !SHAPE_MISTAKE.test(error.reason)) {
    return error;
  }
  return new InputError(
    error.file,
    error.line,
    `${error.reason} (read as ${format.name}, detected; name another with ${flag})`,
  );
}

/**
 * Reads qrels in any registered shape: TREC qrels, BEIR TSV (header
 * optional), a BEIR folder (one split), a Go JSON dataset, or a JSON dict
 * `{qid: {docid: relevance}}`, each possibly gzipped.
 *
 * @example Qrels as a JSON dict
 * ```ts
 * import { readQrelsInput } from "./inputs.ts";
 * const path = await Deno.makeTempFile({ suffix: ".json" });
 * await Deno.writeTextFile(path, '{"q1": {"d1": 2, "d2": 0}}');
 * const qrels = await readQrelsInput(path);
 * console.log(qrels.get("q1")?.get("d1")); // 2
 * await Deno.remove(path);
 * ```
 *
 * @param path The file or folder, `-` for standard input.
 * @param options The format and split.
 * @returns The judgements.
 * @throws {InputError} If the path does not exist, the input is malformed, is not qrels (naming what
 * it looks like) or has no such split.
 * @throws {TypeError} If the named format is unknown or not of qrels.
 */
export async function readQrelsInput(
  path: string,
  options: ReadQrelsInputOptions = {},
): Promise<Qrels> {
  const registry = options.registry ?? builtinFormats;
  const flag = "--qrels-format";
  if (options.format !== undefined) {
    const format = named(registry, options.format, QRELS_KINDS, "qrels");
    return await readQrelsAs(format, path, options);
  }
  if (path === "-") return await readQrels(path, { limits: options.limits });
  if (statInput(path).isDirectory) {
    return await readQrelsFolder(path, options.split);
  }
  const format = await detected(registry, path, QRELS_KINDS);
  if (!format) {
    if (await detected(registry, path, RUN_KINDS)) {
      throw await refusal(registry, path, "qrels", flag);
    }
    // Nothing recognises it: read it as TREC qrels, whose error names the line.
    return await readQrels(path, { limits: options.limits }).catch((error) => {
      throw withFormat(error, registry.get("trec-qrels"), flag);
    });
  }
  try {
    return await readQrelsAs(format, path, options);
  } catch (error) {
    throw withFormat(error, format, flag);
  }
}

async function readQrelsAs(
  format: AnyDataFormat,
  path: string,
  options: ReadQrelsInputOptions,
): Promise<Qrels> {
  if (format.name === "beir" && options.split !== undefined) {
    return await readQrelsFolder(path, options.split);
  }
  if (format.name === "trec-qrels") {
    return await readQrels(path, { limits: options.limits });
  }
  const value = await format.read(path);
  return format.kind === "dataset"
    ? (value as { qrels: Qrels }).qrels
    : value as Qrels;
}

/** The qrels of a BEIR folder's split, without reading its corpus. */
async function readQrelsFolder(
  folder: string,
  split: string | undefined,
): Promise<Qrels> {
  // Loaded for a folder only: a file's reading needs no BEIR module.
  const { BEIR_QRELS_PATHS, readBeirQrels } = await import("./beir.ts");
  const candidates = split !== undefined
    ? [`qrels/${split}.tsv`, `qrels/${split}.tsv.gz`]
    : BEIR_QRELS_PATHS.flatMap((p) => [p, `${p}.gz`]);
  for (const relative of candidates) {
    const path = `${folder.replace(/\/+$/, "")}/${relative}`;
    try {
      if ((await Deno.stat(path)).isFile) return await readBeirQrels(path);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  const splits: string[] = [];
  try {
    for await (const entry of Deno.readDir(`${folder}/qrels`)) {
      const match = /^(.+)\.tsv(\.gz)?$/.exec(entry.name);
      if (match) splits.push(match[1]);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  splits.sort();
  throw new InputError(
    folder,
    0,
    split !== undefined
      ? `no split "${split}": ${
        splits.length
          ? `the folder has ${splits.join(", ")} (choose with --split)`
          : "the folder has no qrels/*.tsv"
      }`
      : splits.length
      ? `is a folder without qrels/test.tsv; choose a split with --split (${
        splits.join(", ")
      })`
      : "is a directory, not a file (nor a BEIR folder: no qrels/SPLIT.tsv)",
  );
}

/**
 * Opens a run in any registered shape: a TREC run (streamed, as
 * {@linkcode readRun} reads it), a JSON dict `{qid: {docid: score}}`, the
 * same as JSON Lines, or an MS MARCO `qid<TAB>pid<TAB>rank` TSV, each
 * possibly gzipped. Every shape but MS MARCO's is ranked by score as
 * trec_eval ranks a TREC run; MS MARCO's by its rank column.
 *
 * @example A ranx-style run
 * ```ts
 * import { readRunInput } from "./inputs.ts";
 * const path = await Deno.makeTempFile({ suffix: ".json" });
 * await Deno.writeTextFile(path, '{"q1": {"d1": 1.5, "d2": 12.5}}');
 * for await (const ranked of await readRunInput(path)) console.log(ranked.docs); // ["d2", "d1"]
 * await Deno.remove(path);
 * ```
 *
 * @param path The file, `-` for standard input.
 * @param options The format, and the TREC reader's options.
 * @returns The run.
 * @throws {InputError} If the path does not exist, the input is malformed or is not a run (naming
 * what it looks like); a TREC run's lines are checked while it is read.
 * @throws {TypeError} If the named format is unknown or not of runs.
 */
export async function readRunInput(
  path: string,
  options: ReadRunInputOptions = {},
): Promise<RunInput> {
  const registry = options.registry ?? builtinFormats;
  const flag = "--run-format";
  const { format: formatName, registry: _, ...trecOptions } = options;
  let format: AnyDataFormat | undefined;
  if (formatName !== undefined) {
    format = named(registry, formatName, RUN_KINDS, "run");
  } else if (path !== "-") {
    if (statInput(path).isDirectory) {
      throw new InputError(path, 0, "is a directory, not a file");
    }
    format = await detected(registry, path, RUN_KINDS);
    if (!format && await detected(registry, path, QRELS_KINDS)) {
      throw await refusal(registry, path, "run", flag);
    }
  }
  if (!format || format.name === "trec-run") {
    return readRun(path, trecOptions);
  }
  try {
    return await format.read(path) as RunInput;
  } catch (error) {
    throw formatName === undefined ? withFormat(error, format, flag) : error;
  }
}

/**
 * Refuses qrels without a judgement, naming them: every score against none
 * would be a meaningless 0, and without this check the error would blame the
 * run ("no query of the run is judged"). The CLI's files and the server's
 * `qrels` field share it, so both say the same.
 *
 * @example
 * ```ts
 * import { requireJudgements } from "./inputs.ts";
 * try {
 *   requireJudgements(new Map(), "qrels");
 * } catch (error) {
 *   console.log((error as Error).message); // "qrels: no judgements: the qrels file has no data lines"
 * }
 * ```
 *
 * @param qrels The qrels read.
 * @param name Their name in the message (a file's, a field's).
 * @returns The same qrels.
 * @throws {InputError} If they hold no query.
 */
export function requireJudgements<T extends ReadonlyMap<unknown, unknown>>(
  qrels: T,
  name: string,
): T {
  if (qrels.size === 0) {
    throw new InputError(
      name,
      0,
      "no judgements: the qrels file has no data lines",
    );
  }
  return qrels;
}
