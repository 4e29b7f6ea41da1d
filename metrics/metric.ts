/**
 * What a metric is: a definition in the registry (a name, a parameter schema
 * and a factory) and the bound metric a spec resolves to.
 *
 * @module
 */

import type { JudgedRanking } from "../model/judged_ranking.ts";

/** A gain map: relevance grade (as a string key) to gain. */
export type GainMap = Readonly<Record<string, number>>;

/** The value of one metric parameter. */
export type ParamValue = number | string | boolean | GainMap;

/** Parameter values by name, frozen once bound. */
export type Params = Readonly<Record<string, ParamValue>>;

/**
 * How per-input values combine into one number. `corpus` scores the inputs
 * together through the definition's `createCorpus` (corpus BLEU sums n-gram
 * counts over the inputs before dividing, so it is no combination of
 * per-input values).
 */
export type Aggregate = "mean" | "sum" | "geometric" | "corpus";

/** The declared type and bounds of one parameter. */
export interface ParamSpec {
  /**
   * The value type: `integer` and `number` are numeric, `gains` a
   * grade-to-gain map, `boolean` `True` or `False` (ir_measures' spelling).
   */
  readonly type: "number" | "integer" | "string" | "gains" | "boolean";
  /** One line saying what it is. */
  readonly description: string;
  /** The value when the spec omits it; omitted means "no value". */
  readonly default?: ParamValue;
  /** The smallest allowed number. */
  readonly min?: number;
  /** The largest allowed number. */
  readonly max?: number;
  /** Whether `min` itself is excluded. */
  readonly exclusiveMin?: boolean;
  /** Whether `max` itself is excluded. */
  readonly exclusiveMax?: boolean;
  /** The allowed strings, for `string` parameters. */
  readonly choices?: readonly string[];
}

/** Parameter specifications by name, in the order labels print them. */
export type ParamSchema = Readonly<Record<string, ParamSpec>>;

/** The tools whose metric names ranklens answers to. */
export type Peer =
  | "trec_eval"
  | "ir_measures"
  | "ranx"
  | "ranklens"
  | "SQuAD"
  | "Ragas"
  | "FlashRAG"
  | "UltraRAG"
  | "rouge-score"
  | "ndeval";

/** An alternative spelling of a metric, possibly with preset parameters. */
export interface MetricAlias {
  /** The spelling, matched case-insensitively. A trailing `_` takes a trec_eval-style cutoff suffix (`ndcg_cut_10`). */
  readonly name: string;
  /** The tools whose users write this name. Default: ranklens's own. */
  readonly peer?: Peer | readonly Peer[];
  /**
   * The parameter `@x` sets instead of the cutoff, as ir_measures' `IPrec@0.1`
   * sets the recall level.
   */
  readonly atParam?: string;
  /**
   * The peer's parameter names and the ones they stand for here, such as
   * ir_measures' `gains` for `gain`.
   */
  readonly paramNames?: Readonly<Record<string, string>>;
  /** Parameters the alias implies, e.g. `ndcg_burges` implies `gain=exp`. */
  readonly params?: Params;
  /**
   * With a trailing `_`: the parameter the suffix sets instead of the cutoff,
   * so trec_eval names with a decimal resolve (`iprec_at_recall_0.10` is
   * `recall=0.1`).
   */
  readonly suffixParam?: string;
}

/** How a trec_eval measure takes `-m name.params`. */
export type TrecEvalParams =
  | "none"
  | "long_cutoffs"
  | "double_cutoffs"
  | "doubles"
  | "pairs";

/**
 * What trec_eval hands a measure once it has read `-m name.params` with its
 * own C rules: the numbers (cutoffs, or the `doubles`), the gains and the
 * persistence of `level=gain` and `p=` pairs, and the run-wide settings.
 */
export interface TrecEvalBinding {
  /** The cutoffs or numbers, the measure's defaults when none were given. */
  readonly numbers: readonly number[];
  /** The gains of `level=gain` pairs, or `linear` without any. */
  readonly gain: GainMap | "linear";
  /** The last `p=` pair, or trec_eval's default 0.9. */
  readonly persistence: number;
  /** `-N`: the collection size. */
  readonly collectionSize: number;
  /** trec_eval 9's cutoffs for `iprec_at_recall` and `11pt_avg`. */
  readonly legacyCutoffs: boolean;
}

/**
 * One measure of trec_eval's table that a registry metric computes, declared
 * in the metric's own file (as trec_eval declares each measure in its
 * `m_*.c`); trec_eval's drop-in and `eval -m P.5,10` both read it.
 */
export interface TrecEvalMeasure {
  /** trec_eval's name (`P`, `ndcg_cut`, `recip_rank`). */
  readonly name: string;
  /** How it takes parameters. */
  readonly params: TrecEvalParams;
  /** The cutoffs or numbers used without `-m name.params`. Default: none. */
  readonly defaults?: readonly number[];
  /** Whether it prints as a double or as a count. */
  readonly print: "double" | "long";
  /**
   * How per-topic values make the `all` line: a mean, a sum, a geometric
   * mean, or trec_eval's `num_rel` total.
   */
  readonly summary: "mean" | "sum" | "geometric" | "num_rel";
  /** Whether `-q` prints it per topic. */
  readonly perTopic: boolean;
  /** Whether it is new in trec_eval 10 (absent from 9.0.8). Default: false. */
  readonly since10?: boolean;
  /**
   * The registry spec of each value: `k` stands for a cutoff and `x` for a
   * number (`P@k`, `rprec_mult(mult=x)`); a `pairs` measure names the metric
   * its gains go to (`ndcg(gain={level:gain,...})`).
   */
  readonly spec: string;
  /**
   * The message trec_eval prints, when it computes a topic, for numbers it
   * cannot use. Default: all numbers are usable.
   *
   * @param numbers The bound numbers.
   * @returns The message, or undefined.
   */
  readonly refuse?: (numbers: readonly number[]) => string | undefined;
  /**
   * Binds trec_eval's parameters to the values of one topic, one per
   * printed name.
   *
   * @param binding The parameters.
   * @returns The scorer of one judged ranking.
   */
  readonly bind: (
    binding: TrecEvalBinding,
  ) => (ranking: JudgedRanking) => ArrayLike<number>;
}

