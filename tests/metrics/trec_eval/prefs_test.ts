import { assertEquals, assertThrows } from "../../assert.ts";
import {
  countPreferences,
  fulfilledPreferences,
  groupAverageRatio,
  pairRatio,
  possiblePreferences,
  rNonrelRatio,
  simpleRatio,
} from "../../../trec_eval/prefs.ts";
import { TopicError } from "../../../trec_eval/topic.ts";

const rec = (jsg: string, docno: string, rel: number) => ({
  jg: "u",
  jsg,
  docno,
  rel,
});

// One sub-group: a (2) > b (1) > c (0). The run retrieves c then a, so the
// internal ranks are c 0, a 1 (retrieved) and b 2. Of the three preferences
// a>b is fulfilled by implication (only a retrieved), a>c is violated with
// both retrieved and b>c is violated by implication.
Deno.test("countPreferences counts level classes by hand", () => {
  const counts = countPreferences(
    [rec("s", "a", 2), rec("s", "b", 1), rec("s", "c", 0)],
    { docnos: ["a", "c"], scores: [1, 2] },
  );
  assertEquals([counts.numJudged, counts.numJudgedRet], [3, 2]);
  const g = counts.groups[0];
  assertEquals(
    [g.fulfilledRet, g.possibleRet, g.fulfilledImp, g.possibleImp],
    [0, 1, 1, 2],
  );
  assertEquals([g.numRel, g.numRelRet, g.numNonrel, g.numNonrelRet], [
    2,
    1,
    1,
    1,
  ]);
  assertEquals(possiblePreferences(counts), 3);
  assertEquals(fulfilledPreferences(counts), 1);
  assertEquals(simpleRatio(counts, "all"), 1 / 3);
  assertEquals(simpleRatio(counts, "ret"), 0);
  assertEquals(pairRatio(counts, "all"), 1 / 3);
  assertEquals(groupAverageRatio(counts, "imp"), 1 / 3);
  // R = 2 >= N = 1: one more nonrelevant doc per relevant one is assumed,
  // fulfilled for the retrieved relevant doc: (1 + 1) / (3 + 2).
  assertEquals(rNonrelRatio(counts, false), 0.4);
});

// Two sub-groups: a > b in one, b > c in the other, so a > c by transitivity.
Deno.test("countPreferences closes a preference matrix under transitivity", () => {
  const prefs = [
    rec("s1", "a", 2),
    rec("s1", "b", 1),
    rec("s2", "b", 3),
    rec("s2", "c", 1),
  ];
  const worst = countPreferences(prefs, {
    docnos: ["a", "b", "c"],
    scores: [1, 2, 3],
  });
  assertEquals([worst.groups[0].fulfilledRet, worst.groups[0].possibleRet], [
    0,
    3,
  ]);
  const best = countPreferences(prefs, {
    docnos: ["a", "b", "c"],
    scores: [3, 2, 1],
  });
  assertEquals(simpleRatio(best, "all"), 1);
});

Deno.test("countPreferences aborts on contradicting sub-groups, as trec_eval", () => {
  const prefs = [
    rec("s1", "a", 2),
    rec("s1", "b", 1),
    rec("s2", "b", 2),
    rec("s2", "a", 1),
  ];
  const error = assertThrows(
    () => countPreferences(prefs, { docnos: ["a"], scores: [1] }),
    TopicError,
    "Pref inconsistency found",
  ) as TopicError;
  assertEquals(error.status, 134);
});
