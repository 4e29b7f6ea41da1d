/**
 * trec_eval's preference files: `prefs` (`qid jg jsg docno rel_level`) and
 * `qrels_prefs` (qrels read as preferences: `qid jg docno rel_level`).
 *
 * @module
 */

import { atof } from "../formats/c_number.ts";
import type { Source } from "../formats/source.ts";
import { type IdEncoding, readRecords } from "./lines.ts";

/** One preference judgement: a document's level within a judgement sub-group. */
export interface PrefsRecord {
  /** The judgement group (one user's information need). */
  readonly jg: string;
  /** The judgement sub-group within `jg` (`0` in qrels_prefs files). */
  readonly jsg: string;
  /** The document. */
  readonly docno: string;
  /** Its level; higher is preferred, 0 means not relevant. */
  readonly rel: number;
}

/** Options of {@linkcode readTrecPrefs}. */
export interface ReadTrecPrefsOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
  /** `prefs` (5 fields) or `qrels_prefs` (4 fields, one sub-group). Default: `prefs`. */
  format?: "prefs" | "qrels_prefs";
  /** Store levels as 32-bit floats, as trec_eval 9 did. Default: false. */
  float32?: boolean;
  /** `bytes` keeps ids byte for byte (one character per byte). Default: `utf-8`. */
  encoding?: IdEncoding;
}

/**
 * Reads a preference file as trec_eval does: levels with C `atof`, a line
 * starting with `#` a comment, a blank line malformed.
 *
 * @example
 * ```ts
 * import { readTrecPrefs } from "./prefs_file.ts";
 * const { topics } = await readTrecPrefs({ text: "q1 u1 s1 d1 3\nq1 u1 s1 d2 2\n" });
 * console.log(topics.get("q1")?.length); // 2
 * ```
 *
 * @param source A path (`-` for stdin), a stream or `{ text }`.
 * @param options Name, format and id encoding.
 * @returns Each topic's records in file order, and whether the input was empty.
 * @throws {MalformedLineError} On a line with the wrong number of fields.
 */
export async function readTrecPrefs(
  source: Source,
  options: ReadTrecPrefsOptions = {},
): Promise<{ topics: Map<string, PrefsRecord[]>; empty: boolean }> {
  const qrelsShaped = options.format === "qrels_prefs";
  const topics = new Map<string, PrefsRecord[]>();
  const { empty } = await readRecords(
    source,
    {
      name: options.name,
      fields: qrelsShaped ? 4 : 5,
      encoding: options.encoding,
    },
    ({ fields }) => {
      let records = topics.get(fields[0]);
      if (!records) topics.set(fields[0], records = []);
      const level = atof(fields[qrelsShaped ? 3 : 4]);
      records.push({
        jg: fields[1],
        jsg: qrelsShaped ? "0" : fields[2],
        docno: fields[qrelsShaped ? 2 : 3],
        rel: options.float32 ? Math.fround(level) : level,
      });
    },
  );
  return { topics, empty };
}
