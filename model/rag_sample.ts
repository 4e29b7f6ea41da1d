/**
 * The RAG sample: the fields of Ragas' `SingleTurnSample`, under Ragas'
 * names, plus `references` for questions with several acceptable answers.
 *
 * @module
 */

/** A context id: Ragas accepts strings and integers and compares their text. */
export type ContextId = string | number;

/**
 * One single-turn RAG interaction, field for field as Ragas'
 * `SingleTurnSample`. Every field is optional; a metric that needs an absent
 * field skips the sample.
 */
export interface RagasSingleTurnSample {
  /** The user's question. */
  readonly user_input?: string;
  /** The passages handed to the generator, in rank order. */
  readonly retrieved_contexts?: readonly string[];
  /** The passages that hold the answer. */
  readonly reference_contexts?: readonly string[];
  /** The ids of `retrieved_contexts`, in rank order. */
  readonly retrieved_context_ids?: readonly ContextId[];
  /** The ids of the passages that hold the answer. */
  readonly reference_context_ids?: readonly ContextId[];
  /** The generated answer. */
  readonly response?: string;
  /** Several generated answers (kept for Ragas; no metric here reads them). */
  readonly multi_responses?: readonly string[];
  /** The ground-truth answer. */
  readonly reference?: string;
  /** Rubrics by score name (kept for Ragas). */
  readonly rubrics?: Readonly<Record<string, string>>;
  /** The persona a synthetic question was written for (kept for Ragas). */
  readonly persona_name?: string;
  /** The style of a synthetic question (kept for Ragas). */
  readonly query_style?: string;
  /** The length class of a synthetic question (kept for Ragas). */
  readonly query_length?: string;
}

/**
 * A RAG sample: Ragas' fields plus `references`, every acceptable answer
 * (answer files carry lists such as `golden_answers`). Metrics read
 * `references` when given, else `reference`; when both are given, `reference`
 * (the one answer Ragas sees) must be one of `references`.
 */
export interface RagSample extends RagasSingleTurnSample {
  /** Every acceptable answer; metrics take the best match. */
  readonly references?: readonly string[];
  /**
   * The sample's id (an answer file's `id`), which names it in per-sample
   * output; without one, samples are named by position.
   */
  readonly id?: string | number;
}

/** The Ragas fields in the order Ragas' `to_jsonl` writes them. */
export const RAGAS_FIELDS: readonly (keyof RagasSingleTurnSample)[] = [
  "user_input",
  "retrieved_contexts",
  "reference_contexts",
  "retrieved_context_ids",
  "reference_context_ids",
  "response",
  "multi_responses",
  "reference",
  "rubrics",
  "persona_name",
  "query_style",
  "query_length",
];

/** Every field of a {@linkcode RagSample}, Ragas' first. */
export const RAG_SAMPLE_FIELDS: readonly (keyof RagSample)[] = [
  ...RAGAS_FIELDS,
  "references",
  "id",
];

type FieldType = "string" | "strings" | "ids" | "rubrics" | "id";

const FIELD_TYPES: Readonly<Record<keyof RagSample, FieldType>> = {
  user_input: "string",
  retrieved_contexts: "strings",
  reference_contexts: "strings",
  retrieved_context_ids: "ids",
  reference_context_ids: "ids",
  response: "string",
  multi_responses: "strings",
  reference: "string",
  rubrics: "rubrics",
  persona_name: "string",
  query_style: "string",
  query_length: "string",
  references: "strings",
  id: "id",
};

const EXPECTED: Readonly<Record<FieldType, string>> = {
  string: "a string",
  strings: "a list of strings",
  ids: "a list of string ids or integer ids below 2^53",
  rubrics: "an object of strings",
  id: "a string or an integer below 2^53",
};

