/**
 * Renders a {@linkcode Comparison} as an aligned terminal table, Markdown,
 * CSV or JSON. LaTeX and HTML live in `latex.ts` and `html.ts`.
 *
 * @module
 */

import type { Comparison, PairComparison } from "../metrics/compare.ts";
import { MAX_RESAMPLED_DRAWS } from "../metrics/significance/bootstrap.ts";
import { formatFixed } from "../trec_eval/c_printf.ts";
import { type Table, toAligned, toCsv, toMarkdown } from "./table.ts";

/** The names of the tests, as reports print them. */
export const TEST_NAMES: Readonly<Record<Comparison["test"], string>> = {
  t: "paired t-test",
  permutation: "paired permutation (sign-flip) test",
  fisher: "Fisher randomization test",
  wilcoxon: "Wilcoxon signed-rank test",
  bootstrap: "paired bootstrap test",
  tukey: "Tukey's HSD test",
};

/**
 * A metric value as every comparison report prints it: four decimals.
 *
 * @example
 * ```ts
 * import { formatScore } from "./comparison.ts";
 * console.log(formatScore(0.85688)); // "0.8569"
 * ```
 *
 * @param value The value.
 * @returns The text, `n/a` for NaN.
 */
export function formatScore(value: number): string {
  return Number.isNaN(value) ? "n/a" : formatFixed(value, 4);
}

/**
 * A difference with its sign.
 *
 * @example
 * ```ts
 * import { formatDifference } from "./comparison.ts";
 * console.log(formatDifference(0.1071), formatDifference(-0.02)); // "+0.1071" "-0.0200"
 * ```
 *
 * @param value The difference.
 * @returns The text, `n/a` for NaN.
 */
export function formatDifference(value: number): string {
  const text = formatScore(value);
  return value >= 0 && !text.startsWith("-") ? `+${text}` : text;
}

/**
 * A p-value as every table, page and report prints it: four decimals, or
 * `< 0.0001` below what four decimals can show (so a column never mixes
 * `0.0000` and `4.5e-308`).
 *
 * @example
 * ```ts
 * import { formatPValue } from "./comparison.ts";
 * console.log(formatPValue(0.0312), formatPValue(1.9073e-6)); // "0.0312" "< 0.0001"
 * console.log(formatPValue(0.00004), formatPValue(0)); // "< 0.0001" "< 0.0001"
 * ```
 *
 * @param p The p-value.
 * @returns The text, `n/a` for NaN.
 */
export function formatPValue(p: number): string {
  if (Number.isNaN(p)) return "n/a";
  // Below 0.00005 four decimals would print 0.0000.
  if (p < 0.00005) return "< 0.0001";
  return formatFixed(p, 4);
}

/**
 * An interval as `[low, high]`.
 *
 * @example
 * ```ts
 * import { formatInterval } from "./comparison.ts";
 * console.log(formatInterval([0.1, 0.25])); // "[0.1000, 0.2500]"
 * ```
 *
 * @param ci The interval.
 * @returns The text.
 */
export function formatInterval(ci: readonly [number, number]): string {
  return `[${formatScore(ci[0])}, ${formatScore(ci[1])}]`;
}

/**
 * The effect size, two decimals.
 *
 * @param d Cohen's d.
 * @returns The text.
 */
function formatEffect(d: number): string {
  if (Number.isNaN(d)) return "n/a";
  if (!Number.isFinite(d)) return d > 0 ? "inf" : "-inf";
  return formatFixed(d, 2);
}

/**
 * One paragraph saying how the comparison was made: query set, test,
 * correction, level, seed and intervals.
 *
 * @example
 * ```ts
 * import { compareEvaluations } from "../metrics/compare.ts";
 * import { evaluateSync } from "../metrics/evaluate.ts";
 * import { comparisonSummary } from "./comparison.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])], ["q2", new Map([["d2", 1]])]]);
 * const run = (docs: string[]) => docs.map((d, i) => ({ queryId: `q${i + 1}`, docs: [d] }));
 * const options = { averageOverQrels: true };
 * const result = compareEvaluations(new Map([
 *   ["a", evaluateSync(run(["d1", "d2"]), qrels, ["P@1"], options)],
 *   ["b", evaluateSync(run(["d1", "x"]), qrels, ["P@1"], options)],
 * ]));
 * console.log(comparisonSummary(result).startsWith("2 judged queries")); // true
 * ```
 *
 * @param comparison The comparison.
 * @returns The text, without a final newline.
 */
