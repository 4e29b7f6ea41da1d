/**
 * BEIR datasets: a directory holding `corpus.jsonl` (`_id`, `title`, `text`),
 * `queries.jsonl` (`_id`, `text`) and a qrels TSV with a
 * `query-id corpus-id score` header, by default `qrels/test.tsv`.
 *
 * Records keep the fields BEIR does not define (such as `metadata`) and are
 * written back with them, so a dataset round-trips field for field.
 *
 * @module
 */

import type { DocId, Qrels, QueryId } from "../model/types.ts";
import { writeFileAtomic } from "./atomic_write.ts";
import type {
  DatasetDocument,
  DatasetQuery,
  RetrievalDataset,
} from "./dataset.ts";
import { InputError } from "../model/errors.ts";
import { jsonLinesStream, readJsonLines } from "./jsonl.ts";
import { openSource, readLines, type Source } from "./source.ts";
import { isDecimalLiteral } from "./_decimal.ts";
import { isWholeGrade } from "./_whole_grade.ts";
import { UnwritableValueError } from "./_unwritable.ts";
import { quoted } from "../model/quote.ts";
import { checkUtf8 } from "./utf8.ts";
import { describeJson, extraOf, isRecord, withExtra } from "./_records.ts";
import { BYTE_ORDER_MARK, byteOrderMarkError } from "./_byte_order_mark.ts";

/**
 * Where {@linkcode readBeir} looks for judgements, in order, when not told:
 * BEIR's own layout first, then the flat layouts other tools write.
 */
export const BEIR_QRELS_PATHS: readonly string[] = [
  "qrels/test.tsv",
  "qrels.tsv",
  "test.tsv",
  "qrels/dev.tsv",
];

const QRELS_HEADER = ["query-id", "corpus-id", "score"];

/** Options of {@linkcode readBeirQrels}. */
export interface ReadBeirQrelsOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
  /** When given, a judged query outside this set is an error. */
  queryIds?: ReadonlySet<QueryId>;
  /** When given, a judged document outside this set is an error. */
  documentIds?: ReadonlySet<DocId>;
}

/**
 * Reads BEIR qrels, streaming: tab-separated `query-id corpus-id score`
 * lines after an optional header of those names; blank lines are skipped.
 *
 * @example
 * ```ts
 * import { readBeirQrels } from "./beir.ts";
 * const qrels = await readBeirQrels({ text: "query-id\tcorpus-id\tscore\nq1\td1\t2\n" });
 * console.log(qrels.get("q1")?.get("d1")); // 2
 * ```
 *
 * @param source A path (`.gz` decompressed), a stream or `{ text }`.
 * @param options The name and the known ids.
 * @returns Query id to document id to grade, in file order.
 * @throws {InputError} Naming the file and line of a malformed row, a repeated
 * judgement or an unknown id.
 */
export async function readBeirQrels(
  source: Source,
  options: ReadBeirQrelsOptions = {},
): Promise<Qrels> {
  const { name, stream } = await openSource(source, options.name);
  const qrels = new Map<QueryId, Map<DocId, number>>();
  let first = true;
  for await (const line of readLines(checkUtf8(stream, name), { name })) {
    const text = line.text.endsWith("\r") ? line.text.slice(0, -1) : line.text;
    if (text.trim() === "") continue;
    const fields = text.split("\t");
    if (first) {
      first = false;
      if (fields.join("\t") === QRELS_HEADER.join("\t")) continue;
    }
    const fail = (reason: string): never => {
      throw new InputError(name, line.number, reason);
    };
    if (fields.length !== 3) {
      fail(
        `expected 3 tab-separated fields "query-id corpus-id score", got ${fields.length}`,
      );
    }
    const [queryId, docId, score] = fields;
    if (queryId.charCodeAt(0) === BYTE_ORDER_MARK) {
      throw byteOrderMarkError(name, line.number, queryId);
    }
    if (queryId === "" || docId === "") fail("empty query or corpus id");
    if (!isDecimalLiteral(score)) {
      fail(`score must be a number, got ${quoted(score)}`);
    }
    if (!Number.isFinite(Number(score))) {
      fail(`score must be finite, got ${quoted(score)}`);
    }
    if (!isWholeGrade(score, Number(score))) {
      fail(
        `score must be a whole number, got ${
          quoted(score)
        } (BEIR's loader reads it with int(), which refuses it)`,
      );
    }
    if (options.queryIds && !options.queryIds.has(queryId)) {
      fail(`query "${queryId}" is not in the queries`);
    }
    if (options.documentIds && !options.documentIds.has(docId)) {
      fail(
        `document "${docId}" judged for query "${queryId}" is not in the corpus`,
      );
    }
    let judgements = qrels.get(queryId);
    if (!judgements) qrels.set(queryId, judgements = new Map());
    if (judgements.has(docId)) {
      fail(`document "${docId}" is judged twice for query "${queryId}"`);
    }
    judgements.set(docId, Number(score));
  }
  return qrels;
}

