/**
 * trec_eval's measure table: every measure in trec_eval's own order (which
 * is the output order), how it takes parameters, prints and averages, and
 * the one kernel that computes it. Also the nicknames (`official`,
 * `all_trec`, ...).
 *
 * @module
 */

import type { JudgedRanking } from "../model/judged_ranking.ts";
import type { GainMap, ParamValue } from "../metrics/metric.ts";
import { atol } from "../formats/c_number.ts";
import { formatFixed } from "./c_printf.ts";
export { nicknames } from "../metrics/trec_nicknames.ts";
import { geometricTerm } from "../metrics/aggregate.ts";
import { ap } from "../metrics/builtin/ap.ts";
import { binaryG } from "../metrics/builtin/bin_g.ts";
import { bpref } from "../metrics/builtin/bpref.ts";
import { dcgOf, gainFunction } from "../metrics/builtin/_gain.ts";
import { normalizedGain } from "../metrics/builtin/g.ts";
import { idealDcgOf } from "../metrics/builtin/ideal_dcg.ts";
import { infAP } from "../metrics/builtin/infap.ts";
import { interpolatedPrecision } from "../metrics/builtin/iprec_at_recall.ts";
import {
  ELEVEN_POINTS,
  elevenPointAverage,
} from "../metrics/builtin/iprec_avg.ts";
import { ndcg } from "../metrics/builtin/ndcg.ts";
import { ndcgAtRelevant } from "../metrics/builtin/ndcg_rel.ts";
import { nonrelevantJudgedRetrieved } from "../metrics/builtin/num_nonrel_judged_ret.ts";
import { precision } from "../metrics/builtin/precision.ts";
import { rbpResidual } from "../metrics/builtin/rbp_resid.ts";
import { gradedRbp } from "../metrics/builtin/rbp_trec.ts";
import { recall } from "../metrics/builtin/recall.ts";
import { relativePrecision } from "../metrics/builtin/relative_precision.ts";
import { ndcgAtRLevels } from "../metrics/builtin/rndcg.ts";
import { precisionAtRMultiples } from "../metrics/builtin/rprec_mult.ts";
import { rprec } from "../metrics/builtin/rprec.ts";
import { rr } from "../metrics/builtin/rr.ts";
import { setF } from "../metrics/builtin/set_f.ts";
import { setMap } from "../metrics/builtin/set_map.ts";
import { success } from "../metrics/builtin/success.ts";
import { unjudgedAt } from "../metrics/builtin/unjudged.ts";
import { utility } from "../metrics/builtin/utility.ts";
import { yetAnotherAp } from "../metrics/builtin/yaap.ts";
import { relevantRetrieved } from "../metrics/builtin/_trec.ts";
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
export type TrecParamKind =
  | "none"
  | "long_cutoffs"
  | "double_cutoffs"
  | "doubles"
  | "pairs";

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

const STANDARD_CUTOFFS = [5, 10, 15, 20, 30, 100, 200, 500, 1000];
const R_MULTIPLES = [0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0];

type Scorer = (ranking: JudgedRanking) => number;

/** Values of a registry kernel at each cutoff of the bound measure. */
function atCutoffs(
  make: (cutoff: number) => Scorer,
): TrecMeasure["compute"] {
  const cache = new WeakMap<BoundTrecMeasure, Scorer[]>();
  return (topic, bound) => {
    let scorers = cache.get(bound);
    if (!scorers) cache.set(bound, scorers = bound.numbers.map(make));
    const ranking = topic.ranking();
    return scorers.map((score) => score(ranking));
  };
}

