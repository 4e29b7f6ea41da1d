/**
 * trec_eval's `qrels_jg` files: qrels whose second field names a judgement
 * group (one user), `qid jg docno rel`.
 *
 * @module
 */

import { atol } from "../formats/c_number.ts";
import type { Source } from "../formats/source.ts";
import { type IdEncoding, readRecords } from "./lines.ts";
import type { TrecEvalQrelsTopic } from "./qrels_file.ts";

/** Options of {@linkcode readTrecQrelsJg}. */
export interface ReadTrecQrelsJgOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
  /** `bytes` keeps ids byte for byte (one character per byte). Default: `utf-8`. */
  encoding?: IdEncoding;
}

/**
 * Reads a qrels_jg file as trec_eval does (four fields, grades with C
 * `atol`, `#` comments, blank lines malformed). Repeated documents within a
 * group are kept for the caller to report.
 *
 * @example
 * ```ts
 * import { readTrecQrelsJg } from "./qrels_jg_file.ts";
 * const { topics } = await readTrecQrelsJg({ text: "q1 0 d1 1\nq1 1 d1 0\n" });
 * console.log(topics.get("q1")?.get("1")); // { docnos: ["d1"], rels: [0] }
 * ```
 *
 * @param source A path (`-` for stdin), a stream or `{ text }`.
 * @param options Name and id encoding.
 * @returns Topic to group to judgements (file order), and whether the input was empty.
 * @throws {MalformedLineError} On a line without exactly four fields.
 */
export async function readTrecQrelsJg(
  source: Source,
  options: ReadTrecQrelsJgOptions = {},
): Promise<
  { topics: Map<string, Map<string, TrecEvalQrelsTopic>>; empty: boolean }
> {
  const topics = new Map<string, Map<string, TrecEvalQrelsTopic>>();
  const { empty } = await readRecords(
    source,
    { name: options.name, fields: 4, encoding: options.encoding },
    ({ fields }) => {
      let groups = topics.get(fields[0]);
      if (!groups) topics.set(fields[0], groups = new Map());
      let group = groups.get(fields[1]);
      if (!group) groups.set(fields[1], group = { docnos: [], rels: [] });
      group.docnos.push(fields[2]);
      group.rels.push(atol(fields[3]));
    },
  );
  return { topics, empty };
}
