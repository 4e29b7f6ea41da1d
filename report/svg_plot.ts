/**
 * Small, dependency-free SVG charts for reports: grouped bars with
 * confidence intervals, sorted per-query differences, and line charts.
 * Every chart has a title, labelled axes with ticks, and a legend when it
 * shows more than one series; values are printed on the chart in the same
 * format as the tables beside it.
 *
 * @module
 */

/** A colour-blind-safe categorical palette (Observable 10). */
export const PALETTE: readonly string[] = [
  "#4269d0",
  "#efb118",
  "#ff725c",
  "#6cc5b0",
  "#3ca951",
  "#ff8ab7",
  "#a463f2",
  "#97bbf5",
  "#9c6b4e",
  "#9498a0",
];

/** The default chart width in pixels. */
const WIDE = 760;
/** The width of charts drawn two to a row. */
export const NARROW_WIDTH = 520;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const INK = "#1f2328";
const MUTED = "#57606a";
const GRID = "#e6e8eb";
const GOOD = "#2da44e";
const BAD = "#cf222e";

/**
 * Escapes text for XML content and attributes.
 *
 * @example
 * ```ts
 * import { escapeXml } from "./svg_plot.ts";
 * console.log(escapeXml('a<b & "c"')); // "a&lt;b &amp; &quot;c&quot;"
 * ```
 *
 * @param text The text.
 * @returns The escaped text.
 */
export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) =>
      ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[
        c
      ]!,
  );
}

/**
 * Round tick values covering [min, max]: steps of 1, 2 or 5 times a power
 * of ten, about `count` of them.
 *
 * @example
 * ```ts
 * import { niceTicks } from "./svg_plot.ts";
 * console.log(niceTicks(0, 0.97)); // [0, 0.2, 0.4, 0.6, 0.8, 1]
 * ```
 *
 * @param min The lowest value to cover.
 * @param max The highest value to cover.
 * @param count About how many ticks. Default: 5.
 * @returns The ticks, ascending, the first <= min and the last >= max.
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) / 2 : 1;
    return niceTicks(min - pad, max + pad, count);
  }
  // One more interval than asked keeps 0..1.004 at steps of 0.2, not 0.5.
  const raw = (max - min) / (count + 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const first = Math.floor(min / step + 1e-9);
  const last = Math.ceil(max / step - 1e-9);
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) {
    // Rounded so 0.1 * 3 prints as 0.3.
    ticks.push(Number((i * step).toPrecision(12)));
  }
  return ticks;
}

function tickText(value: number, ticks: readonly number[]): string {
  const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) : 1;
  const digits = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return value.toFixed(Math.min(digits, 10));
}

interface Frame {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

function text(
  x: number,
  y: number,
  content: string,
  attrs: Record<string, string | number> = {},
): string {
  const extra = Object.entries(attrs).map(([k, v]) =>
    ` ${k}="${escapeXml(String(v))}"`
  ).join("");
  return `<text x="${round(x)}" y="${round(y)}"${extra}>${
    escapeXml(content)
  }</text>`;
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

function svgOpen(width: number, height: number, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${
    escapeXml(title)
  }" font-family="${escapeXml(FONT)}" font-size="12" fill="${INK}">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="${width}" height="${height}" fill="#ffffff"/>` +
    text(width / 2, 24, title, {
      "text-anchor": "middle",
      "font-size": titleSize(title, width),
      "font-weight": 600,
    });
}

/** Horizontal grid lines, y tick labels and the y axis title. */
function yAxis(
  frame: Frame,
  ticks: readonly number[],
  y: (v: number) => number,
  label: string,
): string {
  let out = "";
  for (const t of ticks) {
    out += `<line x1="${frame.left}" x2="${frame.left + frame.width}" y1="${
      round(y(t))
    }" y2="${round(y(t))}" stroke="${
      t === 0 ? MUTED : GRID
    }" stroke-width="1"/>`;
    out += text(frame.left - 8, y(t) + 4, tickText(t, ticks), {
      "text-anchor": "end",
      fill: MUTED,
      class: "tick",
    });
  }
  const cy = frame.top + frame.height / 2;
  out += text(18, cy, label, {
    transform: `rotate(-90 18 ${cy})`,
    "text-anchor": "middle",
    "font-size": 13,
  });
  return out;
}

