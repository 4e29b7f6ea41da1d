/**
 * `ranklens convert IN OUT`: convert between dataset and qrels formats.
 *
 * @module
 */

import { convertFile } from "../formats/convert.ts";
import { builtinFormats } from "../formats/format_registry.ts";
import { usageErrors } from "./errors.ts";
import { defineCommand } from "./command.ts";

const USAGE = "ranklens convert IN OUT [--from F] [--to F]";

/**
 * Runs the command.
 *
 * @param args The arguments after `convert`.
 * @returns The exit status.
 */
export const run: (args: string[]) => Promise<number> = defineCommand({
  usage: USAGE,
  help,
  options: { from: { type: "string" }, to: { type: "string" } },
  positionals: { min: 2, expected: "IN and OUT", noun: "argument(s)" },
  permissions: ({ positionals: [input, output] }) => ({
    read: [input],
    write: [output],
  }),
  async run({ values, positionals: [input, output] }) {
    for (const name of [values.from, values.to]) {
      if (name !== undefined) {
        usageErrors(USAGE, () => builtinFormats.get(name));
      }
    }
    const summary = await convertFile(input, output, {
      from: values.from,
      to: values.to,
    });
    if (summary.droppedQueries.length) {
      const ids = summary.droppedQueries;
      console.error(
        `ranklens convert: note: left out ${ids.length} queries without relevant judgements, which ${summary.to.name} cannot hold (${
          ids.slice(0, 5).map((id) => `"${id}"`).join(", ")
        }${ids.length > 5 ? ", ..." : ""})`,
      );
    }
    return 0;
  },
});

function help(): string {
  const formats = builtinFormats.formats().map((f) =>
    `  ${f.name.padEnd(12)} ${f.kind.padEnd(8)} ${f.description}`
  ).join("\n");
  return `Reads IN (format detected from its name and content, or --from) and writes
OUT (format chosen from its name, or --to) atomically. Datasets convert to
datasets or to qrels (their judgements); qrels to qrels; runs to runs
(trec-run, json-run, jsonl-run, msmarco-run). A path without an
extension is a BEIR directory.

Options:
      --from F   the format of IN, one of those below (default: detected)
      --to F     the format of OUT (default: chosen from its name)
  -h, --help     this help

Formats:
${formats}

Examples:
  convert examples/dataset.json out/beir          Go JSON -> BEIR directory
  convert out/beir dataset.json                   BEIR -> Go JSON
  convert out/beir/qrels/test.tsv qrels.txt       BEIR qrels -> TREC qrels
  convert qrels.txt test.tsv                      TREC qrels -> BEIR qrels`;
}
