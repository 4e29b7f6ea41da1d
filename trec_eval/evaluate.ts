/**
 * trec_eval's main loop: every judged topic in id order, each requested
 * measure in table order, per-topic lines, then the averages, with
 * trec_eval's exit statuses and messages.
 *
 * @module
 */

import { geometricTerm } from "../metrics/aggregate.ts";
import { compareIds } from "../model/compare_ids.ts";
import type { JudgedRanking } from "../model/judged_ranking.ts";
import type { PrefsRecord } from "./prefs_file.ts";
import type { TrecEvalQrelsTopic } from "./qrels_file.ts";
import type { TrecEvalRun, TrecEvalRunTopic } from "./run_file.ts";
import type { ZscoreReference } from "./zscores_file.ts";
import { formatTrecValue } from "./c_printf.ts";
import type {
  BoundTrecMeasure,
  MeasureSettings,
  TopicData,
} from "./measures.ts";
import { countPreferences, type PrefsCounts } from "./prefs.ts";
import {
  judgeRanking,
  rankTopic,
  TopicError,
  type TopicRepeat,
} from "./topic.ts";

/** trec_eval's relevance file formats (`-R`). */
export const REL_FORMATS = [
  "qrels",
  "qrels_jg",
  "prefs",
  "qrels_prefs",
] as const;
/** One of {@linkcode REL_FORMATS}. */
export type RelFormat = typeof REL_FORMATS[number];

/** The judgements and the run, as read from their files. */
export interface TrecEvalData {
  /** The relevance format; it says which of the next three is set. */
  readonly format: RelFormat;
  /** Topic to judgements (`qrels`). */
  readonly qrels?: ReadonlyMap<string, TrecEvalQrelsTopic>;
  /** Topic to judgement group to judgements (`qrels_jg`). */
  readonly groups?: ReadonlyMap<
    string,
    ReadonlyMap<string, TrecEvalQrelsTopic>
  >;
  /** Topic to preference lines (`prefs`, `qrels_prefs`). */
  readonly prefs?: ReadonlyMap<string, readonly PrefsRecord[]>;
  /** The run. */
  readonly run: TrecEvalRun;
  /** Topic to measure to reference mean and deviation (`-Z`). */
  readonly zscores?: ReadonlyMap<string, ReadonlyMap<string, ZscoreReference>>;
}

/** The judgements (and Z-score references) without the run. */
export type TrecEvalRelevance = Omit<TrecEvalData, "run">;

/** trec_eval's options that shape the evaluation and the output. */
export interface TrecEvalSettings {
  /** `-q`: print per-topic values. */
  readonly perTopic: boolean;
  /** `-c`: average over every judged topic. */
  readonly complete: boolean;
  /** Print the `all` lines (`-n` turns this off). */
  readonly summary: boolean;
  /** `-J`: judged documents only. */
  readonly judgedOnly: boolean;
  /** `-l`: the relevance level. */
  readonly relevanceLevel: number;
  /** `-N`: the collection size. */
  readonly collectionSize: number;
  /** `-M`: documents kept per topic. */
  readonly maxDocs: number;
  /** The trec_eval version to reproduce. */
  readonly version: 9 | 10;
  /** `-D level.qid`: evaluate only this topic. */
  readonly debugQuery?: string;
}

/** What trec_eval would print and its exit status. */
export interface TrecEvalResult {
  /** Standard output. */
  readonly stdout: string;
  /** Standard error. */
  readonly stderr: string;
  /** The exit status. */
  readonly status: number;
  /**
   * What the messages are about, for the command to add the files and
   * lines trec_eval does not name (see `annotateTrecEval`).
   */
  readonly about?: TrecEvalAbout;
}

/** The facts behind a result's messages that need a file name to be said. */
export interface TrecEvalAbout {
  /** The document a topic holds twice, when that stopped the run. */
  readonly repeat?: TopicRepeat;
  /** Judged topics the run lacks, skipped (without `-c`). */
  readonly skipped?: readonly string[];
  /** No topic was scored: whether the run had any data line. */
  readonly nothingScored?: { readonly runHasData: boolean };
}

/** The one-document ranking trec_eval 10 scores a judged topic the run lacks, with `-c`. */
const MISSING_TOPIC: TrecEvalRunTopic = {
  docnos: ["ceci_nest_pas_un_docno"],
  scores: [1],
};
const MISSING_ZSCORE = -1000000;

class Topic implements TopicData {
  readonly qid: string;
  readonly #data: TrecEvalRelevance;
  readonly #run: TrecEvalRunTopic;
  readonly #settings: TrecEvalSettings;
  #ranking?: JudgedRanking;
  #prefs?: PrefsCounts;
  #groups?: JudgedRanking[];