/**
 * Writes qrels as BEIR TSV, header first.
 *
 * @example
 * ```ts
 * import { formatBeirQrels } from "./beir.ts";
 * console.log(formatBeirQrels(new Map([["q1", new Map([["d1", 1]])]])));
 * // "query-id\tcorpus-id\tscore\nq1\td1\t1\n"
 * ```
 *
 * @param qrels The judgements.
 * @returns The TSV text.
 * @throws {TypeError} If an id contains a tab or a line break, which TSV cannot hold.
 */
export function formatBeirQrels(qrels: Qrels): string {
  let out = QRELS_HEADER.join("\t") + "\n";
  for (const [queryId, judgements] of qrels) {
    for (const [docId, grade] of judgements) {
      for (const id of [queryId, docId]) {
        if (/[\t\r\n]/.test(id)) {
          throw new UnwritableValueError(
            `Id ${
              JSON.stringify(id)
            } contains a tab or line break; BEIR qrels cannot hold it`,
          );
        }
      }
      out += `${queryId}\t${docId}\t${grade}\n`;
    }
  }
  return out;
}

/** Options of {@linkcode readBeir}. */
export interface ReadBeirOptions {
  /** The qrels file, relative to the directory. Default: the first of {@linkcode BEIR_QRELS_PATHS} that exists. */
  qrels?: string;
  /** Read `qrels/SPLIT.tsv` (e.g. `dev`) instead. Ignored when `qrels` is given. */
  split?: string;
  /** Accept judgements of documents missing from the corpus. Default: false. */
  allowUnknownDocuments?: boolean;
}

/**
 * Reads a BEIR dataset directory. `corpus.jsonl` and `queries.jsonl` may be
 * gzipped (`.jsonl.gz`). Queries without judgements are kept (BEIR keeps
 * every split's queries in one file) and are simply not evaluated.
 *
 * @example
 * ```ts
 * import { readBeir, writeBeir } from "./beir.ts";
 * const dir = await Deno.makeTempDir();
 * await writeBeir(dir, {
 *   documents: [{ id: "d1", title: "Rye", text: "Dense crumb." }],
 *   queries: [{ id: "q1", text: "rye crumb" }],
 *   qrels: new Map([["q1", new Map([["d1", 1]])]]),
 * });
 * const dataset = await readBeir(dir);
 * console.log(dataset.documents[0]); // { id: "d1", title: "Rye", text: "Dense crumb." }
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param directory The dataset directory.
 * @param options Which qrels to read.
 * @returns The dataset; its `name` is not set.
 * @throws {Deno.errors.NotFound} If the corpus, the queries or the qrels are missing.
 * @throws {InputError} Naming the file and line of a malformed record or an unknown id.
 */
export async function readBeir(
  directory: string,
  options: ReadBeirOptions = {},
): Promise<RetrievalDataset> {
  const corpusPath = await findFile(directory, [
    "corpus.jsonl",
    "corpus.jsonl.gz",
  ]);
  const queriesPath = await findFile(directory, [
    "queries.jsonl",
    "queries.jsonl.gz",
  ]);
  const qrelsCandidates = options.qrels !== undefined
    ? [options.qrels]
    : options.split !== undefined
    ? [`qrels/${options.split}.tsv`]
    : BEIR_QRELS_PATHS;
  const qrelsPath = await findFile(directory, qrelsCandidates);

  const documents: DatasetDocument[] = [];
  const documentIds = new Set<DocId>();
  for await (const { value, line } of readJsonLines(corpusPath)) {
    const record = recordOf(value, corpusPath, line);
    const id = idOf(record, corpusPath, line, documentIds);
    documentIds.add(id);
    const title = record.title;
    if (title !== undefined && typeof title !== "string") {
      throw new InputError(
        corpusPath,
        line,
        `"title" must be a string, got ${describeJson(title)}`,
      );
    }
    documents.push({
      id,
      ...(title === undefined ? {} : { title }),
      text: textOf(record, corpusPath, line),
      ...extraOf(record, ["_id", "title", "text"]),
    });
  }

  const queries: DatasetQuery[] = [];
  const queryIds = new Set<QueryId>();
  for await (const { value, line } of readJsonLines(queriesPath)) {
    const record = recordOf(value, queriesPath, line);
    const id = idOf(record, queriesPath, line, queryIds);
    queryIds.add(id);
    queries.push({
      id,
      text: textOf(record, queriesPath, line),
      ...extraOf(record, ["_id", "text"]),
    });
  }

  const qrels = await readBeirQrels(qrelsPath, {
    queryIds,
    documentIds: options.allowUnknownDocuments ? undefined : documentIds,
  });
  return { documents, queries, qrels };
}