/**
 * A generous estimate of the width of a text in the charts' sans-serif font:
 * layouts reserve this much, so labels stay inside the chart (the browser
 * test measures the real boxes).
 */
function textWidth(content: string, size: number): number {
  return content.length * size * 0.62;
}

/** The font size at which a title fits the width, 15 at most. */
function titleSize(title: string, width: number): number {
  return Math.max(
    9,
    Math.min(15, Math.floor((width - 24) / (title.length * 0.62))),
  );
}

/**
 * A legend of coloured swatches centred under the title, wrapped onto more
 * rows when it is wider than the chart.
 *
 * @returns The SVG and the y of its last row.
 */
function legend(
  width: number,
  names: readonly string[],
  y: number,
  colors: readonly string[],
): { svg: string; bottom: number } {
  const widths = names.map((n) => 20 + textWidth(n, 12) + 18);
  const rows: number[][] = [[]];
  let used = 0;
  widths.forEach((w, i) => {
    const row = rows[rows.length - 1];
    if (row.length && used + w > width - 24) {
      rows.push([i]);
      used = w;
    } else {
      row.push(i);
      used += w;
    }
  });
  let out = `<g class="legend">`;
  rows.forEach((row, r) => {
    const rowY = y + r * 20;
    let x = (width - row.reduce((a, i) => a + widths[i], 0)) / 2;
    for (const i of row) {
      out += `<rect x="${round(x)}" y="${
        rowY - 10
      }" width="14" height="14" rx="2" fill="${colors[i % colors.length]}"/>`;
      out += text(x + 20, rowY + 1, names[i], { "font-size": 12 });
      x += widths[i];
    }
  });
  return { svg: out + "</g>", bottom: y + (rows.length - 1) * 20 };
}

/** One series of {@linkcode intervalChart}. */
export interface IntervalSeries {
  /** The legend name. */
  readonly name: string;
  /** One value per category. */
  readonly values: readonly number[];
  /** One interval per category. */
  readonly intervals: readonly (readonly [number, number])[];
}

/** Input of {@linkcode intervalChart}. */
export interface IntervalChartSpec {
  /** The chart title. */
  readonly title: string;
  /** The width in pixels. Default: 760. */
  readonly width?: number;
  /** The category labels (x axis groups). */
  readonly categories: readonly string[];
  /** The series (bars within a group). */
  readonly series: readonly IntervalSeries[];
  /** The y axis title. */
  readonly yLabel: string;
  /** Formats the value printed on each bar. */
  readonly format: (value: number) => string;
}

/**
 * Grouped bars, one group per category and one bar per series, each with
 * its confidence interval as a whisker and its value printed above.
 *
 * @example
 * ```ts
 * import { intervalChart } from "./svg_plot.ts";
 * const svg = intervalChart({
 *   title: "Means", categories: ["ndcg@10"], yLabel: "mean",
 *   series: [{ name: "bm25", values: [0.5], intervals: [[0.4, 0.6]] }],
 *   format: (v) => v.toFixed(4),
 * });
 * console.log(svg.includes(">0.5000</text>")); // true
 * ```
 *
 * @param spec Title, categories, series, axis title and value format.
 * @returns The SVG element.
 */
