/**
 * trec_eval's evaluation of a run file scanned as it is read: each topic is
 * scored when it ends and only its values are kept, so memory does not grow
 * with the run. The output is trec_eval's, byte for byte; whenever the input
 * needs trec_eval's exact error handling (a malformed line, a repeated
 * document, an ungrouped run, NaN scores), the caller falls back to reading
 * the run whole.
 *
 * @module
 */

import { readRun } from "../formats/trec_run.ts";
import type { Source } from "../formats/source.ts";
import { InputError } from "../model/errors.ts";
import { JUDGING_RESTART } from "../model/judged_run.ts";
import type { Judgements } from "../model/types.ts";
import {
  printTrecEval,
  type TopicOutcome,
  TopicScorer,
  type TrecEvalRelevance,
  type TrecEvalResult,
  type TrecEvalSettings,
} from "./evaluate.ts";
import type { BoundTrecMeasure } from "./measures.ts";

/**
 * Evaluates a run file by scanning it topic by topic (on several cores when it
 * is large), for the `qrels` relevance format.
 *
 * @example
 * ```ts
 * import { evaluateTrecEvalScan } from "./stream.ts";
 * import { bindMeasure, TREC_MEASURES } from "./measures.ts";
 * const path = await Deno.makeTempFile();
 * await Deno.writeTextFile(path, "q1 Q0 a 1 1 t\nq1 Q0 b 2 2 t\n");
 * const result = await evaluateTrecEvalScan(
 *   { format: "qrels", qrels: new Map([["q1", { docnos: ["a", "b"], rels: [1, 0] }]]) },
 *   path,
 *   [bindMeasure(TREC_MEASURES.find((m) => m.name === "map")!)],
 *   { perTopic: false, complete: false, summary: true, judgedOnly: false, relevanceLevel: 1, collectionSize: 0, maxDocs: Infinity, version: 10 },
 * );
 * console.log(result?.stdout); // "map                   \tall\t0.5000\n"
 * await Deno.remove(path);
 * ```
 *
 * @param data The judgements (byte-string ids, as trec_eval mode reads them).
 * @param runPath The run: a plain or `.gz` path, or any other source.
 * @param measures The requested measures, bound, in table order.
 * @param settings The options.
 * @param sink Where output goes as it is made (see `printTrecEval`).
 * @returns What trec_eval prints, or undefined when the run must be read
 * whole to reproduce trec_eval (the caller then does so).
 */
export async function evaluateTrecEvalScan(
  data: TrecEvalRelevance,
  runPath: Source,
  measures: readonly BoundTrecMeasure[],
  settings: TrecEvalSettings,
  sink?: (text: string) => void,
): Promise<TrecEvalResult | undefined> {
  if (data.format !== "qrels" || settings.debugQuery !== undefined) {
    return undefined;
  }
  const qrels = new Map<string, Judgements>();
  for (const [qid, topic] of data.qrels!) {
    const judgements = new Map<string, number>();
    const { docnos, rels } = topic;
    for (let i = 0; i < docnos.length; i++) judgements.set(docnos[i], rels[i]);
    // A repeated judgement (fewer entries than lines) is reported by
    // trec_eval when its topic comes up.
    if (judgements.size !== docnos.length) return undefined;
    qrels.set(qid, judgements);
  }
  const scorer = new TopicScorer(data, measures, settings);
  const outcomes = new OutcomeStore(scorer.names.length);
  // Output is printed in topic id order at the end, so the workers' topics
  // are taken as they come rather than held until the first part is done.
  const run = readRun(runPath, {
    lenient: true,
    ids: "bytes",
    float32Scores: settings.version === 9,
    ordered: false,
    // trec_eval's full reader reads an ungrouped run again itself.
    replay: false,
  });
  const request = {
    qrels,
    relevanceLevel: settings.relevanceLevel,
    depth: settings.maxDocs,
    judgedOnly: settings.judgedOnly,
    readsDocs: false,
  };
  try {
    for await (const batch of run.judgeBatches(request)) {
      for (const topic of batch) {
        // An ungrouped run: the full reader reproduces trec_eval on it.
        if (topic === JUDGING_RESTART) return undefined;
        if (topic.ranking) {
          outcomes.set(
            topic.queryId,
            scorer.scoreRanking(topic.queryId, topic.ranking),
          );
        }
      }
    }
  } catch (error) {
    // Malformed or empty input: the full reader says it as trec_eval does.
    // Anything else is a bug, and surfaces.
    if (error instanceof InputError || isFileError(error)) return undefined;
    throw error;
  }
  // No data line: trec_eval's "Cannot read results file", from the full reader.
  if (run.tag === undefined) return undefined;
  return printTrecEval(
    data,
    run.tag,
    scorer,
    (qid) => outcomes.get(qid),
    sink,
  );
}

/**
 * Topic outcomes packed in one growing array: a topic then costs its values
 * and an index entry, not an object and a typed array of its own, so memory
 * barely grows with the number of topics.
 */
class OutcomeStore {
  readonly #slots: number;
  readonly #index = new Map<string, number>();
  // Failures and relation strings, which are rare, stay whole.
  readonly #whole = new Map<string, TopicOutcome>();
  #values: Float64Array;

  constructor(slots: number) {
    this.#slots = slots;
    this.#values = new Float64Array(slots * 1024);
  }

  set(qid: string, outcome: TopicOutcome): void {
    if ("status" in outcome || outcome.relString !== "") {
      this.#whole.set(qid, outcome);
      return;
    }
    const at = this.#index.size * this.#slots;
    if (at + this.#slots > this.#values.length) {
      const bigger = new Float64Array(this.#values.length * 2);
      bigger.set(this.#values);
      this.#values = bigger;
    }
    this.#values.set(outcome.values, at);
    this.#index.set(qid, at);
  }

  get(qid: string): TopicOutcome | undefined {
    const at = this.#index.get(qid);
    if (at === undefined) return this.#whole.get(qid);
    return {
      values: this.#values.subarray(at, at + this.#slots),
      relString: "",
    };
  }
}

/** A file that cannot be opened or read, which trec_eval reports its way. */
function isFileError(error: unknown): boolean {
  return error instanceof Deno.errors.NotFound ||
    error instanceof Deno.errors.PermissionDenied ||
    error instanceof Deno.errors.IsADirectory ||
    error instanceof Deno.errors.NotADirectory;
}