/** Options of {@linkcode writeBeir}. */
export interface WriteBeirOptions {
  /** The qrels file, relative to the directory. Default: `qrels/test.tsv`. */
  qrels?: string;
}

/**
 * Writes a dataset as a BEIR directory (created with its parents), each file
 * atomically. The dataset's name and description have no place in BEIR and
 * are not written.
 *
 * @example
 * ```ts
 * import { writeBeir } from "./beir.ts";
 * const dir = await Deno.makeTempDir();
 * await writeBeir(dir, {
 *   documents: [{ id: "d1", text: "alpha", extra: { metadata: { url: "x" } } }],
 *   queries: [{ id: "q1", text: "alpha" }],
 *   qrels: new Map([["q1", new Map([["d1", 1]])]]),
 * });
 * console.log(await Deno.readTextFile(`${dir}/corpus.jsonl`)); // '{"_id":"d1","text":"alpha","metadata":{"url":"x"}}\n'
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param directory The output directory.
 * @param dataset The dataset.
 * @param options Where the qrels go.
 * @throws {TypeError} If an id of the qrels holds a tab or a line break,
 * before anything is written.
 */
export async function writeBeir(
  directory: string,
  dataset: RetrievalDataset,
  options: WriteBeirOptions = {},
): Promise<void> {
  const { join } = await import("node:path");
  const qrelsPath = join(directory, options.qrels ?? "qrels/test.tsv");
  // Refused ids are found before any file is written: a corpus and queries
  // left without their qrels would read back as another dataset.
  const qrelsText = formatBeirQrels(dataset.qrels);
  await Deno.mkdir(join(qrelsPath, ".."), { recursive: true });
  await writeFileAtomic(
    join(directory, "corpus.jsonl"),
    jsonLinesStream(
      dataset.documents.map((doc) =>
        withExtra(
          { _id: doc.id, title: doc.title, text: doc.text },
          ["_id", "title", "text"],
          doc.extra,
        )
      ),
    ),
  );
  await writeFileAtomic(
    join(directory, "queries.jsonl"),
    jsonLinesStream(
      dataset.queries.map((query) =>
        withExtra(
          { _id: query.id, text: query.text },
          ["_id", "text"],
          query.extra,
        )
      ),
    ),
  );
  await writeFileAtomic(qrelsPath, qrelsText);
}

async function findFile(
  directory: string,
  candidates: readonly string[],
): Promise<string> {
  const { join } = await import("node:path");
  for (const candidate of candidates) {
    const path = join(directory, candidate);
    try {
      if ((await Deno.stat(path)).isFile) return path;
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  throw new Deno.errors.NotFound(
    `BEIR dataset "${directory}" has no ${candidates.join(" or ")}`,
  );
}

function recordOf(
  value: unknown,
  file: string,
  line: number,
): Record<string, unknown> {
  if (!isRecord(value)) {
    throw new InputError(
      file,
      line,
      `expected a JSON object, got ${describeJson(value)}`,
    );
  }
  return value;
}

function idOf(
  record: Record<string, unknown>,
  file: string,
  line: number,
  seen: ReadonlySet<string>,
): string {
  const id = record._id;
  if (typeof id !== "string") {
    throw new InputError(
      file,
      line,
      `"_id" must be a string, got ${describeJson(id)}`,
    );
  }
  if (id === "") throw new InputError(file, line, `"_id" is empty`);
  if (seen.has(id)) {
    throw new InputError(file, line, `"_id" "${id}" appears twice`);
  }
  return id;
}

function textOf(
  record: Record<string, unknown>,
  file: string,
  line: number,
): string {
  if (typeof record.text !== "string") {
    throw new InputError(
      file,
      line,
      `"text" of "${record._id}" must be a string, got ${
        describeJson(record.text)
      }`,
    );
  }
  return record.text;
}