export function intervalChart(spec: IntervalChartSpec): string {
  const width = spec.width ?? WIDE;
  const all = spec.series.flatMap((s) =>
    s.intervals.flatMap(([lo, hi], i) => [lo, hi, s.values[i]])
  ).filter(Number.isFinite);
  const ticks = niceTicks(smallest(all, 0), largest(all, 0));
  const lo = ticks[0], hi = ticks[ticks.length - 1];
  const plotWidth = width - 84;
  const groupWidth = plotWidth / Math.max(spec.categories.length, 1);
  const barWidth = Math.min(
    72,
    groupWidth * 0.8 / Math.max(spec.series.length, 1),
  );
  const rotate = barWidth < 44;
  const labels = spec.series.flatMap((s) => s.values.map(spec.format));
  const labelSpace = rotate
    ? largest(labels.map((l) => textWidth(l, 11)), 0) + 10
    : 18;
  // Category names too wide for their group are drawn slanted.
  const slant = spec.categories.some((c) => textWidth(c, 13) > groupWidth - 6);
  const categorySpace = slant
    ? largest(spec.categories.map((c) => textWidth(c, 13)), -Infinity) *
        0.65 + 24
    : 28;
  const key = legend(width, spec.series.map((s) => s.name), 48, PALETTE);
  const frame: Frame = {
    left: 64,
    top: key.bottom + 12 + labelSpace,
    width: plotWidth,
    height: 270,
  };
  const height = frame.top + frame.height + categorySpace + 26;
  const y = (v: number) => frame.top + frame.height * (hi - v) / (hi - lo);
  let out = svgOpen(width, height, spec.title);
  out += key.svg;
  out += yAxis(frame, ticks, y, spec.yLabel);
  spec.categories.forEach((category, c) => {
    const groupLeft = frame.left + c * groupWidth +
      (groupWidth - barWidth * spec.series.length) / 2;
    spec.series.forEach((s, i) => {
      const value = s.values[c];
      const [low, high] = s.intervals[c];
      const x = groupLeft + i * barWidth;
      const color = PALETTE[i % PALETTE.length];
      const interval = Number.isFinite(low) && Number.isFinite(high)
        ? ` ${formatRange(spec.format, low, high)}`
        : "";
      if (Number.isFinite(value)) {
        const top = y(Math.max(value, 0)), bottom = y(Math.min(value, 0));
        out += `<rect class="bar" x="${round(x + 2)}" y="${
          round(top)
        }" width="${round(barWidth - 4)}" height="${
          round(bottom - top)
        }" fill="${color}" fill-opacity="0.85"><title>${
          escapeXml(`${s.name} ${category}: ${spec.format(value)}${interval}`)
        }</title></rect>`;
      }
      const cx = x + barWidth / 2;
      if (interval) {
        out += `<g stroke="${INK}" stroke-width="1.5">` +
          `<line x1="${round(cx)}" x2="${round(cx)}" y1="${
            round(y(high))
          }" y2="${round(y(low))}"/>` +
          `<line x1="${round(cx - 6)}" x2="${round(cx + 6)}" y1="${
            round(y(high))
          }" y2="${round(y(high))}"/>` +
          `<line x1="${round(cx - 6)}" x2="${round(cx + 6)}" y1="${
            round(y(low))
          }" y2="${round(y(low))}"/></g>`;
      }
      const labelY = Math.min(
        y(Number.isFinite(high) ? high : value),
        y(value),
      ) - 6;
      out += rotate
        ? text(cx + 4, labelY, spec.format(value), {
          transform: `rotate(-90 ${round(cx + 4)} ${round(labelY)})`,
          "font-size": 11,
          class: "value",
        })
        : text(cx, labelY, spec.format(value), {
          "text-anchor": "middle",
          "font-size": 11,
          class: "value",
        });
    });
    const cx = frame.left + (c + 0.5) * groupWidth;
    const cy = frame.top + frame.height + 20;
    out += slant
      ? text(cx + 4, cy, category, {
        "text-anchor": "end",
        "font-size": 13,
        transform: `rotate(-40 ${round(cx + 4)} ${round(cy)})`,
      })
      : text(cx, cy, category, { "text-anchor": "middle", "font-size": 13 });
  });
  out += text(
    width / 2,
    height - 12,
    "Bars: mean; whiskers: confidence interval",
    { "text-anchor": "middle", fill: MUTED, "font-size": 11 },
  );
  return out + "</svg>";
}

function formatRange(
  format: (value: number) => string,
  low: number,
  high: number,
): string {
  return `[${format(low)}, ${format(high)}]`;
}

