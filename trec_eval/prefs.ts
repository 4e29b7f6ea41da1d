/**
 * trec_eval's preference evaluation (`-R prefs`, `-R qrels_prefs`): the
 * preferences of each judgement group, counted as fulfilled or not by a
 * ranking, and the measures built on those counts.
 *
 * @module
 */

import { compareIds } from "../model/compare_ids.ts";
import type { PrefsRecord } from "./prefs_file.ts";
import type { TrecEvalRunTopic } from "./run_file.ts";
import { glibcSort } from "./c_sort.ts";
import { rankTopic, TopicError } from "./topic.ts";

/**
 * One equivalence class of a judgement group with a single sub-group:
 * documents with the same level, as internal ranks (increasing).
 */
export interface LevelClass {
  /** The level. */
  readonly rel: number;
  /** The internal ranks of its documents, increasing. */
  readonly ranks: number[];
}

/** The preference counts of one judgement group. */
export interface GroupCounts {
  /** Preferences fulfilled with both documents retrieved. */
  fulfilledRet: number;
  /** Preferences with both documents retrieved. */
  possibleRet: number;
  /** Preferences fulfilled with only the preferred document retrieved. */
  fulfilledImp: number;
  /** Preferences with exactly one document retrieved. */
  possibleImp: number;
  /** Preferences with neither document retrieved. */
  possibleNotOccur: number;
  /** Judged documents with level above 0. */
  numRel: number;
  /** Of those, retrieved. */
  numRelRet: number;
  /** Judged documents with level 0 or less. */
  numNonrel: number;
  /** Of those, retrieved. */
  numNonrelRet: number;
  /** Level classes (groups with one sub-group), highest level first. */
  readonly classes?: LevelClass[];
  /** Preference matrix (groups with several sub-groups): `[i * n + j]` is 1 when i is preferred to j. */
  readonly matrix?: Uint8Array;
  /** The level of each internal rank in this group (-1 when not judged). */
  readonly levels?: Float64Array;
}

/**
 * The preferences of a topic against a ranking. Documents have internal
 * ranks: retrieved judged documents first in rank order (0 to
 * `numJudgedRet` − 1), then the others in id order.
 */
export interface PrefsCounts {
  /** One entry per judgement group, in id order. */
  readonly groups: GroupCounts[];
  /** Distinct judged documents. */
  readonly numJudged: number;
  /** Of those, retrieved. */
  readonly numJudgedRet: number;
  /**
   * `[i * numJudged + j]`: how many groups prefer i to j. Made when first
   * read (only `prefs_pair` does): n² for n judged documents, which the
   * other measures never hold.
   */
  readonly counts: Uint16Array;
}

interface PrefEntry {
  readonly jg: string;
  readonly jsg: string;
  readonly rel: number;
  readonly docno: string;
  rank: number;
}

/** Options of {@linkcode countPreferences}. */
export interface CountPreferencesOptions {
  /** Keep at most this many retrieved documents (`-M`). Default: all. */
  maxDocs?: number;
}

/**
 * Counts a topic's preferences against its ranking, as trec_eval's
 * `form_prefs_counts`: a group with one sub-group is a list of level
 * classes; a group with several is a preference matrix closed under
 * transitivity.
 *
 * @example
 * ```ts
 * import { countPreferences } from "./prefs.ts";
 * const counts = countPreferences(
 *   [{ jg: "u", jsg: "s", docno: "a", rel: 2 }, { jg: "u", jsg: "s", docno: "b", rel: 1 }],
 *   { docnos: ["a", "b"], scores: [1, 2] },
 * );
 * console.log(counts.groups[0].possibleRet, counts.groups[0].fulfilledRet); // 1 0
 * ```
 *
 * @param records The topic's preference lines.
 * @param topic The run's lines for the topic.
 * @param options Depth.
 * @returns The counts.
 * @throws {TopicError} On a repeated retrieved document or inconsistent preferences.
 */
