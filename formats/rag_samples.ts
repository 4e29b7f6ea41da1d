/**
 * Reads every RAG sample of a Ragas or answer file, refusing input that holds
 * none: the one reader the `rag` command and `POST /v1/rag` share.
 *
 * @module
 */

import type { RagSample } from "../model/rag_sample.ts";
import { type AnswerKeyMap, readAnswersJsonl } from "./answers.ts";
import { InputError } from "../model/errors.ts";
import { readRagasJsonl } from "./ragas.ts";
import type { Source } from "./source.ts";

/** Options of {@linkcode readRagSamples}. */
export interface ReadRagSamplesOptions {
  /** `ragas` (Ragas JSON Lines) or `answers` (an answer file). Default: `ragas`. */
  input?: "ragas" | "answers";
  /** The key map of an answer file. Default: UltraRAG's keys. */
  keyMap?: AnswerKeyMap;
  /** The name used in error messages. Default: the path, `<stdin>` or `<text>`. */
  name?: string;
  /** How to ask for an answer file, appended to the "no Ragas field" error. Default: `use the answers input`. */
  answersHint?: string;
  /** Called after each sample, e.g. to yield to a deadline. */
  onSample?: () => void | Promise<void>;
}

/**
 * Reads all samples of a file.
 *
 * @example
 * ```ts
 * import { readRagSamples } from "./rag_samples.ts";
 * const samples = await readRagSamples({ text: '{"response": "Paris", "reference": "Paris"}\n' });
 * console.log(samples.length); // 1
 * ```
 *
 * @param source A path (`-` for stdin), a stream or `{ text }`.
 * @param options Input kind, key map, name and hint.
 * @returns The samples, at least one.
 * @throws {InputError} On a malformed line, no sample at all, or a Ragas
 * file in which no record has a Ragas field (most likely an answer file).
 */
export async function readRagSamples(
  source: Source,
  options: ReadRagSamplesOptions = {},
): Promise<RagSample[]> {
  const { input = "ragas", keyMap, onSample } = options;
  const name = options.name ??
    (typeof source === "string"
      ? (source === "-" ? "<stdin>" : source)
      : "<text>");
  const reader = input === "ragas"
    ? readRagasJsonl(source, { name })
    : readAnswersJsonl(source, { keyMap, name });
  const samples: RagSample[] = [];
  for await (const sample of reader) {
    samples.push(sample);
    await onSample?.();
  }
  if (samples.length === 0) throw new InputError(name, 0, "no samples");
  // An id alone scores nothing: such a file is most likely an answer file.
  if (
    input === "ragas" &&
    samples.every((s) => Object.keys(s).every((field) => field === "id"))
  ) {
    throw new InputError(
      name,
      0,
      `no record has a Ragas field (user_input, response, reference, retrieved_contexts, ...); for an answer file ${
        options.answersHint ?? "use the answers input"
      }`,
    );
  }
  return samples;
}
