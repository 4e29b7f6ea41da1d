/**
 * TREC runs: `qid iter docno rank score tag` per line.
 *
 * @module
 */

import { compareIds } from "../model/compare_ids.ts";
import type { RankedList, Run } from "../model/types.ts";
import { joinJudgements, type JudgedRanking } from "../model/judged_ranking.ts";
import { rankByScore } from "../model/rank.ts";
import {
  type JudgedItem,
  judgeRankedList,
  type JudgeRequest,
  JUDGING_RESTART,
  type JudgingRun,
} from "../model/judged_run.ts";
import { RepeatedDocumentError } from "../model/errors.ts";
import { UngroupedRunError } from "./ungrouped_run_error.ts";
export { UngroupedRunError };
import { ReplayableStream } from "./replayable_stream.ts";
import { scanTopicsParallel } from "./trec_run_parallel.ts";
import type { TopicScan } from "./trec_run_scan.ts";
import { InputError } from "../model/errors.ts";
import { fieldBounds } from "./_fields.ts";
import { scoreOf } from "./_score.ts";
import { quoted } from "../model/quote.ts";
import {
  isReadOnce,
  openSource,
  readerStream,
  readLineBatches,
  type Source,
  stdinStream,
} from "./source.ts";
import { checkUtf8 } from "./utf8.ts";
import { flattened } from "./_flattened.ts";
import { checkTrecField } from "./trec_fields.ts";
import { BYTE_ORDER_MARK, byteOrderMarkError } from "./_byte_order_mark.ts";
import { type InputLimits, inputLimits } from "./limits.ts";

/** Options of {@linkcode readRun}. */
export interface ReadRunOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
  /**
   * Parse scores as trec_eval does (C `atof`: `1.5abc` is 1.5, `abc` is 0)
   * instead of rejecting anything but a number. Default: false.
   */
  lenient?: boolean;
  /** Store scores as 32-bit floats, as trec_eval 9 did. Default: false. */
  float32Scores?: boolean;
  /**
   * How the scanner makes ids (only when judging without document ids):
   * `utf8` decodes them, `bytes` keeps one character per byte as
   * trec_eval mode does. Default: `utf8`.
   */
  ids?: "utf8" | "bytes";
  /**
   * Keep what is read from a stream or standard input, so that a run whose
   * topics are spread over it can be read a second time. With false a
   * stream is read once and such a run is an {@linkcode UngroupedRunError}
   * (for a caller with a second reader of its own). Default: true.
   */
  replay?: boolean;
  /**
   * Judge topics in file order. With false, the topics of a large file
   * scanned on several cores come as they are ready. Default: true.
   */
  ordered?: boolean;
  /**
   * Hold every topic until the end, so lines of one topic may be spread over
   * the file. Default: false: topics are yielded as soon as the next one
   * starts, and a topic that comes back throws {@linkcode UngroupedRunError}.
   */
  collect?: boolean;
  /**
   * Bounds for this file: the longest line and how far a gzip file may
   * inflate. Default: the process's ({@linkcode inputLimits}: 16 MiB lines,
   * 200 times the compressed size, 64 GiB).
   */
  limits?: Partial<InputLimits>;
}

/**
 * A TREC run being read: its ranked lists, and the tag of its last line. It
 * is a {@linkcode JudgingRun}: `evaluate` asks it for judged topics, which
 * it reads by the byte scanner (a large file on several cores) unless a
 * metric reads document ids, and then by the line reader. Either way a run
 * whose topics are spread over the input is read a second time, whole
 * (standard input and streams from what the first reading kept), and a
 * repeated document is named with both its lines. Iterated directly, or
 * wrapped or mapped, it gives ranked lists with the same values.
 */
export interface TrecRun extends JudgingRun {
  /** The run tag of the last line read (trec_eval's `runid`). */
  readonly tag: string | undefined;
  /**
   * The judged topics a chunk of the file at a time.
   *
   * @param request How to join.
   * @returns Batches of judged topics.
   */
  judgeBatches(request: JudgeRequest): AsyncIterable<Iterable<JudgedItem>>;
}

const HASH = 35;