export function countPreferences(
  records: readonly PrefsRecord[],
  topic: TrecEvalRunTopic,
  options: CountPreferencesOptions = {},
): PrefsCounts {
  const ranked = rankTopic(topic, {
    maxDocs: options.maxDocs,
    ascendingTies: true,
    duplicateMessage: "trec_eval.form_prefs_counts: duplicate docs",
  });
  const entries: PrefEntry[] = records.map((r) => ({ ...r, rank: -1 }));
  entries.sort((a, b) => compareIds(a.docno, b.docno));
  const judged = new Set(entries.map((e) => e.docno));
  const internal = new Map<string, number>();
  for (const docno of ranked) {
    if (judged.has(docno)) internal.set(docno, internal.size);
  }
  const numJudgedRet = internal.size;
  for (const e of entries) {
    if (!internal.has(e.docno)) internal.set(e.docno, internal.size);
    e.rank = internal.get(e.docno)!;
  }
  const numJudged = internal.size;
  glibcSort(entries, (a, b) => {
    const jg = compareIds(a.jg, b.jg);
    if (jg) return jg;
    const jsg = compareIds(a.jsg, b.jsg);
    if (jsg) return jsg;
    if (a.rel > b.rel) return -1;
    if (a.rel < b.rel) return 1;
    return a.rank - b.rank;
  });
  const groups: GroupCounts[] = [];
  let start = 0;
  for (let i = 1; i <= entries.length; i++) {
    if (i < entries.length && entries[i].jg === entries[start].jg) continue;
    const group = entries.slice(start, i);
    let subgroups = 1;
    for (let j = 1; j < group.length; j++) {
      if (group[j].jsg !== group[j - 1].jsg) subgroups++;
    }
    groups.push(
      subgroups > 1
        ? matrixGroup(group, numJudged, numJudgedRet)
        : classGroup(group, numJudged, numJudgedRet),
    );
    start = i;
  }
  let counts: Uint16Array | undefined;
  return {
    groups,
    numJudged,
    numJudgedRet,
    get counts() {
      return counts ??= pairCounts(groups, numJudged);
    },
  };
}

/** How many groups prefer each document to each other one. */
function pairCounts(groups: readonly GroupCounts[], n: number): Uint16Array {
  const counts = new Uint16Array(n * n);
  for (const g of groups) {
    if (g.classes) {
      const classes = g.classes;
      for (let c1 = 0; c1 < classes.length; c1++) {
        for (let c2 = c1 + 1; c2 < classes.length; c2++) {
          for (const r1 of classes[c1].ranks) {
            for (const r2 of classes[c2].ranks) counts[r1 * n + r2]++;
          }
        }
      }
    } else {
      const a = g.matrix!;
      for (let i = 0; i < a.length; i++) if (a[i]) counts[i]++;
    }
  }
  return counts;
}

function emptyCounts(): GroupCounts {
  return {
    fulfilledRet: 0,
    possibleRet: 0,
    fulfilledImp: 0,
    possibleImp: 0,
    possibleNotOccur: 0,
    numRel: 0,
    numRelRet: 0,
    numNonrel: 0,
    numNonrelRet: 0,
  };
}

function classGroup(
  group: PrefEntry[],
  n: number,
  numJudgedRet: number,
): GroupCounts {
  const classes: LevelClass[] = [];
  let current: LevelClass = { rel: group[0].rel, ranks: [] };
  classes.push(current);
  for (const e of group) {
    if (e.rel !== current.rel) {
      classes.push(current = { rel: e.rel, ranks: [] });
    }
    current.ranks.push(e.rank);
  }
  checkOneLevel(classes);
  const g: GroupCounts = { ...emptyCounts(), classes };
  const R = numJudgedRet;
  // Every pair of a document and one of a lower class is a preference;
  // counted from the ranks of the lower classes held in a Fenwick tree, in
  // n log n time and linear memory where trec_eval visits each pair.
  const tree = new Int32Array(n + 1);
  let held = 0;
  const below = (r: number) => {
    let sum = 0;
    for (let i = r; i > 0; i -= i & -i) sum += tree[i];
    return sum;
  };
  for (let c1 = classes.length - 1; c1 >= 0; c1--) {
    const ranks1 = classes[c1].ranks;
    const belowR = below(R);
    for (const r1 of ranks1) {
      const less = below(r1);
      const greater = held - less;
      if (r1 < R) {
        g.fulfilledRet += belowR - less;
        g.fulfilledImp += held - belowR;
        g.possibleRet += less;
      } else {
        g.possibleNotOccur += greater + less - belowR;
        g.possibleImp += belowR;
      }
    }
    let retrieved = 0;
    while (retrieved < ranks1.length && ranks1[retrieved] < R) retrieved++;
    if (classes[c1].rel > 0) {
      g.numRelRet += retrieved;
      g.numRel += ranks1.length;
    } else {
      g.numNonrelRet += retrieved;
      g.numNonrel += ranks1.length;
    }
    for (const r of ranks1) {
      for (let i = r + 1; i <= n; i += i & -i) tree[i]++;
      held++;
    }
  }
  g.possibleRet += g.fulfilledRet;
  g.possibleImp += g.fulfilledImp;
  return g;
}