/**
 * Checks that a value is a {@linkcode RagSample} and returns a copy holding
 * its known fields in {@linkcode RAG_SAMPLE_FIELDS} order. A `null` field
 * counts as absent (Ragas reads it as `None`); other keys are dropped, as
 * Ragas drops them.
 *
 * @example
 * ```ts
 * import { checkRagSample } from "./rag_sample.ts";
 * const sample = checkRagSample({ response: "Paris", id: 7, reference: null, score: 3 });
 * console.log(sample); // { response: "Paris", id: 7 }
 * try {
 *   checkRagSample({ response: 42 });
 * } catch (error) {
 *   console.log((error as Error).message); // 'field "response" must be a string, got 42'
 * }
 * ```
 *
 * @param value The candidate, e.g. a parsed JSON line.
 * @returns The sample.
 * @throws {TypeError} If the value is not an object, a field has the wrong
 * type, an integer id is not exact in a double, or `reference` is not one
 * of `references`.
 */
export function checkRagSample(value: unknown): RagSample {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(
      `expected a JSON object, got ${describeValue(value)}`,
    );
  }
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.user_input)) {
    throw new TypeError(
      'field "user_input" is a list of messages: multi-turn samples are not supported',
    );
  }
  const sample: Record<string, unknown> = {};
  for (const field of RAG_SAMPLE_FIELDS) {
    const given = record[field];
    if (given === undefined || given === null) continue;
    const problem = fieldProblem(field, given);
    if (problem) throw new TypeError(`field "${field}" ${problem}`);
    sample[field] = Array.isArray(given)
      ? [...given]
      : typeof given === "object"
      ? { ...given }
      : given;
  }
  const result = sample as RagSample;
  referencesOf(result);
  return result;
}

/**
 * The acceptable answers of a sample: `references` when given, else
 * `reference` alone, else none.
 *
 * @example
 * ```ts
 * import { referencesOf } from "./rag_sample.ts";
 * console.log(referencesOf({ reference: "Paris" })); // ["Paris"]
 * console.log(referencesOf({ references: ["Paris", "Paris, France"] })); // ["Paris", "Paris, France"]
 * console.log(referencesOf({ response: "Paris" })); // []
 * ```
 *
 * @param sample The sample.
 * @returns The answers, possibly none.
 * @throws {TypeError} If `reference` and `references` are both given and
 * `reference` is not among `references`.
 */
export function referencesOf(sample: RagSample): readonly string[] {
  const { reference, references } = sample;
  if (references === undefined) {
    return reference === undefined ? [] : [reference];
  }
  if (reference !== undefined && !references.includes(reference)) {
    throw new TypeError(
      `field "reference" must be one of "references", got ${
        JSON.stringify(reference)
      }`,
    );
  }
  return references;
}

/**
 * What is wrong with a value for a sample field, if anything.
 *
 * @example
 * ```ts
 * import { fieldProblem } from "./rag_sample.ts";
 * console.log(fieldProblem("response", "Paris")); // undefined
 * console.log(fieldProblem("retrieved_context_ids", [1, 2.5])); // "must be a list of string ids or integer ids below 2^53, got [1,2.5]"
 * ```
 *
 * @param field The field.
 * @param value Its candidate value, not `null`.
 * @returns `must be ..., got ...`, or `undefined` when the value fits.
 */
export function fieldProblem(
  field: keyof RagSample,
  value: unknown,
): string | undefined {
  const type = FIELD_TYPES[field];
  return hasType(value, type)
    ? undefined
    : `must be ${EXPECTED[type]}, got ${describeValue(value)}`;
}

function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "strings":
      return Array.isArray(value) && value.every((v) => typeof v === "string");
    case "ids":
      return Array.isArray(value) &&
        value.every((v) => typeof v === "string" || Number.isSafeInteger(v));
    case "id":
      return typeof value === "string" || Number.isSafeInteger(value);
    case "rubrics":
      return typeof value === "object" && value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((v) => typeof v === "string");
  }
}

function describeValue(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
