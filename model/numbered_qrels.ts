/**
 * Qrels whose documents are numbered, and runs of those numbers: the input
 * of a caller that already holds integer document ids (a vector index's
 * positions) or scores many runs against the same qrels.
 *
 * @module
 */

import { compareIds } from "./compare_ids.ts";
import { InputError, RepeatedDocumentError } from "./errors.ts";
import { quoted } from "./quote.ts";
import { joinJudgements, judgedGradesOf } from "./judged_ranking.ts";
import {
  type JudgedTopic,
  judgeRankedList,
  type JudgeRequest,
  type JudgingRun,
} from "./judged_run.ts";
import { type QrelsLike, qrelsOf } from "./plain_data.ts";
import type { DocId, Judgements, Qrels, QueryId, RankedList } from "./types.ts";

/** A ranked list of document numbers, best first. */
export interface NumberedList {
  /** The query the documents answer. */
  readonly queryId: QueryId;
  /** Document numbers of a {@linkcode NumberedQrels}, best first. */
  readonly docs: ArrayLike<number>;
  /** A key that groups queries for per-segment aggregates. */
  readonly segment?: string;
}

/** Options of {@linkcode NumberedQrels}. */
export interface NumberedQrelsOptions {
  /**
   * The collection's document ids in number order (a vector index's
   * positions): document `docs[i]` is number `i`, and judged documents
   * outside it get the numbers after. Default: judged documents numbered
   * as the qrels list them.
   */
  docs?: Iterable<DocId>;
}

/**
 * Qrels read once into numbers: each document id has a number, each
 * query's judgements are typed arrays of numbers and grades, and its sorted
 * judged grades are made here, once. A run of numbers
 * ({@linkcode NumberedQrels.run}) is then joined by reading typed arrays,
 * without hashing a document id, through the same join and the same checks
 * (a repeated document is an error) as ranked lists of ids, to the same
 * values.
 *
 * The qrels are copied when numbered, and {@linkcode NumberedQrels.qrels}
 * is that copy: evaluate against it to join by number. Qrels changed after
 * (the maps given, say) are other qrels, checked and joined by id as any
 * ranked list is, to their own values, only slower. Memory: the copy, the
 * ids and their map, each query's judgements as typed arrays and, once a
 * run is joined, two 32-bit integers per number (67 MiB for the 8.8
 * million passages of MS MARCO).
 *
 * @example Score a run of numbers
 * ```ts
 * import { NumberedQrels } from "./numbered_qrels.ts";
 * import { evaluate } from "../metrics/evaluate.ts";
 * const numbered = new NumberedQrels({ q1: { d1: 1, d2: 0 } });
 * const run = numbered.run([
 *   { queryId: "q1", docs: numbered.numbersOf(["d2", "d1", "d7"]) },
 * ]);
 * const result = await evaluate(run, numbered.qrels, ["rr"]);
 * console.log(result.aggregate.rr); // 0.5
 * ```
 *
 * @example Documents numbered by a vector index's positions
 * ```ts
 * import { NumberedQrels } from "./numbered_qrels.ts";
 * import { evaluate } from "../metrics/evaluate.ts";
 * const collection = ["d0", "d1", "d2", "d3"];
 * const numbered = new NumberedQrels({ q1: { d3: 2 } }, { docs: collection });
 * // What a nearest-neighbour search returns: positions in the collection.
 * const run = numbered.run([{ queryId: "q1", docs: [3, 0] }]);
 * console.log((await evaluate(run, numbered.qrels, ["P@1"])).aggregate["P@1"]); // 1
 * ```
 */
export class NumberedQrels {
  /**
   * The qrels as numbered, a copy of those given: a numbered run evaluated
   * against these is joined by number, without checking them again.
   */
  readonly qrels: Qrels;
  readonly #numbering: Numbering;

  /**
   * Numbers the judged documents of qrels.
   *
   * @param qrels The judgements, as maps or `{query: {doc: grade}}`.
   * @param options The collection's ids in number order.
   * @throws {InputError} If the qrels are malformed.
   * @throws {RangeError} If a grade is not a finite number, or `docs`
   * repeats an id.
   */
  constructor(qrels: QrelsLike, options: NumberedQrelsOptions = {}) {
    this.qrels = copyOf(qrelsOf(qrels));
    this.#numbering = new Numbering(this.qrels, options.docs ?? []);
  }

  /** How many documents have a number: numbers are 0 to this minus 1. */
  get size(): number {
    return this.#numbering.ids.length;
  }

