import { assertEquals, assertThrows } from "../assert.ts";
import {
  countPreferences,
  fulfilledPreferences,
  pairRatio,
  possiblePreferences,
  simpleRatio,
} from "../../trec_eval/prefs.ts";
import { TopicError } from "../../trec_eval/topic.ts";
import type { PrefsRecord } from "../../trec_eval/prefs_file.ts";

/** A deterministic pseudo-random sequence. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/**
 * trec_eval's form_prefs_counts loop for a group of level classes: every
 * pair of a document and one of a lower class, visited one by one.
 */
function bruteForce(records: PrefsRecord[], retrieved: string[]) {
  const levels = [...new Set(records.map((r) => r.rel))].sort((a, b) => b - a);
  const rankOf = new Map(retrieved.map((d, i) => [d, i]));
  let ful = 0, poss = 0;
  for (const a of records) {
    for (const b of records) {
      if (levels.indexOf(a.rel) >= levels.indexOf(b.rel)) continue;
      const ra = rankOf.get(a.docno), rb = rankOf.get(b.docno);
      poss++;
      if (ra !== undefined && (rb === undefined || ra < rb)) ful++;
    }
  }
  return { ful, poss };
}

Deno.test("preference counts of level classes match trec_eval's pair by pair loop", () => {
  const random = lcg(7);
  for (let trial = 0; trial < 50; trial++) {
    const n = 1 + Math.floor(random() * 30);
    const records: PrefsRecord[] = [];
    for (let d = 0; d < n; d++) {
      records.push({
        jg: "g",
        jsg: "0",
        docno: `d${d}`,
        rel: Math.floor(random() * 4),
      });
    }
    const docs = records.map((r) => r.docno).filter(() => random() < 0.6);
    docs.push("x1", "x2");
    const order = docs.map((d) => ({ d, s: random() }));
    const topic = {
      docnos: order.map((o) => o.d),
      scores: order.map((o) => o.s),
    };
    const counts = countPreferences(records, topic);
    const retrieved = [...order].sort((a, b) => b.s - a.s).map((o) => o.d);
    const expected = bruteForce(records, retrieved);
    assertEquals(fulfilledPreferences(counts), expected.ful, `trial ${trial}`);
    assertEquals(possiblePreferences(counts), expected.poss, `trial ${trial}`);
  }
});

Deno.test("a topic of 60,000 judged documents is counted without an n² matrix", () => {
  // The matrix took 2 bytes per pair: 7.2 GB here.
  const n = 60_000;
  const records: PrefsRecord[] = Array.from({ length: n }, (_, d) => ({
    jg: "g",
    jsg: "0",
    docno: `d${d}`,
    rel: d % 2,
  }));
  const topic = { docnos: ["d0", "d1", "d2"], scores: [3, 2, 1] };
  const counts = countPreferences(records, topic);
  // 30,000 relevant (odd) times 30,000 not; of the retrieved d0, d1, d2
  // (in that order) d1 is preferred to both and ranked after d0.
  assertEquals(possiblePreferences(counts), 30_000 * 30_000);
  assertEquals(simpleRatio(counts, "ret"), 0.5);
  // prefs_pair alone needs the per-pair counts, and makes them when asked.
  assertEquals(
    pairRatio(countPreferences(records.slice(0, 4), topic), "ret"),
    0.5,
  );
});

Deno.test("a document at two levels of one group gives trec_eval's message", () => {
  const records: PrefsRecord[] = [
    { jg: "g", jsg: "0", docno: "a", rel: 2 },
    { jg: "g", jsg: "0", docno: "b", rel: 1 },
    { jg: "g", jsg: "0", docno: "a", rel: 0 },
  ];
  assertThrows(
    () => countPreferences(records, { docnos: ["a"], scores: [1] }),
    TopicError,
    "trec_eval.form_prefs_counts: Internal docid 0 occurs with different rel_level in same jsg",
  );
});
