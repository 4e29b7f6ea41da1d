/**
 * Renders a comparison as a LaTeX booktabs table with ranx-style
 * significance superscripts.
 *
 * @module
 */

import type { Comparison } from "../metrics/compare.ts";
import { formatScore, TEST_NAMES } from "./comparison.ts";

const SPECIAL: Readonly<Record<string, string>> = {
  "\\": "\\textbackslash{}",
  "{": "\\{",
  "}": "\\}",
  "$": "\\$",
  "&": "\\&",
  "#": "\\#",
  "^": "\\textasciicircum{}",
  "_": "\\_",
  "%": "\\%",
  "~": "\\textasciitilde{}",
  // OT1, LaTeX's default font encoding, prints < and > as ¡ and ¿.
  "<": "\\textless{}",
  ">": "\\textgreater{}",
  // A blank line ends the paragraph, an error inside a tabular cell.
  "\n": " ",
  "\r": " ",
};

/**
 * Escapes text for LaTeX; line breaks become spaces.
 *
 * @example
 * ```ts
 * import { escapeLatex } from "./latex.ts";
 * console.log(escapeLatex("P_5 & 10%")); // "P\\_5 \\& 10\\%"
 * ```
 *
 * @param text The text.
 * @returns The escaped text.
 */
export function escapeLatex(text: string): string {
  return text.replace(/[\\{}$&#^_%~<>\n\r]/g, (c) => SPECIAL[c]);
}

/**
 * The letter that names the i-th run in superscripts: a, b, ..., z, aa, ab...
 *
 * @param i The run's index.
 * @returns The letter(s).
 */
function letter(i: number): string {
  let out = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    out = String.fromCharCode(97 + (n - 1) % 26) + out;
  }
  return out;
}

/**
 * A booktabs table (needs `\usepackage{booktabs}`): one row per run, named
 * by a letter, one column per metric. As in ranx, a value carries the
 * superscript letters of the runs it is significantly better than (after
 * correction), and the best value of each column is bold. The caption says
 * which test, correction, level and query set.
 *
 * @example
 * ```ts
 * import { compare } from "../metrics/compare.ts";
 * import { comparisonToLatex } from "./latex.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const result = await compare({ a: [{ queryId: "q1", docs: ["d1"] }], b: [{ queryId: "q1", docs: ["d2"] }] }, qrels, ["P@1"]);
 * console.log(comparisonToLatex(result).includes("\\toprule")); // true
 * ```
 *
 * @param comparison The comparison.
 * @returns The LaTeX source of a `table` environment.
 */
export function comparisonToLatex(comparison: Comparison): string {
  const { systems, metrics } = comparison;
  const index = new Map(systems.map((s, i) => [s.name, i]));
  // beats[metric][i] = runs run i is significantly better than.
  const beats = new Map<string, Set<number>[]>(
    metrics.map((m) => [m, systems.map(() => new Set<number>())]),
  );
  for (const p of comparison.pairs) {
    if (!p.significant || p.diff === 0) continue;
    const [winner, loser] = p.diff > 0 ? [p.a, p.b] : [p.b, p.a];
    beats.get(p.metric)![index.get(winner)!].add(index.get(loser)!);
  }
  const lines = [
    "\\begin{table}[t]",
    "\\centering",
    `\\caption{${escapeLatex(caption(comparison))}}`,
    `\\begin{tabular}{cl${"r".repeat(metrics.length)}}`,
    "\\toprule",
    `\\# & Run & ${metrics.map(escapeLatex).join(" & ")} \\\\`,
    "\\midrule",
  ];
  const best = metrics.map((m) =>
    systems.reduce((most, s) => Math.max(most, s.means[m]), -Infinity)
  );
  systems.forEach((s, i) => {
    const cells = metrics.map((m, j) => {
      const text = formatScore(s.means[m]);
      const value = s.means[m] === best[j] ? `\\textbf{${text}}` : text;
      const marks = [...beats.get(m)![i]].sort((x, y) => x - y).map(letter)
        .join("");
      return marks ? `${value}$^{${marks}}$` : value;
    });
    lines.push(
      `${letter(i)} & ${escapeLatex(s.name)} & ${cells.join(" & ")} \\\\`,
    );
  });
  lines.push("\\bottomrule", "\\end{tabular}", "\\end{table}");
  return lines.join("\n") + "\n";
}

function caption(comparison: Comparison): string {
  const set = comparison.querySet === "judged"
    ? `all ${comparison.queries.length} judged queries (unretrieved ones score 0)`
    : `the ${comparison.queries.length} queries every run returned`;
  const correction = comparison.correction === "none"
    ? "no correction"
    : `${comparison.correction === "holm" ? "Holm" : "Bonferroni"} correction`;
  return `Means over ${set}. Superscripts name the runs a run is significantly better than (${
    TEST_NAMES[comparison.test]
  }, ${correction}, p < ${comparison.alpha}); the best value of each metric is bold.`;
}
