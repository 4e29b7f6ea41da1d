/**
 * The fast path for scoring a TREC run file: scans bytes without making a
 * string per field and ranks only the judged documents of each topic.
 *
 * A judged document's rank is 1 + the number of documents that trec_eval's
 * sort puts before it (higher score, or equal score and a greater docno), so
 * no topic is ever sorted. Unjudged documents need only their score and a
 * hash of their docno (for the duplicate check).
 *
 * @module
 */

import { joinJudgements, type JudgedRanking } from "../model/judged_ranking.ts";
import { rankByScore } from "../model/rank.ts";
import type { Judgements, Qrels } from "../model/types.ts";
import { scoreOf } from "./_score.ts";
import { quoted } from "../model/quote.ts";
import { InputError, RepeatedDocumentError } from "../model/errors.ts";
import { ChunkReader } from "./chunk_reader.ts";
import {
  fileReader,
  gunzipIfMagic,
  GzipFileReader,
  openPlainOrGzip,
  openSource,
  readerStream,
  type Source,
} from "./source.ts";
import {
  type InputLimits,
  inputLimits,
  LineLengthGuard,
  lineTooLong,
} from "./limits.ts";
import { UngroupedRunError } from "./ungrouped_run_error.ts";
import { TopicIdSet } from "./_topic_id_set.ts";
import { flattened } from "./_flattened.ts";
import { firstInvalid, notUtf8Reason } from "./utf8.ts";

/** Options of {@linkcode scanRun}. */
export interface ScanRunOptions {
  /** The name used in error messages. Default: the path. */
  name?: string;
  /** A document is relevant when its grade is at least this. Default: 1. */
  relevanceLevel?: number;
  /** Keep the top `depth` documents of each topic (trec_eval `-M`). Default: all. */
  depth?: number;
  /** Drop unjudged documents (trec_eval `-J`). Default: false. */
  judgedOnly?: boolean;
  /** Parse scores as C `atof` (trec_eval) instead of rejecting non-numbers. Default: false. */
  lenient?: boolean;
  /** Store scores as 32-bit floats, as trec_eval 9 did. Default: false. */
  float32Scores?: boolean;
  /**
   * How ids become strings: `utf8` decodes them; `bytes` gives one character
   * per byte (code units 0-255), as trec_eval mode keeps ids that are not
   * valid UTF-8, and qrels keys must then be byte strings too. Default: `utf8`.
   */
  ids?: "utf8" | "bytes";
  /** Scan only bytes [start, end) of a plain file, which must start at a line. Default: all. */
  range?: readonly [number, number];
  /** Bounds on the input (line length, gzip). Default: {@linkcode inputLimits}. */
  limits?: Partial<InputLimits>;
}

/** One topic of a scanned run: its ranking, or none when it has no judgements. */
export interface ScannedTopic {
  /** The topic id. */
  readonly queryId: string;
  /** The ranking joined with its judgements; undefined for an unjudged topic. */
  readonly ranking: JudgedRanking | undefined;
}

/** The judged documents a topic retrieved: where they rank and their grades. */
export interface TopicScan {
  /** The topic id. */
  readonly queryId: string;
  /** Whether the qrels judge this topic; if not, only `numRet` is known. */
  readonly judged: boolean;
  /** Documents retrieved, after the depth cut. */
  readonly numRet: number;
  /** 1-based ranks of the judged documents retrieved, in file order. */
  readonly ranks: Int32Array;
  /** Their grades as judged (a negative grade: in the pool, not judged). */
  readonly grades: Float64Array;
  /**
   * The topic's non-negative judged grades, highest first, when the scan
   * knows them (so the joiner need not sort them again).
   */
  readonly judgedGrades?: Float64Array;
}

/** Topic scans being read: the scans, the tag of the last line, and lines read. */
export interface ScannedTopics extends AsyncIterable<TopicScan> {
  /** The run tag of the last data line read. */
  readonly tag: string | undefined;
  /** Lines read so far. */
  readonly lines: number;
  /**
   * The same scans, a batch at a time (the topics of a chunk of the input):
   * a topic then costs no trip through the asynchronous iterators. It and
   * the iterator share one reading.
   */
  batches(): AsyncIterable<readonly TopicScan[]>;
}

/** A run being scanned: its topics, and the tag of its last line. */
export interface ScannedRun extends AsyncIterable<ScannedTopic> {
  /** The run tag of the last data line read (trec_eval's `runid`). */
  readonly tag: string | undefined;
}

const NEWLINE = 10,
  HASH = 35,
  DOT = 46,
  MINUS = 45,
  PLUS = 43,
  ZERO = 48,
  NINE = 57;
// Byte classes: C isspace without the newline, which ends lines.
const SPACE_CLASS = 1, NEWLINE_CLASS = 2;
const CLASS = new Uint8Array(256);
for (const c of [32, 9, 13, 11, 12]) CLASS[c] = SPACE_CLASS;
CLASS[10] = NEWLINE_CLASS;
/** Bytes read before a parse: large enough to amortize, small enough to stay in cache. */
const CHUNK = 1 << 20;
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);
// A mark opening a field stays in its id, as in the line reader's: only the
// file's own, at its start, is skipped (below).
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const encoder = new TextEncoder();

