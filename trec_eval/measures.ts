/**
 * trec_eval's measure table: every measure in trec_eval's own order (which
 * is the output order), how it takes parameters, prints and averages, and
 * the one kernel that computes it. Also the nicknames (`official`,
 * `all_trec`, ...).
 *
 * @module
 */

import type { JudgedRanking } from "../model/judged_ranking.ts";
import type {
  GainMap,
  TrecEvalMeasure,
  TrecEvalParams,
} from "../metrics/metric.ts";
import { atol } from "../formats/c_number.ts";
import { TREC_EVAL_ROWS } from "../metrics/ranking_metrics.ts";
import { TREC_EVAL_ORDER } from "../metrics/trec_nicknames.ts";
export { nicknames } from "../metrics/trec_nicknames.ts";
import { ap } from "../metrics/builtin/ap.ts";
import { precision } from "../metrics/builtin/precision.ts";
import { precisionAtRMultiples } from "../metrics/builtin/rprec_mult.ts";
import { formatFixed } from "./c_printf.ts";
import {
  doubleCutoffs,
  doubleParams,
  isGainLevel,
  longCutoffs,
  type ParamPair,
  paramPairs,
} from "./params.ts";
import {
  fulfilledPreferences,
  fulfilledRetrievedPreferences,
  groupAverageRatio,
  pairRatio,
  possiblePreferences,
  type PrefsCounts,
  rNonrelRatio,
  simpleRatio,
} from "./prefs.ts";
import { TopicError } from "./topic.ts";

/** How a measure takes `-m name.params`. */
export type TrecParamKind = TrecEvalParams;

/** How a measure's per-topic values combine into the `all` line. */
export type TrecSummary =
  | "mean"
  | "sum"
  | "geometric"
  | "num_q"
  | "num_rel"
  | "none";

/** How a measure prints. */
export type TrecPrint = "double" | "long" | "runid" | "relstring";

/** What a measure reads about one topic; each getter may throw a {@linkcode TopicError}. */
export interface TopicData {
  /** The topic. */
  readonly qid: string;
  /** The judged ranking (qrels format). */
  ranking(): JudgedRanking;
  /** The preference counts (prefs and qrels_prefs formats). */
  prefs(): PrefsCounts;
  /** One judged ranking per judgement group (qrels_jg format). */
  groups(): readonly JudgedRanking[];
}

/** Settings measures read besides the topic. */
export interface MeasureSettings {
  /** `-N`: the collection size (for `utility`). */
  readonly collectionSize: number;
  /** trec_eval 9's cutoffs for `iprec_at_recall` and `11pt_avg`. */
  readonly legacyCutoffs: boolean;
}

/** A measure with its parameters parsed: what trec_eval's `init_meas` sets up. */
export interface BoundTrecMeasure {
  /** The table entry. */
  readonly measure: TrecMeasure;
  /** The printed name of each value (`P_5`, `ndcg_1=3`, `map`). */
  readonly names: readonly string[];
  /** Cutoffs or numbers, when the measure takes them. */
  readonly numbers: readonly number[];
  /** `name=value` pairs, when the measure takes them. */
  readonly pairs: readonly ParamPair[];
}

/** One measure of trec_eval's table. */
export interface TrecMeasure {
  /** trec_eval's name. */
  readonly name: string;
  /** How it takes parameters. */
  readonly params: TrecParamKind;
  /** The cutoffs or numbers used without `-m name.params`. */
  readonly defaults?: readonly number[];
  /** How it prints. */
  readonly print: TrecPrint;
  /** How it averages. */
  readonly summary: TrecSummary;
  /** Whether `-q` prints it per topic. */
  readonly perTopic: boolean;
  /** Whether the measure is new in trec_eval 10 (absent from 9.0.8). */
  readonly since10?: boolean;
  /** The registry spec of the same measure, for documentation; none when CLI-only. */
  readonly spec?: string;
  /**
   * Computes the values for one topic (one per name), or the string of
   * `relstring`.
   */
  readonly compute: (
    topic: TopicData,
    bound: BoundTrecMeasure,
    settings: MeasureSettings,
  ) => ArrayLike<number> | string;
}

