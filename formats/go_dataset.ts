/**
 * The Go-style JSON dataset (the shape of CortexDB's `eval.Dataset`):
 *
 * ```json
 * {
 *   "name": "bread",
 *   "description": "Home baking questions",
 *   "documents": [{ "id": "d1", "title": "Starter", "content": "Feed it daily." }],
 *   "queries": [{ "id": "q1", "text": "feeding a starter", "relevant": ["d1"] }]
 * }
 * ```
 *
 * `relevant` lists the relevant document ids (grade 1). ranklens extends it
 * for graded judgements: an entry may also be an object
 * `{"id": "d1", "grade": 2}`, where grade 0 records a document judged not
 * relevant. Plain id lists stay valid and are written back as plain ids; a
 * judgement of grade 1 is always written as a plain id.
 *
 * Fields the format does not know are kept and written back after the known
 * ones.
 *
 * @module
 */

import type { DocId, QueryId } from "../model/types.ts";
import { writeFileAtomic } from "./atomic_write.ts";
import {
  type DatasetDocument,
  type DatasetQuery,
  type RetrievalDataset,
  validateDataset,
} from "./dataset.ts";
import { InputError } from "../model/errors.ts";
import { parseJson } from "./json_text.ts";
import { openSource, type Source } from "./source.ts";
import { checkUtf8 } from "./utf8.ts";
import { describeJson, extraOf, isRecord, withExtra } from "./_records.ts";

/** Options of {@linkcode parseGoDataset} and {@linkcode readGoDataset}. */
export interface ReadGoDatasetOptions {
  /** The file name used in error messages. Default: the path, or `<json>`. */
  name?: string;
}

const DATASET_FIELDS = ["name", "description", "documents", "queries"];
const DOCUMENT_FIELDS = ["id", "title", "content"];
const QUERY_FIELDS = ["id", "text", "relevant"];

/**
 * Parses and validates a Go-style JSON dataset.
 *
 * @example Plain and graded judgements
 * ```ts
 * import { parseGoDataset } from "./go_dataset.ts";
 * const dataset = parseGoDataset(JSON.stringify({
 *   name: "tiny",
 *   documents: [{ id: "d1", title: "", content: "alpha" }, { id: "d2", title: "", content: "beta" }],
 *   queries: [{ id: "q1", text: "alpha", relevant: ["d1", { id: "d2", grade: 0 }] }],
 * }));
 * console.log(dataset.qrels.get("q1")); // Map(2) { "d1" => 1, "d2" => 0 }
 * ```
 *
 * @example A query without relevant documents is an error naming it
 * ```ts
 * import { parseGoDataset } from "./go_dataset.ts";
 * try {
 *   parseGoDataset('{"documents": [], "queries": [{"id": "q7", "text": "x", "relevant": []}]}', { name: "d.json" });
 * } catch (error) {
 *   console.log((error as Error).message); // 'd.json: query "q7" has no relevant documents'
 * }
 * ```
 *
 * @param text The JSON text.
 * @param options The file name for error messages.
 * @returns The dataset, in file order.
 * @throws {InputError} On invalid JSON (with its line), a wrong field type, an
 * empty or repeated id, an unknown relevant id or a query without a relevant
 * document.
 */