/**
 * The string of a byte range, without a TextDecoder call for plain ASCII;
 * with `byteIds`, one character per byte.
 */
const UTF16 = new TextDecoder("utf-16le");

function text(
  bytes: Uint8Array,
  start: number,
  end: number,
  byteIds = false,
): string {
  // A long field (a hostile score of megabytes) is decoded at once: a
  // string grown by one character per byte takes seconds.
  if (end - start > 64) {
    const field = bytes.subarray(start, end);
    if (!byteIds) return decoder.decode(field);
    const units = new Uint16Array(field.length);
    units.set(field);
    return UTF16.decode(units);
  }
  let out = "";
  for (let i = start; i < end; i++) {
    const c = bytes[i];
    if (c >= 0x80 && !byteIds) {
      return decoder.decode(bytes.subarray(start, end));
    }
    out += String.fromCharCode(c);
  }
  return out;
}

/**
 * FNV-1a over a byte range: cheap, and good enough to bucket docnos. Kept
 * signed: a 32-bit integer is never a heap number, an unsigned one above
 * 2^31 is one each time cold code passes it on.
 */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h;
}

function sameBytes(
  a: Uint8Array,
  aStart: number,
  aEnd: number,
  b: Uint8Array,
  bStart: number,
  bEnd: number,
): boolean {
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let i = 0; i < aEnd - aStart; i++) {
    if (a[aStart + i] !== b[bStart + i]) return false;
  }
  return true;
}

/** strcmp on two byte ranges. */
function compareBytes(
  a: Uint8Array,
  aStart: number,
  aEnd: number,
  b: Uint8Array,
  bStart: number,
  bEnd: number,
): number {
  const n = Math.min(aEnd - aStart, bEnd - bStart);
  for (let i = 0; i < n; i++) {
    const d = a[aStart + i] - b[bStart + i];
    if (d !== 0) return d;
  }
  return (aEnd - aStart) - (bEnd - bStart);
}

/**
 * The judged documents of one topic, looked up by docno bytes: every docno
 * in one byte array and an open-addressing table holding each one's hash,
 * so a topic costs a few allocations, not one per judged document (and
 * none when the lookup is built again in place for the next topic).
 */
class JudgedLookup {
  // Sized by the first build: a lookup made for one topic's judgements
  // would otherwise make each array twice, which from cold code costs more
  // than the build.
  grades: Float64Array = NO_GRADES;
  #bytes: Uint8Array = NO_BYTES;
  #starts: Int32Array = NO_INTS;
  #table: Int32Array = NO_INTS;
  #hashes: Int32Array = NO_INTS;
  #mask = 0;
  #count = 0;
  #judgedGrades: Float64Array | undefined;
  #finite = true;