export function comparisonSummary(comparison: Comparison): string {
  const n = comparison.queries.length;
  const set = comparison.querySet === "judged"
    ? `${n} judged queries (a query a run did not return scores as an empty ranking, as trec_eval -c)`
    : `${n} queries returned by every run (intersection)`;
  const tests = comparison.pairs.length;
  const metrics = comparison.metrics.length;
  const correction = comparison.correction === "none"
    ? "no correction"
    : `${
      comparison.correction === "holm" ? "Holm" : "Bonferroni"
    } correction over ${
      comparison.test === "tukey"
        ? `the ${metrics} metric${metrics === 1 ? "" : "s"} of each pair`
        : `${tests} test${tests === 1 ? "" : "s"}`
    }`;
  const wilcoxon = comparison.test !== "wilcoxon"
    ? ""
    : `${
      comparison.zeroMethod === "wilcox"
        ? ""
        : ` (zero method ${comparison.zeroMethod})`
    }${comparison.continuityCorrection ? " (continuity-corrected)" : ""}`;
  const level = formatLevel(1 - comparison.alpha);
  // Past the draws bootstrapTest resamples, its means come from the
  // large-sample distribution: a reader must know the numbers are not
  // from resampling.
  const draws = n * comparison.resamples;
  const largeSample = draws <= MAX_RESAMPLED_DRAWS
    ? ""
    : `; ${n} queries x ${comparison.resamples} resamples pass the ${MAX_RESAMPLED_DRAWS} draws the bootstrap makes, so its means are drawn from the resampled mean's large-sample distribution (Cornish-Fisher expansion of its mean, variance and skewness) instead of by resampling`;
  return `${set}; ${
    TEST_NAMES[comparison.test]
  }${wilcoxon}, ${comparison.alternative}, ${correction}, significant when p < ${comparison.alpha}; seed ${comparison.seed}, ${comparison.resamples} resamples; ${level} intervals: percentile bootstrap for means and differences (within the range of the per-query values, so a bounded metric's stays in it)${largeSample}; effect size: Cohen's d of the paired differences.`;
}

function formatLevel(level: number): string {
  return `${Number((level * 100).toPrecision(10))}%`;
}

/**
 * The means table: one row per metric, one column per run, each cell the
 * mean and its confidence interval.
 *
 * @param comparison The comparison.
 * @returns The table.
 */
export function meansTable(comparison: Comparison): Table {
  return {
    header: ["metric", ...comparison.systems.map((s) => s.name)],
    rows: comparison.metrics.map((label) => [
      label,
      ...comparison.systems.map((s) =>
        `${formatScore(s.means[label])} ${formatInterval(s.ci[label])}`
      ),
    ]),
  };
}

/**
 * The tests table: one row per pair of runs and metric.
 *
 * @param comparison The comparison.
 * @returns The table.
 */
export function pairsTable(comparison: Comparison): Table {
  return {
    header: [
      "metric",
      "A",
      "B",
      "A mean",
      "B mean",
      "diff",
      `${formatLevel(1 - comparison.alpha)} CI of diff`,
      "d",
      "W/T/L",
      "p",
      "p adj",
      "sig",
    ],
    rows: comparison.pairs.map((p) => [
      p.metric,
      p.a,
      p.b,
      formatScore(p.aMean),
      formatScore(p.bMean),
      formatDifference(p.diff),
      formatInterval(p.ci),
      formatEffect(p.effectSize),
      `${p.wins}/${p.ties}/${p.losses}`,
      formatPValue(p.pValue),
      formatPValue(p.pAdjusted),
      p.significant ? "*" : "",
    ]),
    alignRight: [
      false,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ],
  };
}

/**
 * Whether a pair's difference is a gain over its baseline: the baseline is
 * `b` when the comparison has one (every run against it), else `a`, the run
 * given first. Reports colour gains green and losses red.
 *
 * @example
 * ```ts
 * import { compare } from "../metrics/compare.ts";
 * import { comparedWithBaseline } from "./comparison.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const result = await compare({ old: [{ queryId: "q1", docs: ["d2"] }], new: [{ queryId: "q1", docs: ["d1"] }] }, qrels, ["P@1"]);
 * console.log(comparedWithBaseline(result, result.pairs[0])); // { baseline: "old", other: "new", gain: 1 }
 * ```
 *
 * @param comparison The comparison.
 * @param pair One of its pairs.
 * @returns The baseline's name, the other run's, and the other run's mean
 * minus the baseline's.
 */
