/**
 * Qrels and runs as a request carries them: text in a registered format
 * (named, or detected as the CLI detects a file's), read by the same
 * readers as files (errors say `qrels:3: ...`), or JSON objects keyed by
 * query id, checked by the library's validator of plain data
 * (`model/plain_data.ts`), so a bad entry gives the library's message.
 *
 * @module
 */

import {
  type QrelsLike,
  qrelsOf,
  runFromScores,
  type ScoresRecord,
} from "../model/plain_data.ts";
import { describe, quoted } from "../model/quote.ts";
import type { Qrels, RankedList } from "../model/types.ts";
import { InputError } from "../model/errors.ts";
import { readBeirQrels } from "../formats/beir.ts";
import { builtinFormats } from "../formats/format_registry.ts";
import { readMsMarcoRun } from "../formats/msmarco_run.ts";
import {
  readJsonLinesRun,
  readJsonQrels,
  readJsonRun,
} from "../formats/score_dict.ts";
import { readQrels } from "../formats/trec_qrels.ts";
import { readRun } from "../formats/trec_run.ts";
import {
  LONE_SURROGATE_CONSEQUENCE,
  notWellFormedString,
} from "../formats/utf8.ts";
import { requireJudgements } from "../formats/inputs.ts";
import { choice } from "./request_fields.ts";
import { z } from "zod";

/** The registered run formats a request's text may be in. */
export const RUN_TEXT_FORMATS = [
  "trec-run",
  "json-run",
  "jsonl-run",
  "msmarco-run",
] as const;
/** One of {@linkcode RUN_TEXT_FORMATS}. */
export type RunTextFormat = typeof RUN_TEXT_FORMATS[number];

/** The registered qrels formats a request's text may be in. */
export const QRELS_TEXT_FORMATS = [
  "trec-qrels",
  "beir-qrels",
  "json-qrels",
] as const;
/** One of {@linkcode QRELS_TEXT_FORMATS}. */
export type QrelsTextFormat = typeof QRELS_TEXT_FORMATS[number];

// Each reads the text as the format's reader reads a file of it.
const RUN_READERS: Record<
  Exclude<RunTextFormat, "trec-run">,
  (text: string, name: string) => Promise<RankedList[]>
> = {
  "json-run": (text, name) => readJsonRun({ text }, { name }),
  "jsonl-run": (text, name) => readJsonLinesRun({ text }, { name }),
  "msmarco-run": (text, name) => readMsMarcoRun({ text }, { name }),
};

const QRELS_READERS: Record<
  QrelsTextFormat,
  (text: string, name: string) => Promise<Qrels>
> = {
  "trec-qrels": (text, name) => readQrels({ text }, { name }),
  "beir-qrels": (text, name) => readBeirQrels({ text }, { name }),
  "json-qrels": (text, name) => readJsonQrels({ text }, { name }),
};

function formatsText(names: readonly string[]): string {
  return names.map((name) =>
    `\`${name}\` (${builtinFormats.get(name).description})`
  ).join("; ");
}

/** The `runFormat` field: what run text is, as `--run-format` says it. */
export const RUN_FORMAT = choice(
  RUN_TEXT_FORMATS,
  `The format of run text (\`--run-format\`): ${
    formatsText(RUN_TEXT_FORMATS)
  }. Default: detected from the text as the CLI detects a file's, TREC when none matches.`,
).optional();

/** The `qrelsFormat` field: what qrels text is, as `--qrels-format` says it. */
export const QRELS_FORMAT = choice(
  QRELS_TEXT_FORMATS,
  `The format of qrels text (\`--qrels-format\`): ${
    formatsText(QRELS_TEXT_FORMATS)
  }. Default: detected from the text as the CLI detects a file's, TREC when none matches.`,
).optional();

/**
 * The registered format of `names` that is likeliest for a text, as
 * the CLI detects a file's from its first bytes, or the first when none
 * matches.
 *
 * @example
 * ```ts
 * import { detectTextFormat, RUN_TEXT_FORMATS } from "./ranking_input.ts";
 * console.log(detectTextFormat('{"q1": {"d1": 2.5}}', "run", RUN_TEXT_FORMATS)); // "json-run"
 * console.log(detectTextFormat("q1\td1\t1\n", "run", RUN_TEXT_FORMATS)); // "msmarco-run"
 * ```
 *
 * @param text The text.
 * @param name Its name (a field's), as a file name for detection.
 * @param names The formats to choose from, the fallback first.
 * @returns The format's name.
 */
export function detectTextFormat<T extends string>(
  text: string,
  name: string,
  names: readonly [T, ...T[]],
): T {
  const probe = {
    path: name,
    isDirectory: false,
    entries: [],
    head: text.slice(0, 4096),
  };
  let best = names[0];
  let bestScore = 0;
  for (const format of names) {
    const score = builtinFormats.get(format).detect(probe);
    if (score > bestScore) [best, bestScore] = [format, score];
  }
  return best;
}

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
  z.string().meta({
    description:
      "Qrels text: TREC (`qid iter docno rel`) or another format (`qrelsFormat`).",
  }),
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
    description:
      "Run text: TREC (`qid iter docno rank score tag`) or another format (`runFormat`).",
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
 * @throws {InputError} On malformed input, naming the line or the entry,
 * and on qrels without a judgement, as the CLI refuses a qrels file.
 */
export async function qrelsFromInput(
  value: unknown,
  name: string,
  format?: QrelsTextFormat,
): Promise<Qrels> {
  if (typeof value === "string") {
    const chosen = format ??
      detectTextFormat(value, name, QRELS_TEXT_FORMATS);
    return requireJudgements(await QRELS_READERS[chosen](value, name), name);
  }
  if (!isObject(value)) throw notTextOrObject(value, name);
  const qrels = qrelsOf(value as QrelsLike, { name });
  checkIds(value, name);
  return requireJudgements(qrels, name);
}

/**
 * Refuses a JSON object of ids (checked, so every string in it is an id)
 * holding a lone surrogate: the body's JSON had an escape such as
 * `"d\udcff"`, which the JSON readers refuse in a file.
 */
function checkIds(value: unknown, name: string): void {
  const id = notWellFormedString(value);
  if (id === undefined) return;
  const shown = id.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16)}`,
  );
  throw new InputError(
    name,
    0,
    `the id ${
      quoted(shown)
    } holds a lone surrogate escape, ${LONE_SURROGATE_CONSEQUENCE}`,
  );
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
  format?: RunTextFormat,
): {
  lists: Iterable<RankedList> | AsyncIterable<RankedList>;
  tag: () => string | undefined;
} {
  if (typeof value === "string") {
    const chosen = format ?? detectTextFormat(value, name, RUN_TEXT_FORMATS);
    if (chosen === "trec-run") {
      const run = readRun({ text: value }, { name });
      return { lists: run, tag: () => run.tag };
    }
    const read = RUN_READERS[chosen];
    return {
      lists: (async function* () {
        yield* await read(value, name);
      })(),
      tag: () => undefined,
    };
  }
  if (!isObject(value)) throw notTextOrObject(value, name);
  const lists = runFromScores(value as ScoresRecord, { name });
  checkIds(value, name);
  return { lists, tag: () => undefined };
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
