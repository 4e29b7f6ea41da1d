/**
 * The in-memory retrieval dataset every dataset format reads into and writes
 * from: documents, queries and graded judgements.
 *
 * @module
 */

import type { DocId, Qrels, QueryId } from "../model/types.ts";
import { InputError } from "../model/errors.ts";

/**
 * Fields of a source record that its format does not interpret, kept so the
 * record is written back field for field (e.g. BEIR's `metadata`).
 */
export type ExtraFields = Readonly<Record<string, unknown>>;

/**
 * One document of a corpus.
 *
 * @example
 * ```ts
 * import type { DatasetDocument } from "./dataset.ts";
 * const doc: DatasetDocument = { id: "d1", title: "Sourdough", text: "Feed the starter daily." };
 * console.log(doc.id); // "d1"
 * ```
 */
export interface DatasetDocument {
  /** The document id, never empty. */
  readonly id: DocId;
  /** The title; absent when the source had none (an empty title is kept as `""`). */
  readonly title?: string;
  /** The body text (BEIR `text`, Go-style JSON `content`). */
  readonly text: string;
  /** Fields the format did not interpret, written back as they were. */
  readonly extra?: ExtraFields;
}

/**
 * One query of a dataset.
 *
 * @example
 * ```ts
 * import type { DatasetQuery } from "./dataset.ts";
 * const query: DatasetQuery = { id: "q1", text: "how often to feed a starter" };
 * console.log(query.text); // "how often to feed a starter"
 * ```
 */
export interface DatasetQuery {
  /** The query id, never empty. */
  readonly id: QueryId;
  /** The query text. */
  readonly text: string;
  /** Fields the format did not interpret, written back as they were. */
  readonly extra?: ExtraFields;
}

/**
 * A retrieval test collection: a corpus, queries and graded judgements
 * (`qrels`), in file order. A query may lack judgements (BEIR keeps every
 * split's queries in one file); such a query is not evaluated.
 *
 * @example Build a dataset and evaluate a ranking against it
 * ```ts
 * import type { RetrievalDataset } from "./dataset.ts";
 * import { evaluate } from "../metrics/evaluate.ts";
 * const dataset: RetrievalDataset = {
 *   name: "tiny",
 *   documents: [{ id: "d1", text: "alpha" }, { id: "d2", text: "beta" }],
 *   queries: [{ id: "q1", text: "alpha" }],
 *   qrels: new Map([["q1", new Map([["d1", 2]])]]),
 * };
 * const result = await evaluate([{ queryId: "q1", docs: ["d2", "d1"] }], dataset.qrels, ["rr"]);
 * console.log(result.aggregate.rr); // 0.5
 * ```
 */
export interface RetrievalDataset {
  /** A short name, when the source has one. */
  readonly name?: string;
  /** What the dataset is, when the source says. */
  readonly description?: string;
  /** The corpus. */
  readonly documents: readonly DatasetDocument[];
  /** The queries. */
  readonly queries: readonly DatasetQuery[];
  /** Query id to document id to grade; grade 0 is judged not relevant. */
  readonly qrels: Qrels;
  /** Top-level fields the format did not interpret. */
  readonly extra?: ExtraFields;
}

/**
 * Judgements as a plain object, `{query: {doc: grade}}`, the shape of
 * BEIR's and pytrec_eval's in-memory qrels.
 */
export type QrelsRecord = Readonly<
  Record<QueryId, Readonly<Record<DocId, number>>>
>;

/**
 * The text a retriever indexes: title and body joined by a space, as BEIR
 * does, or whichever of the two is not empty.
 *
 * @example
 * ```ts
 * import { documentText } from "./dataset.ts";
 * console.log(documentText({ id: "d1", title: "Rye", text: "Dense crumb." })); // "Rye Dense crumb."
 * console.log(documentText({ id: "d2", title: "", text: "No title." })); // "No title."
 * ```
 *
 * @param document The document.
 * @returns The searchable text.
 */
export function documentText(document: DatasetDocument): string {
  const title = document.title ?? "";
  if (title === "") return document.text;
  if (document.text === "") return title;
  return `${title} ${document.text}`;
}

/** Options of {@linkcode validateDataset}. */
export interface ValidateDatasetOptions {
  /** The file name used in error messages. Default: `<dataset>`. */
  name?: string;
  /** Every query must have a judgement with a positive grade. Default: false. */
  requireRelevant?: boolean;
  /** Every judged query must be one of the dataset's queries. Default: true. */
  requireKnownQueries?: boolean;
}

/**
 * Checks the invariants every dataset format relies on: ids are non-empty
 * and unique, judgements name known documents (and, by default, known
 * queries), grades are finite.
 *
 * @example
 * ```ts
 * import { validateDataset } from "./dataset.ts";
 * import { InputError } from "../model/errors.ts";
 * try {
 *   validateDataset({
 *     documents: [{ id: "d1", text: "x" }],
 *     queries: [{ id: "q1", text: "x" }],
 *     qrels: new Map([["q1", new Map([["d9", 1]])]]),
 *   }, { name: "data.json" });
 * } catch (error) {
 *   console.log((error as InputError).message); // 'data.json: query "q1" judges unknown document "d9"'
 * }
 * ```
 *
 * @param dataset The dataset.
 * @param options The file name and which checks to make.
 * @throws {InputError} Naming the file and the query or document at fault.
 */
export function validateDataset(
  dataset: RetrievalDataset,
  options: ValidateDatasetOptions = {},
): void {
  const name = options.name ?? "<dataset>";
  const fail = (reason: string) => {
    throw new InputError(name, 0, reason);
  };
  const docIds = new Set<DocId>();
  dataset.documents.forEach((doc, i) => {
    if (typeof doc.id !== "string" || doc.id === "") {
      fail(`document ${i + 1} has an empty id`);
    }
    if (docIds.has(doc.id)) fail(`document id "${doc.id}" appears twice`);
    docIds.add(doc.id);
  });
  const queryIds = new Set<QueryId>();
  dataset.queries.forEach((query, i) => {
    if (typeof query.id !== "string" || query.id === "") {
      fail(`query ${i + 1} has an empty id`);
    }
    if (queryIds.has(query.id)) fail(`query id "${query.id}" appears twice`);
    queryIds.add(query.id);
  });
  for (const [queryId, judgements] of dataset.qrels) {
    if (options.requireKnownQueries !== false && !queryIds.has(queryId)) {
      fail(`judgements name unknown query "${queryId}"`);
    }
    for (const [docId, grade] of judgements) {
      if (docId === "") fail(`query "${queryId}" judges an empty document id`);
      if (!docIds.has(docId)) {
        fail(`query "${queryId}" judges unknown document "${docId}"`);
      }
      if (!Number.isFinite(grade)) {
        fail(`query "${queryId}" grades "${docId}" with ${grade}`);
      }
    }
  }
  if (options.requireRelevant) {
    for (const query of dataset.queries) {
      const judgements = dataset.qrels.get(query.id);
      if (!judgements || ![...judgements.values()].some((g) => g > 0)) {
        fail(`query "${query.id}" has no relevant documents`);
      }
    }
  }
}
