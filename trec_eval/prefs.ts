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
import { glibcSort } from "../model/glibc_sort.ts";
import { rankTopic, TopicError } from "./topic.ts";
import { PreferenceOrder } from "./_preference_order.ts";

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
        ? orderGroup(group, numJudgedRet)
        : classGroup(group, numJudged, numJudgedRet),
    );
    start = i;
  }
  return { groups, numJudged, numJudgedRet };
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

/** The order of each group with several sub-groups. */
const ORDERS = new WeakMap<GroupCounts, PreferenceOrder>();

/**
 * A group with several sub-groups, counted as trec_eval's
 * `add_pa_pref_to_jg` counts the marks of its closed matrix: each
 * document's closed preferences, walked one document at a time.
 */
function orderGroup(group: PrefEntry[], numJudgedRet: number): GroupCounts {
  const order = new PreferenceOrder(group);
  const g = emptyCounts();
  const { docs, levels } = order;
  const R = numJudgedRet;
  for (let u = 0; u < docs.length; u++) {
    if (levels[u] > 0) {
      g.numRel++;
      if (docs[u] < R) g.numRelRet++;
    } else if (levels[u] === 0) {
      g.numNonrel++;
      if (docs[u] < R) g.numNonrelRet++;
    }
    const i = docs[u];
    order.reach(u, (v) => {
      const j = docs[v];
      if (i < R) {
        if (j < i) g.possibleRet++;
        else if (j < R) g.fulfilledRet++;
        else g.fulfilledImp++;
      } else if (j < R) g.possibleImp++;
      else g.possibleNotOccur++;
    });
  }
  g.possibleRet += g.fulfilledRet;
  g.possibleImp += g.fulfilledImp;
  ORDERS.set(g, order);
  return g;
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
  const pairs = pairIndex(c);
  if (!pairs) {
    // No two documents meet in two groups, and no group holds a document
    // twice: every pair's share is 0 or 1, trec_eval's sum is a count, and
    // the groups' counts are that count.
    let ful = 0, poss = 0;
    for (const g of c.groups) {
      ful += g.fulfilledRet;
      poss += g.possibleRet;
      if (scope === "ret") continue;
      ful += g.fulfilledImp;
      poss += g.possibleImp;
      if (scope === "all") poss += g.possibleNotOccur;
    }
    return poss ? ful / poss : 0;
  }
  // trec_eval's order of summing: the retrieved pairs, then those of one
  // retrieved document, each row by increasing rank.
  const n = c.numJudged, ret = c.numJudgedRet;
  const rows = new PairRows(c, pairs, n);
  let sum = 0, count = 0;
  for (let i = 0; i < ret; i++) {
    rows.fill(i);
    rows.forEach(i + 1, ret, (ij, ji) => {
      count++;
      sum += ij / (ij + ji);
    });
  }
  if (scope !== "ret") {
    for (let i = 0; i < ret; i++) {
      rows.fill(i);
      rows.forEach(ret, n, (ij, ji) => {
        count++;
        sum += ij / (ij + ji);
      });
    }
  }
  if (scope === "all") {
    for (let i = ret; i < n; i++) {
      rows.fill(i);
      rows.forEach(i + 1, n, () => count++);
    }
  }
  return count ? sum / count : 0;
}

/** Where each document is judged: `[group, class or node]` pairs, by internal rank. */
interface PairIndex {
  readonly start: Int32Array;
  readonly group: Int32Array;
  readonly slot: Int32Array;
}

/**
 * Each document's places in the groups, or undefined when no pair of
 * documents is judged in two groups and no group holds a document twice.
 */
function pairIndex(c: PrefsCounts): PairIndex | undefined {
  const n = c.numJudged;
  const lastGroup = new Int32Array(n).fill(-1);
  const places = new Int32Array(n + 1);
  let shared = false;
  const each = (visit: (r: number, g: number, slot: number) => void) => {
    c.groups.forEach((g, gi) => {
      if (g.classes) {
        g.classes.forEach((cls, ci) => {
          for (const r of cls.ranks) visit(r, gi, ci);
        });
      } else {
        ORDERS.get(g)!.docs.forEach((r, u) => visit(r, gi, u));
      }
    });
  };
  each((r, g) => {
    if (lastGroup[r] !== -1) shared = true;
    lastGroup[r] = g;
    places[r + 1]++;
  });
  if (!shared) return undefined;
  for (let r = 0; r < n; r++) places[r + 1] += places[r];
  const fill = places.slice(0, n);
  const group = new Int32Array(places[n]), slot = new Int32Array(places[n]);
  each((r, g, sl) => {
    group[fill[r]] = g;
    slot[fill[r]++] = sl;
  });
  return { start: places, group, slot };
}

/**
 * One row and one column of trec_eval's `pref_counts` at a time: how many
 * groups prefer document i to each other one, and each other one to i, in
 * 16-bit counts as trec_eval's `unsigned short`.
 */
class PairRows {
  readonly #c: PrefsCounts;
  readonly #index: PairIndex;
  readonly #to: Uint16Array;
  readonly #from: Uint16Array;
  readonly #touched: Int32Array;
  readonly #stamp: Int32Array;
  #size = 0;
  #fills = 0;

  constructor(c: PrefsCounts, index: PairIndex, n: number) {
    this.#c = c;
    this.#index = index;
    this.#to = new Uint16Array(n);
    this.#from = new Uint16Array(n);
    this.#touched = new Int32Array(n);
    this.#stamp = new Int32Array(n);
  }