/**
 * A measure of the table from a registry metric's trec_eval row: the row is
 * bound once per bound measure (and run settings), then scores each topic.
 */
function fromRow(row: TrecEvalMeasure): TrecMeasure {
  const scorers = new WeakMap<
    BoundTrecMeasure,
    {
      readonly settings: MeasureSettings;
      readonly score: (ranking: JudgedRanking) => ArrayLike<number>;
    }
  >();
  return {
    name: row.name,
    params: row.params,
    defaults: row.defaults,
    print: row.print,
    summary: row.summary,
    perTopic: row.perTopic,
    since10: row.since10,
    spec: row.spec,
    compute: (topic, bound, settings) => {
      const ranking = topic.ranking();
      const refusal = row.refuse?.(bound.numbers);
      if (refusal !== undefined) throw new TopicError(refusal);
      let scorer = scorers.get(bound);
      if (scorer?.settings !== settings) {
        scorer = {
          settings,
          score: row.bind({
            numbers: bound.numbers,
            gain: gainParam(bound.pairs),
            persistence: persistence(bound.pairs),
            collectionSize: settings.collectionSize,
            legacyCutoffs: settings.legacyCutoffs,
          }),
        };
        scorers.set(bound, scorer);
      }
      return scorer.score(ranking);
    },
  };
}

const REGISTRY_MEASURES: ReadonlyMap<string, TrecMeasure> = new Map(
  [...TREC_EVAL_ROWS].map(([name, row]) => [name, fromRow(row)]),
);

/**
 * The gains of trec_eval's `rel_level=gain` pairs as a registry gain
 * parameter: pairs whose name is not an integer are ignored; a level given
 * twice keeps its first gain; no level gives the default (linear) gains.
 *
 * @example
 * ```ts
 * import { gainParam } from "./measures.ts";
 * console.log(gainParam([{ name: "1", value: 3 }, { name: "p", value: 0.8 }])); // { "1": 3 }
 * ```
 *
 * @param pairs The pairs.
 * @returns A gain map, or `linear`.
 */
export function gainParam(
  pairs: readonly ParamPair[],
): GainMap | "linear" {
  const map: Record<string, number> = {};
  let any = false;
  for (const { name, value } of pairs) {
    if (!isGainLevel(name)) continue;
    const level = String(atol(name));
    if (!(level in map)) map[level] = value;
    any = true;
  }
  return any ? map as GainMap : "linear";
}

/** The last `p=` pair, or trec_eval's default 0.9. */
function persistence(pairs: readonly ParamPair[]): number {
  let p = 0.9;
  for (const pair of pairs) if (pair.name === "p") p = pair.value;
  return p;
}

/**
 * Formats a relevance list the way `relstring` prints it: a digit per judged
 * grade, `>` above 9, `-` for no judgement, `.` for a negative one.
 *
 * @example
 * ```ts
 * import { JudgedRanking } from "../model/judged_ranking.ts";
 * import { relString } from "./measures.ts";
 * const r = JudgedRanking.from("q", ["a", "x", "b", "c"], new Map([["a", 12], ["b", -1], ["c", 0]]));
 * console.log(relString(r, 10)); // ">-.0"
 * ```
 *
 * @param ranking The ranking.
 * @param length How many ranks to show.
 * @returns The string.
 */
export function relString(ranking: JudgedRanking, length: number): string {
  const n = Math.max(0, Math.min(Math.trunc(length), ranking.grades.length));
  let text = "";
  for (let i = 0; i < n; i++) {
    const g = ranking.grades[i];
    text += g > 9
      ? ">"
      : g >= 0
      ? String.fromCharCode(48 + g)
      : g === -1
      ? "-"
      : g === -2
      ? "."
      : "<";
  }
  return text;
}

const prefs = (
  name: string,
  summary: "sum" | "mean",
  score: (c: PrefsCounts) => number,
): TrecMeasure => ({
  name,
  params: "none",
  print: summary === "sum" ? "long" : "double",
  summary,
  perTopic: true,
  compute: (topic) => [score(topic.prefs())],
});