/** Input of {@linkcode differenceChart}. */
export interface DifferenceChartSpec {
  /** The chart title. */
  readonly title: string;
  /** The width in pixels. Default: 760. */
  readonly width?: number;
  /** Query ids, aligned with `differences`. */
  readonly queries: readonly string[];
  /** Per-query differences A - B. */
  readonly differences: readonly number[];
  /** A's per-query values, for the bars' tooltips. Default: none. */
  readonly aValues?: readonly number[];
  /** B's per-query values, for the bars' tooltips. Default: none. */
  readonly bValues?: readonly number[];
  /** The mean difference, drawn as a dashed line with its value. */
  readonly mean: number;
  /** The name of A (above 0: A scored higher). */
  readonly aName: string;
  /** The name of B. */
  readonly bName: string;
  /**
   * Which run is the baseline: bars are green where the other run is better
   * than it, red where worse. Default: `a`.
   */
  readonly baseline?: "a" | "b";
  /** The y axis title. */
  readonly yLabel: string;
  /** Formats the mean difference and the tooltips' differences. */
  readonly format: (value: number) => string;
  /** Formats the tooltips' values. Default: `format`. */
  readonly formatValue?: (value: number) => string;
}

/** Query ids are drawn under their bars when bars are at least this wide. */
const MIN_LABELLED_STEP = 9;

/**
 * Per-query differences A - B as bars sorted from the largest to the
 * smallest, each labelled with its query id (when there is room) and with a
 * tooltip of both runs' values; green where the run compared with the
 * baseline is better, red where it is worse, with a legend saying so, and
 * the mean difference as a dashed line labelled with its value.
 *
 * @example
 * ```ts
 * import { differenceChart } from "./svg_plot.ts";
 * const svg = differenceChart({
 *   title: "A - B", queries: ["q1", "q2"], differences: [0.5, -0.25],
 *   aValues: [1, 0.25], bValues: [0.5, 0.5],
 *   mean: 0.125, aName: "A", bName: "B", yLabel: "diff",
 *   format: (v) => v.toFixed(4),
 * });
 * console.log(svg.includes("mean 0.1250"), svg.includes(">q2</text>")); // true true
 * console.log(svg.includes("q2: A 0.2500, B 0.5000 (diff -0.2500)")); // true
 * ```
 *
 * @param spec Title, queries, differences, values, mean, names and formats.
 * @returns The SVG element.
 */
