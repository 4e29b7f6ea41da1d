/**
 * Renders a comparison as one self-contained HTML file: tables and inline
 * SVG plots, no scripts and no external assets.
 *
 * @module
 */

import type { Comparison } from "../metrics/compare.ts";
import {
  comparedWithBaseline,
  comparisonSummary,
  formatDifference,
  formatInterval,
  formatScore,
  pairsTable,
} from "./comparison.ts";
import {
  differenceChart,
  escapeXml,
  intervalChart,
  lineChart,
  NARROW_WIDTH,
} from "./svg_plot.ts";
import type { Table } from "./table.ts";
import { VERSION } from "../version.ts";

const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: #f6f8fa; color: #1f2328;
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 1180px; margin: 0 auto; padding: 28px 24px 48px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 0 0 12px; }
.summary { color: #57606a; margin: 0 0 24px; max-width: 900px; }
section { background: #fff; border: 1px solid #d0d7de; border-radius: 8px;
  padding: 18px 20px; margin: 0 0 20px; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 5px 12px; border-bottom: 1px solid #eaeef2; white-space: nowrap; }
th { text-align: left; font-weight: 600; background: #f6f8fa; }
td.num, th.num { text-align: right; }
tr.up td { background: #e6f6ea; }
tr.down td { background: #fdecec; }
.plots { display: flex; flex-wrap: wrap; gap: 16px; margin-top: 16px; }
.plots svg { max-width: 100%; height: auto; border: 1px solid #eaeef2; border-radius: 6px; }
table.curve { margin-bottom: 10px; }
.note { color: #57606a; font-size: 13px; margin: 8px 0 0; }
footer { color: #8c959f; font-size: 12px; text-align: center; }
header.provenance { display: grid; grid-template-columns: max-content 1fr;
  gap: 2px 14px; margin: 0 0 20px; font-size: 13px; color: #57606a; }
header.provenance dt { font-weight: 600; color: #1f2328; }
header.provenance dd { margin: 0; overflow-wrap: anywhere; }
header.provenance code { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.legend-key { display: inline-block; width: 10px; height: 10px; border-radius: 2px;
  margin: 0 4px 0 8px; vertical-align: 0; }
.legend-key.up { background: #2da44e; } .legend-key.down { background: #cf222e; }
`;

function cell(
  tag: "td" | "th",
  content: string,
  numeric: boolean,
  cls = "",
): string {
  const classes = [numeric ? "num" : "", cls].filter(Boolean).join(" ");
  return `<${tag}${classes ? ` class="${classes}"` : ""}>${
    escapeXml(content)
  }</${tag}>`;
}

function tableToHtml(
  table: Table,
  id: string,
  rowClass: (row: number) => string = () => "",
): string {
  const right = (i: number) => table.alignRight?.[i] ?? i > 0;
  const head = table.header.map((h, i) => cell("th", h, right(i))).join("");
  const body = table.rows.map((row, r) => {
    const cls = rowClass(r);
    return `<tr${cls ? ` class="${cls}"` : ""}>${
      row.map((c, i) => cell("td", c, right(i))).join("")
    }</tr>`;
  }).join("\n");
  return `<div class="scroll"><table id="${id}"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}

function meansTableHtml(comparison: Comparison): string {
  const level = `${Math.round((1 - comparison.alpha) * 1000) / 10}% CI`;
  const head = cell("th", "metric", false) +
    comparison.systems.map((s) =>
      cell("th", s.name, true) + cell("th", level, true)
    ).join("");
  const rows = comparison.metrics.map((m) =>
    `<tr>${cell("td", m, false)}${
      comparison.systems.map((s) =>
        cell("td", formatScore(s.means[m]), true, "mean") +
        cell("td", formatInterval(s.ci[m]), true)
      ).join("")
    }</tr>`
  ).join("\n");
  return `<div class="scroll"><table id="means"><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody></table></div>`;
}

function curveTableHtml(comparison: Comparison): string {
  return comparison.curves.map((curve) => {
    const head = cell("th", `${curve.metric}@k`, false) +
      curve.cutoffs.map((k) => cell("th", String(k), true)).join("");
    const rows = comparison.systems.map((s) =>
      `<tr>${cell("td", s.name, false)}${
        curve.means[s.name].map((v) => cell("td", formatScore(v), true)).join(
          "",
        )
      }</tr>`
    ).join("\n");
    return `<div class="scroll"><table class="curve"><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody></table></div>`;
  }).join("\n");
}

/** One input file of a report. */
export interface ReportInput {
  /** What it is, e.g. `qrels` or `run bm25`. */
  readonly role: string;
  /** Its file name (or path) as given. */
  readonly name: string;
  /** The SHA-256 of its bytes, in hex; none for standard input or a folder. */
  readonly sha256?: string;
}

/** Options of {@linkcode comparisonToHtml}. */
export interface HtmlOptions {
  /** The page title. Default: "Run comparison". */
  title?: string;
  /** The input files, named in the header with their SHA-256. Default: none. */
  inputs?: readonly ReportInput[];
  /**
   * Settings the comparison itself does not record (the metrics, relevance
   * level, depth...), as the header prints them. Default: none.
   */
  options?: Readonly<Record<string, string>>;
  /** When the report was made. Default: now. */
  time?: Date;
}

function provenanceHtml(comparison: Comparison, options: HtmlOptions): string {
  const settings: [string, string][] = [
    ...Object.entries(options.options ?? {}),
    ["test", comparison.test],
    ["correction", comparison.correction],
    ["alpha", String(comparison.alpha)],
    ["seed", String(comparison.seed)],
    ["resamples", String(comparison.resamples)],
    ["query set", comparison.querySet],
    ...(comparison.baseline === undefined
      ? []
      : [["baseline", comparison.baseline] as [string, string]]),
  ];
  const rows: string[] = (options.inputs ?? []).map((input) =>
    `<dt>${escapeXml(input.role)}</dt><dd><code class="file">${
      escapeXml(input.name)
    }</code>${
      input.sha256 === undefined
        ? ""
        : ` sha256 <code class="sha256">${escapeXml(input.sha256)}</code>`
    }</dd>`
  );
  rows.push(
    `<dt>options</dt><dd class="options">${
      settings.map(([k, v]) => `${escapeXml(k)} <code>${escapeXml(v)}</code>`)
        .join(", ")
    }</dd>`,
    `<dt>made by</dt><dd>ranklens <span class="version">${
      escapeXml(VERSION)
    }</span> on <time>${
      escapeXml((options.time ?? new Date()).toISOString())
    }</time></dd>`,
  );
  return `<header class="provenance">${rows.join("")}</header>`;
}

/**
 * A single-file HTML report: the summary, the means table with a bar chart
 * of the means and their intervals, the paired tests table (significant
 * rows tinted), a sorted per-query difference chart for each pair and
 * metric, and metric-at-k curves when the comparison has them. The charts
 * print the same numbers, in the same format, as the tables.
 *
 * @example
 * ```ts
 * import { compare } from "../metrics/compare.ts";
 * import { comparisonToHtml } from "./html.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const result = await compare({ a: [{ queryId: "q1", docs: ["d1"] }], b: [{ queryId: "q1", docs: ["d2"] }] }, qrels, ["P@1"]);
 * const html = comparisonToHtml(result);
 * console.log(html.startsWith("<!doctype html>"), html.includes("<script")); // true false
 * ```
 *
 * @param comparison The comparison.
 * @param options The title.
 * @returns The HTML document.
 */
export function comparisonToHtml(
  comparison: Comparison,
  options: HtmlOptions = {},
): string {
  const title = options.title ?? "Run comparison";
  const names = comparison.systems.map((s) => s.name);
  const systemOf = (name: string) =>
    comparison.systems.find((s) => s.name === name)!;
  const level = `${Math.round((1 - comparison.alpha) * 1000) / 10}%`;
  const meansChart = intervalChart({
    title: `Mean per metric with ${level} confidence interval`,
    categories: comparison.metrics,
    series: comparison.systems.map((s) => ({
      name: s.name,
      values: comparison.metrics.map((m) => s.means[m]),
      intervals: comparison.metrics.map((m) => s.ci[m]),
    })),
    yLabel: "mean over queries",
    format: formatScore,
  });
  const differenceCharts = comparison.pairs.map((p) =>
    differenceChart({
      title: `${p.metric}: ${p.a} − ${p.b} per query`,
      width: NARROW_WIDTH,
      queries: comparison.queries,
      differences: [...p.differences],
      aValues: [...systemOf(p.a).values[p.metric]],
      bValues: [...systemOf(p.b).values[p.metric]],
      mean: p.diff,
      aName: p.a,
      bName: p.b,
      baseline: comparison.baseline === undefined ? "a" : "b",
      yLabel: `${p.metric} difference`,
      format: formatDifference,
      formatValue: formatScore,
    })
  );
  const curveCharts = comparison.curves.map((curve) => {
    const compared = comparison.metrics.find((m) =>
      m.startsWith(`${curve.metric}@`)
    );
    const k = compared ? Number(compared.slice(curve.metric.length + 1)) : NaN;
    return lineChart({
      title: `${curve.metric} at cutoff k`,
      width: NARROW_WIDTH,
      x: curve.cutoffs,
      series: names.map((name) => ({ name, values: curve.means[name] })),
      xLabel: "cutoff k (log scale)",
      yLabel: `mean ${curve.metric}@k`,
      highlight: curve.cutoffs.includes(k) ? k : undefined,
      format: formatScore,
    });
  });
  const tests = tableToHtml(pairsTable(comparison), "tests", (r) => {
    const p = comparison.pairs[r];
    if (!p.significant) return "";
    return comparedWithBaseline(comparison, p).gain > 0 ? "up" : "down";
  });
  const sections = [
    `<section id="means-section"><h2>Means</h2>${
      meansTableHtml(comparison)
    }<div class="plots">${meansChart}</div></section>`,
    `<section id="tests-section"><h2>Paired tests (A − B)</h2>${tests}<p class="note">d: Cohen's d of the paired differences; W/T/L: queries where A scored higher / the same / lower; p adj: after ${comparison.correction} correction; * and a tinted row: significant, <span class="legend-key up"></span>green where the run is better than the baseline (${
      comparison.baseline === undefined
        ? "A, the run given first"
        : `B, ${escapeXml(comparison.baseline)}`
    }), <span class="legend-key down"></span>red where worse; p-values below 0.0001 print as &lt; 0.0001.</p></section>`,
    `<section id="differences-section"><h2>Per-query differences</h2><div class="plots">${
      differenceCharts.join("\n")
    }</div></section>`,
  ];
  if (curveCharts.length) {
    sections.push(
      `<section id="curves-section"><h2>Metric at k</h2>${
        curveTableHtml(comparison)
      }<div class="plots">${curveCharts.join("\n")}</div></section>`,
    );
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}: ${escapeXml(names.join(" vs "))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeXml(title)}: ${escapeXml(names.join(" vs "))}</h1>
${provenanceHtml(comparison, options)}
<p class="summary">${escapeXml(comparisonSummary(comparison))}</p>
${sections.join("\n")}
<footer>Generated by ranklens.</footer>
</main>
</body>
</html>
`;
}
