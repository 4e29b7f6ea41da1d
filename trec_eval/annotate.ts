/**
 * The places trec_eval's messages leave out, added to them: which file and
 * lines hold a repeated document, which file is at fault when nothing was
 * scored, and which judged topics were skipped. trec_eval's exit statuses
 * and its words stay as they are; the places follow in parentheses.
 *
 * @module
 */

import type { Source } from "../formats/source.ts";
import { byteString, readRecords } from "./lines.ts";
import type { TrecEvalResult } from "./evaluate.ts";

/** The inputs of a command line, to name them and read one again. */
export interface TrecEvalFiles {
  /** The relevance file as named on the command line. */
  readonly rel: string;
  /** The run as named on the command line (`-` for standard input). */
  readonly run: string;
  /** Opens a file named on the command line. */
  readonly open: (name: string) => Source;
}

/** At most this many skipped topics are listed by id. */
const LISTED = 10;

/**
 * Adds the places to a result's messages.
 *
 * @example
 * ```ts
 * import { annotateTrecEval } from "./annotate.ts";
 * const texts: Record<string, string> = { qrels: "q1 0 d1 1\n", run: "q1 Q0 d1 1 1 t\nq1 Q0 d1 2 0 t\n" };
 * const result = await annotateTrecEval(
 *   { stdout: "", stderr: "trec_eval.form_res_qrels: duplicate docs d1", status: 4, about: { repeat: { in: "run", queryId: "q1", docno: "d1" } } },
 *   { rel: "qrels", run: "run", open: (name) => ({ text: texts[name] }) },
 * );
 * console.log(result.stderr); // "trec_eval.form_res_qrels: duplicate docs d1 (run lines 1 and 2)"
 * ```
 *
 * @param result What trec_eval printed, with what it is about.
 * @param files The inputs.
 * @returns The result with the places in its messages.
 */
export async function annotateTrecEval(
  result: TrecEvalResult,
  files: TrecEvalFiles,
): Promise<TrecEvalResult> {
  const about = result.about;
  if (!about) return result;
  let stderr = result.stderr;
  if (about.repeat) {
    const { repeat } = about;
    const name = repeat.in === "run" ? files.run : files.rel;
    const place = name === "-"
      ? "standard input"
      : await linesOf(files.open(name), repeat.queryId, repeat.docno)
        .then((lines) =>
          lines.length === 0
            ? printable(name)
            : `${printable(name)} line${lines.length > 1 ? "s" : ""} ${
              lines.join(" and ")
            }`
        )
        .catch(() => printable(name));
    const said = `duplicate docs ${repeat.docno}`;
    const at = stderr.indexOf(said);
    if (at >= 0) {
      const end = at + said.length;
      stderr = `${stderr.slice(0, end)} (${place})${stderr.slice(end)}`;
    }
  }
  if (about.nothingScored) {
    const run = files.run === "-" ? "standard input" : printable(files.run);
    const why = about.nothingScored.runHasData
      ? `no topic of ${run} is judged in ${printable(files.rel)}`
      : `${run} has no data lines, only comments or blank lines`;
    stderr = stderr.replace(
      "relevance info\n",
      `relevance info (${why})\n`,
    );
  }
  if (about.skipped?.length) {
    const ids = about.skipped;
    const listed = ids.slice(0, LISTED).join(" ") +
      (ids.length > LISTED ? ` and ${ids.length - LISTED} more` : "");
    stderr += `ranklens trec_eval: warning: ${ids.length} judged topic${
      ids.length > 1 ? "s are" : " is"
    } not in the run and not scored (-c scores them): ${listed}\n`;
  }
  const { about: _, ...rest } = result;
  return { ...rest, stderr };
}

/** A name as trec_eval prints it: its bytes, one character each. */
function printable(name: string): string {
  return byteString(new TextEncoder().encode(name));
}

/** The first two lines holding the topic and document, read again. */
async function linesOf(
  source: Source,
  queryId: string,
  docno: string,
): Promise<number[]> {
  const lines: number[] = [];
  // Thrown to stop reading once both copies are found.
  const found = new Error("found");
  await readRecords(
    source,
    { fields: 3, exact: false, encoding: "bytes", blank: "skip" },
    ({ fields, line }) => {
      if (fields[0] === queryId && fields[2] === docno) {
        lines.push(line);
        if (lines.length === 2) throw found;
      }
    },
  ).catch((error) => {
    if (error !== found) throw error;
  });
  return lines;
}
