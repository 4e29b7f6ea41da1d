/**
 * trec_eval's order of one query's documents: score descending, then
 * document id descending in byte order. Every reader ranks with this one
 * function: the line reader, the byte scanner, trec_eval's full reader and
 * runs given as plain data.
 *
 * @module
 */

import { glibcSort } from "./glibc_sort.ts";
import { ScoreTable } from "./_score_table.ts";

/** Options of {@linkcode rankByScore}. */
export interface RankOptions {
  /**
   * Order equal scores by id ascending (trec_eval's preference measures)
   * instead of descending. Default: false.
   */
  ascendingTies?: boolean;
  /**
   * What a NaN score does. NaN compares false both ways, so no order by
   * score ranks it: `error` throws; `glibc` gives trec_eval's order, which
   * is what its algorithm makes of it (glibc's merge sort of the items
   * first sorted by id), reproduced. Default: `error`.
   */
  nan?: "error" | "glibc";
  /**
   * Return the 1-based ranks of only these items (indices into `scores`),
   * aligned with them, instead of every item's index in rank order: a few
   * items are ranked by counting what comes before each, many without
   * sorting the ids of items that do not tie. Default: rank every item.
   */
  ranksOf?: ArrayLike<number>;
  /**
   * The exact score of an item, when `scores` holds approximations (within
   * a relative 2^-40 of the exact value): called only for the items whose
   * order the approximation could change, so a lazy parser converts few
   * scores exactly. Default: the scores are exact.
   */
  refine?: (item: number) => number;
}

/** Asked items up to this many are ranked by counting, O(n) each. */
const FEW = 16;
/** The relative error a refined score may have (see `refine`). */
const ROUGH = 2 ** -40;

/**
 * Ranks items as trec_eval ranks a topic's documents: score descending,
 * then id descending in byte order (ascending with `ascendingTies`), then,
 * for a repeated id, input order.
 *
 * @example Rank a topic's documents
 * ```ts
 * import { rankByScore } from "./rank.ts";
 * import { compareIds } from "./compare_ids.ts";
 * const docs = ["a", "b", "c"], scores = [0.5, 0.5, 0.9];
 * const order = rankByScore(scores, (x, y) => compareIds(docs[x], docs[y]));
 * console.log(Array.from(order, (i) => docs[i])); // ["c", "b", "a"]
 * ```
 *
 * @example The ranks of a few items only
 * ```ts
 * import { rankByScore } from "./rank.ts";
 * const ranks = rankByScore([1, 3, 2], (x, y) => x - y, { ranksOf: [0, 2] });
 * console.log(Array.from(ranks)); // [3, 2]
 * ```
 *
 * @param scores The items' scores.
 * @param compareIds Compares the ids of items `a` and `b` as C `strcmp`
 * does: negative, zero or positive.
 * @param options Tie order, NaN rule, the items asked and lazy scores.
 * @returns The items' indices, best first; with `ranksOf`, the 1-based
 * ranks of those items.
 * @throws {RangeError} If a score is NaN and `nan` is `error`.
 */
export function rankByScore(
  scores: ArrayLike<number>,
  compareIds: (a: number, b: number) => number,
  options: RankOptions = {},
): Int32Array {
  const n = scores.length;
  const asked = options.ranksOf;
  const refine = options.refine;
  const ties = options.ascendingTies ? 1 : -1;
  for (let i = 0; i < n; i++) {
    if (scores[i] !== scores[i]) {
      if (options.nan !== "glibc") {
        throw new RangeError(
          `Score of item ${i} must not be NaN: no order by score ranks it`,
        );
      }
      return asked
        ? ranksIn(glibcOrder(exact(), compareIds, ties), asked)
        : glibcOrder(exact(), compareIds, ties);
    }
  }
  if (!asked) return sortedOrder(exact(), compareIds, ties);
  if (asked.length <= FEW) {
    return countedRanks(scores, compareIds, ties, asked, refine);
  }
  const exactScores = exact();
  return runOrderRanks(exactScores, compareIds, ties, asked) ??
    tiedRanks(exactScores, compareIds, ties, asked);

  // Every score exact, when they were given rough.
  function exact(): ArrayLike<number> {
    if (!refine) return scores;
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = refine(i);
    return out;
  }
}

