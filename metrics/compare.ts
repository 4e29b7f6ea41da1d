/**
 * Compares two or more systems on the same queries: per-metric means with
 * confidence intervals, paired significance tests with a multiple-comparison
 * correction, effect sizes, per-query wins/ties/losses and metric-at-k
 * curves. Every value comes from the evaluate core.
 *
 * @module
 */

import { builtinRegistry } from "./builtin.ts";
import { compareIds } from "../model/compare_ids.ts";
import { InputError } from "../model/errors.ts";
import {
  evaluate,
  type EvaluateOptions,
  type Evaluation,
  type EvaluationCounts,
  type MetricLike,
} from "./evaluate.ts";
import type { Registry } from "./registry.ts";
import type { QueryId } from "../model/types.ts";
import { type QrelsLike, qrelsOf, type RunLike } from "../model/plain_data.ts";
import {
  type Alternative,
  checkedAlternative,
} from "./significance/alternative.ts";
import { bootstrapTest } from "./significance/bootstrap.ts";
import {
  adjustPValues,
  type Correction,
  CORRECTIONS,
} from "./significance/correction.ts";
import { mean } from "./significance/differences.ts";
import { pairedEffectSize } from "./significance/effect_size.ts";
import { fisherRandomizationTest } from "./significance/fisher.ts";
import { pairedTTest } from "./significance/paired_t.ts";
import {
  checkedResamples,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  permutationTest,
} from "./significance/permutation.ts";
import { Xoshiro128 } from "./significance/prng.ts";
import { tukeyHsd } from "./significance/tukey_hsd.ts";
import {
  wilcoxonSignedRank,
  ZERO_METHODS,
  type ZeroMethod,
} from "./significance/wilcoxon.ts";
import { winsTiesLosses } from "./significance/wins.ts";
import { QueryValues } from "./_query_values.ts";

/** The paired tests {@linkcode compare} can run. */
export const SIGNIFICANCE_TESTS = [
  "t",
  "permutation",
  "fisher",
  "wilcoxon",
  "bootstrap",
  "tukey",
] as const;
/**
 * One of {@linkcode SIGNIFICANCE_TESTS}: the paired t-test, the sign-flip
 * permutation test, Fisher's randomization test, the Wilcoxon signed-rank
 * test, the paired bootstrap, or Tukey's HSD over all the runs at once
 * (per-query scores as independent groups, as ranx's `tukey`).
 */
export type SignificanceTest = typeof SIGNIFICANCE_TESTS[number];

/** The query sets a comparison can be made on. */
export const QUERY_SETS = ["judged", "intersection"] as const;
/**
 * `judged`: every judged query, a query a run did not return scored as an
 * empty ranking (0 for most metrics), as trec_eval `-c`. `intersection`:
 * only the queries every run returned.
 */
export type QuerySet = typeof QUERY_SETS[number];

/**
 * The metrics `compare` tests when none are named.
 *
 * @example
 * ```ts
 * import { DEFAULT_COMPARE_SPECS } from "./compare.ts";
 * console.log(DEFAULT_COMPARE_SPECS); // ["ap", "ndcg@10", "P@10", "rr"]
 * ```
 */
export const DEFAULT_COMPARE_SPECS: readonly string[] = [
  "ap",
  "ndcg@10",
  "P@10",
  "rr",
];

/** Cutoffs of the metric-at-k curves when curves are asked for. */
export const DEFAULT_CURVE_CUTOFFS: readonly number[] = [
  1,
  2,
  3,
  5,
  10,
  15,
  20,
  30,
  50,
  100,
];