export function comparedWithBaseline(
  comparison: Comparison,
  pair: PairComparison,
): { baseline: string; other: string; gain: number } {
  return comparison.baseline === undefined
    ? { baseline: pair.a, other: pair.b, gain: -pair.diff }
    : { baseline: pair.b, other: pair.a, gain: pair.diff };
}

/** Options of {@linkcode comparisonToText}. */
export interface TextOptions {
  /**
   * Colour significant rows with ANSI codes: green where the run is better
   * than the baseline (B with a baseline, else A), red where worse.
   * Default: false.
   */
  color?: boolean;
}

const GREEN = "\x1b[32m", RED = "\x1b[31m", BOLD = "\x1b[1m", RESET = "\x1b[0m";

/**
 * The terminal form: the summary, the means table and the tests table,
 * columns aligned. Colour is added after alignment, to whole lines, so it
 * never shifts a column.
 *
 * @example
 * ```ts
 * import { compare } from "../metrics/compare.ts";
 * import { comparisonToText } from "./comparison.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const result = await compare({ a: [{ queryId: "q1", docs: ["d1"] }], b: [{ queryId: "q1", docs: ["d2"] }] }, qrels, ["P@1"]);
 * console.log(comparisonToText(result).includes("P@1")); // true
 * ```
 *
 * @param comparison The comparison.
 * @param options Colour.
 * @returns The text, ending in a newline.
 */
export function comparisonToText(
  comparison: Comparison,
  options: TextOptions = {},
): string {
  const color = options.color ?? false;
  const heading = (text: string) => color ? `${BOLD}${text}${RESET}` : text;
  const tests = toAligned(pairsTable(comparison)).split("\n");
  if (color) {
    comparison.pairs.forEach((p, i) => {
      if (!p.significant) return;
      const { gain } = comparedWithBaseline(comparison, p);
      tests[i + 2] = `${gain > 0 ? GREEN : RED}${tests[i + 2]}${RESET}`;
    });
  }
  return [
    comparisonSummary(comparison),
    "",
    heading("Means"),
    toAligned(meansTable(comparison)),
    heading("Paired tests (A - B)"),
    tests.join("\n"),
  ].join("\n");
}

/**
 * The Markdown form: the summary, the means table and the tests table.
 *
 * @example
 * ```ts
 * import { compare } from "../metrics/compare.ts";
 * import { comparisonToMarkdown } from "./comparison.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])], ["q2", new Map([["d2", 1]])]]);
 * const result = await compare({
 *   a: [{ queryId: "q1", docs: ["d1"] }, { queryId: "q2", docs: ["d2"] }],
 *   b: [{ queryId: "q1", docs: ["x", "d1"] }, { queryId: "q2", docs: ["d2"] }],
 * }, qrels, ["rr"]);
 * // rr: a 1 and 1, b 1/2 and 1; the differences 1/2 and 0 give t = 1 on one
 * // degree of freedom, p = 0.5, and d = 0.25 / 0.3536 = 0.71.
 * console.log(comparisonToMarkdown(result).split("\n").at(-2));
 * // "| rr | a | b | 1.0000 | 0.7500 | +0.2500 | [0.0000, 0.5000] | 0.71 | 1/1/0 | 0.5000 | 0.5000 |  |"
 * ```
 *
 * @param comparison The comparison.
 * @returns The text.
 */
export function comparisonToMarkdown(comparison: Comparison): string {
  return [
    comparisonSummary(comparison),
    "",
    "### Means",
    "",
    toMarkdown(meansTable(comparison)),
    "### Paired tests (A - B)",
    "",
    toMarkdown(pairsTable(comparison)),
  ].join("\n");
}