/**
 * Reads a TREC run, streaming, and ranks each topic as trec_eval does: by
 * score descending, then docno descending (byte order). The rank column is
 * ignored. `#` comment lines and blank lines are skipped.
 *
 * @example Read a run from text
 * ```ts
 * import { readRun } from "./trec_run.ts";
 * const run = readRun({ text: "q1 Q0 a 1 0.5 tagA\nq1 Q0 b 2 0.5 tagA\nq1 Q0 c 3 0.9 tagA\n" });
 * for await (const ranked of run) console.log(ranked.docs); // ["c", "b", "a"]
 * console.log(run.tag); // "tagA"
 * ```
 *
 * @param source A path (`-` for stdin, `.gz` decompressed), a stream or `{ text }`.
 * @param options Name, leniency and grouping.
 * @returns The run.
 * @throws {InputError} On a malformed line (while iterating).
 */
export function readRun(source: Source, options: ReadRunOptions = {}): TrecRun {
  let tag: string | undefined;
  const name = options.name ??
    (source === "-"
      ? "<stdin>"
      : typeof source === "string"
      ? source
      : "text" in source
      ? "<text>"
      : "<stream>");
  let used = false;
  const once = () => {
    if (used) throw new TypeError("A run from readRun can be read once");
    used = true;
  };
  return {
    name,
    get tag() {
      return tag;
    },
    [Symbol.asyncIterator]: () => {
      once();
      return rankedLists(source, { ...options, name }, (value) => tag = value)
        [Symbol.asyncIterator]();
    },
    judge: (request) => {
      once();
      return flattened(judgeTopics(
        source,
        { ...options, name },
        request,
        (value) => tag = value,
      ));
    },
    judgeBatches: (request) => {
      once();
      return judgeTopics(
        source,
        { ...options, name },
        request,
        (value) => tag = value,
      );
    },
  };
}

/** A source that can be read twice: the second reading replays the first. */
function replayable(
  source: Source,
  replay: boolean,
): { first: Source; again: (() => Source) | undefined } {
  const once = typeof source === "string" && isReadOnce(source);
  if (!once && (typeof source === "string" || "text" in source)) {
    return { first: source, again: () => source };
  }
  if (!replay) return { first: source, again: undefined };
  const stream = source === "-"
    ? stdinStream()
    : typeof source === "string"
    ? pathStream(source)
    : source instanceof ReadableStream
    ? source
    : readerStream(source);
  const kept = new ReplayableStream(stream);
  return { first: kept.first, again: () => kept.replay() };
}

/**
 * A pipe's or device's bytes, opened when first read: opened again, it
 * would give what is left (nothing, once its writer is done).
 */
function pathStream(path: string): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream({
    async pull(controller) {
      reader ??= (await openSource(path)).stream.getReader();
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader?.cancel(reason),
  });
}

// The one place that chooses the reader: the byte scanner unless a metric
// reads document ids, which it does not make; the line reader, holding
// every topic, for a run whose topics are spread over the input.
async function* judgeTopics(
  source: Source,
  options: ReadRunOptions & { name: string },
  request: JudgeRequest,
  setTag: (tag: string | undefined) => void,
): AsyncGenerator<Iterable<JudgedItem>> {
  const input = replayable(source, options.replay ?? true);
  const judged = async function* (topics: ReadTopics) {
    yield* topics.batches;
    // An empty or truncated file must not pass for a run that found nothing.
    setTag(topics.tag());
    if (topics.tag() === undefined) {
      throw new InputError(
        options.name,
        0,
        "no run lines: the run has no data lines",
      );
    }
  };
  try {
    try {
      yield* request.readsDocs
        ? judged(lineTopics(input.first, options, request))
        : judged(scannedTopics(input.first, options, request));
    } catch (error) {
      if (!(error instanceof UngroupedRunError) || !input.again) throw error;
      yield [JUDGING_RESTART];
      yield* judged(
        lineTopics(input.again(), { ...options, collect: true }, request),
      );
    }
  } catch (error) {
    if (!(error instanceof RepeatedDocumentError) || error.firstLine > 0) {
      throw error;
    }
    throw await withBothLines(error, input, options);
  }
}

/** A run's judged topics being read, and the tag. */
interface ReadTopics {
  /**
   * The judged topics, in batches. A reader's own errors come from the
   * asynchronous iteration, where `judgeTopics` catches them; joining in
   * the batch may throw only errors that pass it.
   */
  readonly batches: AsyncIterable<Iterable<JudgedItem>>;
  /** The tag of the last line, once the topics are read. */
  readonly tag: () => string | undefined;
}