/** How a comparison is made; shared by {@linkcode compare} and {@linkcode compareEvaluations}. */
export interface ComparisonOptions {
  /** The paired test. Default: `t`. */
  test?: SignificanceTest;
  /**
   * The correction over every test of the comparison (pairs × metrics).
   * Tukey's HSD p-values are already adjusted over the pairs of runs (one
   * family per metric), so with `tukey` the correction runs over the
   * metrics of each pair of runs. Default: `holm`.
   */
  correction?: Correction;
  /**
   * The alternative hypothesis of every test, for `a - b` (scipy's
   * `alternative`): `greater` tests whether `a` scores higher, `less`
   * lower. Tukey's HSD is two-sided only. Default: `two-sided`.
   */
  alternative?: Alternative;
  /** How the Wilcoxon test treats zero differences (scipy's `zero_method`). Default: `wilcox`. */
  zeroMethod?: ZeroMethod;
  /**
   * The Wilcoxon test's continuity correction of the normal approximation
   * (scipy's `correction`). Default: false.
   */
  continuityCorrection?: boolean;
  /** A corrected p-value below this is significant. Default: 0.05. */
  alpha?: number;
  /** Seed of the sampled tests and of the bootstrap intervals, in [0, 2^32). Default: 42. */
  seed?: number;
  /** Resamples of the sampled tests and of the bootstrap intervals. Default: 10000. */
  resamples?: number;
  /** The query set. Default: `judged`. */
  querySet?: QuerySet;
  /**
   * Compare every other run with this one (`a` = the run, `b` = the
   * baseline). Default: none, every pair in the given order (`a` before `b`).
   */
  baseline?: string;
  /** Cutoffs of the metric-at-k curves; empty for none. Default: none. */
  curveCutoffs?: readonly number[];
}

/** Options of {@linkcode compare}: evaluation options and comparison options. */
export interface CompareOptions
  extends
    Omit<EvaluateOptions, "averageOverQrels" | "runName" | "requireJudged">,
    ComparisonOptions {
  /**
   * A run none of whose queries has judgements is an error, an
   * {@linkcode InputError} naming the run, as `compare` and the server's
   * compare route answer: scored as empty rankings it would lose every
   * query. Default: true.
   */
  requireJudged?: boolean;
}

/** Options of {@linkcode compareEvaluations}. */
export interface CompareEvaluationsOptions extends ComparisonOptions {
  /**
   * The judged queries: with the `judged` set every run must have a value
   * for each, and only these are compared. Default: the union of the runs'
   * queries.
   */
  judgedQueries?: Iterable<QueryId>;
  /** Labels of the metrics to test. Default: every metric of the evaluations. */
  metrics?: readonly string[];
  /**
   * Called before each paired test (one pair of runs, one metric), where a
   * long comparison can be stopped: what it throws, `compareEvaluations`
   * throws. The server checks its time limit here. Default: none.
   */
  checkpoint?: () => void;
}

/** One system of a comparison. */
export interface SystemSummary {
  /** The run's name. */
  readonly name: string;
  /** Metric label to the mean over the query set. */
  readonly means: Readonly<Record<string, number>>;
  /**
   * Metric label to the percentile bootstrap confidence interval of the mean
   * (level 1 - alpha, seeded, resampling the queries), within the lowest and
   * highest per-query value; NaN for a single query.
   */
  readonly ci: Readonly<Record<string, readonly [number, number]>>;
  /** Metric label to the per-query values, aligned with the comparison's `queries`. */
  readonly values: Readonly<Record<string, Float64Array>>;
  /** What the evaluate core counted for this run. */
  readonly counts: EvaluationCounts;
}

/** One paired test: run `a` against run `b` on one metric. */
export interface PairComparison {
  /** The first run. */
  readonly a: string;
  /** The second run. */
  readonly b: string;
  /** The metric label. */
  readonly metric: string;
  /** The mean of `a`. */
  readonly aMean: number;
  /** The mean of `b`. */
  readonly bMean: number;
  /** `aMean - bMean`, the mean of the per-query differences. */
  readonly diff: number;
  /**
   * The test statistic: t; the mean difference (permutation, Fisher,
   * bootstrap, Tukey); Wilcoxon's min(R+, R-), or R+ when one-sided.
   */
  readonly statistic: number;
  /** The p-value before correction. */
  readonly pValue: number;
  /** The p-value after correction; `significant` compares this with alpha. */
  readonly pAdjusted: number;
  /** Whether `pAdjusted < alpha`. */
  readonly significant: boolean;
  /** Percentile bootstrap interval of `diff` (level 1 - alpha, seeded). */
  readonly ci: readonly [number, number];
  /** Cohen's d for paired data: mean difference / sd of differences. */
  readonly effectSize: number;
  /** Queries where `a` scored higher. */
  readonly wins: number;
  /** Queries where both scored the same. */
  readonly ties: number;
  /** Queries where `a` scored lower. */
  readonly losses: number;
  /** Per-query `a - b`, aligned with the comparison's `queries`. */
  readonly differences: Float64Array;
}