/**
 * Refuses a document in two level classes, with the message trec_eval
 * gives at the first such pair it visits (classes in order, then the
 * document's place in the first class).
 */
function checkOneLevel(classes: readonly LevelClass[]): void {
  const first = new Map<number, [number, number, number]>();
  for (let c = 0; c < classes.length; c++) {
    classes[c].ranks.forEach((r, at) => {
      const seen = first.get(r);
      if (!seen) first.set(r, [c, at, -1]);
      else if (seen[2] === -1 && seen[0] !== c) seen[2] = c;
    });
  }
  let worst: [number, number, number, number] | undefined;
  for (const [r, [c1, at, c2]] of first) {
    if (c2 === -1) continue;
    if (
      !worst || c1 < worst[0] || (c1 === worst[0] && c2 < worst[1]) ||
      (c1 === worst[0] && c2 === worst[1] && at < worst[2])
    ) worst = [c1, c2, at, r];
  }
  if (worst) {
    throw new TopicError(
      `trec_eval.form_prefs_counts: Internal docid ${
        worst[3]
      } occurs with different rel_level in same jsg\n`,
    );
  }
}

function matrixGroup(
  group: PrefEntry[],
  n: number,
  numJudgedRet: number,
): GroupCounts {
  const a = new Uint8Array(n * n);
  const levels = new Float64Array(n).fill(-1);
  for (let i = 0; i < group.length; i++) {
    const e = group[i];
    const seen = levels[e.rank];
    if ((seen > 0 && e.rel === 0) || (seen === 0 && e.rel > 0)) {
      throw new TopicError(
        `trec_eval.form_prefs_counts: doc '${e.docno}' has both 0 and non-0 rel_level assigned\n`,
      );
    }
    levels[e.rank] = e.rel;
    let j = i + 1;
    while (
      j < group.length && group[j].jsg === e.jsg && group[j].rel === e.rel
    ) j++;
    for (; j < group.length && group[j].jsg === e.jsg; j++) {
      a[e.rank * n + group[j].rank] = 1;
    }
  }
  close(a, n);
  const g: GroupCounts = { ...emptyCounts(), matrix: a, levels };
  for (let i = 0; i < n; i++) {
    if (levels[i] > 0) {
      g.numRel++;
      if (i < numJudgedRet) g.numRelRet++;
    } else if (levels[i] === 0) {
      g.numNonrel++;
      if (i < numJudgedRet) g.numNonrelRet++;
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (!a[i * n + j]) continue;
      if (i < numJudgedRet) {
        if (j < i) g.possibleRet++;
        else if (j < numJudgedRet) g.fulfilledRet++;
        else g.fulfilledImp++;
      } else if (j < numJudgedRet) g.possibleImp++;
      else g.possibleNotOccur++;
    }
  }
  g.possibleRet += g.fulfilledRet;
  g.possibleImp += g.fulfilledImp;
  return g;
}

