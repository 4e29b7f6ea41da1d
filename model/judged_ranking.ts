/**
 * A ranked list joined with its query's judgements: what every ranking
 * metric reads.
 *
 * @module
 */

import { doubles } from "./_doubles.ts";
import { RepeatedDocumentError } from "./errors.ts";
import type { DocId, Judgements, QueryId } from "./types.ts";

/** The grade of a ranked document that has no judgement (trec_eval's -1). */
export const NOT_POOLED: -1 = -1;
/** The grade of a ranked document judged with a negative grade (trec_eval's -2). */
export const POOLED_UNJUDGED: -2 = -2;

/** Options of {@linkcode JudgedRanking.from}. */
export interface JudgedRankingOptions {
  /** A document is relevant when its grade is at least this. Default: 1. */
  relevanceLevel?: number;
  /** Drop unjudged documents from the ranking (trec_eval `-J`). Default: false. */
  judgedOnly?: boolean;
  /**
   * Keep at most this many documents (trec_eval `-M`), the depth within
   * which a repeated document is an error. Default: all.
   */
  depth?: number;
  /**
   * Grade only the top `readDepth` of the kept documents: the deepest any
   * metric reads. Default: all kept.
   */
  readDepth?: number;
  /** Keep the ranked ids in {@linkcode JudgedRanking.docs}. Default: true. */
  keepDocs?: boolean;
  /** The run's name in errors. Default: `run`. */
  runName?: string;
}

/**
 * Every document id joined lately, to a slot: the repeat check reads and
 * writes the slot's stamp (the number of the list that last ranked it), so
 * an id seen before costs one look-up, not a look-up and a write, and a
 * list needs no set of its own (which grows, and is garbage, 100,000 times
 * for 100,000 queries). The map is emptied between lists when it holds
 * many ids, so memory stays bounded.
 */
const SLOTS = new Map<DocId, number>();
const MAX_SLOTS = 1 << 16;
let stampOf = new Int32Array(1024);
// The rank of the slot's document in the list being joined.
let rankOf = new Int32Array(1024);
let stamp = 0;

function nextStamp(): number {
  if (stamp === 0x7fffffff) {
    stampOf.fill(0);
    stamp = 0;
  }
  if (SLOTS.size > MAX_SLOTS) SLOTS.clear();
  return ++stamp;
}

function newSlot(doc: DocId): number {
  const slot = SLOTS.size;
  SLOTS.set(doc, slot);
  if (slot === stampOf.length) {
    const stamps = new Int32Array(slot * 2);
    const ranks = new Int32Array(slot * 2);
    stamps.set(stampOf);
    ranks.set(rankOf);
    stampOf = stamps;
    rankOf = ranks;
  }
  return slot;
}

// Where the judged documents of the list being joined rank, and their
// grades: one pair of arrays for every list.
let foundRanks = new Int32Array(256);
let foundGrades = new Float64Array(256);

function growFound(): void {
  const ranks = new Int32Array(foundRanks.length * 2);
  const grades = new Float64Array(foundRanks.length * 2);
  ranks.set(foundRanks);
  grades.set(foundGrades);
  foundRanks = ranks;
  foundGrades = grades;
}

/**
 * The grades of a ranking in rank order plus the statistics of the judged
 * pool, computed once per query and shared by every metric.
 *
 * Grades follow trec_eval: a judged grade (0 or more) as is, {@linkcode NOT_POOLED}
 * for a document without a judgement, {@linkcode POOLED_UNJUDGED} for a
 * negative judgement.
 *
 * @example Score a ranking by hand
 * ```ts
 * import { JudgedRanking } from "./judged_ranking.ts";
 * const ranking = JudgedRanking.from("q1", ["d1", "d9", "d2"], new Map([["d1", 1], ["d2", 2], ["d3", 0]]));
 * console.log(Array.from(ranking.grades)); // [1, -1, 2]
 * console.log(ranking.numRel()); // 2
 * ```
 */
export class JudgedRanking {
  /** The query. */
  readonly queryId: QueryId;
  /** The grade of each ranked document, best rank first. */
  readonly grades: Float64Array;
  /** Every non-negative judged grade of the query, highest first. */
  readonly judgedGrades: Float64Array;
  /** The default relevance threshold of metrics without their own. */
  readonly relevanceLevel: number;
  /** The ranked document ids, when they are known. */
  readonly docs: readonly DocId[] | undefined;
  /** The query's judgements, when they are known. */
  readonly judgements: Judgements | undefined;
  // The count at the last level asked for: metrics ask for one or two
  // levels, and a map per ranking cost more than the counting.
  #numRelLevel = NaN;
  #numRelCount = 0;