/**
 * The CSV form: one row per pair of runs and metric, every number at full
 * precision, with the settings repeated on each row so a row stands alone.
 * The columns have the JSON form's names (`aMean`, `pAdjusted`, ...).
 *
 * @example
 * ```ts
 * import { compare } from "../metrics/compare.ts";
 * import { comparisonToCsv } from "./comparison.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])], ["q2", new Map([["d2", 1]])]]);
 * const result = await compare({
 *   a: [{ queryId: "q1", docs: ["d1"] }, { queryId: "q2", docs: ["d2"] }],
 *   b: [{ queryId: "q1", docs: ["x", "d1"] }, { queryId: "q2", docs: ["d2"] }],
 * }, qrels, ["rr"]);
 * const [header, row] = comparisonToCsv(result).split("\n");
 * console.log(header.split(",").slice(0, 6).join(",")); // "metric,a,b,aMean,bMean,diff"
 * console.log(row); // "rr,a,b,1,0.75,0.25,0,0.5,0.7071067811865475,1,1,0,1,0.5,0.5,false,t,holm,0.05,judged,2"
 * ```
 *
 * @param comparison The comparison.
 * @returns The CSV text.
 */
export function comparisonToCsv(comparison: Comparison): string {
  const n = (v: number) => String(v);
  return toCsv({
    header: [
      "metric",
      "a",
      "b",
      "aMean",
      "bMean",
      "diff",
      "ciLow",
      "ciHigh",
      "effectSize",
      "wins",
      "ties",
      "losses",
      "statistic",
      "pValue",
      "pAdjusted",
      "significant",
      "test",
      "correction",
      "alpha",
      "querySet",
      "nQueries",
    ],
    rows: comparison.pairs.map((p) => [
      p.metric,
      p.a,
      p.b,
      n(p.aMean),
      n(p.bMean),
      n(p.diff),
      n(p.ci[0]),
      n(p.ci[1]),
      n(p.effectSize),
      n(p.wins),
      n(p.ties),
      n(p.losses),
      n(p.statistic),
      n(p.pValue),
      n(p.pAdjusted),
      String(p.significant),
      comparison.test,
      comparison.correction,
      n(comparison.alpha),
      comparison.querySet,
      n(comparison.queries.length),
    ]),
  });
}

/**
 * One pair in the JSON form: the library's {@linkcode PairComparison}
 * without its per-query `differences`, and UltraRAG's names for the core
 * numbers as aliases (`A_mean` = `aMean`, `B_mean` = `bMean`, `p_value` =
 * `pAdjusted`; `diff` and `significant` are both tools' names), so a script
 * written for UltraRAG's significance report reads each pair as it is.
 */
export interface PairJson {
  /** The first run. */
  a: string;
  /** The second run. */
  b: string;
  /** The metric label. */
  metric: string;
  /** Mean of `a`. */
  aMean: number;
  /** Mean of `b`. */
  bMean: number;
  /** `aMean - bMean`. */
  diff: number;
  /**
   * The test statistic (`null` when undefined, as over a single query, or
   * infinite, as scipy's `-inf` t of differences that are all the same).
   */
  statistic: number | null;
  /** The p-value before correction (`null` when undefined). */
  pValue: number | null;
  /** The p-value after correction (`pValue` when the correction is `none`). */
  pAdjusted: number | null;
  /** `pAdjusted < alpha`. */
  significant: boolean;
  /** Bootstrap interval of `diff`; `null` ends for a single query. */
  ci: [number | null, number | null];
  /** Cohen's d of the paired differences (`null` when undefined or infinite). */
  effectSize: number | null;
  /** Queries `a` won. */
  wins: number;
  /** Queries tied. */
  ties: number;
  /** Queries `a` lost. */
  losses: number;
  /** UltraRAG's name of `aMean`. */
  A_mean: number;
  /** UltraRAG's name of `bMean`. */
  B_mean: number;
  /** UltraRAG's name of `pAdjusted`, the p-value `significant` is decided on. */
  p_value: number | null;
}

/** One run in the JSON form of a comparison. */
export interface SystemJson {
  /** The run's name. */
  name: string;
  /** Metric label to the mean over the query set. */
  means: Record<string, number>;
  /** Metric label to the bootstrap interval of the mean (`null` ends for a single query). */
  ci: Record<string, [number | null, number | null]>;
  /** What the evaluate core counted for this run. */
  counts: Comparison["systems"][number]["counts"];
  /** With `perQuery`: metric label to the values, aligned with `queries`. */
  values?: Record<string, number[]>;
}