  constructor(
    qid: string,
    data: TrecEvalRelevance,
    run: TrecEvalRunTopic,
    settings: TrecEvalSettings,
    ranking?: JudgedRanking,
  ) {
    this.qid = qid;
    this.#data = data;
    this.#run = run;
    this.#settings = settings;
    this.#ranking = ranking;
  }

  ranking(): JudgedRanking {
    if (this.#data.format !== "qrels") {
      throw new TopicError(
        "trec_eval.form_res_qrels: rel_info format not qrels or results format not trec_results\n",
      );
    }
    return this.#ranking ??= judgeRanking(
      this.qid,
      rankTopic(this.#run, {
        maxDocs: this.#settings.maxDocs,
        queryId: this.qid,
      }),
      this.#data.qrels!.get(this.qid)!,
      {
        relevanceLevel: this.#settings.relevanceLevel,
        judgedOnly: this.#settings.judgedOnly,
      },
    );
  }

  prefs(): PrefsCounts {
    if (this.#data.format !== "prefs" && this.#data.format !== "qrels_prefs") {
      throw new TopicError(
        "trec_eval.form_prefs_info: prefs_info format not (prefs or qrels_prefs) or results format not trec_results\n",
      );
    }
    return this.#prefs ??= countPreferences(
      this.#data.prefs!.get(this.qid)!,
      this.#run,
      { maxDocs: this.#settings.maxDocs },
    );
  }

  groups(): readonly JudgedRanking[] {
    if (this.#data.format !== "qrels_jg") {
      throw new TopicError(
        "trec_eval: rel_info format not qrels_jg or results format not trec_results\n",
      );
    }
    if (!this.#groups) {
      const ranked = rankTopic(this.#run, {
        maxDocs: this.#settings.maxDocs,
        queryId: this.qid,
      });
      const groups = this.#data.groups!.get(this.qid)!;
      this.#groups = [...groups.keys()].sort(compareIds).map((jg) =>
        judgeRanking(this.qid, ranked, groups.get(jg)!, {
          relevanceLevel: this.#settings.relevanceLevel,
          judgedOnly: this.#settings.judgedOnly,
          checkRepeats: false,
        })
      );
    }
    return this.#groups;
  }
}

function judgedTopics(data: TrecEvalRelevance): string[] {
  const topics = data.format === "qrels"
    ? data.qrels!
    : data.format === "qrels_jg"
    ? data.groups!
    : data.prefs!;
  return [...topics.keys()].sort(compareIds);
}

/** Entries with a grade above 0 over every topic: `num_rel` with `-c`. */
function positiveJudgements(data: TrecEvalRelevance): number | undefined {
  const count = (t: TrecEvalQrelsTopic) => t.rels.filter((r) => r > 0).length;
  let sum = 0;
  if (data.format === "qrels") {
    for (const t of data.qrels!.values()) sum += count(t);
  } else if (data.format === "qrels_jg") {
    for (const groups of data.groups!.values()) {
      for (const t of groups.values()) sum += count(t);
    }
  } else return undefined;
  return sum;
}

/**
 * Runs trec_eval on data already read: the output, the messages and the
 * exit status trec_eval gives (4 for a topic it cannot evaluate, 7 when no
 * topic has both judgements and results, 8 when a summary cannot be
 * formed). A judged topic the run lacks is skipped without `-c` (trec_eval
 * 10 stops with status 4 there, against its own help).
 *
 * @example
 * ```ts
 * import { evaluateTrecEval } from "./evaluate.ts";
 * import { bindMeasure, TREC_MEASURES } from "./measures.ts";
 * const map = bindMeasure(TREC_MEASURES.find((m) => m.name === "map")!);
 * const result = evaluateTrecEval(
 *   {
 *     format: "qrels",
 *     qrels: new Map([["q1", { docnos: ["a", "b"], rels: [1, 0] }]]),
 *     run: { topics: new Map([["q1", { docnos: ["a", "b"], scores: [1, 2] }]]), tag: "t", empty: false },
 *   },
 *   [map],
 *   { perTopic: false, complete: false, summary: true, judgedOnly: false, relevanceLevel: 1, collectionSize: 0, maxDocs: Infinity, version: 10 },
 * );
 * console.log(result.stdout); // "map                   \tall\t0.5000\n"
 * ```
 *
 * @param data The judgements and the run.
 * @param measures The requested measures, bound, in table order.
 * @param settings The options.
 * @returns What trec_eval prints and its exit status.
 */
