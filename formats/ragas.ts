/**
 * Ragas JSON Lines: what `EvaluationDataset.to_jsonl` writes and
 * `EvaluationDataset.from_jsonl` reads. One `SingleTurnSample` per line as a
 * JSON object, UTF-8 unescaped (`json.dumps(..., ensure_ascii=False)`), no
 * `null` fields (`model_dump(exclude_none=True)`), fields in the model's
 * order and Python's default separators `", "` and `": "`, so ranklens
 * writes the bytes Ragas would.
 *
 * @module
 */

import { InputError } from "../model/errors.ts";
import { writeFileAtomic } from "./atomic_write.ts";
import { readJsonLines } from "./jsonl.ts";
import { openSource, type Source } from "./source.ts";
import {
  checkRagSample,
  RAG_SAMPLE_FIELDS,
  RAGAS_FIELDS,
  type RagasSingleTurnSample,
  type RagSample,
  referencesOf,
} from "../model/rag_sample.ts";

/** Options of {@linkcode readRagasJsonl}. */
export interface ReadRagasOptions {
  /** The name used in error messages. Default: the path, `<stdin>`, `<stream>` or `<text>`. */
  name?: string;
}

/**
 * Reads a Ragas JSON Lines file, streaming, one sample per line. As in
 * Ragas, `null` fields are absent and keys that are no sample field are
 * ignored; `references` (ranklens' list of acceptable answers, which Ragas
 * ignores) is read too. Blank lines are skipped, though Ragas' reader
 * rejects them.
 *
 * @example
 * ```ts
 * import { readRagasJsonl } from "./ragas.ts";
 * const text = '{"user_input": "capital of France?", "response": "Paris", "reference": "Paris"}\n';
 * for await (const sample of readRagasJsonl({ text })) console.log(sample.response); // "Paris"
 * ```
 *
 * @param source A path (`-` for stdin, `.gz` decompressed), a stream or `{ text }`.
 * @param options The name for error messages.
 * @returns The samples, in file order.
 * @throws {InputError} Naming the file and line of a line that is not JSON,
 * not an object, or has a field of the wrong type (while iterating).
 */
export async function* readRagasJsonl(
  source: Source,
  options: ReadRagasOptions = {},
): AsyncGenerator<RagSample> {
  const { name, stream } = await openSource(source, options.name);
  for await (const { value, line } of readJsonLines(stream, { name })) {
    try {
      yield checkRagSample(value);
    } catch (error) {
      if (error instanceof TypeError) {
        throw new InputError(name, line, error.message);
      }
      throw error;
    }
  }
}

/**
 * One sample as a Ragas JSON Lines record: its fields in Ragas' order
 * (then `references`), Python's separators, non-ASCII text unescaped.
 *
 * @example
 * ```ts
 * import { formatRagasLine } from "./ragas.ts";
 * console.log(formatRagasLine({ reference: "Zürich", user_input: "Où?" }));
 * // '{"user_input": "Où?", "reference": "Zürich"}\n'
 * ```
 *
 * @param sample The sample.
 * @returns The line, ending in a newline.
 * @throws {TypeError} If the sample is malformed.
 */
export function formatRagasLine(sample: RagSample): string {
  const checked = checkRagSample(sample) as Record<string, unknown>;
  const fields = RAG_SAMPLE_FIELDS.filter((f) => checked[f] !== undefined);
  return `{${
    fields.map((f) => `${JSON.stringify(f)}: ${pythonJson(checked[f])}`)
      .join(", ")
  }}\n`;
}

/**
 * Samples as a Ragas JSON Lines text.
 *
 * @example
 * ```ts
 * import { formatRagasJsonl } from "./ragas.ts";
 * const text = formatRagasJsonl([{ response: "a" }, { response: "b" }]);
 * console.log(text); // '{"response": "a"}\n{"response": "b"}\n'
 * ```
 *
 * @param samples The samples.
 * @returns The text.
 * @throws {TypeError} If a sample is malformed (the message names its 1-based position).
 */
export function formatRagasJsonl(samples: Iterable<RagSample>): string {
  let text = "";
  let n = 0;
  for (const sample of samples) text += formatLine(sample, ++n);
  return text;
}

/**
 * Writes samples to a Ragas JSON Lines file, streaming, atomically: the file
 * holds the old content or the new, never half.
 *
 * @example
 * ```ts
 * import { readRagasJsonl, writeRagasJsonl } from "./ragas.ts";
 * const path = await Deno.makeTempFile({ suffix: ".jsonl" });
 * await writeRagasJsonl(path, [{ user_input: "Wo?", response: "Zürich" }]);
 * for await (const sample of readRagasJsonl(path)) console.log(sample); // { user_input: "Wo?", response: "Zürich" }
 * await Deno.remove(path);
 * ```
 *
 * @param path The file.
 * @param samples The samples, sync or async.
 * @throws {TypeError} If a sample is malformed; the file is then left as it was.
 */
export async function writeRagasJsonl(
  path: string,
  samples: Iterable<RagSample> | AsyncIterable<RagSample>,
): Promise<void> {
  const encoder = new TextEncoder();
  await writeFileAtomic(
    path,
    ReadableStream.from((async function* () {
      let n = 0;
      for await (const sample of samples) {
        yield encoder.encode(formatLine(sample, ++n));
      }
    })()),
  );
}

/**
 * The samples as the list of dicts Ragas' `EvaluationDataset.from_list`
 * takes, for the hand-over to Ragas' LLM-judged metrics: Ragas' fields only,
 * and `reference` filled from the first of `references` when absent (Ragas
 * knows one reference per sample).
 *
 * @example
 * ```ts
 * import { toRagasDataset } from "./ragas.ts";
 * const rows = toRagasDataset([{ response: "Paris", references: ["Paris", "Paris, France"] }]);
 * console.log(rows); // [{ response: "Paris", reference: "Paris" }]
 * // In Python: EvaluationDataset.from_list(rows), then ragas.evaluate(...).
 * ```
 *
 * @param samples The samples.
 * @returns One plain object per sample.
 * @throws {TypeError} If a sample is malformed (the message names its 1-based position).
 */
export function toRagasDataset(
  samples: Iterable<RagSample>,
): RagasSingleTurnSample[] {
  const rows: RagasSingleTurnSample[] = [];
  for (const sample of samples) {
    const checked = checkAt(sample, rows.length + 1);
    const row: Record<string, unknown> = {};
    for (const field of RAGAS_FIELDS) {
      const value = field === "reference"
        ? checked.reference ?? referencesOf(checked)[0]
        : checked[field];
      if (value !== undefined) row[field] = value;
    }
    rows.push(row as RagasSingleTurnSample);
  }
  return rows;
}

function checkAt(sample: RagSample, position: number): RagSample {
  try {
    return checkRagSample(sample);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new TypeError(`Sample ${position}: ${error.message}`);
  }
}

function formatLine(sample: RagSample, position: number): string {
  return formatRagasLine(checkAt(sample, position));
}

// Python's json.dumps(value, ensure_ascii=False) for the JSON values a sample
// holds: JSON.stringify escapes strings exactly as it does (", \, \b, \f, \n,
// \r, \t and \u00XX for other control characters; nothing else).
function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  if (typeof value === "object" && value !== null) {
    return `{${
      Object.entries(value).map(([k, v]) =>
        `${JSON.stringify(k)}: ${pythonJson(v)}`
      ).join(", ")
    }}`;
  }
  return JSON.stringify(value);
}