/** One metric-at-k curve: a metric's mean at several cutoffs, per run. */
export interface MetricCurve {
  /** The metric spec without its cutoff, e.g. `ndcg`. */
  readonly metric: string;
  /** The cutoffs, ascending. */
  readonly cutoffs: readonly number[];
  /** Run name to its means at each cutoff. */
  readonly means: Readonly<Record<string, readonly number[]>>;
}

/** The result of {@linkcode compare}. */
export interface Comparison {
  /** The query set the values are over. */
  readonly querySet: QuerySet;
  /** The queries compared, in id order. */
  readonly queries: readonly QueryId[];
  /** The metric labels tested, in the order asked. */
  readonly metrics: readonly string[];
  /** The test. */
  readonly test: SignificanceTest;
  /** The correction. */
  readonly correction: Correction;
  /** The alternative hypothesis. */
  readonly alternative: Alternative;
  /** The Wilcoxon test's zero method. */
  readonly zeroMethod: ZeroMethod;
  /** Whether the Wilcoxon test's normal approximation was continuity-corrected. */
  readonly continuityCorrection: boolean;
  /** The significance level. */
  readonly alpha: number;
  /** The seed of sampled tests and intervals. */
  readonly seed: number;
  /** Resamples of sampled tests and intervals. */
  readonly resamples: number;
  /** The baseline, when every run was compared with it. */
  readonly baseline: string | undefined;
  /** The runs, in the order given. */
  readonly systems: readonly SystemSummary[];
  /** The paired tests, pair by pair, metric by metric. */
  readonly pairs: readonly PairComparison[];
  /** Metric-at-k curves, when cutoffs were asked for. */
  readonly curves: readonly MetricCurve[];
}

/** Runs or evaluations by name, in order. */
export type Named<T> = ReadonlyMap<string, T> | Readonly<Record<string, T>>;

function entriesOf<T>(named: Named<T>): [string, T][] {
  return named instanceof Map
    ? [...named.entries()]
    : Object.entries(named as Record<string, T>);
}

/**
 * Evaluates two or more named runs on the same qrels and compares them.
 * With the `judged` query set (the default) the runs are evaluated as
 * trec_eval `-c`: a judged query a run did not return is scored as an empty
 * ranking.
 *
 * @example Compare two runs
 * ```ts
 * import { compare } from "./compare.ts";
 * const qrels = new Map([
 *   ["q1", new Map([["d1", 1], ["d2", 0]])],
 *   ["q2", new Map([["d3", 1]])],
 * ]);
 * const result = await compare({
 *   new: [{ queryId: "q1", docs: ["d1", "d2"] }, { queryId: "q2", docs: ["d3"] }],
 *   old: [{ queryId: "q1", docs: ["d2", "d1"] }],
 * }, qrels, ["rr"], { test: "permutation" });
 * const pair = result.pairs[0];
 * console.log(pair.aMean, pair.bMean, pair.diff); // 1 0.25 0.75
 * console.log(pair.wins, pair.ties, pair.losses, pair.pValue); // 2 0 0 0.5
 * ```
 *
 * @param runs Named runs (a `Map` or an object), at least two; each ranked
 * lists or `{query: {doc: score}}`.
 * @param given The judgements, as maps or `{query: {doc: grade}}`.
 * @param metrics Metric specs or bound metrics.
 * @param options Evaluation and comparison options.
 * @returns The comparison.
 * @throws {TypeError} On fewer than two runs, an unknown baseline or test, or
 * a metric that does not aggregate by the mean or sum.
 * @throws {RangeError} On an option out of range.
 * @throws {InputError} On an empty query set, a run without a judged query
 * (unless `requireJudged` is false), or a run without a value for a judged
 * query.
 */