  /**
   * Wraps precomputed grades; {@linkcode JudgedRanking.from} builds them from ids.
   *
   * @param queryId The query.
   * @param grades Grades in rank order.
   * @param judgedGrades Non-negative judged grades, highest first.
   * @param relevanceLevel The default relevance threshold.
   * @param docs The ranked ids, if known.
   * @param judgements The judgements, if known.
   */
  constructor(
    queryId: QueryId,
    grades: Float64Array,
    judgedGrades: Float64Array,
    relevanceLevel = 1,
    docs?: readonly DocId[],
    judgements?: Judgements,
  ) {
    this.queryId = queryId;
    this.grades = grades;
    this.judgedGrades = judgedGrades;
    this.relevanceLevel = relevanceLevel;
    this.docs = docs;
    this.judgements = judgements;
  }

  /**
   * Joins a ranked list with judgements.
   *
   * @param queryId The query.
   * @param docs Document ids in rank order.
   * @param judgements The query's judgements.
   * @param options Relevance level, judged-only and depth.
   * @returns The joined ranking.
   * @throws {RepeatedDocumentError} If a document appears twice within
   * `depth`, however deep the metrics read.
   * @throws {RangeError} If a grade is not a finite number.
   */
  static from(
    queryId: QueryId,
    docs: readonly DocId[],
    judgements: Judgements,
    options: JudgedRankingOptions = {},
  ): JudgedRanking {
    const {
      relevanceLevel = 1,
      judgedOnly = false,
      depth = Infinity,
      readDepth = Infinity,
      keepDocs = true,
    } = options;
    const checked = Math.min(docs.length, depth);
    const n = judgedOnly ? checked : Math.min(checked, readDepth);
    const stamp = nextStamp();
    // Few judgements are looked up by slot after the scan, rather than
    // every graded document in the judgements.
    const bySlot = judgements.size < n;
    let found = 0;
    // Every kept document is checked for a repeat, so whether a run is
    // refused never depends on how deep its metrics read.
    for (let i = 0; i < checked; i++) {
      const doc = docs[i];
      let slot = SLOTS.get(doc);
      if (slot === undefined) slot = newSlot(doc);
      else if (stampOf[slot] === stamp) {
        throw new RepeatedDocumentError(
          options.runName ?? "run",
          0,
          queryId,
          doc,
        );
      }
      stampOf[slot] = stamp;
      if (bySlot) {
        rankOf[slot] = i + 1;
        continue;
      }
      if (i >= n) continue;
      const grade = judgements.get(doc);
      if (grade === undefined) continue;
      if (found === foundRanks.length) growFound();
      foundRanks[found] = i + 1;
      foundGrades[found++] = grade;
    }
    if (bySlot) {
      for (const [doc, grade] of judgements) {
        const slot = SLOTS.get(doc);
        if (slot === undefined || stampOf[slot] !== stamp) continue;
        if (rankOf[slot] > n) continue;
        if (found === foundRanks.length) growFound();
        foundRanks[found] = rankOf[slot];
        foundGrades[found++] = grade;
      }
    }
    return joinJudgements(
      queryId,
      { numRet: n, ranks: foundRanks, grades: foundGrades, count: found },
      judgements,
      { relevanceLevel, judgedOnly, docs: keepDocs ? docs : undefined },
    );
  }

  /** The number of ranked documents. */
  get numRet(): number {
    return this.grades.length;
  }

