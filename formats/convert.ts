/**
 * Converts a file from one registered format to another: Go-style JSON and
 * BEIR datasets into each other, BEIR and TREC qrels into each other, and a
 * dataset's judgements into either qrels format.
 *
 * @module
 */

import { UnwritableValueError } from "./_unwritable.ts";
import { InputError } from "../model/errors.ts";
import type { Qrels, QueryId, RankedList } from "../model/types.ts";
import type { RetrievalDataset } from "./dataset.ts";
import { writeFileAtomic } from "./atomic_write.ts";
import { isReadOnce, openSource } from "./source.ts";
import {
  type AnyDataFormat,
  BEIR_QRELS_FORMAT,
  builtinFormats,
  type FormatKind,
  type FormatRegistry,
  MSMARCO_RUN_FORMAT,
  TREC_QRELS_FORMAT,
  TREC_RUN_FORMAT,
} from "./format_registry.ts";

/** Options of {@linkcode convertFile}. */
export interface ConvertOptions {
  /** The input format's name. Default: detected from the input. */
  from?: string;
  /** The output format's name. Default: chosen from the output's name. */
  to?: string;
  /** The formats to use. Default: {@linkcode builtinFormats}. */
  registry?: FormatRegistry;
}

/** What {@linkcode convertFile} did. */
export interface ConversionSummary {
  /** The input format. */
  readonly from: AnyDataFormat;
  /** The output format. */
  readonly to: AnyDataFormat;
  /**
   * Queries left out because the output format needs a relevant judgement
   * for every query (BEIR keeps every split's queries; Go-style JSON cannot).
   */
  readonly droppedQueries: readonly QueryId[];
}

/**
 * Reads `input` in one format and writes `output` in another, atomically.
 *
 * @example BEIR to Go-style JSON and back
 * ```ts
 * import { convertFile } from "./convert.ts";
 * import { writeBeir } from "./beir.ts";
 * const dir = await Deno.makeTempDir();
 * await writeBeir(`${dir}/beir`, {
 *   documents: [{ id: "d1", title: "Rye", text: "Dense crumb." }],
 *   queries: [{ id: "q1", text: "rye" }, { id: "q2", text: "unjudged" }],
 *   qrels: new Map([["q1", new Map([["d1", 1]])]]),
 * });
 * const summary = await convertFile(`${dir}/beir`, `${dir}/data.json`);
 * console.log(summary.from.name, summary.to.name, summary.droppedQueries); // beir go-json ["q2"]
 * await convertFile(`${dir}/data.json`, `${dir}/qrels.txt`);
 * console.log(await Deno.readTextFile(`${dir}/qrels.txt`)); // "q1 0 d1 1\n"
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param input The input file or directory.
 * @param output The output file or directory.
 * @param options Formats and registry.
 * @returns The formats used and the queries dropped.
 * @throws {TypeError} If a format is unknown, cannot be told, or cannot hold
 * what the input holds (qrels cannot become a dataset).
 * @throws {InputError} If the input is malformed, or holds a value the
 * output format cannot (an id with a space for a TREC file, a tab for TSV, a
 * query with no documents or judgements for TREC and TSV files).
 */