export async function compare(
  runs: Named<RunLike>,
  given: QrelsLike,
  metrics: readonly MetricLike[],
  options: CompareOptions = {},
): Promise<Comparison> {
  const qrels = qrelsOf(given);
  // Every option fails here, before any run is read (a run may be a stream
  // consumed once, and evaluating every run may take long).
  const { querySet } = checkedSettings(
    options,
    entriesOf(runs).map(([name]) => name),
  );
  const registry = options.registry ?? builtinRegistry;
  const bound = metrics.map((m) =>
    typeof m === "string" ? registry.resolve(m) : m
  );
  bound.forEach(checkComparable);
  const curves = curveSpecs(
    bound.map((m) => m.label),
    options.curveCutoffs ?? [],
    registry,
  );
  const evaluations = new Map<string, Evaluation>();
  for (const [name, run] of entriesOf(runs)) {
    evaluations.set(
      name,
      await evaluate(run, qrels, [...bound, ...curves], {
        ...options,
        averageOverQrels: querySet === "judged",
        requireJudged: options.requireJudged ?? true,
        // A run of plain data is named in errors as the comparison names it.
        runName: name,
      }),
    );
  }
  return compareEvaluations(evaluations, {
    ...options,
    metrics: bound.map((m) => m.label),
    judgedQueries: qrels.keys(),
  });
}

/**
 * The extra specs a metric-at-k curve needs: each metric that takes a
 * cutoff, at each of `cutoffs` (specs already asked for are not repeated).
 *
 * @example
 * ```ts
 * import { curveSpecs } from "./compare.ts";
 * console.log(curveSpecs(["ndcg@10", "rprec"], [5, 10, 20])); // ["ndcg@5", "ndcg@20"]
 * ```
 *
 * @param labels The labels of the compared metrics.
 * @param cutoffs The cutoffs.
 * @param registry The registry that resolves them. Default: the built-in one.
 * @returns The specs to evaluate besides the compared metrics.
 * @throws {RangeError} If a cutoff is not a positive integer.
 */
export function curveSpecs(
  labels: readonly string[],
  cutoffs: readonly number[],
  registry: Registry = builtinRegistry,
): string[] {
  for (const k of cutoffs) {
    if (!Number.isSafeInteger(k) || k < 1) {
      throw new RangeError(
        `A curve cutoff must be a positive integer, got ${k}`,
      );
    }
  }
  const out: string[] = [];
  const seen = new Set(labels);
  for (const label of labels) {
    const base = curveBase(label);
    for (const k of cutoffs) {
      let spec: string;
      try {
        spec = registry.resolve(`${base}@${k}`).label;
      } catch {
        break; // The metric takes no cutoff.
      }
      if (!seen.has(spec)) out.push(spec);
      seen.add(spec);
    }
  }
  return out;
}

function curveBase(label: string): string {
  return label.replace(/@\d+$/, "");
}

interface Settings {
  readonly test: SignificanceTest;
  readonly alternative: Alternative;
  readonly zeroMethod: ZeroMethod;
  readonly continuityCorrection: boolean;
  readonly correction: Correction;
  readonly alpha: number;
  readonly seed: number;
  readonly resamples: number;
  readonly querySet: QuerySet;
}

/**
 * Checks a comparison's options against the names of its runs, as
 * {@linkcode compare} and {@linkcode compareEvaluations} do first: what a
 * caller that scores the runs itself can check before any run is read.
 *
 * @example
 * ```ts
 * import { checkComparisonOptions } from "./compare.ts";
 * try {
 *   checkComparisonOptions({ baseline: "bm26" }, ["bm25", "dense"]);
 * } catch (error) {
 *   console.log((error as Error).message); // 'Baseline "bm26" is not one of the runs ["bm25","dense"]'
 * }
 * ```
 *
 * @param options The comparison options.
 * @param names The runs' names.
 * @throws {TypeError} On fewer than two runs, or an unknown baseline, test,
 * correction, zero method or query set.
 * @throws {RangeError} On an option out of range.
 */