export function parseGoDataset(
  text: string,
  options: ReadGoDatasetOptions = {},
): RetrievalDataset {
  const name = options.name ?? "<json>";
  const fail = (reason: string): never => {
    throw new InputError(name, 0, reason);
  };
  const root = parseJson(text, { name });
  if (!isRecord(root)) {
    fail("expected a JSON object with documents and queries");
  }
  const top = root as Record<string, unknown>;
  const optionalString = (value: unknown, what: string) => {
    if (value !== undefined && typeof value !== "string") {
      fail(`${what} must be a string, got ${describeJson(value)}`);
    }
    return value as string | undefined;
  };
  const requiredString = (value: unknown, what: string) => {
    if (typeof value !== "string") {
      fail(`${what} must be a string, got ${describeJson(value)}`);
    }
    return value as string;
  };
  const list = (value: unknown, what: string) => {
    if (!Array.isArray(value)) {
      fail(`"${what}" must be an array, got ${describeJson(value)}`);
    }
    return value as unknown[];
  };

  const documents = list(top.documents, "documents").map((raw, i) => {
    if (!isRecord(raw)) {
      fail(`document ${i + 1} must be an object, got ${describeJson(raw)}`);
    }
    const record = raw as Record<string, unknown>;
    const id = requiredString(record.id, `the id of document ${i + 1}`);
    if (id === "") fail(`document ${i + 1} has an empty id`);
    const document: DatasetDocument = {
      id,
      ...withDefined(
        "title",
        optionalString(record.title, `the title of document "${id}"`),
      ),
      text: requiredString(record.content, `the content of document "${id}"`),
      ...extraOf(record, DOCUMENT_FIELDS),
    };
    return document;
  });
  const docIds = new Set(documents.map((d) => d.id));

  const qrels = new Map<QueryId, Map<DocId, number>>();
  const queries = list(top.queries, "queries").map((raw, i) => {
    if (!isRecord(raw)) {
      fail(`query ${i + 1} must be an object, got ${describeJson(raw)}`);
    }
    const record = raw as Record<string, unknown>;
    const id = requiredString(record.id, `the id of query ${i + 1}`);
    if (id === "") fail(`query ${i + 1} has an empty id`);
    if (qrels.has(id)) fail(`query id "${id}" appears twice`);
    const query: DatasetQuery = {
      id,
      text: requiredString(record.text, `the text of query "${id}"`),
      ...extraOf(record, QUERY_FIELDS),
    };
    if (
      record.relevant !== undefined && record.relevant !== null &&
      !Array.isArray(record.relevant)
    ) {
      fail(
        `the relevant list of query "${id}" must be an array, got ${
          describeJson(record.relevant)
        }`,
      );
    }
    const judgements = new Map<DocId, number>();
    for (const entry of (record.relevant ?? []) as unknown[]) {
      const [docId, grade] = judgementOf(entry, id, fail);
      if (docId === "") fail(`query "${id}" lists an empty relevant id`);
      if (!docIds.has(docId)) {
        fail(`query "${id}" lists unknown relevant document "${docId}"`);
      }
      if (judgements.has(docId)) {
        fail(`query "${id}" lists relevant document "${docId}" twice`);
      }
      judgements.set(docId, grade);
    }
    if (![...judgements.values()].some((g) => g > 0)) {
      fail(`query "${id}" has no relevant documents`);
    }
    qrels.set(id, judgements);
    return query;
  });

  const dataset: RetrievalDataset = {
    ...withDefined("name", optionalString(top.name, `"name"`)),
    ...withDefined(
      "description",
      optionalString(top.description, `"description"`),
    ),
    documents,
    queries,
    qrels,
    ...extraOf(top, DATASET_FIELDS),
  };
  validateDataset(dataset, { name, requireRelevant: true });
  return dataset;
}

/**
 * Reads a Go-style JSON dataset file (`.gz` decompressed, `-` for stdin).
 *
 * @example
 * ```ts
 * import { readGoDataset } from "./go_dataset.ts";
 * const dataset = await readGoDataset(new URL("../examples/dataset.json", import.meta.url).pathname);
 * console.log(dataset.documents.length >= 60); // true
 * ```
 *
 * @param source A path, a stream or `{ text }`.
 * @param options The file name for error messages.
 * @returns The dataset.
 * @throws {InputError} As {@linkcode parseGoDataset}.
 */
export async function readGoDataset(
  source: Source,
  options: ReadGoDatasetOptions = {},
): Promise<RetrievalDataset> {
  const { name, stream } = await openSource(source, options.name);
  return parseGoDataset(
    await new Response(checkUtf8(stream, name)).text(),
    { name },
  );
}

/** Options of {@linkcode formatGoDataset} and {@linkcode writeGoDataset}. */
export interface FormatGoDatasetOptions {
  /** The file name used in error messages. Default: `<json>`. */
  name?: string;
}