/** Sums a kernel's values over judgement groups, then averages when there are several. */
function overGroups(
  topic: TopicData,
  width: number,
  values: (ranking: JudgedRanking) => ArrayLike<number>,
): Float64Array {
  const groups = topic.groups();
  const sum = new Float64Array(width);
  for (const ranking of groups) {
    const v = values(ranking);
    for (let i = 0; i < width; i++) sum[i] += v[i];
  }
  if (groups.length > 1) {
    for (let i = 0; i < width; i++) sum[i] /= groups.length;
  }
  return sum;
}

/** The defaults of a registry measure, for the trec_eval-only variants of it. */
function defaultsOf(name: string): readonly number[] {
  return REGISTRY_MEASURES.get(name)!.defaults!;
}

const apScore = ap.create({}, undefined);

/** The measures trec_eval has and the registry does not. */
const TREC_EVAL_ONLY: readonly TrecMeasure[] = [
  {
    name: "runid",
    params: "none",
    print: "runid",
    summary: "none",
    perTopic: false,
    compute: () => [],
  },
  {
    name: "num_q",
    params: "none",
    print: "long",
    summary: "num_q",
    perTopic: false,
    compute: () => [1],
  },
  {
    name: "relstring",
    params: "doubles",
    defaults: [10],
    print: "relstring",
    summary: "none",
    perTopic: true,
    compute: (topic, bound) => relString(topic.ranking(), bound.numbers[0]),
  },
  prefs("prefs_num_prefs_poss", "sum", possiblePreferences),
  prefs("prefs_num_prefs_ful", "sum", fulfilledPreferences),
  prefs("prefs_num_prefs_ful_ret", "sum", fulfilledRetrievedPreferences),
  prefs("prefs_simp", "mean", (c) => simpleRatio(c, "all")),
  prefs("prefs_pair", "mean", (c) => pairRatio(c, "all")),
  prefs("prefs_avgjg", "mean", (c) => groupAverageRatio(c, "all")),
  prefs("prefs_avgjg_Rnonrel", "mean", (c) => rNonrelRatio(c, false)),
  prefs("prefs_simp_ret", "mean", (c) => simpleRatio(c, "ret")),
  prefs("prefs_pair_ret", "mean", (c) => pairRatio(c, "ret")),
  prefs("prefs_avgjg_ret", "mean", (c) => groupAverageRatio(c, "ret")),
  prefs("prefs_avgjg_Rnonrel_ret", "mean", (c) => rNonrelRatio(c, true)),
  prefs("prefs_simp_imp", "mean", (c) => simpleRatio(c, "imp")),
  prefs("prefs_pair_imp", "mean", (c) => pairRatio(c, "imp")),
  prefs("prefs_avgjg_imp", "mean", (c) => groupAverageRatio(c, "imp")),
  {
    name: "map_avgjg",
    params: "none",
    print: "double",
    summary: "mean",
    perTopic: true,
    compute: (topic) => overGroups(topic, 1, (r) => [apScore(r)]),
  },
  {
    name: "P_avgjg",
    params: "long_cutoffs",
    defaults: defaultsOf("P"),
    print: "double",
    summary: "mean",
    perTopic: true,
    compute: (topic, bound) => {
      const scorers = bound.numbers.map((k) => precision.create({}, k));
      return overGroups(
        topic,
        scorers.length,
        (r) => scorers.map((score) => score(r)),
      );
    },
  },
  {
    name: "Rprec_mult_avgjg",
    params: "double_cutoffs",
    defaults: defaultsOf("Rprec_mult"),
    print: "double",
    summary: "mean",
    perTopic: true,
    compute: (topic, bound) =>
      overGroups(
        topic,
        bound.numbers.length,
        (r) => precisionAtRMultiples(r, bound.numbers),
      ),
  },
];

