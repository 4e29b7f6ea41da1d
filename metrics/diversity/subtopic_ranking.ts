/**
 * A ranked list joined with its query's subtopic judgements: what the
 * diversity measures of TREC's ndeval read.
 *
 * @module
 */

import type { SubtopicJudgements, SubtopicQrels } from "../../model/types.ts";
import type { DocId, QueryId } from "../../model/types.ts";

/** The relevance of each document, as subtopic indexes, at one level. */
export interface SubtopicRelevance {
  /** How many subtopics have a relevant document (ndeval's actual subtopics). */
  readonly subtopics: number;
  /** The subtopics each ranked document is relevant to, in rank order. */
  readonly ranked: readonly (readonly number[])[];
  /** The subtopics each judged document is relevant to, judged docs in id order. */
  readonly judged: readonly { doc: DocId; subtopics: readonly number[] }[];
  /** The number of documents relevant to each subtopic. */
  readonly perSubtopic: readonly number[];
}

/**
 * A ranking with the subtopic judgements of its query. Relevance at a level
 * and ideal rankings are computed once per level and shared by every
 * measure.
 *
 * @example
 * ```ts
 * import { SubtopicRanking } from "./subtopic_ranking.ts";
 * const judgements = new Map([["a", new Map([["1", 1], ["2", 1]])], ["b", new Map([["2", 1]])]]);
 * const ranking = new SubtopicRanking("q", ["b", "x", "a"], judgements);
 * console.log(ranking.relevance(1).ranked); // [[1], [], [0, 1]]
 * ```
 */
export class SubtopicRanking {
  /** The query. */
  readonly queryId: QueryId;
  /** The ranked documents, best first. */
  readonly docs: readonly DocId[];
  /** Document to subtopic to grade, for the query. */
  readonly judgements: ReadonlyMap<DocId, SubtopicJudgements>;
  #relevance = new Map<number, SubtopicRelevance>();
  #ideal = new Map<string, readonly (readonly number[])[]>();

  /**
   * Joins a ranking with its judgements.
   *
   * @param queryId The query.
   * @param docs The ranked documents, best first.
   * @param judgements The query's judgements.
   */
  constructor(
    queryId: QueryId,
    docs: readonly DocId[],
    judgements: ReadonlyMap<DocId, SubtopicJudgements>,
  ) {
    this.queryId = queryId;
    this.docs = docs;
    this.judgements = judgements;
  }

  /**
   * Joins a ranking with the judgements of its query in subtopic qrels.
   *
   * @param queryId The query.
   * @param docs The ranked documents.
   * @param qrels The subtopic qrels.
   * @returns The ranking, or undefined when the query has no judgements.
   */
  static from(
    queryId: QueryId,
    docs: readonly DocId[],
    qrels: SubtopicQrels,
  ): SubtopicRanking | undefined {
    const judgements = qrels.get(queryId);
    return judgements && new SubtopicRanking(queryId, docs, judgements);
  }

  /** The ranking without documents the qrels do not judge. */
  judgedOnly(): SubtopicRanking {
    const docs = this.docs.filter((d) => this.judgements.has(d));
    return docs.length === this.docs.length
      ? this
      : new SubtopicRanking(this.queryId, docs, this.judgements);
  }

  /**
   * Which subtopics each document is relevant to, a grade of at least
   * `level` (ndeval's binary judgement at level 1).
   *
   * @param level The relevance level.
   * @returns The relevance.
   */
  relevance(level: number): SubtopicRelevance {
    let found = this.#relevance.get(level);
    if (found) return found;
    // Subtopics in ndeval's order: by number when they are numbers.
    const names = new Set<string>();
    for (const subtopics of this.judgements.values()) {
      for (const [name, grade] of subtopics) {
        if (grade >= level) names.add(name);
      }
    }
    const order = [...names].sort((a, b) => {
      const x = Number(a), y = Number(b);
      return Number.isFinite(x) && Number.isFinite(y) && x !== y
        ? x - y
        : a < b
        ? -1
        : a > b
        ? 1
        : 0;
    });
    const index = new Map(order.map((name, i) => [name, i]));
    const relevantTo = (doc: DocId): number[] => {
      const subtopics = this.judgements.get(doc);
      if (!subtopics) return [];
      const found: number[] = [];
      for (const [name, grade] of subtopics) {
        if (grade >= level) found.push(index.get(name)!);
      }
      return found.sort((a, b) => a - b);
    };
    const perSubtopic = new Array<number>(order.length).fill(0);
    const judged = [...this.judgements.keys()]
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((doc) => ({ doc, subtopics: relevantTo(doc) }));
    for (const { subtopics } of judged) {
      for (const s of subtopics) perSubtopic[s]++;
    }
    found = {
      subtopics: order.length,
      ranked: this.docs.map(relevantTo),
      judged,
      perSubtopic,
    };
    this.#relevance.set(level, found);
    return found;
  }

  /**
   * ndeval's ideal ranking of the judged documents: greedily the document of
   * most novel gain, each subtopic's gain falling by a factor 1 - alpha per
   * document already placed, ties to the greater document id; every judged
   * document is placed.
   *
   * @param level The relevance level.
   * @param alpha The redundancy intolerance.
   * @returns The subtopics of each document of the ideal ranking.
   */
  ideal(level: number, alpha: number): readonly (readonly number[])[] {
    const key = `${level}/${alpha}`;
    const cached = this.#ideal.get(key);
    if (cached) return cached;
    const { subtopics, judged } = this.relevance(level);
    const gain = new Array<number>(subtopics).fill(1);
    const placed = new Array<boolean>(judged.length).fill(false);
    const order: (readonly number[])[] = [];
    for (let rank = 0; rank < judged.length; rank++) {
      let where = -1, best = 0;
      for (let i = 0; i < judged.length; i++) {
        if (placed[i]) continue;
        let score = 0;
        for (const s of judged[i].subtopics) score += gain[s];
        // Judged is in id order, so ">=" keeps the greater id on a tie.
        if (where === -1 || score >= best) {
          best = score;
          where = i;
        }
      }
      placed[where] = true;
      order.push(judged[where].subtopics);
      for (const s of judged[where].subtopics) gain[s] *= 1 - alpha;
      // The rest gains nothing, whatever its order.
      if (best === 0) {
        for (let i = 0; i < judged.length; i++) {
          if (!placed[i]) order.push(judged[i].subtopics);
        }
        break;
      }
    }
    this.#ideal.set(key, order);
    return order;
  }
}
