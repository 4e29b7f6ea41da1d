/**
 * Renders a comparison in any of its formats: the one switch the CLI and
 * server use.
 *
 * @module
 */

import type { Comparison } from "../metrics/compare.ts";
import { comparisonToHtml, type HtmlOptions } from "./html.ts";
import { comparisonToLatex } from "./latex.ts";
import {
  comparisonToCsv,
  comparisonToJson,
  comparisonToMarkdown,
  comparisonToText,
} from "./comparison.ts";

/** The output formats of a comparison. */
export const COMPARISON_FORMATS = [
  "table",
  "markdown",
  "csv",
  "json",
  "latex",
  "html",
] as const;
/** One of {@linkcode COMPARISON_FORMATS}. */
export type ComparisonFormat = typeof COMPARISON_FORMATS[number];

/** Options of {@linkcode renderComparison}. */
export interface ComparisonRenderOptions {
  /** ANSI colour in the `table` format. Default: false. */
  color?: boolean;
  /** Per-query values in the `json` format. Default: false. */
  perQuery?: boolean;
  /** The `html` format's header: input files, options, time. Default: none. */
  html?: HtmlOptions;
}

/**
 * Renders a comparison.
 *
 * @example
 * ```ts
 * import { compare } from "../metrics/compare.ts";
 * import { renderComparison } from "./comparison_formats.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const result = await compare({ a: [{ queryId: "q1", docs: ["d1"] }], b: [{ queryId: "q1", docs: ["d2"] }] }, qrels, ["P@1"]);
 * console.log(renderComparison(result, "csv").split("\n")[0].startsWith("metric,a,b")); // true
 * ```
 *
 * @param comparison The comparison.
 * @param format The format.
 * @param options Colour, per-query values and the HTML header.
 * @returns The text.
 */
export function renderComparison(
  comparison: Comparison,
  format: ComparisonFormat,
  options: ComparisonRenderOptions = {},
): string {
  switch (format) {
    case "table":
      return comparisonToText(comparison, options);
    case "markdown":
      return comparisonToMarkdown(comparison);
    case "csv":
      return comparisonToCsv(comparison);
    case "json":
      return JSON.stringify(comparisonToJson(comparison, options), null, 2) +
        "\n";
    case "latex":
      return comparisonToLatex(comparison);
    case "html":
      return comparisonToHtml(comparison, options.html);
  }
}