  /**
   * Holds `judgements` from now on, in the arrays it has when they are
   * large enough.
   */
  build(judgements: Judgements, byteIds: boolean): this {
    const count = judgements.size;
    this.#count = count;
    this.#judgedGrades = undefined;
    this.#finite = true;
    if (this.grades.length < count) {
      this.grades = new Float64Array(count);
      this.#starts = new Int32Array(count + 1);
    }
    // Docnos of a few bytes each, grown if longer.
    let bytes = this.#bytes.length < count * 8
      ? new Uint8Array(count * 8)
      : this.#bytes;
    let length = 0, i = 0;
    // forEach, not for-of: the entries iterator makes an array per entry.
    judgements.forEach((grade, docno) => {
      // ASCII (or byte ids) is copied; other text is encoded.
      let encoded: Uint8Array | undefined;
      if (length + docno.length > bytes.length) {
        bytes = grown(bytes, length + docno.length);
      }
      for (let c = 0; c < docno.length; c++) {
        const code = docno.charCodeAt(c);
        if (code >= 0x80 && !byteIds) {
          encoded = encoder.encode(docno);
          break;
        }
        bytes[length + c] = code;
      }
      if (encoded) {
        if (length + encoded.length > bytes.length) {
          bytes = grown(bytes, length + encoded.length);
        }
        bytes.set(encoded, length);
        length += encoded.length;
      } else length += docno.length;
      if (!Number.isFinite(grade)) this.#finite = false;
      this.grades[i] = grade;
      this.#starts[++i] = length;
    });
    this.#bytes = bytes;
    let size = 8;
    while (size < count * 2) size *= 2;
    if (this.#table.length < size) {
      this.#table = new Int32Array(size);
      this.#hashes = new Int32Array(size);
    }
    this.#table.fill(-1, 0, size);
    this.#mask = size - 1;
    for (let j = 0; j < count; j++) {
      const hash = hashBytes(bytes, this.#starts[j], this.#starts[j + 1]);
      let slot = hash & this.#mask;
      while (this.#table[slot] !== -1) slot = (slot + 1) & this.#mask;
      this.#table[slot] = j;
      this.#hashes[slot] = hash;
    }
    return this;
  }

  /** The judged index of a docno, or -1. */
  find(bytes: Uint8Array, start: number, end: number, hash: number): number {
    let slot = hash & this.#mask;
    for (let i = this.#table[slot]; i !== -1; i = this.#table[slot]) {
      if (
        this.#hashes[slot] === hash &&
        sameBytes(
          this.#bytes,
          this.#starts[i],
          this.#starts[i + 1],
          bytes,
          start,
          end,
        )
      ) return i;
      slot = (slot + 1) & this.#mask;
    }
    return -1;
  }

  /**
   * The non-negative grades, highest first, as `judgedGradesOf` gives them;
   * undefined when a grade is not finite, so the joiner reports it. A new
   * array after each build, since rankings keep it.
   */
  judgedGrades(): Float64Array | undefined {
    if (this.#judgedGrades || !this.#finite) return this.#judgedGrades;
    let kept = 0;
    for (let j = 0; j < this.#count; j++) if (this.grades[j] >= 0) kept++;
    const sorted = new Float64Array(kept);
    // Descending, as judgedGradesOf sorts: by insertion for a few, by the
    // native sort for more (insertion made a TREC DL topic of 200
    // judgements some 10,000 moves in code still cold).
    const few = this.#count <= 32;
    let n = 0;
    for (let j = 0; j < this.#count; j++) {
      const grade = this.grades[j];
      if (!(grade >= 0)) continue;
      let at = n++;
      if (few) {
        while (at > 0 && sorted[at - 1] < grade) {
          sorted[at] = sorted[at - 1];
          at--;
        }
      }
      sorted[at] = grade;
    }
    return this.#judgedGrades = few ? sorted : sorted.sort().reverse();
  }
}

const NO_GRADES = new Float64Array(0);
const NO_BYTES = new Uint8Array(0);
const NO_INTS = new Int32Array(0);

function grown(bytes: Uint8Array, least: number): Uint8Array {
  const bigger = new Uint8Array(Math.max(least, bytes.length * 2));
  bigger.set(bytes);
  return bigger;
}

/**
 * The lookup of a topic's judgements, made once per judgements and id
 * encoding: `compare` scans several runs against the same qrels.
 */
const LOOKUPS = [
  new WeakMap<Judgements, JudgedLookup>(),
  new WeakMap<Judgements, JudgedLookup>(),
];

/**
 * Topics with fewer judgements are built again each time, in the scan's own
 * lookup: made in a few steps, such a lookup is not worth its kilobyte for
 * the life of the qrels (a million topics of one judgement each kept a
 * gigabyte of lookups).
 */
const CACHED_JUDGEMENTS = 64;

function judgedLookup(
  judgements: Judgements,
  byteIds: boolean,
  reused: JudgedLookup,
): JudgedLookup {
  if (judgements.size < CACHED_JUDGEMENTS) {
    return reused.build(judgements, byteIds);
  }
  const cache = LOOKUPS[byteIds ? 1 : 0];
  let lookup = cache.get(judgements);
  if (!lookup) {
    cache.set(
      judgements,
      lookup = new JudgedLookup().build(judgements, byteIds),
    );
  }
  return lookup;
}

/**
 * The documents of the topic being scanned: scores, where their docnos are in
 * the scan buffer (which keeps the whole topic), and a hash set of docnos for
 * the duplicate check.
 */
class TopicBuffer {
  count = 0;
  scores = new Float64Array(1024);
  starts = new Int32Array(1024);
  ends = new Int32Array(1024);
  /**
   * Where a score too long for an exact fast conversion is in the buffer,
   * or -1: such a score is held as a close approximation and converted
   * exactly only when a comparison could depend on it.
   */
  scoreStarts = new Int32Array(1024);
  scoreEnds = new Int32Array(1024);
  /** Whether a score of the topic was held as an approximation. */
  rough = false;
  /** The hash slot of each document, to clear them between topics. */
  slots = new Int32Array(1024);
  #hashes = new Int32Array(4096).fill(-1);
  #hashValues = new Int32Array(4096);
  /** Index of each judged document found, by judged index. */
  found: number[] = [];
  foundJudged: number[] = [];
  /**
   * [earlier index, later index, line of the later] of each repeated docno,
   * kept only when a depth may cut the topic (which copies count depends
   * on their ranks).
   */
  duplicates: [number, number, number][] = [];
  /**
   * Without a depth, the repeat reported: the later copy of the smallest
   * repeated docno, and its line; -1 when none. One candidate instead of a
   * list, so a topic of millions of copies holds no list of them.
   */
  repeat = -1;
  repeatLine = 0;

  reset(): void {
    // Clearing only the slots in use keeps short topics cheap.
    if (this.count * 8 < this.#hashes.length) {
      for (let i = 0; i < this.count; i++) this.#hashes[this.slots[i]] = -1;
    } else if (this.count) this.#hashes.fill(-1);
    this.count = 0;
    this.rough = false;
    this.found.length = 0;
    this.foundJudged.length = 0;
    this.duplicates.length = 0;
    this.repeat = -1;
  }

  /** The scan buffer moved its bytes `by` positions to the left. */
  shift(by: number): void {
    for (let i = 0; i < this.count; i++) {
      this.starts[i] -= by;
      this.ends[i] -= by;
      if (this.scoreStarts[i] >= 0) {
        this.scoreStarts[i] -= by;
        this.scoreEnds[i] -= by;
      }
    }
  }

  /** Adds a document; returns the index of an earlier equal docno, or -1. */
  add(
    bytes: Uint8Array,
    start: number,
    end: number,
    hash: number,
    score: number,
    scoreStart = -1,
    scoreEnd = -1,
  ): number {
    const i = this.count;
    if (i === this.scores.length) this.#grow();
    this.starts[i] = start;
    this.ends[i] = end;
    this.scores[i] = score;
    this.scoreStarts[i] = scoreStart;
    this.scoreEnds[i] = scoreEnd;
    if (scoreStart >= 0) this.rough = true;
    this.count++;
    const hashes = this.#hashes;
    const mask = hashes.length - 1;
    let slot = hash & mask;
    for (let j = hashes[slot]; j !== -1; j = hashes[slot]) {
      if (
        this.#hashValues[slot] === hash &&
        sameBytes(bytes, this.starts[j], this.ends[j], bytes, start, end)
      ) {
        this.slots[i] = slot;
        return j;
      }
      slot = (slot + 1) & mask;
    }
    hashes[slot] = i;
    this.#hashValues[slot] = hash;
    this.slots[i] = slot;
    return -1;
  }

  #grow(): void {
    const size = this.scores.length * 2;
    const grow = <T extends Float64Array | Int32Array>(
      a: T,
      b: T,
    ): T => (b.set(a), b);
    this.scores = grow(this.scores, new Float64Array(size));
    this.starts = grow(this.starts, new Int32Array(size));
    this.ends = grow(this.ends, new Int32Array(size));
    this.slots = grow(this.slots, new Int32Array(size));
    this.scoreStarts = grow(this.scoreStarts, new Int32Array(size));
    this.scoreEnds = grow(this.scoreEnds, new Int32Array(size));
    // Rehash into a table that stays at most half full.
    const hashes = new Int32Array(size * 4).fill(-1);
    const values = new Int32Array(size * 4);
    const mask = hashes.length - 1;
    for (let slot = 0; slot < this.#hashes.length; slot++) {
      const j = this.#hashes[slot];
      if (j === -1) continue;
      let s = this.#hashValues[slot] & mask;
      while (hashes[s] !== -1) s = (s + 1) & mask;
      hashes[s] = j;
      values[s] = this.#hashValues[slot];
      this.slots[j] = s;
    }
    this.#hashes = hashes;
    this.#hashValues = values;
  }

  /**
   * The 1-based ranks of documents `asked`, in trec_eval's order, by the
   * one ranker: a score too long for the fast conversion is converted
   * exactly only when a comparison depends on it.
   */
  ranksOf(bytes: Uint8Array, asked: ArrayLike<number>): Int32Array {
    return rankByScore(
      this.scores.subarray(0, this.count),
      (a, b) =>
        compareBytes(
          bytes,
          this.starts[a],
          this.ends[a],
          bytes,
          this.starts[b],
          this.ends[b],
        ),
      {
        ranksOf: asked,
        refine: this.rough ? (i) => this.exact(bytes, i) : undefined,
      },
    );
  }

  /** Document i's exact score, converted now if it was approximate. */
  exact(bytes: Uint8Array, i: number): number {
    if (this.scoreStarts[i] >= 0) {
      this.scores[i] = Number(
        text(bytes, this.scoreStarts[i], this.scoreEnds[i]),
      );
      this.scoreStarts[i] = -1;
    }
    return this.scores[i];
  }

  /** The docno of document i. */
  docno(bytes: Uint8Array, i: number, byteIds: boolean): string {
    return text(bytes, this.starts[i], this.ends[i], byteIds);
  }
}

/**
 * Scans a TREC run file topic by topic into {@linkcode TopicScan}s: the
 * ranks and grades of the judged documents each topic retrieved.
 *
 * @example
 * ```ts
 * import { scanTopics } from "./trec_run_scan.ts";
 * const qrels = new Map([["q1", new Map([["b", 1]])]]);
 * for await (const scan of scanTopics({ text: "q1 Q0 a 1 2.5 t\nq1 Q0 b 2 3.5 t\n" }, qrels)) {
 *   console.log(scan.numRet, scan.ranks); // 2 Int32Array [1]
 * }
 * ```
 *
 * @param source A path (`-` for stdin, `.gz` decompressed), a stream or `{ text }`.
 * @param qrels The judgements: only their topics are ranked.
 * @param options Depth, parsing and byte range.
 * @returns The scanned topics.
 * @throws {InputError} On a malformed line, or {@linkcode RepeatedDocumentError}.
 */
export function scanTopics(
  source: Source,
  qrels: Qrels,
  options: ScanRunOptions = {},
): ScannedTopics {
  let tag: string | undefined;
  const depth = Math.max(0, options.depth ?? Infinity);
  const byteIds = options.ids === "bytes";
  let lineCount = 0;

  async function* batches(): AsyncGenerator<readonly TopicScan[]> {
    const limits = inputLimits(options.limits);
    const { name, fill } = await openFiller(
      source,
      options.name,
      options.range,
      limits,
    );
    const guard = new LineLengthGuard(limits.maxLineBytes);
    // buffer[parsed, searched) holds no newline: each byte is searched once.
    let searched = 0;
    // Where the first line longer than the bound starts, once one is seen.
    let tooLong = -1;
    let buffer = new Uint8Array(1 << 22);
    let length = 0;
    let lineNumber = 0;
    const topic = new TopicBuffer();
    // Every topic started, to find one that comes back.
    const started = new TopicIdSet();
    // The current topic's id bytes are qidBytes[0, qidLength).
    let qidBytes = new Uint8Array(64);
    let qidLength = -1;
    let queryId: string | undefined;
    const reusedLookup = new JudgedLookup();
    let lookup: JudgedLookup | undefined;
    let judgements: Judgements | undefined;
    let lastTagStart = -1;
    // Where the current topic's first line is in the buffer: its docnos stay.
    let topicStart = 0;
    // Where parsing resumes in the buffer.
    let parsed = 0;
    let bomPossible = (options.range?.[0] ?? 0) === 0;
    const FIELDS = 'expected 6 fields "qid iter docno rank score tag", got ';

    // Where the line being parsed starts in the buffer.
    let lineAt = 0;
    // Where a newline was added after a last line without one, or -1.
    let addedNewline = -1;
    // Whether a byte order mark was skipped: it counts in line 1's columns.
    let bomSkipped = false;

    // A line's bytes [start, newline) must be UTF-8 (unless ids are bytes),
    // reported as checkUtf8 reports them on the line reader's path.
    const checkText = (b: Uint8Array, start: number, newline: number) => {
      const at = firstInvalid(b, start, newline + 1);
      if (at > newline) return;
      const cut = newline === addedNewline &&
        firstInvalid(b, start, newline) === newline;
      const column = at - start + 1 + (lineNumber === 1 && bomSkipped ? 3 : 0);
      throw new InputError(
        name,
        lineNumber,
        notUtf8Reason(cut ? undefined : b[at], column),
      );
    };

    const fail = (reason: string): never => {
      // Text that is not UTF-8 is the line's first fault, as the line
      // reader finds it.
      if (!byteIds) checkText(buffer, lineAt, buffer.indexOf(NEWLINE, lineAt));
      throw new InputError(name, lineNumber, reason);
    };

    const finish = (): TopicScan => {
      const id = queryId!;
      if (!judgements) {
        return {
          queryId: id,
          judged: false,
          numRet: topic.count,
          ranks: EMPTY_RANKS,
          grades: EMPTY_GRADES,
        };
      }
      const numRet = Math.min(topic.count, depth);
      if (topic.repeat !== -1) {
        const docno = topic.docno(buffer, topic.repeat, byteIds);
        throw new RepeatedDocumentError(
          name,
          topic.repeatLine,
          id,
          docno,
        );
      }
      if (topic.duplicates.length) checkDuplicates(numRet);
      const found = topic.found;
      const ranks = topic.ranksOf(buffer, found);
      const grades = new Float64Array(found.length);
      let kept = 0;
      for (let f = 0; f < found.length; f++) {
        if (ranks[f] > numRet) continue;
        const grade = lookup!.grades[topic.foundJudged[f]];
        ranks[kept] = ranks[f];
        grades[kept++] = grade;
      }
      return {
        queryId: id,
        judged: true,
        numRet,
        ranks: kept === found.length ? ranks : ranks.slice(0, kept),
        grades: kept === found.length ? grades : grades.slice(0, kept),
        judgedGrades: lookup!.judgedGrades(),
      };
    };

    // Topics finished while parsing a chunk, yielded after it.
    let ready: TopicScan[] = [];

    const startTopic = (
      b: Uint8Array,
      start: number,
      end: number,
      lineStart: number,
    ): void => {
      if (queryId !== undefined) ready.push(finish());
      if (end - start > qidBytes.length) {
        qidBytes = new Uint8Array(Math.max(end - start, qidBytes.length * 2));
      }
      for (let k = start; k < end; k++) qidBytes[k - start] = b[k];
      qidLength = end - start;
      queryId = text(b, start, end, byteIds);
      // The topic differs from the one before: if it was seen, it is back.
      if (!started.addBytes(b, start, end)) {
        throw new UngroupedRunError(
          name,
          lineNumber,
          `topic "${queryId}" appears again after other topics; the run is not grouped by topic`,
        );
      }
      topic.reset();
      judgements = qrels.get(queryId);
      lookup = judgements
        ? judgedLookup(judgements, byteIds, reusedLookup)
        : undefined;
      topicStart = lineStart;
    };

    // Where the id of the topic that stopped parseChunk is in the buffer.
    let nextQidStart = 0, nextQidEnd = 0;

    // Parses the lines of buffer[from, limit), where buffer[limit - 1] is a
    // newline, up to the first line of another topic: one pass over the
    // bytes, no string per field. Returns where it stopped (limit when done).
    const parseChunk = (from: number, limit: number): number => {
      const b = buffer;
      let i = from;
      while (i < limit) {
        lineNumber++;
        const lineStart = lineAt = i;
        let c = b[i];
        while (CLASS[c] === SPACE_CLASS) c = b[++i];
        if (c === NEWLINE) {
          i++;
          continue;
        }
        if (c === HASH) {
          const end = b.indexOf(NEWLINE, i);
          if (!byteIds) {
            for (let k = i; k < end; k++) {
              if (b[k] > 0x7f) {
                checkText(b, lineStart, end);
                break;
              }
            }
          }
          i = end + 1;
          continue;
        }
        // The five fields before the tag, unrolled; of the tag only its start
        // matters until the chunk ends, so the rest is left to indexOf.
        // Every byte of the line is or-ed into `high`: only a line with a
        // byte above 0x7F needs the UTF-8 check.
        let high = 0;
        const qs = i;
        while (CLASS[c] === 0) {
          high |= c;
          c = b[++i];
        }
        const qe = i;
        while (CLASS[c] === SPACE_CLASS) c = b[++i];
        if (c === NEWLINE) fail(FIELDS + 1);
        while (CLASS[c] === 0) {
          high |= c;
          c = b[++i];
        }
        while (CLASS[c] === SPACE_CLASS) c = b[++i];
        if (c === NEWLINE) fail(FIELDS + 2);
        const ds = i;
        let hash = 0x811c9dc5;
        while (CLASS[c] === 0) {
          hash = Math.imul(hash ^ c, 0x01000193);
          high |= c;
          c = b[++i];
        }
        const de = i;
        while (CLASS[c] === SPACE_CLASS) c = b[++i];
        if (c === NEWLINE) fail(FIELDS + 3);
        while (CLASS[c] === 0) {
          high |= c;
          c = b[++i];
        }
        while (CLASS[c] === SPACE_CLASS) c = b[++i];
        if (c === NEWLINE) fail(FIELDS + 4);
        // The score, as a plain decimal (`-12.345`) when it is one: with at
        // most 2^53 as the digits and a power of ten up to 10^22, one division
        // of two exact doubles is correctly rounded, as strtod would round.
        const ss = i;
        let negative = false;
        if (c === MINUS || c === PLUS) {
          negative = c === MINUS;
          c = b[++i];
        }
        let mantissa = 0, digits = 0, fraction = -1, plain = true;
        while (CLASS[c] === 0) {
          if (c >= ZERO && c <= NINE) {
            mantissa = mantissa * 10 + (c - ZERO);
            digits++;
            if (fraction >= 0) fraction++;
          } else if (c === DOT && fraction < 0) fraction = 0;
          else {
            plain = false;
            high |= c;
          }
          c = b[++i];
        }
        const se = i;
        while (CLASS[c] === SPACE_CLASS) c = b[++i];
        if (c === NEWLINE) fail(FIELDS + 5);
        lastTagStart = i;
        // A tag is short: stepping over it beats a call to indexOf.
        while (c !== NEWLINE) {
          high |= c;
          c = b[++i];
        }
        // The line reader refuses text that is not UTF-8 before it parses a
        // line: so does the scan, with the same message.
        if (high > 0x7f && !byteIds) checkText(b, lineStart, i);
        i++;
        if (
          qe - qs !== qidLength ||
          !sameBytes(qidBytes, 0, qidLength, b, qs, qe)
        ) {
          // A new topic: the caller starts it and the line is parsed again.
          // The loop then makes no call that only a topic change reaches:
          // that call's missing type feedback threw the loop's optimized
          // code away at the first topic change of every run.
          nextQidStart = qs;
          nextQidEnd = qe;
          return lineStart;
        }
        if (!lookup) {
          // An unjudged topic is not ranked, but its lines must still be
          // valid, as a reader would find them.
          if (!plain || digits === 0) parseScore(b, ss, se, false);
          continue;
        }
        let score: number;
        let approximate = false;
        if (plain && digits > 0 && fraction <= 22) {
          // Exact when the digits fit a double (Clinger's fast path); longer
          // ones (17 digits, as Python prints doubles) give an approximation
          // within a few units in the last place, made exact only when a
          // comparison needs it, so no string is made per line.
          approximate = mantissa > 9007199254740992;
          if (approximate && (options.float32Scores || digits > 40)) {
            score = parseScore(b, ss, se, true);
            approximate = false;
          } else {
            score = fraction > 0 ? mantissa / POW10[fraction] : mantissa;
            if (negative) score = -score;
            if (options.float32Scores) score = Math.fround(score);
          }
        } else score = parseScore(b, ss, se, plain && digits > 0);
        const index = topic.count;
        const earlier = approximate
          ? topic.add(b, ds, de, hash, score, ss, se)
          : topic.add(b, ds, de, hash, score);
        if (earlier !== -1) {
          if (depth !== Infinity) {
            topic.duplicates.push([earlier, index, lineNumber]);
          } else if (
            // The first repeat of a docno comes before its later ones, so
            // a smaller docno than the candidate's is its first repeat.
            topic.repeat === -1 ||
            compareBytes(
                b,
                topic.starts[index],
                topic.ends[index],
                b,
                topic.starts[topic.repeat],
                topic.ends[topic.repeat],
              ) < 0
          ) {
            topic.repeat = index;
            topic.repeatLine = lineNumber;
          }
        }
        const judged = lookup.find(b, ds, de, hash);
        if (judged !== -1) {
          topic.found.push(index);
          topic.foundJudged.push(judged);
        }
      }
      return limit;
    };

    // Like trec_eval: only duplicates within the kept depth count, and the
    // one reported is the smallest docno.
    const checkDuplicates = (numRet: number): void => {
      // Ranks matter only when the depth cuts the topic; then the ranker
      // ranks every copy (equal copies in file order, as glibc's merge sort
      // leaves them).
      let rankOf: Map<number, number> | undefined;
      if (numRet < topic.count) {
        const copies = [
          ...new Set(topic.duplicates.flatMap(([a, b]) => [a, b])),
        ];
        const ranks = topic.ranksOf(buffer, copies);
        rankOf = new Map(copies.map((copy, k) => [copy, ranks[k]]));
      }
      const kept = (i: number) => !rankOf || rankOf.get(i)! <= numRet;
      // Copies of one docno, by its first occurrence: a repeat is two kept
      // copies, whichever they are (the first may fall below the depth).
      const later = new Map<number, [number, number][]>();
      for (const [earlier, index, line] of topic.duplicates) {
        let copies = later.get(earlier);
        if (!copies) later.set(earlier, copies = []);
        copies.push([index, line]);
      }
      let worst: [number, number] | undefined;
      for (const [earlier, copies] of later) {
        const keptCopies = copies.filter(([index]) => kept(index));
        // The line of the second kept copy, where the repeat shows.
        const second = kept(earlier) ? keptCopies[0] : keptCopies[1];
        if (!second) continue;
        if (
          !worst ||
          compareBytes(
              buffer,
              topic.starts[second[0]],
              topic.ends[second[0]],
              buffer,
              topic.starts[worst[0]],
              topic.ends[worst[0]],
            ) < 0
        ) worst = second;
      }
      if (!worst) return;
      const docno = topic.docno(buffer, worst[0], byteIds);
      throw new RepeatedDocumentError(name, worst[1], queryId!, docno);
    };

    // The scores the inline fast path does not take: exponents, `inf`,
    // long digit strings, and (lenient) C atof's junk.
    const parseScore = (
      b: Uint8Array,
      start: number,
      end: number,
      plainDecimal: boolean,
    ): number => {
      const raw = text(b, start, end);
      // Digits with one dot need no check: Number converts them exactly.
      const value = plainDecimal
        ? Number(raw)
        : scoreOf(raw, options.lenient ?? false);
      if (value === undefined) {
        return fail(`score must be a number, got ${quoted(raw)}`);
      }
      // NaN compares false both ways, which leaves trec_eval's order to the
      // sort algorithm: no rank can be computed by counting.
      if (Number.isNaN(value)) {
        fail(`score must not be NaN, got ${quoted(raw)}`);
      }
      return options.float32Scores ? Math.fround(value) : value;
    };

    for (let eof = false; !eof;) {
      if (length === buffer.length) {
        const bigger = new Uint8Array(buffer.length * 2);
        bigger.set(buffer);
        buffer = bigger;
      }
      const read = await fill(buffer.subarray(length));
      if (read === null) eof = true;
      else {
        const long = guard.check(buffer.subarray(length, length + read));
        if (long >= 0) {
          // The lines before the long one are parsed first, so that their
          // errors come in file order.
          tooLong = long > 0
            ? length + long
            : length > 0
            ? buffer.lastIndexOf(NEWLINE, length - 1) + 1
            : 0;
          length = tooLong;
          eof = true;
        } else {
          length += read;
          if (length - parsed < CHUNK && length < buffer.length) continue;
        }
      }
      // A byte order mark opening a UTF-8 file is not text; trec_eval's byte
      // ids keep it, as trec_eval does.
      if (
        bomPossible && !byteIds && length >= 3 && buffer[0] === 0xef &&
        buffer[1] === 0xbb && buffer[2] === 0xbf
      ) {
        parsed = topicStart = 3;
        bomSkipped = true;
      }
      bomPossible = false;
      if (
        eof && tooLong < 0 && length > 0 && buffer[length - 1] !== NEWLINE
      ) {
        // A last line without a newline gets one, so every line ends alike.
        if (length === buffer.length) {
          const bigger = new Uint8Array(buffer.length + 1);
          bigger.set(buffer);
          buffer = bigger;
        }
        addedNewline = length;
        buffer[length++] = NEWLINE;
      }
      let end = parsed;
      if (length > searched) {
        const nl = buffer.subarray(searched, length).lastIndexOf(NEWLINE);
        if (nl >= 0) end = searched + nl + 1;
        searched = length;
      }
      if (end > parsed) {
        for (let at = parsed; (at = parseChunk(at, end)) < end;) {
          startTopic(buffer, nextQidStart, nextQidEnd, at);
          // The line is counted again when it is parsed again.
          lineNumber--;
        }
        parsed = end;
      }
      if (lastTagStart >= 0) {
        let tagEnd = lastTagStart;
        while (CLASS[buffer[tagEnd]] === 0) tagEnd++;
        tag = text(buffer, lastTagStart, tagEnd, byteIds);
        lastTagStart = -1;
      }
      if (ready.length) {
        yield ready;
        ready = [];
      }
      // Keep the current topic's lines: its docnos are read again at its end.
      const keep = lookup ? Math.min(topicStart, parsed) : parsed;
      if (tooLong >= 0) throw lineTooLong(name, lineNumber + 1, guard.max);
      if (keep > 0) {
        buffer.copyWithin(0, keep, length);
        length -= keep;
        parsed -= keep;
        searched -= keep;
        topicStart -= keep;
        topic.shift(keep);
      }
    }
    lineCount = lineNumber;
    if (queryId !== undefined) yield [finish()];
  }

  const batched = batches();
  const iterator = flattened(batched);
  return {
    get tag() {
      return tag;
    },
    get lines() {
      return lineCount;
    },
    batches: () => batched,
    [Symbol.asyncIterator]: () => iterator,
  };
}

const EMPTY_RANKS = new Int32Array(0);
const EMPTY_GRADES = new Float64Array(0);

/**
 * Scans a TREC run file topic by topic, yielding each judged topic as a
 * {@linkcode JudgedRanking} identical to what {@linkcode readRun} plus
 * `JudgedRanking.from` give, without the document ids. Topics must be
 * grouped; a topic that comes back throws {@linkcode UngroupedRunError}.
 *
 * @example Score a run without building its ranked lists
 * ```ts
 * import { scanRun } from "./trec_run_scan.ts";
 * const qrels = new Map([["q1", new Map([["b", 1]])]]);
 * const run = scanRun({ text: "q1 Q0 a 1 2.5 t\nq1 Q0 b 2 3.5 t\nq2 Q0 c 1 1 t\n" }, qrels);
 * for await (const topic of run) console.log(topic.queryId, topic.ranking?.grades);
 * console.log(run.tag); // "t"
 * ```
 *
 * @param source A path (`-` for stdin, `.gz` decompressed), a stream or `{ text }`.
 * @param qrels The judgements: only their topics are ranked.
 * @param options Relevance level, depth, judged-only and parsing.
 * @returns The scanned run.
 * @throws {InputError} On a malformed line, or {@linkcode RepeatedDocumentError}.
 */
export function scanRun(
  source: Source,
  qrels: Qrels,
  options: ScanRunOptions = {},
): ScannedRun {
  return rankingsOf(scanTopics(source, qrels, options), qrels, options);
}

/**
 * Maps topic scans to rankings, keeping the run's tag.
 *
 * @param scans The scanned topics.
 * @param qrels The judgements.
 * @param options Relevance level and judged-only.
 * @returns The scanned run.
 */
export function rankingsOf(
  scans: ScannedTopics,
  qrels: Qrels,
  options: Pick<ScanRunOptions, "relevanceLevel" | "judgedOnly">,
): ScannedRun {
  async function* rankings(): AsyncGenerator<ScannedTopic> {
    for await (const scan of scans) {
      const judgements = qrels.get(scan.queryId);
      yield {
        queryId: scan.queryId,
        ranking: scan.judged && judgements
          ? joinJudgements(scan.queryId, scan, judgements, {
            ...options,
            judgedGrades: scan.judgedGrades,
          })
          : undefined,
      };
    }
  }
  const iterator = rankings();
  return {
    get tag() {
      return scans.tag;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
}

/** Reads bytes into a buffer; null at the end. */
type Filler = (into: Uint8Array) => Promise<number | null>;

/**
 * Opens a source for scanning: a plain file is read straight into the scan
 * buffer (no stream chunks to copy), limited to a byte range when given;
 * anything else goes through {@linkcode openSource}.
 */
async function openFiller(
  source: Source,
  name: string | undefined,
  range: readonly [number, number] | undefined,
  limits: InputLimits,
): Promise<{ name: string; fill: Filler }> {
  if (typeof source === "string" && source !== "-") {
    const shown = name ?? source;
    const opened = range
      ? { file: await Deno.open(source), peeked: true }
      : await openPlainOrGzip(source, limits);
    if (opened instanceof GzipFileReader) {
      return { name: shown, fill: (into) => opened.read(into) };
    }
    const file = opened.file;
    if (!opened.peeked) {
      // A pipe or device: its first bytes say whether it is gzip.
      const stream = gunzipIfMagic(
        readerStream(fileReader(file, shown)),
        shown,
        limits,
      );
      const reader = new ChunkReader(stream.values());
      return { name: shown, fill: (into) => reader.read(into) };
    }
    let left = Infinity;
    if (range) {
      await file.seek(range[0], Deno.SeekMode.Start);
      left = range[1] - range[0];
    }
    const reader = fileReader(file, shown, true);
    return {
      name: shown,
      fill: async (into) => {
        const read = left > 0
          ? await reader.read(into.subarray(0, Math.min(into.length, left)))
          : null;
        if (read === null) reader.close?.();
        else left -= read;
        return read;
      },
    };
  }
  if (range) throw new TypeError("A byte range needs a plain file path");
  if (typeof source === "object" && "read" in source) {
    return {
      name: name ?? "<reader>",
      fill: async (into) => {
        const read = await source.read(into);
        if (read === null) source.close?.();
        return read;
      },
    };
  }
  const opened = await openSource(source, name, limits);
  const reader = new ChunkReader(opened.stream.values());
  return { name: opened.name, fill: (into) => reader.read(into) };
}