/**
 * A metric as registered: a name, a parameter schema and a factory that
 * binds parameters to a scoring function.
 *
 * @typeParam Input What the metric scores: a {@linkcode JudgedRanking} for
 * ranking metrics, a sample for RAG metrics.
 */
export interface MetricDefinition<Input = JudgedRanking> {
  /** The canonical name, used in labels. */
  readonly name: string;
  /**
   * The tools whose users write the canonical name itself (matched
   * case-insensitively, so `bpref` is ir_measures' `Bpref` too). Default:
   * none, a ranklens name.
   */
  readonly peers?: readonly Peer[];
  /** Other spellings: ir_measures, ranx and trec_eval names. */
  readonly aliases?: readonly (string | MetricAlias)[];
  /** What the metric scores, e.g. `ranking` (the default) or `rag`. */
  readonly kind?: string;
  /** One line saying what it measures. */
  readonly description: string;
  /** The parameters it takes. Default: none. */
  readonly params?: ParamSchema;
  /** Whether `@k` is `optional` (the default), `required` or `none`. */
  readonly cutoff?: "optional" | "required" | "none";
  /** How per-query values combine. Default: `mean`. */
  readonly aggregate?: Aggregate;
  /**
   * Whether the metric reads no document ranked below its cutoff, so the core
   * may stop building rankings there. Default: false (it may read them all).
   */
  readonly readsToCutoff?: boolean;
  /**
   * Whether the metric is defined for an input. An input it does not apply
   * to (an answer metric on a sample without a reference) is left out of the
   * aggregate and of the count of scored inputs instead of scoring 0.
   * Default: every input. Only kinds other than `ranking` may set it: a
   * ranking metric is defined for every judged query.
   */
  readonly appliesTo?: (input: Input) => boolean;
  /**
   * {@linkcode MetricDefinition.appliesTo} for a metric whose domain depends
   * on its parameters and cutoff (ir_measures' `Accuracy@k` is defined for a
   * query with a relevant and a nonrelevant document in its top k). A
   * ranking metric may take it: the evaluator leaves the queries it does not
   * apply to out of the metric's mean, as `NaN` per query.
   *
   * @param params Every parameter, defaults filled in.
   * @param cutoff The `@k` cutoff, if any.
   * @returns Whether the metric is defined for an input.
   */
  readonly createAppliesTo?: (
    params: Params,
    cutoff: number | undefined,
  ) => (input: Input) => boolean;
  /**
   * Whether the metric reads document ids (`JudgedRanking.docs`). Without
   * it, `docs` is undefined on every path, and runs read from TREC files
   * are joined from their bytes without making a string per document.
   * Default: false.
   */
  readonly readsDocs?: boolean;
  /**
   * The measures of trec_eval's table that this metric computes, in no
   * particular order (trec_eval's output order is its own table's). Default:
   * none.
   */
  readonly trecEval?: readonly TrecEvalMeasure[];
  /**
   * Binds validated parameters to a scorer of a whole set of inputs, used
   * instead of combining per-input values. Given exactly when `aggregate` is
   * `corpus`, and only for kinds other than `ranking` (the ranking evaluator
   * streams queries and keeps only their values).
   *
   * @param params Every parameter, defaults filled in.
   * @param cutoff The `@k` cutoff, if any.
   * @returns The function that scores the inputs the metric applies to.
   */
  readonly createCorpus?: (
    params: Params,
    cutoff: number | undefined,
  ) => (inputs: readonly Input[]) => number;
  /**
   * Binds validated parameters and the cutoff to a scoring function.
   *
   * @param params Every parameter, defaults filled in.
   * @param cutoff The `@k` cutoff, if any.
   * @returns The function that scores one input.
   */
  readonly create: (
    params: Params,
    cutoff: number | undefined,
  ) => (input: Input) => number;
}

/**
 * A metric with its parameters bound, validated and frozen: what
 * `resolve("ndcg@10")` returns.
 *
 * @typeParam Input What the metric scores.
 */
export interface BoundMetric<Input = JudgedRanking> {
  /** The canonical name of its definition. */
  readonly name: string;
  /** Its canonical spec, which resolves back to an equal metric. */
  readonly label: string;
  /** What the metric scores, e.g. `ranking` or `rag`. */
  readonly kind: string;
  /** Every parameter, defaults filled in. */
  readonly params: Params;
  /** The `@k` cutoff, if any. */
  readonly cutoff: number | undefined;
  /** How per-query values combine. */
  readonly aggregate: Aggregate;
  /** How many top-ranked documents it reads: its cutoff, or `Infinity`. */
  readonly depth: number;
  /** Whether it reads document ids, as its definition declares. */
  readonly readsDocs: boolean;
  /** Scores one input. */
  readonly score: (input: Input) => number;
  /** Whether the metric is defined for an input; absent means every input. */
  readonly appliesTo?: (input: Input) => boolean;
  /** Scores the inputs together, when `aggregate` is `corpus`. */
  readonly scoreCorpus?: (inputs: readonly Input[]) => number;
}

/**
 * A definition of any input kind, as listings see it (a scoring function of
 * any input is assignable to one taking `never`).
 */
// deno-lint-ignore no-explicit-any
export type AnyMetricDefinition = MetricDefinition<any>;
