/**
 * Answer files: JSON Lines of questions, gold answers and predictions under
 * keys of the user's choosing, such as UltraRAG's
 * `{"id": 0, "question": "...", "golden_answers": ["..."], "pred_answer": "..."}`.
 *
 * @module
 */

import { InputError } from "../model/errors.ts";
import { readJsonLines } from "./jsonl.ts";
import { openSource, type Source } from "./source.ts";
import {
  checkRagSample,
  fieldProblem,
  type RagSample,
} from "../model/rag_sample.ts";

/** The sample parts an answer file can hold, and the sample field each fills. */
export const ANSWER_KEYS = {
  question: "user_input",
  reference: "reference",
  response: "response",
  contexts: "retrieved_contexts",
  context_ids: "retrieved_context_ids",
  reference_contexts: "reference_contexts",
  reference_context_ids: "reference_context_ids",
  id: "id",
} as const;

/** One of the parts in {@linkcode ANSWER_KEYS}. */
export type AnswerPart = keyof typeof ANSWER_KEYS;

/**
 * The file key holding each part; an absent or empty key means the file
 * has no such part.
 */
export type AnswerKeyMap = { readonly [part in AnswerPart]?: string };

/** UltraRAG's keys: the key map used where none is given. */
export const DEFAULT_ANSWER_KEY_MAP: AnswerKeyMap = Object.freeze({
  question: "question",
  reference: "golden_answers",
  response: "pred_answer",
  id: "id",
});

/**
 * Parses a key map written as `part=key,part=key`, e.g.
 * `question=query,reference=answers`. An empty key (`question=`) unmaps a
 * part.
 *
 * @example
 * ```ts
 * import { parseKeyMap } from "./answers.ts";
 * console.log(parseKeyMap("question=query,response=output")); // { question: "query", response: "output" }
 * ```
 *
 * @param text The key map.
 * @returns The parts it names.
 * @throws {SyntaxError} If an entry is not `part=key` or a part repeats.
 * @throws {TypeError} If a part is unknown.
 */
export function parseKeyMap(text: string): AnswerKeyMap {
  const map: Record<string, string> = {};
  for (const entry of text.split(",")) {
    const eq = entry.indexOf("=");
    if (eq < 0) {
      throw new SyntaxError(
        `Invalid key map entry "${entry}": expected part=key`,
      );
    }
    const part = entry.slice(0, eq).trim();
    if (!(part in ANSWER_KEYS)) {
      throw new TypeError(
        `Unknown key map part "${part}": expected one of ${
          Object.keys(ANSWER_KEYS).join(", ")
        }`,
      );
    }
    if (part in map) {
      throw new SyntaxError(`Key map part "${part}" is given twice`);
    }
    map[part] = entry.slice(eq + 1).trim();
  }
  return map;
}

/** Options of {@linkcode readAnswersJsonl}. */
export interface ReadAnswersOptions {
  /**
   * The file key of each part, laid over {@linkcode DEFAULT_ANSWER_KEY_MAP}
   * (so `{ response: "output" }` keeps `question` and `golden_answers`).
   */
  keyMap?: AnswerKeyMap;
  /** The name used in error messages. Default: the path, `<stdin>`, `<stream>` or `<text>`. */
  name?: string;
}

/**
 * Reads an answer file as RAG samples, streaming. Every mapped key but the
 * id must be present in every record (a `null` value means the record has
 * no such part), so a misspelt key fails on the first line rather than
 * leaving every sample unscored. A reference may be one string or a list of
 * acceptable answers; other keys are ignored.
 *
 * @example UltraRAG's layout
 * ```ts
 * import { readAnswersJsonl } from "./answers.ts";
 * const text = '{"id": 0, "question": "q?", "golden_answers": ["Bob", "Bobby"], "pred_answer": "Bob"}\n';
 * for await (const sample of readAnswersJsonl({ text })) console.log(sample);
 * // { user_input: "q?", response: "Bob", references: ["Bob", "Bobby"], id: 0 }
 * ```
 *
 * @param source A path (`-` for stdin, `.gz` decompressed), a stream or `{ text }`.
 * @param options The key map and the name for error messages.
 * @returns The samples, in file order.
 * @throws {InputError} Naming the file and line of a record that is not a
 * JSON object, lacks a mapped key or holds a value of the wrong type.
 */
export async function* readAnswersJsonl(
  source: Source,
  options: ReadAnswersOptions = {},
): AsyncGenerator<RagSample> {
  const keyMap = { ...DEFAULT_ANSWER_KEY_MAP, ...options.keyMap };
  const parts = (Object.keys(ANSWER_KEYS) as AnswerPart[])
    .filter((part) => keyMap[part]);
  const { name, stream } = await openSource(source, options.name);
  for await (const { value, line } of readJsonLines(stream, { name })) {
    const fail = (reason: string): never => {
      throw new InputError(name, line, reason);
    };
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      fail(`expected a JSON object, got ${JSON.stringify(value).slice(0, 40)}`);
    }
    const record = value as Record<string, unknown>;
    const sample: Record<string, unknown> = {};
    for (const part of parts) {
      const key = keyMap[part]!;
      if (!(key in record)) {
        // An id only names the sample: a file without ids is named by position.
        if (part === "id") continue;
        fail(`missing key "${key}" (the ${part}; see the key map)`);
      }
      const given = record[key];
      if (given === null) continue;
      const field = part === "reference" && Array.isArray(given)
        ? "references"
        : ANSWER_KEYS[part];
      const problem = fieldProblem(field, given);
      if (problem) {
        fail(
          `key "${key}" (the ${part}) ${
            part === "reference"
              ? problem.replace(
                /^must be [^,]*/,
                "must be a string or a list of strings",
              )
              : problem
          }`,
        );
      }
      sample[field] = given;
    }
    yield checkRagSample(sample);
  }
}