export function checkComparisonOptions(
  options: ComparisonOptions,
  names: readonly string[],
): void {
  checkedSettings(options, names);
}

function checkedSettings(
  options: ComparisonOptions,
  names: readonly string[],
): Settings {
  const test = options.test ?? "t";
  if (!(SIGNIFICANCE_TESTS as readonly string[]).includes(test)) {
    throw new TypeError(
      `Unknown test "${test}"; expected one of ${
        SIGNIFICANCE_TESTS.join(", ")
      }`,
    );
  }
  const correction = options.correction ?? "holm";
  if (!(CORRECTIONS as readonly string[]).includes(correction)) {
    throw new TypeError(
      `Unknown correction "${correction}"; expected one of ${
        CORRECTIONS.join(", ")
      }`,
    );
  }
  const alternative = checkedAlternative(options.alternative);
  if (test === "tukey" && alternative !== "two-sided") {
    throw new TypeError(
      `Tukey's HSD is two-sided; alternative "${alternative}" needs a paired test`,
    );
  }
  const zeroMethod = options.zeroMethod ?? "wilcox";
  if (!(ZERO_METHODS as readonly string[]).includes(zeroMethod)) {
    throw new TypeError(
      `Unknown zero method "${zeroMethod}"; expected one of ${
        ZERO_METHODS.join(", ")
      }`,
    );
  }
  const continuityCorrection = options.continuityCorrection ?? false;
  const alpha = options.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) {
    throw new RangeError(`Alpha must be in (0, 1), got ${alpha}`);
  }
  const seed = options.seed ?? DEFAULT_SEED;
  new Xoshiro128(seed); // Validates the seed.
  const resamples = checkedResamples(options.resamples ?? DEFAULT_RESAMPLES);
  const querySet = options.querySet ?? "judged";
  if (!(QUERY_SETS as readonly string[]).includes(querySet)) {
    throw new TypeError(
      `Unknown query set "${querySet}"; expected one of ${
        QUERY_SETS.join(", ")
      }`,
    );
  }
  if (names.length < 2) {
    throw new TypeError(
      `A comparison needs at least two runs, got ${names.length}`,
    );
  }
  if (options.baseline !== undefined && !names.includes(options.baseline)) {
    throw new TypeError(
      `Baseline "${options.baseline}" is not one of the runs ${
        JSON.stringify(names)
      }`,
    );
  }
  return {
    test,
    alternative,
    zeroMethod,
    continuityCorrection,
    correction,
    alpha,
    seed,
    resamples,
    querySet,
  };
}

/**
 * Checks that a metric can be compared query by query: a geometric mean is
 * not the mean of per-query values that tests pair, and a metric undefined
 * for some queries leaves nothing to pair there.
 *
 * @example
 * ```ts
 * import { checkComparable } from "./compare.ts";
 * checkComparable({ label: "ap", aggregate: "mean" }); // passes
 * ```
 *
 * @param metric The metric's label, aggregate and applicability.
 * @throws {TypeError} For a metric aggregated by a geometric mean or not
 * defined for every query.
 */
export function checkComparable(
  metric: {
    readonly label: string;
    readonly aggregate: string;
    readonly appliesTo?: unknown;
  },
): void {
  if (metric.appliesTo) {
    throw new TypeError(
      `Metric "${metric.label}" is undefined for some queries, which a paired test cannot pair; score it with eval`,
    );
  }
  if (metric.aggregate === "geometric") {
    throw new TypeError(
      `Metric "${metric.label}" aggregates by a geometric mean; compare its per-query metric (e.g. ap for gm_map) instead`,
    );
  }
}

