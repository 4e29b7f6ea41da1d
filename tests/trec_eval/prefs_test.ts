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
  // With one group, prefs_pair is prefs_simp (trec_eval's help says so),
  // without the 60,000² pair counts trec_eval holds.
  assertEquals(pairRatio(counts, "ret"), 0.5);
  assertEquals(pairRatio(counts, "all"), simpleRatio(counts, "all"));
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

Deno.test("a group of several sub-groups in a large topic is closed without an n² matrix", () => {
  // trec_eval (and ranklens before) gave such a group an n × n matrix for
  // the topic's n judged documents, closed in n³ steps: 45,000² bytes here,
  // and hours. Sub-group s1 prefers a to b, s2 b to c: closed, a > b > c.
  const records: PrefsRecord[] = [
    { jg: "u2", jsg: "s1", docno: "a", rel: 2 },
    { jg: "u2", jsg: "s1", docno: "b", rel: 1 },
    { jg: "u2", jsg: "s2", docno: "b", rel: 2 },
    { jg: "u2", jsg: "s2", docno: "c", rel: 1 },
  ];
  for (let d = 0; d < 45_000; d++) {
    records.push({ jg: "u1", jsg: "0", docno: `d${d}`, rel: d % 2 });
  }
  // Ranked a, c, b: a > b and a > c are fulfilled, b > c is not (trec_eval
  // 10.0 on these lines with 100 documents in u1: prefs_num_prefs_ful_ret 2,
  // prefs_num_prefs_poss 2503, of which 50 × 50 in u1).
  const topic = { docnos: ["a", "c", "b"], scores: [3, 2, 1] };
  const group = countPreferences(records, topic).groups[1];
  assertEquals(
    [group.fulfilledRet, group.possibleRet, group.possibleImp],
    [2, 3, 0],
  );
  assertEquals([group.numRel, group.numRelRet], [3, 3]);
});

Deno.test("a preference cycle across sub-groups aborts as trec_eval, naming the first pair", () => {
  // a > b (s0), b > c (s1), c > a (s2); d > e (s0) is outside the cycle.
  const records: PrefsRecord[] = [
    { jg: "u", jsg: "s0", docno: "d", rel: 3 },
    { jg: "u", jsg: "s0", docno: "e", rel: 0 },
    { jg: "u", jsg: "s0", docno: "a", rel: 2 },
    { jg: "u", jsg: "s0", docno: "b", rel: 1 },
    { jg: "u", jsg: "s1", docno: "b", rel: 2 },
    { jg: "u", jsg: "s1", docno: "c", rel: 1 },
    { jg: "u", jsg: "s2", docno: "c", rel: 2 },
    { jg: "u", jsg: "s2", docno: "a", rel: 1 },
  ];
  // Internal ranks: e 0, c 1, b 2 (retrieved), then a 3, d 4. trec_eval's
  // 10.0 on these lines: "internal rank 1 and internal rank 2 are
  // conflicted", and abort (134).
  const error = assertThrows(
    () =>
      countPreferences(records, { docnos: ["e", "c", "b"], scores: [3, 2, 1] }),
    TopicError,
    "internal rank 1 and internal rank 2 are conflicted",
  );
  assertEquals((error as TopicError).status, 134);
});