export async function convertFile(
  input: string,
  output: string,
  options: ConvertOptions = {},
): Promise<ConversionSummary> {
  const registry = options.registry ?? builtinFormats;
  const from = options.from !== undefined
    ? registry.get(options.from)
    : await registry.detect(input);
  const kinds: FormatKind[] = from.kind === "dataset"
    ? ["dataset", "qrels"]
    : [from.kind];
  const to = options.to !== undefined
    ? registry.get(options.to)
    : outputFormat(registry, output, kinds);
  if (!kinds.includes(to.kind)) {
    throw new InputError(
      output,
      0,
      `cannot convert ${from.name} (${from.kind}) to ${to.name} (${to.kind})`,
    );
  }
  const value = await from.read(input);
  // Standard input or a pipe is spent once read: its value is written anew.
  if (from === to && !from.directory && !isReadOnce(input)) {
    // The same format on both sides changes only the container (gzip or
    // not): every byte of every line is kept, "2.0970" and "-0.0" too.
    const { stream } = await openSource(input);
    await writeFileAtomic(output, stream);
    return { from, to, droppedQueries: [] };
  }
  checkEmptyTopics(
    input,
    to,
    from.kind === "dataset" && to.kind === "qrels"
      ? (value as RetrievalDataset).qrels
      : value,
  );
  let droppedQueries: QueryId[] = [];
  try {
    if (from.kind === "dataset" && to.kind === "qrels") {
      await to.write(output, (value as RetrievalDataset).qrels);
    } else if (to.kind === "dataset") {
      let dataset = value as RetrievalDataset;
      if (to.requiresJudgedQueries) {
        [dataset, droppedQueries] = judgedQueriesOnly(dataset);
      }
      await to.write(output, dataset);
    } else {
      // Same kind on both sides: the kind check above guarantees the type.
      await (to.write as (path: string, value: unknown) => Promise<void>)(
        output,
        value,
      );
    }
  } catch (error) {
    // The input holds what the output format cannot: bad input for this
    // conversion, not a bug.
    if (error instanceof UnwritableValueError) {
      throw new InputError(output, 0, error.message);
    }
    throw error;
  }
  return { from, to, droppedQueries };
}

// The built-in formats with no line for a query without documents: a topic
// left empty would read back as absent, which counts otherwise (an empty
// ranking scores 0; an empty judged topic counts under -c).
const NO_EMPTY_TOPIC = new Map<AnyDataFormat, string>([
  [TREC_RUN_FORMAT, "a TREC run"],
  [MSMARCO_RUN_FORMAT, "an MS MARCO run"],
  [TREC_QRELS_FORMAT, "a TREC qrels file"],
  [BEIR_QRELS_FORMAT, "BEIR qrels"],
]);

function checkEmptyTopics(
  input: string,
  to: AnyDataFormat,
  value: unknown,
): void {
  const format = NO_EMPTY_TOPIC.get(to);
  if (format === undefined) return;
  const empty = to.kind === "run"
    ? (value as readonly RankedList[]).filter((r) => r.docs.length === 0)
      .map((r) => r.queryId)
    : [...(value as Qrels)].filter(([, judgements]) => judgements.size === 0)
      .map(([queryId]) => queryId);
  if (empty.length === 0) return;
  const [what, missing] = to.kind === "run"
    ? ["has an empty ranking", "not run"]
    : ["has no judgements", "not judged"];
  throw new InputError(
    input,
    0,
    `query "${
      empty[0]
    }" ${what}, which ${format} cannot hold (${empty.length} such ${
      empty.length === 1 ? "query" : "queries"
    }); without it the query would read back as ${missing}`,
  );
}

/** The output's format by name; a name of another kind says what cannot be done. */
function outputFormat(
  registry: FormatRegistry,
  output: string,
  kinds: FormatKind[],
): AnyDataFormat {
  try {
    return registry.forOutput(output, { kinds });
  } catch (error) {
    let other: AnyDataFormat;
    try {
      other = registry.forOutput(output);
    } catch {
      throw error;
    }
    return other;
  }
}

function judgedQueriesOnly(
  dataset: RetrievalDataset,
): [RetrievalDataset, QueryId[]] {
  const judged = (id: QueryId) =>
    [...dataset.qrels.get(id)?.values() ?? []].some((grade) => grade > 0);
  const dropped = dataset.queries.filter((q) => !judged(q.id)).map((q) => q.id);
  if (dropped.length === 0) return [dataset, dropped];
  const gone = new Set(dropped);
  return [{
    ...dataset,
    queries: dataset.queries.filter((q) => !gone.has(q.id)),
    qrels: new Map([...dataset.qrels].filter(([id]) => !gone.has(id))),
  }, dropped];
}