/**
 * Compares runs already evaluated (for instance by `evaluateRunFile`). For
 * the `judged` query set each evaluation must have been made with
 * `averageOverQrels`, so every judged query has a value.
 *
 * @example
 * ```ts
 * import { evaluateSync } from "./evaluate.ts";
 * import { compareEvaluations } from "./compare.ts";
 * const qrels = new Map([["q1", new Map([["d1", 1]])], ["q2", new Map([["d2", 1]])]]);
 * const options = { averageOverQrels: true };
 * const a = evaluateSync([{ queryId: "q1", docs: ["d1"] }, { queryId: "q2", docs: ["d2"] }], qrels, ["P@1"], options);
 * const b = evaluateSync([{ queryId: "q1", docs: ["d1"] }], qrels, ["P@1"], options);
 * const result = compareEvaluations(new Map([["a", a], ["b", b]]), { judgedQueries: qrels.keys() });
 * console.log(result.pairs[0].diff, result.queries); // 0.5 ["q1", "q2"]
 * ```
 *
 * @param evaluations Named evaluations, at least two, with the same metrics.
 * @param options Comparison options, the judged queries and the metrics.
 * @returns The comparison.
 * @throws {TypeError} On fewer than two runs, different metrics, an unknown
 * baseline, test or metric, or a metric that does not aggregate by the mean
 * or sum.
 * @throws {RangeError} On an option out of range.
 * @throws {InputError} On an empty query set, or a run without a value for
 * a judged query.
 */
export function compareEvaluations(
  evaluations: Named<Evaluation>,
  options: CompareEvaluationsOptions = {},
): Comparison {
  const entries = entriesOf(evaluations);
  const settings = checkedSettings(options, entries.map(([name]) => name));
  const { test, correction, alpha, seed, resamples, querySet } = settings;
  const first = entries[0][1];
  const labels = first.metrics.map((m) => m.label);
  for (const [name, evaluation] of entries) {
    const theirs = evaluation.metrics.map((m) => m.label);
    if (
      theirs.length !== labels.length || theirs.some((l, m) => l !== labels[m])
    ) {
      throw new TypeError(
        `Run "${name}" was evaluated with metrics ${
          JSON.stringify(theirs)
        }, not ${JSON.stringify(labels)}`,
      );
    }
  }
  // Each metric once (as `compare -m` takes them): tested twice, it would
  // count twice in the correction of every p-value.
  const tested = [...new Set(options.metrics ?? labels)];
  // Looked up by label once per metric and run: a Map keeps a request of
  // many metrics linear.
  const labelIndex = new Map<string, number>();
  labels.forEach((label, m) =>
    labelIndex.has(label) || labelIndex.set(label, m)
  );
  for (const label of tested) {
    options.checkpoint?.();
    const m = labelIndex.get(label);
    if (m === undefined) {
      throw new TypeError(`Metric "${label}" is not in the evaluations`);
    }
    checkComparable(first.metrics[m]);
  }

  const queries = querySetOf(entries, querySet, options.judgedQueries);
  const systems: SystemSummary[] = entries.map(([name, evaluation]) => {
    const column = columnsOf(evaluation.perQuery, queries, labelIndex);
    const values: Record<string, Float64Array> = {};
    const means: Record<string, number> = {};
    const ci: Record<string, readonly [number, number]> = {};
    for (const label of tested) {
      options.checkpoint?.();
      const v = values[label] = column(label);
      means[label] = mean(v);
      // A percentile bootstrap interval lies within the lowest and highest
      // per-query value, so a bounded metric's stays in its range (a Student
      // t interval of P@5 ran to 1.0043). One query gives no interval.
      ci[label] = v.length > 1
        ? bootstrapTest(v, { resamples, seed, confidence: 1 - alpha }).ci
        : [NaN, NaN];
    }
    return { name, means, ci, values, counts: evaluation.counts };
  });

  const names = systems.map((s) => s.name);
  const pairsOfRuns: [number, number][] = [];
  if (options.baseline !== undefined) {
    const b = names.indexOf(options.baseline);
    names.forEach((_, a) => a !== b && pairsOfRuns.push([a, b]));
  } else {
    for (let a = 0; a < names.length; a++) {
      for (let b = a + 1; b < names.length; b++) pairsOfRuns.push([a, b]);
    }
  }

  const tukey = test === "tukey"
    ? tukeyByMetric(systems, tested, queries.length, options.checkpoint)
    : undefined;
  const raw: Omit<PairComparison, "pAdjusted" | "significant">[] = [];
  for (const [a, b] of pairsOfRuns) {
    for (const label of tested) {
      options.checkpoint?.();
      const x = systems[a].values[label], y = systems[b].values[label];
      const differences = x.map((v, i) => v - y[i]);
      const boot = bootstrapTest(differences, {
        resamples,
        seed,
        confidence: 1 - alpha,
        alternative: settings.alternative,
      });
      const { statistic, pValue } = test === "tukey"
        ? tukey!.get(label)!(a, b)
        : runTest(test, differences, settings, boot.pValue);
      raw.push({
        a: names[a],
        b: names[b],
        metric: label,
        aMean: systems[a].means[label],
        bMean: systems[b].means[label],
        diff: mean(differences),
        statistic,
        pValue,
        ci: boot.ci,
        effectSize: pairedEffectSize(differences),
        ...winsTiesLosses(differences),
        differences,
      });
    }
  }
  const adjusted = tukey
    ? adjustedWithinPairs(raw, correction)
    : adjustPValues(raw.map((p) => p.pValue), correction);
  const pairs = raw.map((p, i) => ({
    ...p,
    pAdjusted: adjusted[i],
    significant: adjusted[i] < alpha,
  }));

  return {
    querySet,
    queries,
    metrics: tested,
    test,
    correction,
    alternative: settings.alternative,
    zeroMethod: settings.zeroMethod,
    continuityCorrection: settings.continuityCorrection,
    alpha,
    seed,
    resamples,
    baseline: options.baseline,
    systems,
    pairs,
    curves: curvesOf(
      entries,
      labelIndex,
      tested,
      queries,
      options.curveCutoffs,
    ),
  };
}