/** Closes a preference matrix under transitivity; aborts on a conflict, as trec_eval. */
function close(a: Uint8Array, n: number): void {
  for (let i = 0; i < n; i++) a[i * n + i] = 1;
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      if (!a[i * n + k]) continue;
      for (let j = 0; j < n; j++) if (a[k * n + j]) a[i * n + j] = 1;
    }
  }
  for (let i = 0; i < n; i++) a[i * n + i] = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i !== j && a[i * n + j] && a[j * n + i]) {
        throw new TopicError(
          `trec_eval.form_prefs_counts: Pref inconsistency found\n      internal rank ${i} and internal rank ${j} are conflicted\n`,
          134,
        );
      }
    }
  }
}

const sumOf = (
  counts: PrefsCounts,
  pick: (g: GroupCounts) => number,
): number => counts.groups.reduce((sum, g) => sum + pick(g), 0);

/**
 * Preferences that could be fulfilled, whether or not their documents were
 * retrieved (`prefs_num_prefs_poss`).
 *
 * @example
 * ```ts
 * import { countPreferences, possiblePreferences } from "./prefs.ts";
 * const c = countPreferences([{ jg: "u", jsg: "s", docno: "a", rel: 1 }, { jg: "u", jsg: "s", docno: "b", rel: 0 }], { docnos: ["x"], scores: [1] });
 * console.log(possiblePreferences(c)); // 1
 * ```
 *
 * @param c The counts.
 * @returns The number.
 */
export function possiblePreferences(c: PrefsCounts): number {
  return sumOf(c, (g) => g.possibleRet + g.possibleImp + g.possibleNotOccur);
}

/**
 * Preferences fulfilled, implied ones included (`prefs_num_prefs_ful`).
 *
 * @example
 * ```ts
 * import { countPreferences, fulfilledPreferences } from "./prefs.ts";
 * const counts = countPreferences(
 *   [{ jg: "u", jsg: "s", docno: "a", rel: 1 }, { jg: "u", jsg: "s", docno: "b", rel: 0 }],
 *   { docnos: ["a", "b"], scores: [2, 1] },
 * );
 * console.log(fulfilledPreferences(counts)); // 1
 * ```
 *
 * @param c The counts.
 * @returns The number.
 */
export function fulfilledPreferences(c: PrefsCounts): number {
  return sumOf(c, (g) => g.fulfilledRet + g.fulfilledImp);
}

/**
 * Preferences fulfilled with both documents retrieved (`prefs_num_prefs_ful_ret`).
 *
 * @example
 * ```ts
 * import { countPreferences, fulfilledRetrievedPreferences } from "./prefs.ts";
 * const counts = countPreferences(
 *   [{ jg: "u", jsg: "s", docno: "a", rel: 1 }, { jg: "u", jsg: "s", docno: "b", rel: 0 }],
 *   { docnos: ["a", "b"], scores: [2, 1] },
 * );
 * console.log(fulfilledRetrievedPreferences(counts)); // 1
 * ```
 *
 * @param c The counts.
 * @returns The number.
 */
export function fulfilledRetrievedPreferences(c: PrefsCounts): number {
  return sumOf(c, (g) => g.fulfilledRet);
}

/** Which preferences a ratio counts: retrieved, implied or all. */
export type PrefsScope = "all" | "ret" | "imp";

function ratioParts(g: GroupCounts, scope: PrefsScope): [number, number] {
  if (scope === "ret") return [g.fulfilledRet, g.possibleRet];
  const ful = g.fulfilledRet + g.fulfilledImp;
  const poss = g.possibleRet + g.possibleImp;
  return [ful, scope === "imp" ? poss : poss + g.possibleNotOccur];
}

/**
 * Fulfilled over possible preferences, all groups pooled (`prefs_simp`,
 * `prefs_simp_ret`, `prefs_simp_imp`).
 *
 * @example
 * ```ts
 * import { countPreferences, simpleRatio } from "./prefs.ts";
 * const counts = countPreferences(
 *   [{ jg: "u", jsg: "s", docno: "a", rel: 1 }, { jg: "u", jsg: "s", docno: "b", rel: 0 }],
 *   { docnos: ["a", "b"], scores: [2, 1] },
 * );
 * console.log(simpleRatio(counts, "all")); // 1
 * ```
 *
 * @param c The counts.
 * @param scope Which preferences count.
 * @returns The ratio, 0 without preferences.
 */
