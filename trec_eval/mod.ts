/**
 * The trec_eval 10.0 drop-in: the command, its measure table, and its
 * readers of qrels, runs, preferences, qrels_jg and z-score files.
 *
 * @example Run trec_eval in process
 * ```ts
 * import { trecEval } from "@ranklens/ranklens/trec_eval";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/qrels`, "q1 0 d1 1\n");
 * await Deno.writeTextFile(`${dir}/run`, "q1 Q0 d2 1 2 bm25\nq1 Q0 d1 2 1 bm25\n");
 * const result = await trecEval(["-m", "recip_rank", `${dir}/qrels`, `${dir}/run`]);
 * console.log(result.stdout); // "recip_rank            \tall\t0.5000\n"
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @module
 */

// Types of other folders that the signatures below name, re-exported as types
// only (values come from their own entry point), so that a user of this entry
// point alone can name every type it shows.
export type {
  DocId,
  InputError,
  JudgedRanking,
  Judgements,
  QueryId,
} from "../model/mod.ts";
export type { ByteReader, Source } from "../formats/mod.ts";
export { trecEval, type TrecEvalOptions } from "./command.ts";
export {
  parseTrecEvalArgs,
  TREC_EVAL_USAGE,
  type TrecEvalArgs,
} from "./options.ts";
export { TREC_EVAL_DEVIATIONS, trecEvalHelp } from "./help.ts";
export {
  evaluateTrecEval,
  REL_FORMATS,
  type RelFormat,
  type TrecEvalAbout,
  type TrecEvalData,
  type TrecEvalRelevance,
  type TrecEvalResult,
  type TrecEvalSettings,
} from "./evaluate.ts";
export {
  type BoundTrecMeasure,
  type MeasureSettings,
  measureTable,
  nicknames,
  type TopicData,
  TREC_MEASURES,
  type TrecMeasure,
  type TrecParamKind,
  type TrecPrint,
  type TrecSummary,
} from "./measures.ts";
export type { ParamPair } from "./params.ts";
export {
  readTrecEvalRun,
  type ReadTrecEvalRunOptions,
  type TrecEvalRun,
  type TrecEvalRunTopic,
} from "./run_file.ts";
export {
  readTrecEvalQrels,
  type ReadTrecEvalQrelsOptions,
  type TrecEvalQrelsTopic,
} from "./qrels_file.ts";
export {
  type PrefsRecord,
  readTrecPrefs,
  type ReadTrecPrefsOptions,
} from "./prefs_file.ts";
export {
  readTrecQrelsJg,
  type ReadTrecQrelsJgOptions,
} from "./qrels_jg_file.ts";
export {
  readTrecZscores,
  type ReadTrecZscoresOptions,
  type ZscoreReference,
} from "./zscores_file.ts";
export { type IdEncoding, MalformedLineError } from "./lines.ts";
export type { GroupCounts, LevelClass, PrefsCounts } from "./prefs.ts";
export type { TopicRepeat } from "./topic.ts";
