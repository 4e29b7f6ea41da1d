import { assertEquals } from "../assert.ts";
import { readTrecPrefs } from "../../trec_eval/prefs_file.ts";

Deno.test("readTrecPrefs reads prefs and qrels_prefs lines", async () => {
  const prefs = await readTrecPrefs({
    text: "q1 u s d1 3.5\n# c\nq1 u s d2 0\n",
  });
  assertEquals(prefs.topics.get("q1"), [
    { jg: "u", jsg: "s", docno: "d1", rel: 3.5 },
    { jg: "u", jsg: "s", docno: "d2", rel: 0 },
  ]);
  const qrels = await readTrecPrefs({ text: "q1 7 d1 2\n" }, {
    format: "qrels_prefs",
  });
  assertEquals(qrels.topics.get("q1"), [{
    jg: "7",
    jsg: "0",
    docno: "d1",
    rel: 2,
  }]);
});