/**
 * The JSON form of a comparison: the library's {@linkcode Comparison} with
 * the same keys, `nQueries` for the number of queries, and the per-query
 * values (`queries`, each system's `values`) only when asked for. Its
 * schema is `report/schemas/comparison.json`.
 */
export interface ComparisonJson {
  /** `judged` or `intersection`. */
  querySet: Comparison["querySet"];
  /** How many queries were compared. */
  nQueries: number;
  /** With `perQuery`: the query ids, in id order. */
  queries?: string[];
  /** The metric labels, in the order asked. */
  metrics: string[];
  /** The test. */
  test: Comparison["test"];
  /** The alternative hypothesis. */
  alternative: Comparison["alternative"];
  /** Wilcoxon's treatment of zero differences. */
  zeroMethod: Comparison["zeroMethod"];
  /** Wilcoxon's continuity correction. */
  continuityCorrection: boolean;
  /** The correction. */
  correction: Comparison["correction"];
  /** The significance level. */
  alpha: number;
  /** The seed. */
  seed: number;
  /** Resamples of sampled tests and intervals. */
  resamples: number;
  /** The run every other is compared with, or `null` for all pairs. */
  baseline: string | null;
  /** Per run: its means, intervals and counts. */
  systems: SystemJson[];
  /** The paired tests. */
  pairs: PairJson[];
  /** Metric-at-k curves. */
  curves: Comparison["curves"];
}

function finiteOrNull(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

function intervalJson(
  ci: readonly [number, number],
): [number | null, number | null] {
  return [finiteOrNull(ci[0]), finiteOrNull(ci[1])];
}

/**
 * The JSON form: the {@linkcode Comparison}'s own keys, and in each pair
 * UltraRAG's aliases `A_mean`, `B_mean` and `p_value` besides (see
 * {@linkcode PairJson}).
 *
 * @example
 * ```ts
 * import { compare } from "../metrics/compare.ts";
 * import { comparisonToJson } from "./comparison.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])]]);
 * const result = await compare({ a: [{ queryId: "q1", docs: ["d1"] }], b: [{ queryId: "q1", docs: ["d2"] }] }, qrels, ["P@1"]);
 * const { aMean, A_mean, B_mean, diff } = comparisonToJson(result).pairs[0];
 * console.log(aMean, A_mean, B_mean, diff); // 1 1 0 1
 * ```
 *
 * @param comparison The comparison.
 * @param options Whether to include per-query values.
 * @returns A plain object for `JSON.stringify`.
 */
export function comparisonToJson(
  comparison: Comparison,
  options: { perQuery?: boolean } = {},
): ComparisonJson {
  const pair = (p: PairComparison): PairJson => ({
    a: p.a,
    b: p.b,
    metric: p.metric,
    aMean: p.aMean,
    bMean: p.bMean,
    diff: p.diff,
    statistic: finiteOrNull(p.statistic),
    pValue: finiteOrNull(p.pValue),
    pAdjusted: finiteOrNull(p.pAdjusted),
    significant: p.significant,
    ci: intervalJson(p.ci),
    effectSize: finiteOrNull(p.effectSize),
    wins: p.wins,
    ties: p.ties,
    losses: p.losses,
    A_mean: p.aMean,
    B_mean: p.bMean,
    p_value: finiteOrNull(p.pAdjusted),
  });
  return {
    querySet: comparison.querySet,
    nQueries: comparison.queries.length,
    ...(options.perQuery ? { queries: [...comparison.queries] } : {}),
    metrics: [...comparison.metrics],
    test: comparison.test,
    alternative: comparison.alternative,
    zeroMethod: comparison.zeroMethod,
    continuityCorrection: comparison.continuityCorrection,
    correction: comparison.correction,
    alpha: comparison.alpha,
    seed: comparison.seed,
    resamples: comparison.resamples,
    baseline: comparison.baseline ?? null,
    systems: comparison.systems.map((s) => ({
      name: s.name,
      means: { ...s.means },
      ci: Object.fromEntries(
        Object.entries(s.ci).map(([k, v]) => [k, intervalJson(v)]),
      ),
      counts: s.counts,
      ...(options.perQuery
        ? {
          values: Object.fromEntries(
            Object.entries(s.values).map(([k, v]) => [k, [...v]]),
          ),
        }
        : {}),
    })),
    pairs: comparison.pairs.map(pair),
    curves: comparison.curves,
  };
}