function runTest(
  test: Exclude<SignificanceTest, "tukey">,
  d: Float64Array,
  settings: Settings,
  bootstrapP: number,
): { statistic: number; pValue: number } {
  const { alternative, resamples, seed } = settings;
  switch (test) {
    case "t":
      return pairedTTest(d, { alternative });
    case "permutation":
      return permutationTest(d, { alternative, resamples, seed });
    case "fisher":
      return fisherRandomizationTest(d, { alternative, resamples, seed });
    case "wilcoxon":
      return wilcoxonSignedRank(d, {
        alternative,
        zeroMethod: settings.zeroMethod,
        continuityCorrection: settings.continuityCorrection,
      });
    case "bootstrap":
      return { statistic: mean(d), pValue: bootstrapP };
  }
}

/**
 * Tukey's HSD over every run, one family per metric: for each metric, the
 * result of runs a and b (the mean difference and the p-value). With fewer
 * than two queries there is no within-group variance and p is NaN.
 */
function tukeyByMetric(
  systems: readonly SystemSummary[],
  tested: readonly string[],
  queries: number,
  checkpoint: (() => void) | undefined,
): Map<
  string,
  (a: number, b: number) => { statistic: number; pValue: number }
> {
  const out = new Map<
    string,
    (a: number, b: number) => { statistic: number; pValue: number }
  >();
  for (const label of tested) {
    checkpoint?.();
    const groups = systems.map((s) => s.values[label]);
    if (queries < 2) {
      out.set(label, (a, b) => ({
        statistic: mean(groups[a]) - mean(groups[b]),
        pValue: NaN,
      }));
      continue;
    }
    const result = tukeyHsd(groups);
    out.set(label, (a, b) => ({
      statistic: result.statistic[a][b],
      pValue: result.pValue[a][b],
    }));
  }
  return out;
}

/** The correction applied over the metrics of each pair of runs (Tukey's p-values). */
function adjustedWithinPairs(
  raw: readonly { a: string; b: string; pValue: number }[],
  correction: Correction,
): number[] {
  const out = new Array<number>(raw.length);
  const byPair = new Map<string, number[]>();
  raw.forEach((p, i) => {
    const key = JSON.stringify([p.a, p.b]);
    const list = byPair.get(key) ?? [];
    list.push(i);
    byPair.set(key, list);
  });
  for (const indices of byPair.values()) {
    const adjusted = adjustPValues(
      indices.map((i) => raw[i].pValue),
      correction,
    );
    indices.forEach((i, j) => out[i] = adjusted[j]);
  }
  return out;
}

