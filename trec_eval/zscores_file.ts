/**
 * trec_eval's Z-score reference file (`-Z`): `qid measure mean stddev` per
 * line.
 *
 * @module
 */

import { atof } from "../formats/c_number.ts";
import type { Source } from "../formats/source.ts";
import { type IdEncoding, readRecords } from "./lines.ts";

/** The mean and standard deviation of one measure on one topic. */
export interface ZscoreReference {
  /** The mean over reference runs. */
  readonly mean: number;
  /** The standard deviation over reference runs. */
  readonly stddev: number;
}

/** Options of {@linkcode readTrecZscores}. */
export interface ReadTrecZscoresOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
  /** `bytes` keeps ids byte for byte (one character per byte). Default: `utf-8`. */
  encoding?: IdEncoding;
}

/**
 * Reads a Z-score file as trec_eval does: exactly four fields per line,
 * numbers with C `atof`, no comments, a blank line malformed. A repeated
 * (topic, measure) pair keeps its last values.
 *
 * @example
 * ```ts
 * import { readTrecZscores } from "./zscores_file.ts";
 * const { means } = await readTrecZscores({ text: "301 map 0.25 0.1\n" });
 * console.log(means.get("301")?.get("map")); // { mean: 0.25, stddev: 0.1 }
 * ```
 *
 * @param source A path (`-` for stdin), a stream or `{ text }`.
 * @param options Name and id encoding.
 * @returns Topic to measure name to reference values, and whether the input was empty.
 * @throws {MalformedLineError} On a line without exactly four fields.
 */
export async function readTrecZscores(
  source: Source,
  options: ReadTrecZscoresOptions = {},
): Promise<
  { means: Map<string, Map<string, ZscoreReference>>; empty: boolean }
> {
  const means = new Map<string, Map<string, ZscoreReference>>();
  const { empty } = await readRecords(
    source,
    {
      name: options.name,
      fields: 4,
      comments: false,
      encoding: options.encoding,
    },
    ({ fields }) => {
      let topic = means.get(fields[0]);
      if (!topic) means.set(fields[0], topic = new Map());
      topic.set(fields[1], { mean: atof(fields[2]), stddev: atof(fields[3]) });
    },
  );
  return { means, empty };
}
