/**
 * Qrels and runs as a request carries them: TREC text, read by the same
 * readers as files (errors say `qrels:3: ...`), or JSON objects keyed by
 * query id.
 *
 * @module
 */

import { compareIds } from "../model/compare_ids.ts";
import type { Qrels, RankedList } from "../model/types.ts";
import { InputError } from "../model/errors.ts";
import { readQrels } from "../formats/trec_qrels.ts";
import { readRun } from "../formats/trec_run.ts";
import { z } from "zod";
import { describe } from "./request_fields.ts";

function notTextOrObjectMessage(issue: { input?: unknown }): string {
  return issue.input === undefined
    ? "is required."
    : `must be TREC text or a JSON object keyed by query id, got ${
      describe(issue.input)
    }.`;
}

/**
 * The `qrels` field of a request. Only its kind is checked here: its
 * judgements are read as a qrels file's are, so errors name the line or
 * the entry.
 */
export const QRELS_INPUT = z.union([
  z.string().meta({ description: "TREC qrels: `qid iter docno rel`." }),
  z.record(
    z.string(),
    z.unknown().meta({
      description: "An object of document id to grade (a number).",
    }),
  ).meta({ description: "Query id to document id to grade." }),
], { error: notTextOrObjectMessage }).meta({
  id: "Qrels",
  description:
    "Relevance judgements: TREC text, or a JSON object keyed by query id.",
});

/**
 * A run in a request. Only its kind is checked here: its rankings are read
 * as a run file's are, so errors name the line or the entry.
 */
export const RUN_INPUT = z.union([
  z.string().meta({
    description: "TREC run: `qid iter docno rank score tag`.",
  }),
  z.record(
    z.string(),
    z.unknown().meta({
      description:
        "An object of document id to score (ranked by score descending, then document id descending, as trec_eval ranks), or a list of document ids in rank order.",
    }),
  ).meta({ description: "Query id to ranking." }),
], { error: notTextOrObjectMessage }).meta({
  id: "Run",
  description: "A run: TREC text, or a JSON object keyed by query id.",
});

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads qrels from TREC text or from `{"q1": {"d1": 2, ...}, ...}`.
 *
 * @example
 * ```ts
 * import { qrelsFromInput } from "./ranking_input.ts";
 * const fromText = await qrelsFromInput("q1 0 d1 2\n", "qrels");
 * const fromJson = await qrelsFromInput({ q1: { d1: 2 } }, "qrels");
 * console.log(fromText.get("q1")?.get("d1"), fromJson.get("q1")?.get("d1")); // 2 2
 * ```
 *
 * @param value The field's value.
 * @param name The field's name, for messages.
 * @returns The qrels.
 * @throws {InputError} On malformed input, naming the line or the entry.
 */
export async function qrelsFromInput(
  value: unknown,
  name: string,
): Promise<Qrels> {
  if (typeof value === "string") {
    return await readQrels({ text: value }, { name });
  }
  if (!isObject(value)) throw notTextOrObject(value, name);
  const qrels = new Map<string, Map<string, number>>();
  for (const [qid, judgements] of Object.entries(value)) {
    if (!isObject(judgements)) {
      throw new InputError(
        name,
        0,
        `query "${qid}" must map document ids to grades, got ${
          describe(judgements)
        }`,
      );
    }
    const grades = new Map<string, number>();
    for (const [docno, grade] of Object.entries(judgements)) {
      if (typeof grade !== "number" || !Number.isFinite(grade)) {
        throw new InputError(
          name,
          0,
          `query "${qid}", document "${docno}": relevance must be a number, got ${
            describe(grade)
          }`,
        );
      }
      grades.set(docno, grade);
    }
    qrels.set(qid, grades);
  }
  return qrels;
}

/**
 * Reads a run from TREC text, from `{"q1": {"d1": 12.5, ...}, ...}` (ranked
 * as trec_eval ranks: score descending, then document id descending) or
 * from `{"q1": ["d3", "d1", ...], ...}` (already in rank order).
 *
 * @example
 * ```ts
 * import { runFromInput } from "./ranking_input.ts";
 * const { lists } = runFromInput({ q1: { a: 0.5, b: 0.5, c: 0.9 }, q2: ["x", "y"] }, "run");
 * for await (const list of lists) console.log(list.queryId, list.docs);
 * // q1 ["c", "b", "a"]
 * // q2 ["x", "y"]
 * ```
 *
 * @param value The field's value.
 * @param name The field's name, for messages.
 * @returns The ranked lists, and the run tag for TREC text.
 * @throws {InputError} On malformed input (TREC text: while iterating).
 */
export function runFromInput(
  value: unknown,
  name: string,
): {
  lists: Iterable<RankedList> | AsyncIterable<RankedList>;
  tag: () => string | undefined;
} {
  if (typeof value === "string") {
    const run = readRun({ text: value }, { name });
    return { lists: run, tag: () => run.tag };
  }
  if (!isObject(value)) throw notTextOrObject(value, name);
  const lists: RankedList[] = [];
  for (const [queryId, ranking] of Object.entries(value)) {
    lists.push(rankedListOf(queryId, ranking, name));
  }
  return { lists, tag: () => undefined };
}

function rankedListOf(
  queryId: string,
  ranking: unknown,
  name: string,
): RankedList {
  const where = `query "${queryId}"`;
  if (Array.isArray(ranking)) {
    ranking.forEach((doc, i) => {
      if (typeof doc !== "string") {
        throw new InputError(
          name,
          0,
          `${where}: rank ${i + 1} must be a document id, got ${describe(doc)}`,
        );
      }
    });
    return { queryId, docs: ranking as string[] };
  }
  if (!isObject(ranking)) {
    throw new InputError(
      name,
      0,
      `${where} must map document ids to scores or list them in rank order, got ${
        describe(ranking)
      }`,
    );
  }
  const entries = Object.entries(ranking).map(([doc, score]) => {
    if (typeof score !== "number" || !Number.isFinite(score)) {
      throw new InputError(
        name,
        0,
        `${where}, document "${doc}": score must be a number, got ${
          describe(score)
        }`,
      );
    }
    return { doc, score };
  });
  entries.sort((a, b) => b.score - a.score || compareIds(b.doc, a.doc));
  return {
    queryId,
    docs: entries.map((e) => e.doc),
    scores: entries.map((e) => e.score),
  };
}

function notTextOrObject(value: unknown, name: string): InputError {
  return new InputError(
    name,
    0,
    `expected TREC text or a JSON object keyed by query id, got ${
      describe(value)
    }`,
  );
}
