/**
 * The registry of file formats: each a reader and a writer of one kind of
 * data (a dataset, qrels or a run), found by name, detected from an input's
 * file name and content, or chosen for an output from its file name. Users
 * register their own formats in a child registry.
 *
 * @module
 */

import { InputError } from "../model/errors.ts";
import type { Qrels, RankedList } from "../model/types.ts";
import type { RetrievalDataset } from "./dataset.ts";
import { openSource, splitFields } from "./source.ts";
import { isDecimalLiteral } from "./_decimal.ts";
import { fillSync, isGzipMagic } from "./_file_bytes.ts";
import { formatQrels, readQrels } from "./trec_qrels.ts";
import { formatRun, readRun } from "./trec_run.ts";

// The readers and writers of the other formats load when one is read or
// written: detecting a TREC file, as eval and compare do, needs none of them.
const beir = () => import("./beir.ts");
const goDataset = () => import("./go_dataset.ts");
const msMarco = () => import("./msmarco_run.ts");
const scoreDict = () => import("./score_dict.ts");
async function writeFileAtomic(path: string, text: string): Promise<void> {
  await (await import("./atomic_write.ts")).writeFileAtomic(path, text);
}

/** The value each kind of format reads and writes. */
export interface FormatValues {
  /** Documents, queries and judgements. */
  dataset: RetrievalDataset;
  /** Judgements only. */
  qrels: Qrels;
  /**
   * Ranked lists, one per query, and the run's tag when the input had one
   * (a TREC run written back keeps it).
   */
  run: readonly RankedList[] & { readonly tag?: string };
}

/** What a format holds. */
export type FormatKind = keyof FormatValues;

/** What detection knows about an existing input. */
export interface FormatProbe {
  /** The path as given. */
  readonly path: string;
  /** Whether it is a directory. */
  readonly isDirectory: boolean;
  /** The names in the directory; empty for a file. */
  readonly entries: readonly string[];
  /** The first few KiB of a file as text (`.gz` decompressed); empty for a directory. */
  readonly head: string;
}

/**
 * A file format: its kind, how to recognise it and how to read and write it.
 *
 * @typeParam K The kind of value it holds.
 */
export interface DataFormat<K extends FormatKind = FormatKind> {
  /** The name used by `--from` and `--to`. */
  readonly name: string;
  /** What it holds. */
  readonly kind: K;
  /** One line saying what it is. */
  readonly description: string;
  /** Whether it is stored as a directory rather than a file. */
  readonly directory?: boolean;
  /** File name endings an output in this format has, e.g. `.json`. */
  readonly extensions: readonly string[];
  /** Whether every query needs a relevant judgement (so a converter drops the others). */
  readonly requiresJudgedQueries?: boolean;
  /**
   * How sure it is that an existing input is in this format.
   *
   * @param probe The input's name and first bytes.
   * @returns 0 (surely not) to 1 (surely).
   */
  detect(probe: FormatProbe): number;
  /**
   * Reads an input.
   *
   * @param path The file or directory.
   * @returns The value.
   */
  read(path: string): Promise<FormatValues[K]>;
  /**
   * Writes an output atomically.
   *
   * @param path The file or directory.
   * @param value The value.
   */
  write(path: string, value: FormatValues[K]): Promise<void>;
}

/** A format of any kind. */
export type AnyDataFormat = {
  [K in FormatKind]: DataFormat<K>;
}[FormatKind];

/** Options of detection. */
export interface DetectFormatOptions {
  /** Consider only formats of these kinds. Default: all. */
  kinds?: readonly FormatKind[];
}

const HEAD_BYTES = 4096;

/**
 * Formats by name. A registry may extend a parent, so a user's registry
 * sees every built-in format.
 *
 * @example Register a format and choose it for an output
 * ```ts
 * import { builtinFormats, FormatRegistry } from "./format_registry.ts";
 * import { formatJsonQrels, readJsonQrels } from "./score_dict.ts";
 * const mine = new FormatRegistry(builtinFormats);
 * mine.register({
 *   name: "my-qrels",
 *   kind: "qrels",
 *   description: "qrels as a JSON object {query: {doc: grade}}",
 *   extensions: [".qrels.json"],
 *   detect: (probe) => probe.path.endsWith(".qrels.json") ? 1 : 0,
 *   read: (path) => readJsonQrels(path),
 *   write: (path, qrels) => Deno.writeTextFile(path, formatJsonQrels(qrels)),
 * });
 * console.log(mine.forOutput("judgements.qrels.json").name); // "my-qrels"
 * console.log(mine.forOutput("dataset.json").name); // "go-json"
 * ```
 */