export function differenceChart(spec: DifferenceChartSpec): string {
  const width = spec.width ?? WIDE;
  const baselineIsA = (spec.baseline ?? "a") === "a";
  const base = baselineIsA ? spec.aName : spec.bName;
  const other = baselineIsA ? spec.bName : spec.aName;
  // A - B above 0 is the other run's gain when B is the other run's name.
  const better = (d: number) => baselineIsA ? d < 0 : d > 0;
  const order = [...spec.differences.keys()].sort((i, j) =>
    spec.differences[j] - spec.differences[i]
  );
  const ticks = niceTicks(
    Math.min(smallest(spec.differences, 0), spec.mean),
    Math.max(largest(spec.differences, 0), spec.mean),
  );
  const lo = ticks[0], hi = ticks[ticks.length - 1];
  const plotWidth = width - 84;
  const step = plotWidth / Math.max(order.length, 1);
  // Every query id when bars are wide enough, else every n-th.
  const every = Math.ceil(MIN_LABELLED_STEP / step);
  const idSize = Math.min(11, Math.max(8, Math.floor(step * 0.9)));
  const idSpace = largest(spec.queries.map((q) => textWidth(q, idSize)), 0) +
    12;
  const key = legend(
    width,
    [`${other} better than ${base} (baseline)`, `${other} worse`],
    48,
    [GOOD, BAD],
  );
  const frame: Frame = {
    left: 64,
    top: key.bottom + 22,
    width: plotWidth,
    height: 230,
  };
  const height = frame.top + frame.height + idSpace + 30;
  const y = (v: number) => frame.top + frame.height * (hi - v) / (hi - lo);
  const valueText = spec.formatValue ?? spec.format;
  let out = svgOpen(width, height, spec.title);
  out += key.svg;
  out += yAxis(frame, ticks, y, spec.yLabel);
  order.forEach((q, rank) => {
    const d = spec.differences[q];
    const x = frame.left + rank * step;
    const id = spec.queries[q];
    if (rank % every === 0) {
      const cx = x + step / 2 + idSize * 0.35;
      const cy = frame.top + frame.height + 6;
      out += text(cx, cy, id, {
        "text-anchor": "end",
        "font-size": idSize,
        fill: MUTED,
        class: "qid",
        transform: `rotate(-90 ${round(cx)} ${round(cy)})`,
      });
    }
    if (d === 0) return;
    const values = spec.aValues && spec.bValues
      ? `${spec.aName} ${valueText(spec.aValues[q])}, ${spec.bName} ${
        valueText(spec.bValues[q])
      } (diff ${spec.format(d)})`
      : spec.format(d);
    const top = y(Math.max(d, 0)), bottom = y(Math.min(d, 0));
    out += `<rect class="diff ${better(d) ? "better" : "worse"}" x="${
      round(x + step * 0.1)
    }" y="${round(top)}" width="${round(Math.max(step * 0.8, 0.5))}" height="${
      round(Math.max(bottom - top, 0.5))
    }" fill="${better(d) ? GOOD : BAD}"><title>${
      escapeXml(`${id}: ${values}`)
    }</title></rect>`;
  });
  const my = y(spec.mean);
  out += `<line x1="${frame.left}" x2="${frame.left + frame.width}" y1="${
    round(my)
  }" y2="${
    round(my)
  }" stroke="${INK}" stroke-width="1.5" stroke-dasharray="6 4"/>`;
  // Bars run from the largest gain (left) to the largest loss (right), so a
  // negative mean's label is clear of the bars on the left, a positive
  // mean's on the right; it sits on the side of the line away from zero.
  const labelY = spec.mean < 0 ? my + 16 : my - 6;
  const left = spec.mean < 0;
  out += text(
    left ? frame.left + 6 : frame.left + frame.width - 6,
    labelY,
    `mean ${spec.format(spec.mean)}`,
    {
      "text-anchor": left ? "start" : "end",
      "font-weight": 600,
      class: "value",
      stroke: "#ffffff",
      "stroke-width": 3,
      "paint-order": "stroke",
    },
  );
  out += text(
    frame.left + frame.width / 2,
    height - 12,
    `${order.length} queries, sorted by difference`,
    { "text-anchor": "middle", "font-size": 13 },
  );
  return out + "</svg>";
}

/** One series of {@linkcode lineChart}. */
export interface LineSeries {
  /** The legend name. */
  readonly name: string;
  /** One value per x. */
  readonly values: readonly number[];
}

/** Input of {@linkcode lineChart}. */
export interface LineChartSpec {
  /** The chart title. */
  readonly title: string;
  /** The width in pixels. Default: 760. */
  readonly width?: number;
  /** The x values (positive; drawn on a log scale). */
  readonly x: readonly number[];
  /** The series. */
  readonly series: readonly LineSeries[];
  /** The x axis title. */
  readonly xLabel: string;
  /** The y axis title. */
  readonly yLabel: string;
  /** An x whose values are printed next to their points. */
  readonly highlight?: number;
  /** Formats the printed values. */
  readonly format: (value: number) => string;
}

/**
 * Lines over positive x values on a log scale (cutoffs such as 1 to 100),
 * with a marker per point; the values at `highlight` are printed.
 *
 * @example
 * ```ts
 * import { lineChart } from "./svg_plot.ts";
 * const svg = lineChart({
 *   title: "ndcg@k", x: [1, 10], xLabel: "k", yLabel: "ndcg",
 *   series: [{ name: "bm25", values: [0.5, 0.75] }],
 *   highlight: 10, format: (v) => v.toFixed(4),
 * });
 * console.log(svg.includes(">0.7500</text>")); // true
 * ```
 *
 * @param spec Title, x values, series, axis titles and the highlighted x.
 * @returns The SVG element.
 */
