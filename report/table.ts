/**
 * Rows of cells rendered as Markdown, CSV or aligned text. Every report
 * renderer that prints a table goes through here.
 *
 * @module
 */

/** A table: a header row and body rows of already formatted cells. */
export interface Table {
  /** Column titles. */
  readonly header: readonly string[];
  /** Body rows, as long as the header. */
  readonly rows: readonly (readonly string[])[];
  /** Columns to align right (numbers). Default: every column but the first. */
  readonly alignRight?: readonly boolean[];
}

function rightAligned(table: Table, column: number): boolean {
  return table.alignRight?.[column] ?? column > 0;
}

/**
 * Renders a GitHub-flavoured Markdown table. In cells `|` is escaped, `<`
 * is written `&lt;` (so an id cannot open raw HTML) and a line break becomes
 * a space (a table row is one line).
 *
 * @example
 * ```ts
 * import { toMarkdown } from "./table.ts";
 * console.log(toMarkdown({ header: ["metric", "value"], rows: [["ndcg@10", "0.5000"]] }));
 * ```
 *
 * @param table The table.
 * @returns The Markdown text, ending in a newline.
 */
export function toMarkdown(table: Table): string {
  const esc = (s: string) =>
    s.replaceAll("|", "\\|").replaceAll("<", "&lt;").replace(/\r\n?|\n/g, " ");
  const line = (cells: readonly string[]) =>
    `| ${cells.map(esc).join(" | ")} |`;
  const rule = table.header.map((
    _,
    i,
  ) => (rightAligned(table, i) ? "---:" : ":---"));
  return [line(table.header), `|${rule.join("|")}|`, ...table.rows.map(line)]
    .join("\n") + "\n";
}

/**
 * Renders RFC 4180 CSV: a cell holding a comma, a double quote or a line
 * break is quoted, its quotes doubled; rows end in `\n` (csv-stringify's
 * defaults, which this replaces: that package loads Node compatibility, which
 * costs `eval` more start-up than scoring a TREC run). A cell a spreadsheet would
 * run as a formula (one starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return, such as a run named `=HYPERLINK(...)`) gets a leading
 * `'`, as OWASP recommends against CSV injection; a number such as `-0.05`
 * or `-Infinity` (scipy's t statistic of a run that loses every query by
 * the same amount) is left as it is, so that Python's `float` and pandas
 * read the column as numbers.
 *
 * @example
 * ```ts
 * import { toCsv } from "./table.ts";
 * console.log(toCsv({ header: ["a", "b"], rows: [["x,y", "1"]] })); // "a,b\n\"x,y\",1\n"
 * console.log(toCsv({ header: ["run", "diff"], rows: [["=1+1", "-0.05"]] })); // "run,diff\n'=1+1,-0.05\n"
 * ```
 *
 * @param table The table.
 * @returns The CSV text.
 */
export function toCsv(table: Table): string {
  return [table.header, ...table.rows].map((row) =>
    row.map((cell) => csvCell(neutralized(cell))).join(",") + "\n"
  ).join("");
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One RFC 4180 field. */
function csvCell(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|Infinity)$/;

/** A cell that cannot start a formula. */
function neutralized(cell: string): string {
  const text = String(cell);
  return FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/**
 * Renders columns padded to a common width, for a terminal.
 *
 * @example
 * ```ts
 * import { toAligned } from "./table.ts";
 * console.log(toAligned({ header: ["metric", "value"], rows: [["P@5", "0.2000"]] }));
 * ```
 *
 * @param table The table.
 * @returns The text, ending in a newline.
 */
export function toAligned(table: Table): string {
  const all = [table.header, ...table.rows];
  // A loop, not Math.max(...cells): a spread of 125,000 rows overflows the stack.
  const widths = table.header.map(() => 0);
  for (const row of all) {
    for (let i = 0; i < widths.length; i++) {
      widths[i] = Math.max(widths[i], [...(row[i] ?? "")].length);
    }
  }
  const line = (row: readonly string[]) =>
    row.map((cell, i) => {
      const pad = widths[i] - [...cell].length;
      return rightAligned(table, i)
        ? " ".repeat(pad) + cell
        : cell + " ".repeat(pad);
    }).join("  ").trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [line(table.header), rule, ...table.rows.map(line)].join("\n") + "\n";
}
