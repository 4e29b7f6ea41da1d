/**
 * cli/_args.ts reads arguments as node:util's parseArgs does (the reference
 * here): the same values, positionals and messages.
 *
 * @module
 */

import { parseArgs as nodeParseArgs } from "node:util";
import { assertEquals } from "../assert.ts";
import { parseArgs } from "../../cli/_args.ts";

const OPTIONS = {
  metric: { type: "string", short: "m", multiple: true },
  "per-query": { type: "boolean", short: "q" },
  complete: { type: "boolean", short: "c" },
  level: { type: "string", short: "l" },
  format: { type: "string", default: "trec" },
  strict: { type: "boolean" },
  flags: { type: "boolean", multiple: true, short: "f" },
} as const;

const CASES: string[][] = [
  [],
  ["qrels", "run"],
  ["-m", "ap", "-m", "ndcg@10", "qrels", "run"],
  ["-mP@5", "--metric=rr", "--metric", "map"],
  ["-qc", "a"],
  ["-qcmap", "a"],
  ["-cq", "-l", "2"],
  ["--format", "json", "--format=csv"],
  ["--", "-q", "--format"],
  ["a", "--", "b"],
  ["-", "x"],
  ["-f", "-f", "-ff"],
  ["--strict", "--per-query"],
  // Mistakes: each must fail with node's message.
  ["--bogus"],
  ["-x"],
  ["-qx"],
  ["-m"],
  ["--metric"],
  ["-l", "-1"],
  ["--level", "--strict"],
  ["--strict=yes"],
  ["-q=1"],
  ["--format="],
  ["-l="],
  ["--__proto__"],
];

function outcome(parse: () => { values: object; positionals: string[] }) {
  try {
    const { values, positionals } = parse();
    return { values: { ...values }, positionals };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

for (const allowPositionals of [true, false]) {
  Deno.test(`parseArgs matches node:util (allowPositionals: ${allowPositionals})`, () => {
    for (const args of CASES) {
      assertEquals(
        outcome(() => parseArgs({ args, options: OPTIONS, allowPositionals })),
        outcome(() =>
          nodeParseArgs({ args, options: OPTIONS, allowPositionals })
        ),
        args.join(" "),
      );
    }
  });
}