// Each query's values found once for every metric: at a million queries
// the look-ups, not the arithmetic, take the time; evaluate's packed rows
// are read in place.
function columnsOf(
  perQuery: ReadonlyMap<QueryId, Float64Array>,
  queries: readonly QueryId[],
  labelIndex: ReadonlyMap<string, number>,
): (label: string) => Float64Array {
  if (perQuery instanceof QueryValues) {
    const offsets = new Float64Array(queries.length);
    for (let q = 0; q < queries.length; q++) {
      offsets[q] = perQuery.offsetOf(queries[q])!;
    }
    return (label) => {
      const m = labelIndex.get(label)!;
      const packed = perQuery.packed;
      const out = new Float64Array(queries.length);
      for (let q = 0; q < out.length; q++) out[q] = packed[offsets[q] + m];
      return out;
    };
  }
  const rows = queries.map((q) => perQuery.get(q)!);
  return (label) => {
    const m = labelIndex.get(label)!;
    const out = new Float64Array(rows.length);
    for (let q = 0; q < rows.length; q++) out[q] = rows[q][m];
    return out;
  };
}

function querySetOf(
  entries: [string, Evaluation][],
  querySet: QuerySet,
  judged: Iterable<QueryId> | undefined,
): QueryId[] {
  let queries: QueryId[];
  if (querySet === "intersection") {
    queries = [...entries[0][1].perQuery.keys()].filter((q) =>
      entries.every(([, e]) => e.perQuery.has(q))
    );
  } else {
    const all = new Set<QueryId>(judged ?? []);
    if (judged === undefined) {
      for (const [, e] of entries) {
        for (const q of e.perQuery.keys()) all.add(q);
      }
    }
    queries = [...all];
    for (const [name, e] of entries) {
      const missing = queries.find((q) => !e.perQuery.has(q));
      if (missing !== undefined) {
        throw new InputError(
          "",
          0,
          `Run "${name}" has no value for judged query "${missing}"; evaluate with averageOverQrels (trec_eval -c) or compare on the intersection`,
        );
      }
    }
  }
  // What the runs hold, not how compare was called: a user's data error.
  if (queries.length === 0) {
    throw new InputError(
      "",
      0,
      querySet === "intersection"
        ? "No query is scored by every run"
        : "There are no judged queries",
    );
  }
  // Queries usually come in id order already (evaluate scores them in run
  // order and lists them in id order): a million ids are then not sorted.
  for (let i = 1; i < queries.length; i++) {
    if (compareIds(queries[i - 1], queries[i]) > 0) {
      return queries.sort(compareIds);
    }
  }
  return queries;
}

function curvesOf(
  entries: [string, Evaluation][],
  labelIndex: ReadonlyMap<string, number>,
  tested: readonly string[],
  queries: readonly QueryId[],
  cutoffs: readonly number[] | undefined,
): MetricCurve[] {
  if (!cutoffs?.length) return [];
  const curves: MetricCurve[] = [];
  const done = new Set<string>();
  for (const label of tested) {
    const base = curveBase(label);
    if (done.has(base)) continue;
    done.add(base);
    const points = [...new Set(cutoffs)].sort((x, y) => x - y)
      .map((k) => [k, labelIndex.get(`${base}@${k}`) ?? -1] as const)
      .filter(([, m]) => m >= 0);
    if (points.length < 2) continue;
    const means: Record<string, number[]> = {};
    for (const [name, evaluation] of entries) {
      means[name] = points.map(([, m]) => {
        let sum = 0;
        for (const q of queries) sum += evaluation.perQuery.get(q)![m];
        return sum / queries.length;
      });
    }
    curves.push({ metric: base, cutoffs: points.map(([k]) => k), means });
  }
  return curves;
}