export function lineChart(spec: LineChartSpec): string {
  const width = spec.width ?? WIDE;
  const key = legend(width, spec.series.map((s) => s.name), 48, PALETTE);
  const frame: Frame = {
    left: 64,
    top: key.bottom + 22,
    width: width - 104,
    height: 250,
  };
  const height = frame.top + frame.height + 60;
  const values = spec.series.flatMap((s) => s.values).filter(Number.isFinite);
  const ticks = niceTicks(smallest(values, 0), largest(values, 0));
  const lo = ticks[0], hi = ticks[ticks.length - 1];
  const y = (v: number) => frame.top + frame.height * (hi - v) / (hi - lo);
  const lx = spec.x.map((v) => Math.log(v));
  const x0 = smallest(lx, Infinity), x1 = largest(lx, -Infinity);
  const x = (v: number) =>
    frame.left + (x1 > x0 ? frame.width * (Math.log(v) - x0) / (x1 - x0) : 0);
  let out = svgOpen(width, height, spec.title);
  out += key.svg;
  out += yAxis(frame, ticks, y, spec.yLabel);
  for (const v of spec.x) {
    out += `<line x1="${round(x(v))}" x2="${
      round(x(v))
    }" y1="${frame.top}" y2="${frame.top + frame.height}" stroke="${
      v === spec.highlight ? MUTED : GRID
    }" stroke-width="1"${
      v === spec.highlight ? ' stroke-dasharray="3 3"' : ""
    }/>`;
    out += text(x(v), frame.top + frame.height + 18, String(v), {
      "text-anchor": "middle",
      fill: MUTED,
      class: "tick",
    });
  }
  out += text(
    frame.left + frame.width / 2,
    frame.top + frame.height + 40,
    spec.xLabel,
    { "text-anchor": "middle", "font-size": 13 },
  );
  const labels: { y: number; text: string; color: string }[] = [];
  spec.series.forEach((s, i) => {
    const color = PALETTE[i % PALETTE.length];
    const points = spec.x.map((v, j) => [x(v), y(s.values[j])] as const)
      .filter(([, py]) => Number.isFinite(py));
    out +=
      `<polyline fill="none" stroke="${color}" stroke-width="2.5" points="${
        points.map(([px, py]) => `${round(px)},${round(py)}`).join(" ")
      }"/>`;
    spec.x.forEach((v, j) => {
      if (!Number.isFinite(s.values[j])) return;
      out += `<circle cx="${round(x(v))}" cy="${
        round(y(s.values[j]))
      }" r="4" fill="${color}" stroke="#ffffff" stroke-width="1.5"><title>${
        escapeXml(`${s.name} @${v}: ${spec.format(s.values[j])}`)
      }</title></circle>`;
    });
    const h = spec.highlight === undefined
      ? -1
      : spec.x.indexOf(spec.highlight);
    if (h >= 0 && Number.isFinite(s.values[h])) {
      labels.push({ y: y(s.values[h]), text: spec.format(s.values[h]), color });
    }
  });
  // Highlighted values sit right of their point, nudged apart vertically.
  labels.sort((a, b) => a.y - b.y);
  for (let i = 1; i < labels.length; i++) {
    labels[i].y = Math.max(labels[i].y, labels[i - 1].y + 14);
  }
  const hx = spec.highlight === undefined ? 0 : x(spec.highlight);
  // Right of the points, or left of them when that would leave the chart
  // (the highlighted cutoff is often the last, recall@100).
  const room = largest(labels.map((l) => textWidth(l.text, 11)), 0);
  const onLeft = hx + 8 + room > width - 4;
  for (const label of labels) {
    out += text(onLeft ? hx - 8 : hx + 8, label.y - 6, label.text, {
      "text-anchor": onLeft ? "end" : "start",
      "font-size": 11,
      "font-weight": 600,
      fill: INK,
      class: "value",
      stroke: "#ffffff",
      "stroke-width": 3,
      "paint-order": "stroke",
    });
  }
  return out + "</svg>";
}

// Loops, not Math.max(...values): a spread of one value per query overflows
// the stack past about 125,000 queries.
function largest(values: readonly number[], start: number): number {
  let best = start;
  for (const value of values) best = Math.max(best, value);
  return best;
}

function smallest(values: readonly number[], start: number): number {
  let best = start;
  for (const value of values) best = Math.min(best, value);
  return best;
}