function scannedTopics(
  source: Source,
  options: ReadRunOptions & { name: string },
  request: JudgeRequest,
): ReadTopics {
  const scans = scanTopicsParallel(source, request.qrels, {
    name: options.name,
    lenient: options.lenient,
    float32Scores: options.float32Scores,
    ids: options.ids,
    ordered: options.ordered,
    limits: options.limits,
    relevanceLevel: request.relevanceLevel,
    depth: request.depth,
    judgedOnly: request.judgedOnly,
  });
  // One grades array serves every topic: a ranking is valid until the next,
  // so a batch's topics are joined as they are asked for.
  let into = new Float64Array(1024);
  const join = (scan: TopicScan): JudgedRanking | undefined => {
    const judgements = request.qrels.get(scan.queryId);
    if (!judgements && scan.queryId.charCodeAt(0) === BYTE_ORDER_MARK) {
      throw byteOrderMarkError(options.name, 0, scan.queryId);
    }
    if (!scan.judged || !judgements) return undefined;
    if (into.length < scan.numRet) into = new Float64Array(scan.numRet);
    return joinJudgements(scan.queryId, scan, judgements, {
      relevanceLevel: request.relevanceLevel,
      judgedOnly: request.judgedOnly,
      judgedGrades: scan.judgedGrades,
      into,
    });
  };
  function* joined(scans: readonly TopicScan[]): Generator<JudgedItem> {
    for (const scan of scans) {
      yield { queryId: scan.queryId, ranking: join(scan) };
    }
  }
  async function* batches(): AsyncGenerator<Iterable<JudgedItem>> {
    for await (const batch of scans.batches()) yield joined(batch);
  }
  return { batches: batches(), tag: () => scans.tag };
}

function lineTopics(
  source: Source,
  options: ReadRunOptions & { name: string },
  request: JudgeRequest,
): ReadTopics {
  let tag: string | undefined;
  const lists = rankedLists(source, options, (value) => tag = value);
  // Joined here, where a repeated document's error is caught for its lines.
  async function* batches(): AsyncGenerator<Iterable<JudgedItem>> {
    for await (const ranked of lists) {
      const judgements = request.qrels.get(ranked.queryId);
      yield [{
        queryId: ranked.queryId,
        ranking: judgements &&
          judgeRankedList(ranked, judgements, request, options.name),
      }];
    }
  }
  return { batches: batches(), tag: () => tag };
}

// A repeat is found where its second copy is, or after the topic is ranked:
// the lines of both copies come from reading the input again.
async function withBothLines(
  error: RepeatedDocumentError,
  input: { again: (() => Source) | undefined },
  options: ReadRunOptions & { name: string },
): Promise<RepeatedDocumentError> {
  let again: Source;
  try {
    if (!input.again) return error;
    again = input.again();
  } catch {
    // A stream already replayed once cannot be read a third time.
    return error;
  }
  const lines: number[] = [];
  const limits = inputLimits(options.limits);
  const { stream } = await openSource(again, options.name, limits);
  const bounds = new Int32Array(12);
  let number = 0;
  for await (
    const batch of readLineBatches(checkUtf8(stream, options.name), {
      name: options.name,
      maxLineBytes: limits.maxLineBytes,
    })
  ) {
    for (const text of batch) {
      number++;
      if (fieldBounds(text, bounds) < 6) continue;
      if (
        text.slice(bounds[0], bounds[1]) === error.queryId &&
        text.slice(bounds[4], bounds[5]) === error.docno
      ) lines.push(number);
      if (lines.length === 2) {
        await stream.cancel().catch(() => {});
        return new RepeatedDocumentError(
          options.name,
          lines[1],
          error.queryId,
          error.docno,
          lines[0],
        );
      }
    }
  }
  return error;
}