export function evaluateTrecEval(
  data: TrecEvalData,
  measures: readonly BoundTrecMeasure[],
  settings: TrecEvalSettings,
): TrecEvalResult {
  const scorer = new TopicScorer(data, measures, settings);
  return printTrecEval(data, data.run.tag, scorer, (qid) => {
    const run = data.run.topics.get(qid);
    return run && scorer.score(new Topic(qid, data, run, settings));
  });
}

/** One topic's values in slot order and its relstring, or why it failed. */
export type TopicOutcome =
  | { readonly values: Float64Array; readonly relString: string }
  | {
    readonly stderr: string;
    readonly status: number;
    readonly repeat?: TopicRepeat;
  };

/**
 * Computes the requested measures of one topic: the part of trec_eval's loop
 * that a streaming reader can run as topics arrive.
 */
export class TopicScorer {
  /** The requested measures, in table order. */
  readonly measures: readonly BoundTrecMeasure[];
  /** Where each measure's values start in a topic's values. */
  readonly offsets: readonly number[];
  /** Every value name, in slot order. */
  readonly names: readonly string[];
  readonly #data: TrecEvalRelevance;
  readonly #settings: TrecEvalSettings;
  readonly #measureSettings: MeasureSettings;

  /**
   * Lays out the value slots of the measures.
   *
   * @param data The judgements.
   * @param measures The requested measures, bound, in table order.
   * @param settings The options.
   */
  constructor(
    data: TrecEvalRelevance,
    measures: readonly BoundTrecMeasure[],
    settings: TrecEvalSettings,
  ) {
    this.#data = data;
    this.measures = measures;
    this.#settings = settings;
    const offsets: number[] = [];
    let slots = 0;
    for (const bound of measures) {
      offsets.push(slots);
      slots += bound.names.length;
    }
    this.offsets = offsets;
    this.names = measures.flatMap((b) => b.names);
    this.#measureSettings = {
      collectionSize: settings.collectionSize,
      legacyCutoffs: settings.version === 9,
    };
  }

  /**
   * Scores a topic whose ranking is already joined with its judgements.
   *
   * @param qid The topic.
   * @param ranking Its ranking.
   * @returns The values, or trec_eval's failure.
   */
  scoreRanking(qid: string, ranking: JudgedRanking): TopicOutcome {
    return this.score(
      new Topic(qid, this.#data, MISSING_TOPIC, this.#settings, ranking),
    );
  }

  /**
   * Scores a topic of the run.
   *
   * @param topic The topic.
   * @returns The values, or trec_eval's failure.
   */
  score(topic: TopicData): TopicOutcome {
    const values = new Float64Array(this.names.length);
    let relString = "";
    for (let m = 0; m < this.measures.length; m++) {
      const bound = this.measures[m];
      let result;
      try {
        result = bound.measure.compute(topic, bound, this.#measureSettings);
      } catch (error) {
        if (!(error instanceof TopicError)) throw error;
        const because = error.status === 4
          ? `trec_eval: Can't calculate measure '${bound.measure.name}'\n`
          : "";
        return {
          stderr: error.message + because,
          status: error.status,
          ...(error.repeat ? { repeat: error.repeat } : {}),
        };
      }
      if (typeof result === "string") relString = result;
      else values.set(result, this.offsets[m]);
    }
    return { values, relString };
  }

  /**
   * Scores a judged topic the run lacks, as trec_eval 10 does with `-c`.
   *
   * @param qid The topic.
   * @returns The values, or trec_eval's failure.
   */
  scoreMissing(qid: string): TopicOutcome {
    return this.score(
      new Topic(qid, this.#data, MISSING_TOPIC, this.#settings),
    );
  }

  /** The options. */
  get settings(): TrecEvalSettings {
    return this.#settings;
  }
}

/**
 * trec_eval's output: every judged topic in id order, per-topic lines with
 * `-q`, then the summary, from topic outcomes however they were computed.
 *
 * @param data The judgements.
 * @param runTag The run's tag (`runid`).
 * @param scorer The measures and options.
 * @param outcomeOf A judged topic's outcome, or undefined when the run lacks it.
 * @param sink Where output goes as it is made; `stdout` is then empty.
 * Default: all of it in `stdout`.
 * @returns What trec_eval prints and its exit status.
 */
export function printTrecEval(
  data: TrecEvalRelevance,
  runTag: string | undefined,
  scorer: TopicScorer,
  outcomeOf: (qid: string) => TopicOutcome | undefined,
  sink?: (text: string) => void,
): TrecEvalResult {
  const { measures, offsets, names, settings } = scorer;
  let out: string[] = [];
  // With a sink, output leaves in blocks instead of piling up as one string.
  const flush = () => {
    if (sink && out.length) {
      sink(out.join(""));
      out = [];
    }
    return sink ? "" : out.join("");
  };
  const zscore = data.zscores !== undefined;
  const line = (name: string, qid: string, value: string, z = zscore) => {
    out.push(`${z ? "Z" : ""}${name.padEnd(22)}\t${qid}\t${value}\n`);
    if (sink && out.length === 4096) flush();
  };
  const print = (bound: BoundTrecMeasure, i: number, qid: string, v: number) =>
    line(
      bound.names[i],
      qid,
      bound.measure.print === "long" && !zscore
        ? String(Math.trunc(v))
        : formatTrecValue(v),
    );
  const fail = (
    stderr: string,
    status: number,
    about?: TrecEvalAbout,
  ): TrecEvalResult => ({
    stdout: flush(),
    stderr,
    status,
    ...(about ? { about } : {}),
  });
  const skipped: string[] = [];

  const slots = names.length;
  const sums = new Float64Array(slots);
  const topics = judgedTopics(data);
  let evaluated = 0;
  for (const qid of topics) {
    if (settings.debugQuery !== undefined && qid !== settings.debugQuery) {
      continue;
    }
    let outcome = outcomeOf(qid);
    const missing = outcome === undefined;
    if (missing) {
      if (settings.version === 9 || !settings.complete) {
        skipped.push(qid);
        continue;
      }
      outcome = scorer.scoreMissing(qid);
    }
    if ("status" in outcome!) {
      return fail(
        outcome.stderr,
        outcome.status,
        outcome.repeat ? { repeat: outcome.repeat } : undefined,
      );
    }
    const values = outcome!.values;
    let relString = outcome!.relString;
    if (missing) {
      for (let i = 0; i < slots; i++) {
        const name = names[i];
        if (
          name === "num_ret" || name === "utility" || name === "rbp_resid" ||
          name.startsWith("unj")
        ) values[i] = 0;
        if (name === "relstring") relString = "";
      }
    }
    if (data.zscores) toZscores(values, names, data.zscores.get(qid));
    for (let m = 0; m < measures.length; m++) {
      const bound = measures[m];
      const kind = bound.measure.print;
      if (kind === "relstring" || kind === "runid") {
        if (kind === "relstring" && settings.perTopic) {
          line(bound.names[0], qid, `'${relString}'`, false);
        }
        continue;
      }
      for (let i = 0; i < bound.names.length; i++) {
        const v = values[offsets[m] + i];
        sums[offsets[m] + i] += v;
        if (settings.perTopic && bound.measure.perTopic) {
          print(bound, i, qid, v);
        }
      }
    }
    evaluated++;
  }
  if (evaluated === 0) {
    return fail(
      "trec_eval: No queries with both results and relevance info\n",
      7,
      { nothingScored: { runHasData: runTag !== undefined } },
    );
  }
  const numQ = settings.complete ? topics.length : evaluated;
  for (let m = 0; m < measures.length; m++) {
    const bound = measures[m];
    const at = offsets[m];
    const width = bound.names.length;
    switch (bound.measure.summary) {
      case "mean":
        if (numQ) { for (let i = 0; i < width; i++) sums[at + i] /= numQ; }
        break;
      case "geometric": {
        let sum = sums[at];
        if (settings.complete) sum += (numQ - evaluated) * geometricTerm(0);
        sums[at] = Math.exp(sum / numQ);
        break;
      }
      case "num_q":
        sums[at] = numQ;
        break;
      case "num_rel":
        if (settings.complete) {
          const total = positiveJudgements(data);
          if (total === undefined) {
            return fail(
              "trec_eval: m_num_rel: rel_info format not qrels or qrels_jg\ntrec_eval: Can't print measure 'num_rel'\n",
              8,
            );
          }
          sums[at] = total;
        }
        break;
    }
    if (!settings.summary || bound.measure.print === "relstring") continue;
    if (bound.measure.print === "runid") {
      line("runid", "all", runTag ?? "", false);
      continue;
    }
    for (let i = 0; i < width; i++) print(bound, i, "all", sums[at + i]);
  }
  return {
    stdout: flush(),
    stderr: "",
    status: 0,
    ...(skipped.length ? { about: { skipped } } : {}),
  };
}

function toZscores(
  values: Float64Array,
  names: readonly string[],
  references: ReadonlyMap<string, ZscoreReference> | undefined,
): void {
  for (let i = 0; i < values.length; i++) {
    const ref = references?.get(names[i]);
    if (!ref) values[i] = MISSING_ZSCORE;
    else if (ref.stddev !== 0) values[i] = (values[i] - ref.mean) / ref.stddev;
    else values[i] = values[i] === ref.mean ? 0 : MISSING_ZSCORE;
  }
}