/**
 * Builds trec_eval's table from measures declared elsewhere: trec_eval 10's
 * own table order ({@linkcode TREC_EVAL_ORDER}, every measure trec_eval has)
 * places each one. A registry metric that trec_eval also has declares its
 * row in its own file, so adding one touches no line of this module or of
 * the order.
 *
 * @example
 * ```ts
 * import { trecMeasureTable, TREC_MEASURES } from "./measures.ts";
 * const runid = TREC_MEASURES.find((m) => m.name === "runid")!;
 * const map = TREC_MEASURES.find((m) => m.name === "map")!;
 * console.log(trecMeasureTable([map, runid]).map((m) => m.name)); // ["runid", "map"]
 * ```
 *
 * @param measures The measures, in any order.
 * @returns Those measures in trec_eval's order.
 * @throws {Error} If a measure is declared twice or is not one of trec_eval's.
 */
export function trecMeasureTable(
  measures: Iterable<TrecMeasure>,
): readonly TrecMeasure[] {
  const byName = new Map<string, TrecMeasure>();
  for (const measure of measures) {
    // Mistakes in this package, found when the module loads rather than as
    // a measure that prints twice or never.
    if (byName.has(measure.name)) {
      throw new Error(`trec_eval measure "${measure.name}" is declared twice`);
    }
    if (!TREC_EVAL_ORDER.includes(measure.name)) {
      throw new Error(`"${measure.name}" is not a trec_eval 10 measure`);
    }
    byName.set(measure.name, measure);
  }
  return TREC_EVAL_ORDER.flatMap((name) => byName.get(name) ?? []);
}

/**
 * trec_eval 10's measures, in its order: the registry's trec_eval rows and
 * trec_eval's own measures.
 */
export const TREC_MEASURES: readonly TrecMeasure[] = trecMeasureTable([
  ...REGISTRY_MEASURES.values(),
  ...TREC_EVAL_ONLY,
]);

/**
 * The measure table of a trec_eval version.
 *
 * @example
 * ```ts
 * import { measureTable } from "./measures.ts";
 * console.log(measureTable(10).length - measureTable(9).length); // 5
 * ```
 *
 * @param version 9 or 10.
 * @returns The measures in output order.
 */
export function measureTable(version: 9 | 10): readonly TrecMeasure[] {
  return version === 10
    ? TREC_MEASURES
    : TREC_MEASURES.filter((m) => !m.since10);
}

/**
 * Parses a measure's parameters (or takes its defaults) and names its
 * values, as trec_eval's `init_meas`.
 *
 * @example
 * ```ts
 * import { bindMeasure, TREC_MEASURES } from "./measures.ts";
 * const p = TREC_MEASURES.find((m) => m.name === "P")!;
 * console.log(bindMeasure(p, "10,5").names); // ["P_5", "P_10"]
 * const ndcg = TREC_MEASURES.find((m) => m.name === "ndcg")!;
 * console.log(bindMeasure(ndcg, "1=3,2=9").names); // ["ndcg_1=3,2=9"]
 * ```
 *
 * @param measure The table entry.
 * @param params The text after `name.` in `-m`, if any.
 * @returns The bound measure.
 * @throws {MeasureParamError} If trec_eval would refuse the parameters.
 */
export function bindMeasure(
  measure: TrecMeasure,
  params?: string,
): BoundTrecMeasure {
  const name = measure.name;
  const given = params !== undefined;
  switch (measure.params) {
    case "long_cutoffs": {
      const cutoffs = given ? longCutoffs(params) : measure.defaults!;
      return {
        measure,
        names: cutoffs.map((k) => `${name}_${k}`),
        numbers: cutoffs.map(Number),
        pairs: [],
      };
    }
    case "double_cutoffs": {
      const numbers = given ? doubleCutoffs(params) : measure.defaults!;
      return {
        measure,
        names: numbers.map((x) => `${name}_${formatFixed(x, 2).padStart(3)}`),
        numbers,
        pairs: [],
      };
    }
    case "doubles":
      return {
        measure,
        names: [given ? `${name}_${params}` : name],
        numbers: given ? doubleParams(params) : measure.defaults!,
        pairs: [],
      };
    case "pairs":
      return {
        measure,
        names: [given ? `${name}_${params}` : name],
        numbers: [],
        pairs: given ? paramPairs(params) : [],
      };
    default:
      return {
        measure,
        names: measure.name === "runid" ? [] : [name],
        numbers: [],
        pairs: [],
      };
  }
}
