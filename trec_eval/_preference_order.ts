/**
 * The preferences of a judgement group with several sub-groups, held in
 * memory linear in its judgements. trec_eval writes them into an n × n
 * matrix (n the topic's judged documents) and closes it under transitivity
 * by repeated multiplication; here each sub-group's level classes are a
 * chain of "everything below this class" nodes, so a document's closed
 * preferences are what a walk from it reaches.
 *
 * @module
 */

import { TopicError } from "./topic.ts";

/** One line of a group, sorted by sub-group, level (highest first), then internal rank. */
export interface OrderEntry {
  readonly jsg: string;
  readonly rel: number;
  readonly docno: string;
  readonly rank: number;
}

/** Edges of a graph, compressed: node `u`'s targets are `to[start[u]]` to `to[start[u + 1] - 1]`. */
interface Edges {
  readonly start: Int32Array;
  readonly to: Int32Array;
}

/**
 * A group's preferences closed under transitivity: nodes `0` to
 * `docs.length − 1` are its documents, the others stand for "every document
 * of a lower class of one sub-group".
 */
export class PreferenceOrder {
  /** The internal rank of each document node, increasing. */
  readonly docs: Int32Array;
  /** The level last given to each document node, as trec_eval's `rel_array`. */
  readonly levels: Float64Array;
  readonly #forward: Edges;
  readonly #backward: Edges;
  readonly #seen: Int32Array;
  readonly #queue: Int32Array;
  #walk = 0;

  /**
   * Builds the order of a group, checking what trec_eval's `form_jg_pa`
   * checks, in its order: a document both relevant and not, then a
   * preference cycle between two documents (trec_eval aborts: status 134).
   *
   * @param group The group's lines, sorted.
   * @throws {TopicError} On either inconsistency.
   */
  constructor(group: readonly OrderEntry[]) {
    const ranks = Int32Array.from(new Set(group.map((e) => e.rank))).sort();
    const local = new Map<number, number>();
    ranks.forEach((r, u) => local.set(r, u));
    const levels = new Float64Array(ranks.length).fill(-1);
    for (const e of group) {
      const u = local.get(e.rank)!;
      const seen = levels[u];
      if ((seen > 0 && e.rel === 0) || (seen === 0 && e.rel > 0)) {
        throw new TopicError(
          `trec_eval.form_prefs_counts: doc '${e.docno}' has both 0 and non-0 rel_level assigned\n`,
        );
      }
      levels[u] = e.rel;
    }
    const from: number[] = [], to: number[] = [];
    let nodes = ranks.length;
    for (let s = 0; s < group.length;) {
      let e = s + 1;
      while (e < group.length && group[e].jsg === group[s].jsg) e++;
      // Runs of one level: each line is preferred to every line of the
      // runs after its own, which the "below" node of its run reaches.
      let runStart = s, below = -1;
      for (let i = s + 1; i <= e; i++) {
        if (i < e && group[i].rel === group[i - 1].rel) continue;
        if (below >= 0) {
          for (let k = runStart; k < i; k++) {
            from.push(below), to.push(local.get(group[k].rank)!);
          }
        }
        if (i < e) {
          const next = nodes++;
          if (below >= 0) from.push(below), to.push(next);
          for (let k = runStart; k < i; k++) {
            from.push(local.get(group[k].rank)!), to.push(next);
          }
          below = next;
        }
        runStart = i;
      }
      s = e;
    }
    this.docs = ranks;
    this.levels = levels;
    this.#forward = compress(nodes, from, to);
    this.#backward = compress(nodes, to, from);
    this.#seen = new Int32Array(nodes);
    this.#queue = new Int32Array(nodes);
    this.#checkCycles();
  }

  /**
   * The documents `u` is preferred to (or, `backward`, preferred to `u`),
   * itself excepted as trec_eval clears the diagonal.
   *
   * @param u A document node.
   * @param visit Called with each such document node, once.
   * @param backward Walk the preferences the other way.
   */
  reach(u: number, visit: (v: number) => void, backward = false): void {
    const { start, to } = backward ? this.#backward : this.#forward;
    const seen = this.#seen, queue = this.#queue;
    const mark = ++this.#walk;
    const m = this.docs.length;
    let head = 0, tail = 0;
    queue[tail++] = u;
    seen[u] = mark;
    while (head < tail) {
      const x = queue[head++];
      for (let k = start[x]; k < start[x + 1]; k++) {
        const y = to[k];
        if (seen[y] === mark) continue;
        seen[y] = mark;
        queue[tail++] = y;
        if (y < m) visit(y);
      }
    }
  }

  /**
   * Refuses two documents each preferred to the other, naming the first
   * such pair trec_eval's row-by-row scan meets: the lowest internal rank
   * in a cycle, and the lowest other one in its cycle (strongly connected
   * component, found by Tarjan's algorithm without recursion).
   */
  #checkCycles(): void {
    const { start, to } = this.#forward;
    const n = start.length - 1, m = this.docs.length;
    const index = new Int32Array(n).fill(-1);
    const low = new Int32Array(n);
    const onStack = new Uint8Array(n);
    const stack = new Int32Array(n);
    const callNode = new Int32Array(n), callEdge = new Int32Array(n);
    let counter = 0, top = 0;
    let worst: [number, number] | undefined;
    for (let root = 0; root < n; root++) {
      if (index[root] >= 0) continue;
      let depth = 0;
      callNode[0] = root;
      callEdge[0] = start[root];
      index[root] = low[root] = counter++;
      stack[top++] = root;
      onStack[root] = 1;
      while (depth >= 0) {
        const x = callNode[depth];
        if (callEdge[depth] < start[x + 1]) {
          const y = to[callEdge[depth]++];
          if (index[y] < 0) {
            index[y] = low[y] = counter++;
            stack[top++] = y;
            onStack[y] = 1;
            callNode[++depth] = y;
            callEdge[depth] = start[y];
          } else if (onStack[y] && index[y] < low[x]) low[x] = index[y];
          continue;
        }
        if (low[x] === index[x]) {
          let first = -1, second = -1;
          for (;;) {
            const y = stack[--top];
            onStack[y] = 0;
            if (y < m) {
              if (first < 0 || y < first) second = first, first = y;
              else if (second < 0 || y < second) second = y;
            }
            if (y === x) break;
          }
          if (second >= 0 && (!worst || first < worst[0])) {
            worst = [first, second];
          }
        }
        depth--;
        if (depth >= 0) {
          const parent = callNode[depth];
          if (low[x] < low[parent]) low[parent] = low[x];
        }
      }
    }
    if (worst) {
      throw new TopicError(
        `trec_eval.form_prefs_counts: Pref inconsistency found\n      internal rank ${
          this.docs[worst[0]]
        } and internal rank ${this.docs[worst[1]]} are conflicted\n`,
        134,
      );
    }
  }
}

function compress(nodes: number, from: number[], to: number[]): Edges {
  const start = new Int32Array(nodes + 1);
  for (const u of from) start[u + 1]++;
  for (let u = 0; u < nodes; u++) start[u + 1] += start[u];
  const fill = start.slice(0, nodes);
  const targets = new Int32Array(to.length);
  for (let k = 0; k < from.length; k++) targets[fill[from[k]]++] = to[k];
  return { start, to: targets };
}