  /** Makes document i's row and column the current ones. */
  fill(i: number): void {
    for (let k = 0; k < this.#size; k++) {
      const j = this.#touched[k];
      this.#to[j] = this.#from[j] = 0;
    }
    this.#size = 0;
    const fill = ++this.#fills;
    const { start, group, slot } = this.#index;
    const add = (counts: Uint16Array) => (j: number) => {
      counts[j]++;
      if (this.#stamp[j] !== fill) {
        this.#stamp[j] = fill;
        this.#touched[this.#size++] = j;
      }
    };
    const to = add(this.#to), from = add(this.#from);
    for (let k = start[i]; k < start[i + 1]; k++) {
      const g = this.#c.groups[group[k]];
      if (g.classes) {
        const own = slot[k];
        g.classes.forEach((cls, ci) => {
          if (ci === own) return;
          const counts = ci > own ? to : from;
          for (const r of cls.ranks) counts(r);
        });
      } else {
        const order = ORDERS.get(g)!;
        order.reach(slot[k], (v) => to(order.docs[v]));
        order.reach(slot[k], (v) => from(order.docs[v]), true);
      }
    }
    this.#touched.subarray(0, this.#size).sort();
  }

  /**
   * Calls `visit` for each document j in `[from, to)`, increasing, that
   * has a preference either way with the current one.
   */
  forEach(
    from: number,
    to: number,
    visit: (ij: number, ji: number) => void,
  ): void {
    for (let k = 0; k < this.#size; k++) {
      const j = this.#touched[k];
      if (j < from || j >= to) continue;
      const ij = this.#to[j], ji = this.#from[j];
      if (ij || ji) visit(ij, ji);
    }
  }
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
  if (g.classes) return recountClasses(g.classes, g.numRel, ret, false);
  let ful = 0, poss = 0;
  const order = ORDERS.get(g)!, { docs, levels } = order;
  const limit = firstDiscardedNonrel(order, n, g.numRel);
  const kept = (u: number) => !(docs[u] >= limit && levels[u] === 0);
  for (let u = 0; u < docs.length; u++) {
    if (!kept(u)) continue;
    const i = docs[u];
    order.reach(u, (v) => {
      if (!kept(v)) return;
      const j = docs[v];
      if (i >= ret && j >= ret) poss++;
      else if (i < ret && j > i) ful++;
      else poss++;
    });
  }
  return [ful, poss + ful];
}

function recountRetrieved(g: GroupCounts, ret: number): [number, number] {
  if (g.classes) {
    return recountClasses(g.classes, g.numRelRet, ret, true);
  }
  let ful = 0, poss = 0;
  const order = ORDERS.get(g)!, { docs, levels } = order;
  const limit = firstDiscardedNonrel(order, ret, g.numRel);
  const kept = (u: number) =>
    docs[u] < ret && !(docs[u] >= limit && levels[u] === 0);
  for (let u = 0; u < docs.length; u++) {
    if (!kept(u)) continue;
    const i = docs[u];
    order.reach(u, (v) => {
      if (!kept(v)) return;
      if (docs[v] > i) ful++;
      else poss++;
    });
  }
  return [ful, poss + ful];
}

/**
 * trec_eval's recount of a group of level classes with only the first
 * `keep` documents of its last class: every pair of a document and one of
 * a lower class but the last, and every pair of a document (of any class,
 * the last too) and one of the kept. Counted with a Fenwick tree and a
 * binary search where trec_eval visits each pair.
 */
function recountClasses(
  classes: readonly LevelClass[],
  keep: number,
  ret: number,
  retrievedOnly: boolean,
): [number, number] {
  const pick = (ranks: readonly number[]) =>
    retrievedOnly ? ranks.filter((r) => r < ret) : ranks;
  const K = classes.length;
  const kept = pick(classes[K - 1].ranks.slice(0, keep));
  const fulfils = (r1: number) => retrievedOnly || r1 < ret;
  let ful = 0, total = 0;
  let size = 0;
  for (const cls of classes) {
    for (const r of cls.ranks) size = Math.max(size, r + 1);
  }
  const tree = new Int32Array(size + 1);
  let held = 0;
  const atMost = (r: number) => {
    let sum = 0;
    for (let i = r + 1; i > 0; i -= i & -i) sum += tree[i];
    return sum;
  };
  for (let c1 = K - 3; c1 >= 0; c1--) {
    for (const r of pick(classes[c1 + 1].ranks)) {
      for (let i = r + 1; i <= size; i += i & -i) tree[i]++;
      held++;
    }
    for (const r1 of pick(classes[c1].ranks)) {
      total += held;
      if (fulfils(r1)) ful += held - atMost(r1);
    }
  }
  for (const cls of classes) {
    for (const r1 of pick(cls.ranks)) {
      total += kept.length;
      if (!fulfils(r1)) continue;
      let lo = 0, hi = kept.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (kept[mid] <= r1) lo = mid + 1;
        else hi = mid;
      }
      ful += kept.length - lo;
    }
  }
  return [ful, total];
}

/**
 * The internal rank of the group's nonrelevant document after its first
 * `numRel` ones, below `upTo`; `upTo` when there is none.
 */
function firstDiscardedNonrel(
  order: PreferenceOrder,
  upTo: number,
  numRel: number,
): number {
  let seen = 0;
  for (let u = 0; u < order.docs.length && order.docs[u] < upTo; u++) {
    if (order.levels[u] === 0 && ++seen === numRel + 1) return order.docs[u];
  }
  return upTo;
}