  /**
   * The number of a document id, a new one for an id not seen before.
   *
   * @example
   * ```ts
   * import { NumberedQrels } from "./numbered_qrels.ts";
   * const numbered = new NumberedQrels({ q1: { d1: 1 } });
   * console.log(numbered.numberOf("d1"), numbered.numberOf("d9")); // 0 1
   * ```
   *
   * @param doc The id.
   * @returns Its number.
   */
  numberOf(doc: DocId): number {
    return this.#numbering.numberOf(doc);
  }

  /**
   * The numbers of document ids, new ones for ids not seen before.
   *
   * @example
   * ```ts
   * import { NumberedQrels } from "./numbered_qrels.ts";
   * const numbered = new NumberedQrels({ q1: { d1: 1 } });
   * console.log(Array.from(numbered.numbersOf(["d9", "d1"]))); // [1, 0]
   * ```
   *
   * @param docs The ids.
   * @returns Their numbers, in order.
   */
  numbersOf(docs: Iterable<DocId>): Int32Array {
    return Int32Array.from(docs, (doc) => this.#numbering.numberOf(doc));
  }

  /**
   * The id of a document number.
   *
   * @example
   * ```ts
   * import { NumberedQrels } from "./numbered_qrels.ts";
   * const numbered = new NumberedQrels({ q1: { d1: 1 } });
   * console.log(numbered.docOf(0), numbered.docOf(5)); // d1 undefined
   * ```
   *
   * @param number The number.
   * @returns The id, or undefined for a number without one.
   */
  docOf(number: number): DocId | undefined {
    return this.#numbering.ids[number];
  }

  /**
   * A run of ranked lists of numbers, for `evaluate` with
   * {@linkcode NumberedQrels.qrels}: joined by number, or as ranked lists
   * of ids (a mapped run, other qrels) to the same values.
   *
   * @example
   * ```ts
   * import { NumberedQrels } from "./numbered_qrels.ts";
   * import { evaluate } from "../metrics/evaluate.ts";
   * const numbered = new NumberedQrels({ q1: { d1: 1 } });
   * const run = numbered.run([{ queryId: "q1", docs: [0] }], "bm25");
   * console.log(run.name, (await evaluate(run, numbered.qrels, ["rr"])).aggregate.rr); // bm25 1
   * ```
   *
   * @param lists The ranked lists, one per query, iterated once per use.
   * @param name The run's name in errors. Default: `evaluate`'s `runName`,
   * or `run`.
   * @returns The run.
   */
  run(lists: Iterable<NumberedList>, name?: string): JudgingRun {
    return new NumberedRun(this.qrels, this.#numbering, lists, name);
  }
}

// The qrels' own maps: the caller's, changed after numbering, would be
// taken for the qrels checked and numbered, and scored by the numbers of
// judgements that are no longer theirs.
function copyOf(qrels: Qrels): Qrels {
  const copy = new Map<QueryId, Judgements>();
  for (const [queryId, judgements] of qrels) {
    copy.set(queryId, new Map(judgements));
  }
  return copy;
}

/** The numbers of a {@linkcode NumberedQrels} and the join by number. */
class Numbering {
  readonly ids: DocId[] = [];
  readonly #numberOf = new Map<DocId, number>();
  // Query to its index in the arrays below.
  readonly #queryIndex = new Map<QueryId, number>();
  readonly #queryIds: QueryId[] = [];
  readonly #judgements: Judgements[] = [];
  readonly #judgedGrades: Float64Array[] = [];
  // Query q's judged numbers and grades are [starts[q], starts[q + 1]).
  readonly #starts: Int32Array;
  readonly #numbers: Int32Array;
  readonly #grades: Float64Array;
  readonly #widest: number;
  readonly #idOrder: Int32Array;
  #join: NumberedJoin | undefined;

  constructor(qrels: Qrels, docs: Iterable<DocId>) {
    for (const doc of docs) {
      if (this.#numberOf.has(doc)) {
        throw new RangeError(
          `Document ids must not repeat, got ${quoted(doc)} twice`,
        );
      }
      this.numberOf(doc);
    }
    let judged = 0;
    for (const judgements of qrels.values()) judged += judgements.size;
    this.#starts = new Int32Array(qrels.size + 1);
    this.#numbers = new Int32Array(judged);
    this.#grades = new Float64Array(judged);
    let at = 0, q = 0, widest = 0;
    for (const [queryId, judgements] of qrels) {
      if (judgements.size > widest) widest = judgements.size;
      this.#queryIndex.set(queryId, q);
      this.#queryIds.push(queryId);
      this.#judgements.push(judgements);
      this.#judgedGrades.push(judgedGradesOf(judgements, queryId));
      for (const [doc, grade] of judgements) {
        this.#numbers[at] = this.numberOf(doc);
        this.#grades[at++] = grade;
      }
      this.#starts[++q] = at;
    }
    this.#widest = widest;
    // Each query's place in id order, found once for every evaluation.
    const byId = Array.from(this.#queryIds, (_, q) => q)
      .sort((a, b) => compareIds(this.#queryIds[a], this.#queryIds[b]));
    this.#idOrder = new Int32Array(byId.length);
    byId.forEach((q, place) => this.#idOrder[q] = place);
  }

  // The arrays a run's join reuses, shared by every run of the numbers: a
  // list is joined at once, never interleaved with another.
  get join(): NumberedJoin {
    return this.#join ??= new NumberedJoin(this.#widest);
  }

  // A query's index: a run that lists its queries in the qrels' order (as
  // most do) finds each where the last one ended, comparing two ids
  // instead of looking one up among many.
  #indexOf(queryId: QueryId, join: NumberedJoin): number | undefined {
    const ids = this.#queryIds;
    for (
      let q = join.nextQuery;
      q < join.nextQuery + 2 && q < ids.length;
      q++
    ) {
      if (ids[q] !== queryId) continue;
      join.nextQuery = q + 1;
      return q;
    }
    const q = this.#queryIndex.get(queryId);
    if (q !== undefined) join.nextQuery = q + 1;
    return q;
  }

  numberOf(doc: DocId): number {
    let number = this.#numberOf.get(doc);
    if (number === undefined) {
      number = this.ids.length;
      this.#numberOf.set(doc, number);
      this.ids.push(doc);
    }
    return number;
  }

  // One list joined by number: typed arrays read, no id hashed.
  judgeList(
    list: NumberedList,
    request: JudgeRequest,
    join: NumberedJoin,
    runName: string,
  ): JudgedTopic {
    const { queryId, docs, segment } = list;
    const q = this.#indexOf(queryId, join);
    if (q === undefined) {
      // Not judged: still refused for a number without an id.
      for (let i = 0; i < docs.length; i++) this.#idOf(docs[i], list, runName);
      return { queryId, ranking: undefined, segment };
    }
    join.fit(this.ids.length);
    const stamp = join.next();
    const { seenBy, judgedAt } = join;
    const start = this.#starts[q], end = this.#starts[q + 1];
    for (let j = start; j < end; j++) judgedAt[this.#numbers[j]] = j + 1;
    const { judgedOnly, depth, readDepth = depth } = request;
    const checked = Math.min(docs.length, depth);
    const n = judgedOnly ? checked : Math.min(checked, readDepth);
    const size = this.ids.length, judgedGrades = this.#grades;
    const ranks = join.ranks, grades = join.grades;
    let found = 0;
    try {
      // The documents read, then the rest checked for a repeat only.
      for (let i = 0; i < n; i++) {
        const doc = docs[i];
        if (!(doc >>> 0 === doc && doc < size)) this.#idOf(doc, list, runName);
        if (seenBy[doc] === stamp) throw this.#repeated(doc, list, runName);
        seenBy[doc] = stamp;
        const at = judgedAt[doc];
        if (at !== 0) {
          ranks[found] = i + 1;
          grades[found++] = judgedGrades[at - 1];
        }
      }
      for (let i = n; i < checked; i++) {
        const doc = docs[i];
        if (!(doc >>> 0 === doc && doc < size)) this.#idOf(doc, list, runName);
        if (seenBy[doc] === stamp) throw this.#repeated(doc, list, runName);
        seenBy[doc] = stamp;
      }
    } finally {
      for (let j = start; j < end; j++) judgedAt[this.#numbers[j]] = 0;
    }
    const ranking = joinJudgements(
      queryId,
      { numRet: n, ranks, grades, count: found },
      this.#judgements[q],
      {
        relevanceLevel: request.relevanceLevel,
        judgedOnly,
        // Grades of its own (a slab's view when short), as on the id
        // path: a caller may keep the rankings.
        judgedGrades: this.#judgedGrades[q],
        docs: request.readsDocs ? this.#idsOf(docs, n) : undefined,
      },
    );
    return { queryId, ranking, segment, idOrder: this.#idOrder[q] };
  }

  // The ids of the first `length` numbers of a list, each checked.
  idsOf(list: NumberedList, length: number, runName: string): DocId[] {
    const ids = new Array<DocId>(length);
    for (let i = 0; i < length; i++) {
      ids[i] = this.#idOf(list.docs[i], list, runName);
    }
    return ids;
  }

  #idsOf(docs: ArrayLike<number>, length: number): DocId[] {
    const ids = new Array<DocId>(length);
    for (let i = 0; i < length; i++) ids[i] = this.ids[docs[i]];
    return ids;
  }

  #repeated(
    doc: number,
    list: NumberedList,
    runName: string,
  ): RepeatedDocumentError {
    return new RepeatedDocumentError(
      runName,
      0,
      list.queryId,
      this.ids[doc],
    );
  }

  #idOf(doc: number, list: NumberedList, runName: string): DocId {
    const id = doc >>> 0 === doc ? this.ids[doc] : undefined;
    if (id === undefined) {
      throw new InputError(
        runName,
        0,
        `query ${
          quoted(list.queryId)
        }: document number ${doc} has no id in the numbered qrels (0 to ${
          this.ids.length - 1
        })`,
      );
    }
    return id;
  }
}

/**
 * What the join by number reuses from list to list, shared by every run of
 * the same numbers (a list is joined at once, never interleaved): for each
 * number, the stamp of the list that last ranked it, and 1 + the index of
 * its judgement while its query's list is joined (0 otherwise); two 32-bit
 * integers per number.
 */
class NumberedJoin {
  seenBy = new Int32Array(0);
  judgedAt = new Int32Array(0);
  // Where a list's judged documents rank, and their grades.
  readonly ranks: Int32Array;
  readonly grades: Float64Array;
  // Where the next list's query is likely to be among the qrels'.
  nextQuery = 0;
  #stamp = 0;

  constructor(widest: number) {
    this.ranks = new Int32Array(widest);
    this.grades = new Float64Array(widest);
  }

  fit(size: number): void {
    if (this.seenBy.length >= size) return;
    const grown = Math.max(size, this.seenBy.length * 2);
    const seenBy = new Int32Array(grown), judgedAt = new Int32Array(grown);
    seenBy.set(this.seenBy);
    judgedAt.set(this.judgedAt);
    this.seenBy = seenBy;
    this.judgedAt = judgedAt;
  }

  next(): number {
    if (this.#stamp === 0x7fffffff) {
      this.seenBy.fill(0);
      this.#stamp = 0;
    }
    return ++this.#stamp;
  }
}

/** The run {@linkcode NumberedQrels.run} returns. */
class NumberedRun implements JudgingRun {
  readonly name: string | undefined;
  readonly tag: undefined = undefined;
  readonly checkedQrels: Qrels;
  readonly #qrels: Qrels;
  readonly #numbering: Numbering;
  readonly #lists: Iterable<NumberedList>;

  constructor(
    qrels: Qrels,
    numbering: Numbering,
    lists: Iterable<NumberedList>,
    name: string | undefined,
  ) {
    this.#qrels = this.checkedQrels = qrels;
    this.#numbering = numbering;
    this.#lists = lists;
    this.name = name;
  }

  *#topics(request: JudgeRequest): Generator<JudgedTopic> {
    const name = this.name ?? request.runName ?? "run";
    if (request.qrels !== this.#qrels) {
      // Other qrels: joined by id, as any ranked list.
      for (const ranked of this.#ranked(name)) {
        const judgements = request.qrels.get(ranked.queryId);
        yield {
          queryId: ranked.queryId,
          segment: ranked.segment,
          ranking: judgements &&
            judgeRankedList(ranked, judgements, request, name),
        };
      }
      return;
    }
    const join = this.#numbering.join;
    join.nextQuery = 0;
    for (const list of this.#lists) {
      request.signal?.throwIfAborted();
      yield this.#numbering.judgeList(list, request, join, name);
    }
  }

  judgeSync(request: JudgeRequest): Iterable<JudgedTopic> {
    return this.#topics(request);
  }

  async *judge(request: JudgeRequest): AsyncGenerator<JudgedTopic> {
    yield* this.#topics(request);
  }

  // One batch, made as it is read: one trip through the async iterators
  // for the whole run.
  async *judgeBatches(
    request: JudgeRequest,
  ): AsyncGenerator<Iterable<JudgedTopic>> {
    yield this.#topics(request);
  }

  *#ranked(name = this.name ?? "run"): Generator<RankedList> {
    for (const list of this.#lists) {
      const docs = this.#numbering.idsOf(list, list.docs.length, name);
      yield list.segment === undefined
        ? { queryId: list.queryId, docs }
        : { queryId: list.queryId, docs, segment: list.segment };
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<RankedList> {
    yield* this.#ranked();
  }
}