  /**
   * The number of judged documents with a grade of at least `level`.
   *
   * @param level The threshold. Default: the ranking's relevance level.
   * @returns The count.
   */
  numRel(level: number = this.relevanceLevel): number {
    if (level === this.#numRelLevel) return this.#numRelCount;
    const grades = this.judgedGrades;
    let count = 0;
    while (count < grades.length && !(grades[count] < level)) count++;
    this.#numRelLevel = level;
    this.#numRelCount = count;
    return count;
  }

  /**
   * The number of judged documents graded below `level` (and not negative).
   *
   * @param level The threshold. Default: the ranking's relevance level.
   * @returns The count.
   */
  numNonRel(level: number = this.relevanceLevel): number {
    return this.judgedGrades.length - this.numRel(level);
  }
}

/**
 * Where a ranking's judged documents are: what every reader gives the
 * joiner, whether it ranked ids (the line reader, plain data, trec_eval's
 * full reader) or counted the ranks of judged documents only (the byte
 * scanner).
 */
export interface JudgedPositions {
  /** The number of documents ranked (after any depth cut). */
  readonly numRet: number;
  /** The 1-based ranks of the judged documents among them, in any order. */
  readonly ranks: ArrayLike<number>;
  /**
   * Their judged grades, aligned with `ranks`; a negative grade is in the
   * pool but not judged.
   */
  readonly grades: ArrayLike<number>;
  /**
   * How many of `ranks` and `grades` to read, so a joiner can lend the
   * arrays it reuses for every list. Default: all of `ranks`.
   */
  readonly count?: number;
}

/** Options of {@linkcode joinJudgements}. */
export interface JoinJudgementsOptions {
  /** A document is relevant when its grade is at least this. Default: 1. */
  relevanceLevel?: number;
  /** Drop unjudged documents from the ranking (trec_eval `-J`). Default: false. */
  judgedOnly?: boolean;
  /**
   * The query's non-negative judged grades, highest first, when already
   * known. Default: {@linkcode judgedGradesOf} the judgements.
   */
  judgedGrades?: Float64Array;
  /** The ranked ids, best first, to keep in the ranking. Default: none. */
  docs?: readonly DocId[];
  /**
   * A buffer to hold the grades when it is long enough, so consecutive
   * topics reuse one array (the ranking is then valid until the buffer is
   * used again). Default: a new array.
   */
  into?: Float64Array;
}

/**
 * Joins a ranking with its judgements: the one join every reader's
 * rankings go through. A judged grade stays as is, a document without a
 * judgement gets {@linkcode NOT_POOLED}, a negative judgement
 * {@linkcode POOLED_UNJUDGED}; judged-only keeps the judged documents in
 * rank order.
 *
 * @example
 * ```ts
 * import { joinJudgements } from "./judged_ranking.ts";
 * const judgements = new Map([["a", 2], ["b", -1]]);
 * const ranking = joinJudgements(
 *   "q1",
 *   { numRet: 3, ranks: [3, 1], grades: [2, -1] },
 *   judgements,
 * );
 * console.log(Array.from(ranking.grades)); // [-2, -1, 2]
 * ```
 *
 * @param queryId The query.
 * @param judged Where the judged documents rank, and their grades.
 * @param judgements The query's judgements, when they are a map.
 * @param options Relevance level, judged-only, ids and a buffer.
 * @returns The joined ranking.
 * @throws {RangeError} If a judged grade is not a finite number.
 */
export function joinJudgements(
  queryId: QueryId,
  judged: JudgedPositions,
  judgements: Judgements | undefined,
  options: JoinJudgementsOptions = {},
): JudgedRanking {
  const { numRet, ranks, grades, count = ranks.length } = judged;
  const { relevanceLevel = 1, judgedOnly = false, docs, into } = options;
  const judgedGrades = options.judgedGrades ??
    judgedGradesOf(judgements ?? new Map(), queryId);
  let out: Float64Array;
  let keptDocs: readonly DocId[] | undefined;
  if (judgedOnly) {
    const kept: number[] = [];
    for (let k = 0; k < count; k++) if (grades[k] >= 0) kept.push(k);
    kept.sort((a, b) => ranks[a] - ranks[b]);
    out = Float64Array.from(kept, (k) => grades[k]);
    keptDocs = docs && kept.map((k) => docs[ranks[k] - 1]);
  } else {
    // A buffer of the very length is the grades itself, not a view of it.
    out = (into && into.length >= numRet
      ? (into.length === numRet ? into : into.subarray(0, numRet))
      : doubles(numRet)).fill(NOT_POOLED);
    for (let k = 0; k < count; k++) {
      const grade = grades[k];
      out[ranks[k] - 1] = grade < 0 ? POOLED_UNJUDGED : grade;
    }
    keptDocs = docs && (numRet === docs.length ? docs : docs.slice(0, numRet));
  }
  return new JudgedRanking(
    queryId,
    out,
    judgedGrades,
    relevanceLevel,
    keptDocs,
    judgements,
  );
}

/**
 * The non-negative grades of judgements, highest first.
 *
 * @example
 * ```ts
 * import { judgedGradesOf } from "./judged_ranking.ts";
 * const judgements = new Map([["a", 1], ["b", -1], ["c", 2], ["d", 0]]);
 * console.log(Array.from(judgedGradesOf(judgements))); // [2, 1, 0]
 * ```
 *
 * @param judgements The judgements of one query.
 * @param queryId The query, named in the error.
 * @returns The sorted grades.
 * @throws {RangeError} If a grade is not a finite number (NaN passes every
 * grade test as neither relevant nor negative, and mis-scores).
 */
export function judgedGradesOf(
  judgements: Judgements,
  queryId?: QueryId,
): Float64Array {
  // One pass, sorted as it goes: a query holds a few judgements, for which
  // insertion beats a sort call; many are sorted at the end.
  const few = judgements.size <= 32;
  const all = doubles(judgements.size);
  let count = 0;
  for (const grade of judgements.values()) {
    if (!Number.isFinite(grade)) throw notFinite(judgements, grade, queryId);
    if (!(grade >= 0)) continue;
    let at = count++;
    if (few) {
      while (at > 0 && all[at - 1] < grade) {
        all[at] = all[at - 1];
        at--;
      }
    }
    all[at] = grade;
  }
  const grades = count === all.length ? all : all.subarray(0, count);
  return few ? grades : grades.sort().reverse();
}

function notFinite(
  judgements: Judgements,
  grade: number,
  queryId: QueryId | undefined,
): RangeError {
  const entry = [...judgements].find(([, g]) => Object.is(g, grade));
  const what = `rade of document "${entry?.[0]}" must be a finite number, got ${
    typeof grade === "string" ? JSON.stringify(grade) : grade
  }`;
  return new RangeError(
    queryId === undefined ? `G${what}` : `Query "${queryId}": g${what}`,
  );
}