/**
 * Writes a dataset as Go-style JSON, indented by two spaces: known fields in
 * the order Go writes them, then the extra fields read with it.
 *
 * @example
 * ```ts
 * import { formatGoDataset } from "./go_dataset.ts";
 * const text = formatGoDataset({
 *   documents: [{ id: "d1", title: "A", text: "alpha" }],
 *   queries: [{ id: "q1", text: "alpha" }],
 *   qrels: new Map([["q1", new Map([["d1", 1]])]]),
 * });
 * console.log(JSON.parse(text).queries[0].relevant); // ["d1"]
 * ```
 *
 * @param dataset The dataset.
 * @param options The file name for error messages.
 * @returns The JSON text, ending in a newline.
 * @throws {InputError} If the dataset cannot be expressed: a query without a
 * relevant document, an unknown or repeated id, a negative grade.
 */
export function formatGoDataset(
  dataset: RetrievalDataset,
  options: FormatGoDatasetOptions = {},
): string {
  const name = options.name ?? "<json>";
  validateDataset(dataset, { name, requireRelevant: true });
  for (const [queryId, judgements] of dataset.qrels) {
    for (const [docId, grade] of judgements) {
      if (grade < 0) {
        throw new InputError(
          name,
          0,
          `query "${queryId}" grades "${docId}" with ${grade}, which Go-style JSON cannot hold (a grade must be a number >= 0)`,
        );
      }
    }
  }
  const json = {
    name: dataset.name,
    description: dataset.description,
    documents: dataset.documents.map((doc) =>
      withExtra(
        { id: doc.id, title: doc.title, content: doc.text },
        DOCUMENT_FIELDS,
        doc.extra,
      )
    ),
    queries: dataset.queries.map((query) =>
      withExtra(
        {
          id: query.id,
          text: query.text,
          relevant: [...dataset.qrels.get(query.id)!].map(([id, grade]) =>
            grade === 1 ? id : { id, grade }
          ),
        },
        QUERY_FIELDS,
        query.extra,
      )
    ),
  };
  return JSON.stringify(
    withExtra(json, DATASET_FIELDS, dataset.extra),
    null,
    2,
  ) +
    "\n";
}

/**
 * Writes a Go-style JSON dataset file atomically.
 *
 * @example
 * ```ts
 * import { readGoDataset, writeGoDataset } from "./go_dataset.ts";
 * const path = await Deno.makeTempFile({ suffix: ".json" });
 * await writeGoDataset(path, {
 *   documents: [{ id: "d1", text: "alpha" }],
 *   queries: [{ id: "q1", text: "alpha" }],
 *   qrels: new Map([["q1", new Map([["d1", 2]])]]),
 * });
 * console.log((await readGoDataset(path)).qrels.get("q1")?.get("d1")); // 2
 * await Deno.remove(path);
 * ```
 *
 * @param path The file.
 * @param dataset The dataset.
 * @throws {InputError} As {@linkcode formatGoDataset}.
 */
export async function writeGoDataset(
  path: string,
  dataset: RetrievalDataset,
): Promise<void> {
  await writeFileAtomic(path, formatGoDataset(dataset, { name: path }));
}

function judgementOf(
  entry: unknown,
  queryId: string,
  fail: (reason: string) => never,
): [DocId, number] {
  if (typeof entry === "string") return [entry, 1];
  if (!isRecord(entry)) {
    fail(
      `query "${queryId}" has a relevant entry that is neither an id nor {"id", "grade"}: ${
        describeJson(entry)
      }`,
    );
  }
  const record = entry as Record<string, unknown>;
  const unknown = Object.keys(record).filter((k) =>
    k !== "id" && k !== "grade"
  );
  if (unknown.length) {
    fail(
      `query "${queryId}" has a relevant entry with unknown field "${
        unknown[0]
      }"`,
    );
  }
  if (typeof record.id !== "string") {
    fail(
      `query "${queryId}" has a relevant entry whose id is ${
        describeJson(record.id)
      }`,
    );
  }
  const grade = record.grade ?? 1;
  if (typeof grade !== "number" || !Number.isFinite(grade) || grade < 0) {
    fail(
      `query "${queryId}" grades "${record.id}" with ${
        describeJson(grade)
      }; a grade must be a number >= 0`,
    );
  }
  return [record.id as string, grade as number];
}

function withDefined<K extends string, V>(
  key: K,
  value: V | undefined,
): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