// trec_eval's comparison: score descending, then id. NaN, which compares
// false both ways, falls to the id, as it does in trec_eval's C.
function byScore(
  scores: ArrayLike<number>,
  compareIds: (a: number, b: number) => number,
  ties: number,
): (a: number, b: number) => number {
  return (a, b) => scores[b] - scores[a] || ties * compareIds(a, b);
}

// Input order stays when it is already rank order, as a run's usually is.
function sortedOrder(
  scores: ArrayLike<number>,
  compareIds: (a: number, b: number) => number,
  ties: number,
): Int32Array {
  const order = new Int32Array(scores.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  const before = byScore(scores, compareIds, ties);
  for (let i = 1; i < order.length; i++) {
    if (before(i - 1, i) <= 0) continue;
    // The index last makes the order total, whatever the sort's stability.
    return order.sort((a, b) => before(a, b) || a - b);
  }
  return order;
}

// trec_eval sorts the lines by id, then runs qsort (glibc's merge sort) by
// score: with NaN the result depends on both, and both are reproduced.
function glibcOrder(
  scores: ArrayLike<number>,
  compareIds: (a: number, b: number) => number,
  ties: number,
): Int32Array {
  const order = Array.from({ length: scores.length }, (_, i) => i);
  glibcSort(order, compareIds);
  glibcSort(order, byScore(scores, compareIds, ties));
  return Int32Array.from(order);
}

function ranksIn(order: Int32Array, asked: ArrayLike<number>): Int32Array {
  const rank = new Int32Array(order.length);
  order.forEach((item, at) => (rank[item] = at + 1));
  return Int32Array.from(asked, (item) => rank[item]);
}

// Whether item j ranks above item i when their scores are equal.
function tieBefore(
  compareIds: (a: number, b: number) => number,
  ties: number,
  j: number,
  i: number,
): boolean {
  const c = compareIds(j, i);
  return ties * c < 0 || (c === 0 && j < i);
}

// A rank is 1 + the items before it: O(n) an item, no sort. A rough score
// is refined only when it is near enough to change a comparison.
function countedRanks(
  scores: ArrayLike<number>,
  compareIds: (a: number, b: number) => number,
  ties: number,
  asked: ArrayLike<number>,
  refine: ((item: number) => number) | undefined,
): Int32Array {
  const n = scores.length;
  const ranks = new Int32Array(asked.length);
  for (let k = 0; k < asked.length; k++) {
    const i = asked[k];
    const s = refine ? refine(i) : scores[i];
    const near = Math.abs(s) * ROUGH;
    let before = 0;
    for (let j = 0; j < n; j++) {
      let t = scores[j];
      if (refine && Math.abs(t - s) <= near + Math.abs(t) * ROUGH) {
        t = refine(j);
      }
      if (t > s) before++;
      else if (t === s && j !== i && tieBefore(compareIds, ties, j, i)) {
        before++;
      }
    }
    ranks[k] = before + 1;
  }
  return ranks;
}

// Runs are written best first: when no score rises in input order, the
// items above one are those before its run of equal scores, and only that
// run is compared (no sort, no hash of every score). Undefined when a score
// rises, or when the runs asked for hold too many items to count through
// (tiedRanks sorts a large group once).
function runOrderRanks(
  scores: ArrayLike<number>,
  compareIds: (a: number, b: number) => number,
  ties: number,
  asked: ArrayLike<number>,
): Int32Array | undefined {
  const n = scores.length;
  for (let j = 1; j < n; j++) if (scores[j] > scores[j - 1]) return undefined;
  // Where each item's run of equal scores starts and ends.
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  for (let j = 1; j < n; j++) {
    starts[j] = scores[j] === scores[j - 1] ? starts[j - 1] : j;
  }
  ends[n - 1] = n;
  for (let j = n - 2; j >= 0; j--) {
    ends[j] = scores[j] === scores[j + 1] ? ends[j + 1] : j + 1;
  }
  let work = 0;
  for (let k = 0; k < asked.length; k++) {
    work += ends[asked[k]] - starts[asked[k]];
    if (work > n * SORTED_GROUP) return undefined;
  }
  const ranks = new Int32Array(asked.length);
  for (let k = 0; k < asked.length; k++) {
    const i = asked[k];
    let before = starts[i];
    for (let j = starts[i]; j < ends[i]; j++) {
      if (j !== i && tieBefore(compareIds, ties, j, i)) before++;
    }
    ranks[k] = before + 1;
  }
  return ranks;
}

// A rank is 1 + the higher scores (a binary search in the sorted scores) +
// the items before it among equal scores, compared within each tied group
// only: ids are compared only where scores tie.
function tiedRanks(
  scores: ArrayLike<number>,
  compareIds: (a: number, b: number) => number,
  ties: number,
  asked: ArrayLike<number>,
): Int32Array {
  const n = scores.length;
  const ranks = new Int32Array(asked.length);
  const sorted = Float64Array.from(scores).sort();
  let tied: ScoreTable | undefined;
  for (let k = 0; k < asked.length; k++) {
    const s = scores[asked[k]];
    const above = firstIndex(sorted, s, true);
    ranks[k] = n - above + 1;
    if (above - firstIndex(sorted, s, false) > 1) {
      (tied ??= new ScoreTable(asked.length)).add(s);
    }
  }
  if (!tied) return ranks;
  // The items of each tied score, as linked lists.
  const next = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    const slot = tied.slot(scores[j]);
    if (slot < 0) continue;
    next[j] = tied.heads[slot];
    tied.heads[slot] = j;
  }
  // A group asked for many times is sorted once (by the order tieBefore
  // counts in), each asked item's place read from it: counting for each
  // made 50,000 copies of one document 2.5 billion comparisons.
  const askedIn = new Int32Array(tied.heads.length);
  for (let k = 0; k < asked.length; k++) {
    const slot = tied.slot(scores[asked[k]]);
    if (slot >= 0) askedIn[slot]++;
  }
  const placed = new Uint8Array(tied.heads.length);
  let placeOf: Int32Array | undefined;
  for (let k = 0; k < asked.length; k++) {
    const i = asked[k];
    const slot = tied.slot(scores[i]);
    if (slot < 0) continue;
    if (askedIn[slot] > SORTED_GROUP) {
      if (placed[slot] === 0) {
        placeOf ??= new Int32Array(n);
        const members: number[] = [];
        for (let j = tied.heads[slot]; j !== -1; j = next[j]) members.push(j);
        members.sort((a, b) => ties * compareIds(a, b) || a - b);
        members.forEach((j, at) => placeOf![j] = at);
        placed[slot] = 1;
      }
      ranks[k] += placeOf![i];
      continue;
    }
    let before = 0;
    for (let j = tied.heads[slot]; j !== -1; j = next[j]) {
      if (j !== i && tieBefore(compareIds, ties, j, i)) before++;
    }
    ranks[k] += before;
  }
  return ranks;
}

/** Items asked for in one tied group beyond which the group is sorted. */
const SORTED_GROUP = 16;

/**
 * The first index of `sorted` (ascending) whose value is above `s` (with
 * `strict`) or at least `s`: a flag, not a test closure per asked item,
 * which a topic of heavy ties makes twice per judged document in code
 * still cold.
 */
function firstIndex(sorted: Float64Array, s: number, strict: boolean): number {
  let low = 0, high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (strict ? sorted[mid] > s : sorted[mid] >= s) high = mid;
    else low = mid + 1;
  }
  return low;
}
