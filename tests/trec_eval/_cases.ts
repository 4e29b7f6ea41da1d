/**
 * The differential cases `generate_cases.ts` writes, one record per
 * command: shared by the tests that run them as files, through stdin and as
 * opened texts.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { stringBytes } from "../../trec_eval/lines.ts";

/** Where the cases are: one directory per dataset. */
export const CASES_DIR: string = new URL(
  "../testdata/trec_eval/cases/",
  import.meta.url,
).pathname;

/** One recorded command and what trec_eval answered. */
export interface DifferentialCase {
  /** The dataset, the name of the case's directory. */
  readonly dataset: string;
  /** The case's name in its directory. */
  readonly id: string;
  /** The directory, ending in `/`: the command's files are in it. */
  readonly dir: string;
  /** The command line as recorded. */
  readonly command: string;
  /** trec_eval's arguments. */
  readonly args: string[];
  /** How the expected output was derived. */
  readonly reference: string;
  /** Why the reference differs from trec_eval, if it does. */
  readonly note?: string;
  /** The exit status. */
  readonly status: number;
  /** Standard error. */
  readonly stderr: string;
  /** The path of the expected standard output. */
  readonly expected: string;
}

/** Every case, datasets and cases in name order. */
export const DIFFERENTIAL_CASES: readonly DifferentialCase[] = [
  ...Deno.readDirSync(CASES_DIR),
]
  .filter((e) => e.isDirectory)
  .map((e) => e.name)
  .sort()
  .flatMap((dataset) => {
    const dir = `${CASES_DIR}${dataset}/`;
    return [...Deno.readDirSync(dir)]
      .map((e) => e.name)
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.slice(0, -".json".length))
      .sort()
      .map((id) => ({
        dataset,
        id,
        dir,
        ...JSON.parse(Deno.readTextFileSync(`${dir}${id}.json`)),
        expected: `${dir}${id}.expected`,
      }));
  });

/**
 * Standard error without what ranklens adds to trec_eval's messages: the
 * places in parentheses and its warnings (see `trec_eval/annotate.ts`).
 */
export function withoutNotes(stderr: string): string {
  return stderr
    .replace(/ \((?:standard input|[^()\n]* lines? \d+(?: and \d+)?)\)/g, "")
    .replace(
      / \([^()\n]* has no data lines, only comments or blank lines\)/g,
      "",
    )
    .replace(/ \(no topic of [^()\n]* is judged in [^()\n]*\)/g, "")
    .replace(/(Cannot read \w+ file '[^'\n]*') \([^\n]*\)$/gm, "$1")
    .replace(/^ranklens trec_eval: warning: .*\n/gm, "");
}

/**
 * Asserts that a result is the case's recorded one: exit status, standard
 * error (as given, when the run's name in it changed; ranklens' notes
 * aside) and the bytes of standard output.
 */
export function assertCaseResult(
  result: { status: number; stderr: string; stdout: string },
  c: DifferentialCase,
  stderr: string = c.stderr,
): void {
  assertEquals(result.status, c.status, "exit status");
  assertEquals(withoutNotes(result.stderr), stderr, "stderr");
  assertEquals(
    stringBytes(result.stdout),
    Deno.readFileSync(c.expected),
    "stdout",
  );
}