export function simpleRatio(c: PrefsCounts, scope: PrefsScope): number {
  let ful = 0, poss = 0;
  for (const g of c.groups) {
    const [f, p] = ratioParts(g, scope);
    ful += f;
    poss += p;
  }
  return poss ? ful / poss : 0;
}

/**
 * Fulfilled over possible preferences per group, averaged over groups
 * (`prefs_avgjg`, `prefs_avgjg_ret`, `prefs_avgjg_imp`).
 *
 * @example
 * ```ts
 * import { countPreferences, groupAverageRatio } from "./prefs.ts";
 * const counts = countPreferences(
 *   [{ jg: "u", jsg: "s", docno: "a", rel: 1 }, { jg: "u", jsg: "s", docno: "b", rel: 0 }],
 *   { docnos: ["a", "b"], scores: [2, 1] },
 * );
 * console.log(groupAverageRatio(counts, "ret")); // 1
 * ```
 *
 * @param c The counts.
 * @param scope Which preferences count.
 * @returns The average.
 */
export function groupAverageRatio(c: PrefsCounts, scope: PrefsScope): number {
  let sum = 0;
  for (const g of c.groups) {
    const [ful, poss] = ratioParts(g, scope);
    if (poss) sum += ful / poss;
  }
  return sum > 0 ? sum / c.groups.length : 0;
}

/**
 * The mean over document pairs with any preference of the share of groups
 * whose preference the ranking fulfils (`prefs_pair`, `prefs_pair_ret`,
 * `prefs_pair_imp`). Pairs of two unretrieved documents count as failures
 * in `all`.
 *
 * @example
 * ```ts
 * import { countPreferences, pairRatio } from "./prefs.ts";
 * const counts = countPreferences(
 *   [{ jg: "u", jsg: "s", docno: "a", rel: 1 }, { jg: "u", jsg: "s", docno: "b", rel: 0 }],
 *   { docnos: ["a", "b"], scores: [2, 1] },
 * );
 * console.log(pairRatio(counts, "all")); // 1
 * ```
 *
 * @param c The counts.
 * @param scope Which pairs count.
 * @returns The average.
 */
export function pairRatio(c: PrefsCounts, scope: PrefsScope): number {
  const n = c.numJudged, ret = c.numJudgedRet, counts = c.counts;
  let sum = 0, pairs = 0;
  const visit = (i: number, j: number, score: boolean) => {
    const ij = counts[i * n + j], ji = counts[j * n + i];
    if (ij || ji) {
      pairs++;
      if (score) sum += ij / (ij + ji);
    }
  };
  for (let i = 0; i < ret; i++) {
    for (let j = i + 1; j < ret; j++) visit(i, j, true);
  }
  if (scope !== "ret") {
    for (let i = 0; i < ret; i++) {
      for (let j = ret; j < n; j++) visit(i, j, true);
    }
  }
  if (scope === "all") {
    for (let i = ret; i < n; i++) {
      for (let j = i + 1; j < n; j++) visit(i, j, false);
    }
  }
  return pairs ? sum / pairs : 0;
}

/**
 * `prefs_avgjg_Rnonrel` (`retrievedOnly` false) and
 * `prefs_avgjg_Rnonrel_ret` (true): per-group ratios where the nonrelevant
 * documents count only up to as many as there are relevant ones, averaged
 * over groups.
 *
 * @example
 * ```ts
 * import { countPreferences, rNonrelRatio } from "./prefs.ts";
 * const counts = countPreferences(
 *   [{ jg: "u", jsg: "s", docno: "a", rel: 1 }, { jg: "u", jsg: "s", docno: "b", rel: 0 }],
 *   { docnos: ["a", "b"], scores: [2, 1] },
 * );
 * console.log(rNonrelRatio(counts, false)); // 1
 * ```
 *
 * @param c The counts.
 * @param retrievedOnly Count only retrieved documents.
 * @returns The average.
 */
