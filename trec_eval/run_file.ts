/**
 * Runs read exactly as trec_eval reads them, for the reader that reproduces
 * its errors and its handling of odd input.
 *
 * @module
 */

import type { Source } from "../formats/source.ts";
import { atof } from "../formats/c_number.ts";
import { type IdEncoding, readRecords } from "./lines.ts";

/** The lines of one topic of a run as trec_eval reads them, in file order. */
export interface TrecEvalRunTopic {
  /** Document ids. */
  readonly docnos: string[];
  /** Scores aligned with `docnos`, parsed with C `atof`. */
  readonly scores: number[];
}

/** A whole run file read as trec_eval reads it. */
export interface TrecEvalRun {
  /** The topics in order of first appearance. */
  readonly topics: Map<string, TrecEvalRunTopic>;
  /** The run tag of the last data line (trec_eval's `runid`). */
  readonly tag: string | undefined;
  /** Whether the input had no bytes at all. */
  readonly empty: boolean;
}

/** Options of {@linkcode readTrecEvalRun}. */
export interface ReadTrecEvalRunOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
  /** Store scores as 32-bit floats, as trec_eval 9 did. Default: false. */
  float32Scores?: boolean;
  /** `bytes` keeps ids byte for byte (one character per byte). Default: `utf-8`. */
  encoding?: IdEncoding;
}

/**
 * Reads a whole run as trec_eval 10 does: at least six fields per line
 * (fields after the tag are ignored), scores with C `atof` (`1.5abc` is 1.5,
 * `abc` is 0), blank lines skipped, a line whose first non-blank character
 * is `#` a comment. Nothing is ranked here: trec_eval ranks a topic when it
 * evaluates it.
 *
 * @example
 * ```ts
 * import { readTrecEvalRun } from "./run_file.ts";
 * const run = await readTrecEvalRun({ text: "q1 Q0 a 1 1.5abc t1\n\nq1 Q0 b 2 x t2 extra\n" });
 * console.log(run.topics.get("q1"), run.tag); // { docnos: ["a", "b"], scores: [1.5, 0] } "t2"
 * ```
 *
 * @param source A path (`-` for stdin), a stream or `{ text }`.
 * @param options Name, score precision and id encoding.
 * @returns The run.
 * @throws {MalformedLineError} On a line with fewer than six fields.
 */
export async function readTrecEvalRun(
  source: Source,
  options: ReadTrecEvalRunOptions = {},
): Promise<TrecEvalRun> {
  const topics = new Map<string, TrecEvalRunTopic>();
  let tag: string | undefined;
  let lastQid: string | undefined;
  let lastTopic: TrecEvalRunTopic | undefined;
  const { empty } = await readRecords(
    source,
    {
      name: options.name,
      fields: 6,
      exact: false,
      blank: "skip",
      encoding: options.encoding,
    },
    ({ fields }) => {
      // Lines of a topic usually follow each other: comparing with the last
      // id spares hashing a new string per line.
      let topic = fields[0] === lastQid ? lastTopic : topics.get(fields[0]);
      if (!topic) topics.set(fields[0], topic = { docnos: [], scores: [] });
      lastQid = fields[0];
      lastTopic = topic;
      topic.docnos.push(fields[2]);
      const score = atof(fields[4]);
      topic.scores.push(options.float32Scores ? Math.fround(score) : score);
      tag = fields[5];
    },
  );
  return { topics, tag, empty };
}