export class FormatRegistry {
  readonly #parent: FormatRegistry | undefined;
  readonly #formats = new Map<string, AnyDataFormat>();

  /**
   * Creates a registry.
   *
   * @param parent A registry whose formats this one also knows.
   */
  constructor(parent?: FormatRegistry) {
    this.#parent = parent;
  }

  /**
   * Adds a format.
   *
   * @param format The format.
   * @returns This registry.
   * @throws {TypeError} If the name is taken or malformed.
   */
  register<K extends FormatKind>(format: DataFormat<K>): this {
    if (!/^[a-z][a-z0-9_-]*$/.test(format.name)) {
      throw new TypeError(
        `Format name must be lower-case letters, digits, "-" or "_", got "${format.name}"`,
      );
    }
    if (this.#find(format.name)) {
      throw new TypeError(`Format "${format.name}" is already registered`);
    }
    this.#formats.set(format.name, format as unknown as AnyDataFormat);
    return this;
  }

  /**
   * Every format, the parent's first.
   *
   * @returns The formats.
   */
  formats(): AnyDataFormat[] {
    return [...(this.#parent?.formats() ?? []), ...this.#formats.values()];
  }

  /**
   * A format by name.
   *
   * @param name The name.
   * @returns The format.
   * @throws {TypeError} If there is none, listing the known names.
   */
  get(name: string): AnyDataFormat {
    const format = this.#find(name);
    if (!format) {
      throw new TypeError(
        `Unknown format "${name}": expected one of ${
          this.formats().map((f) => f.name).join(", ")
        }`,
      );
    }
    return format;
  }

  /**
   * Detects the format of an existing input from its name and content.
   *
   * @example
   * ```ts
   * import { builtinFormats } from "./format_registry.ts";
   * const path = new URL("../examples/dataset.json", import.meta.url).pathname;
   * console.log((await builtinFormats.detect(path)).name); // "go-json"
   * ```
   *
   * @param path The file or directory.
   * @param options Which kinds to consider.
   * @returns The most likely format.
   * @throws {Deno.errors.NotFound} If the path does not exist.
   * @throws {TypeError} If no format recognises it.
   */
  async detect(
    path: string,
    options: DetectFormatOptions = {},
  ): Promise<AnyDataFormat> {
    const probe = await probeOf(path);
    let best: AnyDataFormat | undefined;
    let bestScore = 0;
    for (const format of this.#candidates(options.kinds)) {
      const score = format.detect(probe);
      if (score > bestScore) [best, bestScore] = [format, score];
    }
    if (!best) {
      throw new InputError(
        path,
        0,
        `cannot tell the format; name it with one of ${
          this.#candidates(options.kinds).map((f) => f.name).join(", ")
        }`,
      );
    }
    return best;
  }

  /**
   * Chooses the format of an output from its file name: the format (of
   * the kinds asked for) with the longest matching extension, or the
   * directory format for a path without one.
   *
   * @example
   * ```ts
   * import { builtinFormats } from "./format_registry.ts";
   * console.log(builtinFormats.forOutput("out/beir").name); // "beir"
   * console.log(builtinFormats.forOutput("test.tsv").name); // "beir-qrels"
   * console.log(builtinFormats.forOutput("out.txt", { kinds: ["qrels"] }).name); // "trec-qrels"
   * ```
   *
   * @param path The output path.
   * @param options Which kinds to consider.
   * @returns The format.
   * @throws {TypeError} If the name matches no format.
   */
  forOutput(path: string, options: DetectFormatOptions = {}): AnyDataFormat {
    const lower = path.toLowerCase();
    const candidates = this.#candidates(options.kinds);
    // The longest matching ending wins: ".qrels.json" over ".json".
    let byExtension: AnyDataFormat | undefined;
    let longest = 0;
    for (const format of candidates) {
      for (const ext of format.extensions) {
        if (lower.endsWith(ext) && ext.length > longest) {
          [byExtension, longest] = [format, ext.length];
        }
      }
    }
    if (byExtension) return byExtension;
    const bare = path.endsWith("/") || !hasExtension(path);
    const directory = bare && candidates.find((f) => f.directory);
    if (directory) return directory;
    throw new InputError(
      path,
      0,
      `cannot tell the format to write from the name; name it with one of ${
        candidates.map((f) => f.name).join(", ")
      }`,
    );
  }

  #candidates(kinds: readonly FormatKind[] | undefined): AnyDataFormat[] {
    return this.formats().filter((f) => !kinds || kinds.includes(f.kind));
  }

  #find(name: string): AnyDataFormat | undefined {
    const own = this.#formats.get(name);
    if (own || !this.#parent) return own;
    return this.#parent.#find(name);
  }
}

async function probeOf(path: string): Promise<FormatProbe> {
  if (path === "-") return { path, isDirectory: false, entries: [], head: "" };
  // Synchronously, as the readers read a regular file: an asynchronous call
  // is a trip through a thread pool, and a stream loads Deno's streams.
  const info = Deno.statSync(path);
  if (info.isDirectory) {
    const entries: string[] = [];
    for await (const entry of Deno.readDir(path)) entries.push(entry.name);
    return { path, isDirectory: true, entries, head: "" };
  }
  // A pipe's or device's bytes would be gone for the reader: it is known by
  // its name alone, as standard input is.
  if (!info.isFile) return { path, isDirectory: false, entries: [], head: "" };
  const plain = !path.endsWith(".gz") ? plainHead(path) : null;
  if (plain !== null) {
    return { path, isDirectory: false, entries: [], head: plain };
  }
  const { stream } = await openSource(path);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < HEAD_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  const head = new TextDecoder().decode(bytes.subarray(0, HEAD_BYTES));
  return { path, isDirectory: false, entries: [], head };
}

/**
 * The first bytes of a regular file as text, read synchronously; null when
 * they are gzip data, which only the stream path inflates.
 */
function plainHead(path: string): string | null {
  using file = Deno.openSync(path);
  const bytes = new Uint8Array(HEAD_BYTES);
  const head = bytes.subarray(0, fillSync(file, bytes));
  if (isGzipMagic(head)) return null;
  return new TextDecoder().decode(head);
}

/** The first lines of a probe that are not blank or `#` comments. */
function dataLines(probe: FormatProbe, count: number): string[] {
  const lines = probe.head.split("\n");
  // The last line may be cut short by the head's size limit.
  if (probe.head.length >= HEAD_BYTES / 2) lines.pop();
  return lines.map((l) => l.replace(/\r$/, "")).filter((l) =>
    l.trim() !== "" && !l.trimStart().startsWith("#")
  ).slice(0, count);
}

/** The Go-style JSON dataset format. */
export const GO_JSON_FORMAT: DataFormat<"dataset"> = {
  name: "go-json",
  kind: "dataset",
  description:
    "Go-style JSON dataset: {name, description, documents, queries[relevant]}",
  extensions: [".json", ".json.gz"],
  requiresJudgedQueries: true,
  detect: (probe) => {
    if (probe.isDirectory) return 0;
    const text = probe.head.trimStart();
    if (!text.startsWith("{")) return 0;
    return /"(documents|queries)"\s*:/.test(text) ? 0.9 : 0.2;
  },
  read: async (path) => (await goDataset()).readGoDataset(path),
  write: async (path, dataset) =>
    (await goDataset()).writeGoDataset(path, dataset),
};

/** The BEIR dataset directory format. */
export const BEIR_FORMAT: DataFormat<"dataset"> = {
  name: "beir",
  kind: "dataset",
  description:
    "BEIR directory: corpus.jsonl, queries.jsonl, qrels/test.tsv (or the other usual places)",
  directory: true,
  extensions: [],
  detect: (probe) =>
    probe.isDirectory &&
      probe.entries.some((e) => e === "corpus.jsonl" || e === "corpus.jsonl.gz")
      ? 1
      : 0,
  read: async (path) => (await beir()).readBeir(path),
  write: async (path, dataset) => (await beir()).writeBeir(path, dataset),
};

/** BEIR qrels TSV. */
export const BEIR_QRELS_FORMAT: DataFormat<"qrels"> = {
  name: "beir-qrels",
  kind: "qrels",
  description: "BEIR qrels TSV: query-id, corpus-id, score with a header",
  extensions: [".tsv", ".tsv.gz"],
  detect: (probe) => {
    const [first] = dataLines(probe, 1);
    if (first === undefined) return probe.path.endsWith(".tsv") ? 0.5 : 0;
    if (first === "query-id\tcorpus-id\tscore") return 1;
    const fields = first.split("\t");
    return fields.length === 3 && isDecimalLiteral(fields[2]) ? 0.6 : 0;
  },
  read: async (path) => (await beir()).readBeirQrels(path),
  write: async (path, qrels) =>
    writeFileAtomic(path, (await beir()).formatBeirQrels(qrels)),
};

/** TREC qrels. */
export const TREC_QRELS_FORMAT: DataFormat<"qrels"> = {
  name: "trec-qrels",
  kind: "qrels",
  description: "TREC qrels: qid iter docno rel",
  extensions: [".qrels", ".qrels.gz", ".txt", ".txt.gz"],
  detect: (probe) => {
    const lines = dataLines(probe, 5);
    if (lines.length === 0) return 0;
    const ok = lines.every((line) => {
      const fields = splitFields(line);
      return fields.length === 4 && isDecimalLiteral(fields[3]);
    });
    return ok ? 0.8 : 0;
  },
  read: (path) => readQrels(path),
  write: (path, qrels) => writeFileAtomic(path, formatQrels(qrels)),
};

/** TREC runs. */
export const TREC_RUN_FORMAT: DataFormat<"run"> = {
  name: "trec-run",
  kind: "run",
  description: "TREC run: qid Q0 docno rank score tag",
  extensions: [".run", ".run.gz", ".trec", ".txt", ".txt.gz"],
  detect: (probe) => {
    const lines = dataLines(probe, 5);
    if (lines.length === 0) return 0;
    const ok = lines.every((line) => {
      const fields = splitFields(line);
      return fields.length === 6 && isDecimalLiteral(fields[4]);
    });
    return ok ? 0.8 : 0;
  },
  read: async (path) => {
    const lists: RankedList[] = [];
    const run = readRun(path, { collect: true });
    for await (const ranked of run) lists.push(ranked);
    return Object.assign(lists, { tag: run.tag });
  },
  write: async (path, run) =>
    await writeFileAtomic(path, await formatRun(run, { tag: run.tag })),
};

/** The first data lines of a probe (the last may be cut short by the head's size). */
function headLines(probe: FormatProbe, count: number): string[] {
  const lines = probe.head.split("\n");
  if (probe.head.length >= 2048) lines.pop();
  return lines.map((l) => l.replace(/\r$/, "")).filter((l) => l.trim() !== "")
    .slice(0, count);
}

/** Whether text opens a `{"key": {` nested object, a JSON dict of dicts. */
const DICT_OF_DICTS = /^\{\s*("(?:[^"\\]|\\.)*"\s*:\s*\{|\}\s*$)/;

function isJsonObject(line: string): boolean {
  try {
    const value = JSON.parse(line);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function lower(probe: FormatProbe): string {
  return probe.path.toLowerCase();
}

/** How sure a probe is a JSON dict of dicts. */
function detectJsonDict(probe: FormatProbe): number {
  if (probe.isDirectory) return 0;
  const text = probe.head.trimStart();
  // A dataset's keys are its own: "documents", "queries".
  if (/^\{\s*"(documents|queries|name|description)"\s*:/.test(text)) return 0;
  if (DICT_OF_DICTS.test(text)) return 0.7;
  // Another object keyed by strings, or a JSON array (of objects, lists or
  // strings, or any in a .json file), is a dict gone wrong: its reader says
  // what is wrong, where the dataset reader (0.2 for any object) would ask
  // for "documents" and the TREC one count fields.
  return /^(\{\s*"|\[\s*[[{"\]])/.test(text) ||
      (text.startsWith("[") && /\.json(\.gz)?$/.test(lower(probe)))
    ? 0.3
    : 0;
}

// A run may also list a query's documents in rank order: {"q1": ["d3", ...]}.
const DICT_OF_ID_LISTS = /^\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\[\s*["\]]/;

/** How sure a probe is a JSON dict run: of dicts, or of document id lists. */
function detectJsonRun(probe: FormatProbe): number {
  if (!probe.isDirectory && DICT_OF_ID_LISTS.test(probe.head.trimStart())) {
    return 0.7;
  }
  return detectJsonDict(probe);
}

/** How sure a probe is JSON Lines of objects. */
function detectJsonLines(probe: FormatProbe): number {
  if (probe.isDirectory) return 0;
  const lines = headLines(probe, 3);
  if (lines.length === 0 || !lines.every(isJsonObject)) {
    return /\.jsonl(\.gz)?$/.test(lower(probe)) && lines.length === 0 ? 0.5 : 0;
  }
  return lines.length > 1 || /\.jsonl(\.gz)?$/.test(lower(probe)) ? 0.75 : 0;
}

/** A run as a JSON dict, ranx's and pytrec_eval's shape. */
export const JSON_RUN_FORMAT: DataFormat<"run"> = {
  name: "json-run",
  kind: "run",
  description:
    'JSON dict run {"qid": {"docid": score}} (ranx, pytrec_eval), ranked by score, or {"qid": ["docid", ...]} in rank order',
  extensions: [".json", ".json.gz"],
  detect: detectJsonRun,
  read: async (path) => (await scoreDict()).readJsonRun(path),
  write: async (path, run) =>
    writeFileAtomic(path, (await scoreDict()).formatJsonRun(run)),
};

/** A run as JSON Lines of dicts or of `{qid, docid, score}` records. */
export const JSONL_RUN_FORMAT: DataFormat<"run"> = {
  name: "jsonl-run",
  kind: "run",
  description:
    'JSON Lines run: {"qid": {"docid": score}} or {"qid", "docid", "score"} per line',
  extensions: [".jsonl", ".jsonl.gz"],
  detect: detectJsonLines,
  read: async (path) => (await scoreDict()).readJsonLinesRun(path),
  write: async (path, run) =>
    writeFileAtomic(path, (await scoreDict()).formatJsonLinesRun(run)),
};

/** MS MARCO's run TSV. */
export const MSMARCO_RUN_FORMAT: DataFormat<"run"> = {
  name: "msmarco-run",
  kind: "run",
  description: "MS MARCO run TSV: qid<TAB>pid<TAB>rank, ranked by rank",
  extensions: [".tsv", ".tsv.gz"],
  detect: (probe) => {
    if (probe.isDirectory) return 0;
    const lines = headLines(probe, 5);
    if (lines.length === 0) return 0;
    const ok = lines.every((line) => {
      const fields = line.split("\t");
      return fields.length === 3 && /^[1-9]\d*$/.test(fields[2]);
    });
    // Below BEIR qrels' 0.6: the same shape reads as qrels unless a run is asked for.
    return ok ? 0.5 : 0;
  },
  read: async (path) => await (await msMarco()).readMsMarcoRun(path),
  write: async (path, run) =>
    writeFileAtomic(path, (await msMarco()).formatMsMarcoRun(run)),
};

/** Qrels as a JSON dict, ranx's and pytrec_eval's shape. */
export const JSON_QRELS_FORMAT: DataFormat<"qrels"> = {
  name: "json-qrels",
  kind: "qrels",
  description:
    'JSON dict qrels {"qid": {"docid": relevance}} (ranx, pytrec_eval)',
  extensions: [".json", ".json.gz"],
  detect: detectJsonDict,
  read: async (path) => (await scoreDict()).readJsonQrels(path),
  write: async (path, qrels) =>
    writeFileAtomic(path, (await scoreDict()).formatJsonQrels(qrels)),
};

/**
 * The built-in formats: `go-json` and `beir` datasets; `beir-qrels`,
 * `trec-qrels` and `json-qrels`; `trec-run`, `json-run`, `jsonl-run` and
 * `msmarco-run`. Extend it with `new FormatRegistry(builtinFormats)`.
 */
export const builtinFormats: FormatRegistry = new FormatRegistry()
  .register(GO_JSON_FORMAT)
  .register(BEIR_FORMAT)
  .register(BEIR_QRELS_FORMAT)
  .register(TREC_QRELS_FORMAT)
  .register(TREC_RUN_FORMAT)
  .register(JSON_QRELS_FORMAT)
  .register(JSON_RUN_FORMAT)
  .register(JSONL_RUN_FORMAT)
  .register(MSMARCO_RUN_FORMAT);

/**
 * Whether a path's last segment has an extension, as node:path's `extname`
 * finds one (a dot that does not open the name; `..` has none), without
 * node:path, whose import would set up Node compatibility for every command
 * that detects a format.
 */
function hasExtension(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.lastIndexOf(".") > 0 && name !== "..";
}