export function rNonrelRatio(c: PrefsCounts, retrievedOnly: boolean): number {
  let sum = 0;
  for (const g of c.groups) {
    const R = retrievedOnly ? g.numRelRet : g.numRel;
    const N = retrievedOnly ? g.numNonrelRet : g.numNonrel;
    let ful: number, poss: number;
    if (R >= N) {
      ful = g.fulfilledRet;
      poss = g.possibleRet;
      if (!retrievedOnly) {
        ful += g.fulfilledImp;
        poss += g.possibleImp + g.possibleNotOccur;
      }
      ful += g.numRelRet * (R - N);
      poss += g.numRel * (R - N);
    } else {
      [ful, poss] = retrievedOnly
        ? recountRetrieved(g, c.numJudgedRet)
        : recount(g, c.numJudged, c.numJudgedRet);
    }
    sum += ful / poss;
  }
  return sum > 0 ? sum / c.groups.length : 0;
}

function recount(
  g: GroupCounts,
  n: number,
  ret: number,
): [number, number] {
  let ful = 0, poss = 0;
  if (g.classes) {
    const classes = g.classes;
    const last = classes[classes.length - 1].ranks.slice(0, g.numRel);
    const tally = (r1: number, r2: number) => {
      if (r1 < r2 && r1 < ret) ful++;
      else poss++;
    };
    for (let c1 = 0; c1 < classes.length; c1++) {
      for (let c2 = c1 + 1; c2 < classes.length - 1; c2++) {
        for (const r1 of classes[c1].ranks) {
          for (const r2 of classes[c2].ranks) tally(r1, r2);
        }
      }
    }
    for (const cls of classes) {
      for (const r1 of cls.ranks) for (const r2 of last) tally(r1, r2);
    }
    return [ful, poss + ful];
  }
  const a = g.matrix!, levels = g.levels!;
  const limit = firstDiscardedNonrel(levels, n, g.numRel);
  const kept = (i: number) => !(i >= limit && levels[i] === 0);
  for (let i = 0; i < n; i++) {
    if (!kept(i)) continue;
    for (let j = 0; j < n; j++) {
      if (j === i || !kept(j) || !a[i * n + j]) continue;
      if (i >= ret && j >= ret) poss++;
      else if (i < ret && j > i) ful++;
      else poss++;
    }
  }
  return [ful, poss + ful];
}

function recountRetrieved(g: GroupCounts, ret: number): [number, number] {
  let ful = 0, poss = 0;
  if (g.classes) {
    const classes = g.classes;
    const last = classes[classes.length - 1].ranks.slice(0, g.numRelRet);
    const retrieved = (ranks: number[]) => {
      let k = 0;
      while (k < ranks.length && ranks[k] < ret) k++;
      return ranks.slice(0, k);
    };
    const tally = (r1: number, r2: number) => {
      if (r1 < r2) ful++;
      else poss++;
    };
    for (let c1 = 0; c1 < classes.length; c1++) {
      const ranks1 = retrieved(classes[c1].ranks);
      for (let c2 = c1 + 1; c2 < classes.length - 1; c2++) {
        for (const r1 of ranks1) {
          for (const r2 of retrieved(classes[c2].ranks)) tally(r1, r2);
        }
      }
    }
    const lastRetrieved = retrieved(last);
    for (const cls of classes) {
      for (const r1 of retrieved(cls.ranks)) {
        for (const r2 of lastRetrieved) tally(r1, r2);
      }
    }
    return [ful, poss + ful];
  }
  const a = g.matrix!, levels = g.levels!;
  const n = levels.length;
  const limit = firstDiscardedNonrel(levels, ret, g.numRel);
  const kept = (i: number) => !(i >= limit && levels[i] === 0);
  for (let i = 0; i < ret; i++) {
    if (!kept(i)) continue;
    for (let j = 0; j < ret; j++) {
      if (j === i || !kept(j) || !a[i * n + j]) continue;
      if (j > i) ful++;
      else poss++;
    }
  }
  return [ful, poss + ful];
}

function firstDiscardedNonrel(
  levels: Float64Array,
  upTo: number,
  numRel: number,
): number {
  let seen = 0, i = 0;
  for (; i < upTo; i++) {
    if (levels[i] === 0 && ++seen === numRel + 1) break;
  }
  return i;
}