const single = (score: Scorer): TrecMeasure["compute"] => (topic) => [
  score(topic.ranking()),
];

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
export function gainParam(pairs: readonly ParamPair[]): ParamValue {
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

const gained = (
  kernel: (ranking: JudgedRanking, gain: (grade: number) => number) => number,
): TrecMeasure["compute"] => {
  const cache = new WeakMap<BoundTrecMeasure, (grade: number) => number>();
  return (topic, bound) => {
    let gain = cache.get(bound);
    if (!gain) cache.set(bound, gain = gainFunction(gainParam(bound.pairs)));
    return [kernel(topic.ranking(), gain)];
  };
};

const apScore = ap.create({}, undefined);
const bprefScore = bpref.create({}, undefined);

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

/** trec_eval 10's measures, in its order. */
export const TREC_MEASURES: readonly TrecMeasure[] = [
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
    name: "num_ret",
    params: "none",
    print: "long",
    summary: "sum",
    perTopic: true,
    spec: "num_ret",
    compute: (topic) => [topic.ranking().numRet],
  },
  {
    name: "num_rel",
    params: "none",
    print: "long",
    summary: "num_rel",
    perTopic: true,
    spec: "num_rel",
    compute: (topic) => {
      const r = topic.ranking();
      return [r.numRel(r.relevanceLevel)];
    },
  },
  {
    name: "num_rel_ret",
    params: "none",
    print: "long",
    summary: "sum",
    perTopic: true,
    spec: "num_rel_ret",
    compute: (topic) => {
      const r = topic.ranking();
      return [relevantRetrieved(r, r.relevanceLevel)];
    },
  },
  {
    name: "map",
    params: "none",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "ap",
    compute: single(apScore),
  },
  {
    name: "gm_map",
    params: "none",
    print: "double",
    summary: "geometric",
    perTopic: false,
    spec: "gm_map",
    compute: (topic) => [geometricTerm(apScore(topic.ranking()))],
  },
  {
    name: "Rprec",
    params: "none",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "rprec",
    compute: single(rprec.create({}, undefined)),
  },
  {
    name: "bpref",
    params: "none",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "bpref",
    compute: single(bprefScore),
  },
  {
    name: "recip_rank",
    params: "none",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "rr",
    compute: single(rr.create({}, undefined)),
  },
  {
    name: "iprec_at_recall",
    params: "double_cutoffs",
    defaults: ELEVEN_POINTS,
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "iprec_at_recall(recall=x)",
    compute: (topic, bound, settings) =>
      interpolatedPrecision(topic.ranking(), bound.numbers, {
        legacyCutoffs: settings.legacyCutoffs,
      }),
  },
  {
    name: "P",
    params: "long_cutoffs",
    defaults: STANDARD_CUTOFFS,
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "P@k",
    compute: atCutoffs((k) => precision.create({}, k)),
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
  {
    name: "recall",
    params: "long_cutoffs",
    defaults: STANDARD_CUTOFFS,
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "recall@k",
    compute: atCutoffs((k) => recall.create({}, k)),
  },
  {
    name: "infAP",
    params: "none",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "infap",
    compute: single(infAP.create({}, undefined)),
  },
  {
    name: "gm_bpref",
    params: "none",
    print: "double",
    summary: "geometric",
    perTopic: false,
    spec: "gm_bpref",
    compute: (topic) => [geometricTerm(bprefScore(topic.ranking()))],
  },
  {
    name: "Rprec_mult",
    params: "double_cutoffs",
    defaults: R_MULTIPLES,
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "rprec_mult(mult=x)",
    compute: (topic, bound) =>
      precisionAtRMultiples(topic.ranking(), bound.numbers),
  },
  {
    name: "utility",
    params: "doubles",
    defaults: [1, -1, 0, 0],
    print: "double",
    summary: "mean",
    perTopic: true,
    spec:
      "utility(rel_ret=a,nonrel_ret=b,rel_missed=c,nonrel_missed=d,collection=N)",
    compute: (topic, bound, settings) => {
      const ranking = topic.ranking();
      if (bound.numbers.length !== 4) {
        throw new TopicError(
          "trec_eval.calc_utility: improper number of coefficients\n",
        );
      }
      return [utility(ranking, bound.numbers, settings.collectionSize)];
    },
  },
  {
    name: "11pt_avg",
    params: "doubles",
    defaults: ELEVEN_POINTS,
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "iprec_avg",
    compute: (topic, bound, settings) => [
      elevenPointAverage(topic.ranking(), bound.numbers, {
        legacyCutoffs: settings.legacyCutoffs,
      }),
    ],
  },
  {
    name: "binG",
    params: "none",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "binG",
    compute: single(binaryG),
  },
  {
    name: "G",
    params: "pairs",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "G(gain={level:gain,...})",
    compute: gained(normalizedGain),
  },
  {
    name: "dcg",
    params: "pairs",
    print: "double",
    summary: "mean",
    perTopic: true,
    since10: true,
    spec: "dcg(gain={level:gain,...})",
    compute: gained((r, gain) => dcgOf(r, undefined, gain)),
  },
  {
    name: "ideal_dcg",
    params: "pairs",
    print: "double",
    summary: "mean",
    perTopic: true,
    since10: true,
    spec: "ideal_dcg(gain={level:gain,...})",
    compute: gained((r, gain) => idealDcgOf(r, undefined, gain)),
  },
  {
    name: "ndcg",
    params: "pairs",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "ndcg(gain={level:gain,...})",
    compute: (() => {
      const cache = new WeakMap<BoundTrecMeasure, Scorer>();
      return (topic: TopicData, bound: BoundTrecMeasure) => {
        let score = cache.get(bound);
        if (!score) {
          score = ndcg.create({ gain: gainParam(bound.pairs) }, undefined);
          cache.set(bound, score);
        }
        return [score(topic.ranking())];
      };
    })(),
  },
  {
    name: "ndcg_rel",
    params: "pairs",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "ndcg_rel(gain={level:gain,...})",
    compute: gained(ndcgAtRelevant),
  },
  {
    name: "Rndcg",
    params: "pairs",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "rndcg(gain={level:gain,...})",
    compute: gained(ndcgAtRLevels),
  },
  {
    name: "ndcg_cut",
    params: "long_cutoffs",
    defaults: STANDARD_CUTOFFS,
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "ndcg@k",
    compute: atCutoffs((k) => ndcg.create({ gain: "linear" }, k)),
  },
  {
    name: "map_cut",
    params: "long_cutoffs",
    defaults: STANDARD_CUTOFFS,
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "ap@k",
    compute: atCutoffs((k) => ap.create({}, k)),
  },
  {
    name: "relative_P",
    params: "long_cutoffs",
    defaults: STANDARD_CUTOFFS,
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "relative_P@k",
    compute: atCutoffs((k) => (r) => relativePrecision(r, k)),
  },
  {
    name: "success",
    params: "long_cutoffs",
    defaults: [1, 5, 10],
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "success@k",
    compute: atCutoffs((k) => success.create({}, k)),
  },
  {
    name: "set_P",
    params: "none",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "P",
    // num_rel_ret / num_ret: only judged documents count as relevant, which
    // differs from P at a relevance level below 0 (-l -1).
    compute: single((r) =>
      r.numRet ? relevantRetrieved(r, r.relevanceLevel) / r.numRet : 0
    ),
  },
  {
    name: "set_relative_P",
    params: "none",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "relative_P",
    compute: single((r) => relativePrecision(r, undefined)),
  },
  {
    name: "set_recall",
    params: "none",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "recall",
    // num_rel_ret / num_rel, as set_P.
    compute: single((r) => {
      const numRel = r.numRel();
      return numRel ? relevantRetrieved(r, r.relevanceLevel) / numRel : 0;
    }),
  },
  {
    name: "set_map",
    params: "none",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "set_map",
    compute: single(setMap),
  },
  {
    name: "set_F",
    params: "doubles",
    defaults: [1],
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "set_F(beta2=x)",
    compute: (topic, bound) => [setF(topic.ranking(), bound.numbers[0])],
  },
  {
    name: "num_nonrel_judged_ret",
    params: "none",
    print: "long",
    summary: "sum",
    perTopic: true,
    spec: "num_nonrel_judged_ret",
    compute: single(nonrelevantJudgedRetrieved),
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
    defaults: STANDARD_CUTOFFS,
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
    defaults: R_MULTIPLES,
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
  {
    name: "yaap",
    params: "none",
    print: "double",
    summary: "mean",
    perTopic: true,
    spec: "yaap",
    compute: single(yetAnotherAp),
  },
  {
    name: "rbp",
    params: "pairs",
    print: "double",
    summary: "mean",
    perTopic: true,
    since10: true,
    spec: "rbp_trec(p=x,gain={level:gain,...})",
    compute: (topic, bound) => [
      gradedRbp(
        topic.ranking(),
        persistence(bound.pairs),
        gainParam(bound.pairs),
      ),
    ],
  },
  {
    name: "rbp_resid",
    params: "pairs",
    print: "double",
    summary: "mean",
    perTopic: true,
    since10: true,
    spec: "rbp_resid(p=x)",
    compute: (topic, bound) => [
      rbpResidual(topic.ranking(), persistence(bound.pairs)),
    ],
  },
  {
    name: "unj",
    params: "long_cutoffs",
    defaults: [5, 10, 20],
    print: "double",
    summary: "mean",
    perTopic: true,
    since10: true,
    spec: "unj@k",
    compute: atCutoffs((k) => (r) => unjudgedAt(r, k)),
  },
];

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
      const numbers = given ? longCutoffs(params) : measure.defaults!;
      return {
        measure,
        names: numbers.map((k) => `${name}_${k}`),
        numbers,
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