/** Reads ranked lists line by line; `onTag` learns the last line's tag. */
async function* rankedLists(
  source: Source,
  options: ReadRunOptions & { name: string },
  onTag: (tag: string | undefined) => void,
): AsyncGenerator<RankedList> {
  // The tag is sliced from the last data line at the end, not per line.
  let tagLine = "";
  let tagStart = 0, tagEnd = -1;
  const limits = inputLimits(options.limits);
  const { name, stream } = await openSource(source, options.name, limits);
  const topics = new Map<string, Topic>();
  const done = new Set<string>();
  let current: string | undefined;
  let topic: Topic = { docnos: [], scores: [] };
  const bounds = new Int32Array(12);
  let number = 0;
  const batches = readLineBatches(checkUtf8(stream, name), {
    name,
    maxLineBytes: limits.maxLineBytes,
  });
  for await (const lines of batches) {
    for (const text of lines) {
      number++;
      const count = fieldBounds(text, bounds);
      if (count === 0 || text.charCodeAt(bounds[0]) === HASH) continue;
      if (text.charCodeAt(bounds[0]) === BYTE_ORDER_MARK) {
        throw byteOrderMarkError(
          name,
          number,
          text.slice(bounds[0], bounds[1]),
        );
      }
      if (count < 6) {
        throw new InputError(
          name,
          number,
          `expected 6 fields "qid iter docno rank score tag", got ${count}`,
        );
      }
      const rawScore = text.slice(bounds[8], bounds[9]);
      let score = scoreOf(rawScore, options.lenient ?? false);
      if (score === undefined) {
        throw new InputError(
          name,
          number,
          `score must be a number, got ${quoted(rawScore)}`,
        );
      }
      // NaN compares false both ways: no order would rank it.
      if (Number.isNaN(score)) {
        throw new InputError(
          name,
          number,
          `score must not be NaN, got ${quoted(rawScore)}`,
        );
      }
      if (options.float32Scores) score = Math.fround(score);
      tagLine = text;
      tagStart = bounds[10];
      tagEnd = bounds[11];
      const docno = text.slice(bounds[4], bounds[5]);
      // Most lines continue the topic: its id is compared in place.
      const qid = current !== undefined &&
          bounds[1] - bounds[0] === current.length &&
          text.startsWith(current, bounds[0])
        ? current
        : text.slice(bounds[0], bounds[1]);
      if (options.collect) {
        let list = qid === current ? topic : topics.get(qid);
        if (!list) topics.set(qid, list = { docnos: [], scores: [] });
        current = qid;
        topic = list;
        list.docnos.push(docno);
        list.scores.push(score);
        continue;
      }
      if (qid !== current) {
        if (current !== undefined) {
          done.add(current);
          yield rank(current, topic);
        }
        if (done.has(qid)) {
          throw new UngroupedRunError(
            name,
            number,
            `topic "${qid}" appears again after other topics; the run is not grouped by topic`,
          );
        }
        current = qid;
        topic = { docnos: [], scores: [] };
      }
      topic.docnos.push(docno);
      topic.scores.push(score);
    }
  }
  if (tagEnd >= 0) onTag(tagLine.slice(tagStart, tagEnd));
  if (options.collect) {
    for (const [qid, list] of topics) yield rank(qid, list);
  } else if (current !== undefined) yield rank(current, topic);
}

/** One topic's documents and scores, in file order. */
interface Topic {
  docnos: string[];
  scores: number[];
}

function rank(queryId: string, topic: Topic): RankedList {
  const { docnos, scores } = topic;
  const order = rankByScore(
    scores,
    (a, b) => compareIds(docnos[a], docnos[b]),
  );
  // A run usually comes ranked: its lists are then kept as they are.
  if (order.every((item, at) => item === at)) {
    return { queryId, docs: docnos, scores };
  }
  return {
    queryId,
    docs: Array.from(order, (j) => docnos[j]),
    scores: Array.from(order, (j) => scores[j]),
  };
}

/** Options of {@linkcode formatRun}. */
export interface FormatRunOptions {
  /** The run tag of every line. Default: `ranklens`. */
  tag?: string;
}

/**
 * Writes ranked lists as TREC run text. Without scores, a document's score
 * is minus its rank, so the order survives re-ranking by score.
 *
 * @example
 * ```ts
 * import { formatRun } from "./trec_run.ts";
 * const text = await formatRun([{ queryId: "q1", docs: ["d1", "d2"] }], { tag: "bm25" });
 * console.log(text); // "q1 Q0 d1 1 -1 bm25\nq1 Q0 d2 2 -2 bm25\n"
 * ```
 *
 * @param run The ranked lists.
 * @param options The tag.
 * @returns The text.
 * @throws {TypeError} If an id or the tag is empty or holds whitespace (or
 * a query id starts with `#`): the line would not read back as written.
 */
export async function formatRun(
  run: Run,
  options: FormatRunOptions = {},
): Promise<string> {
  const tag = options.tag ?? "ranklens";
  checkTrecField(tag, "run tag", "TREC run");
  let out = "";
  const write = (ranked: RankedList) => {
    checkTrecField(ranked.queryId, "query id", "TREC run", true);
    ranked.docs.forEach((doc, i) => {
      checkTrecField(doc, "document id", "TREC run");
      const score = ranked.scores?.[i] ?? -(i + 1);
      out += `${ranked.queryId} Q0 ${doc} ${i + 1} ${score} ${tag}\n`;
    });
  };
  if (Symbol.asyncIterator in run) { for await (const r of run) write(r); }
  else for (const r of run) write(r);
  return out;
}
