import { assertEquals } from "../assert.ts";
import { readTrecQrelsJg } from "../../trec_eval/qrels_jg_file.ts";

Deno.test("readTrecQrelsJg groups judgements by topic and group", async () => {
  const { topics } = await readTrecQrelsJg({
    text: "q1 0 a 1\nq1 1 a 0\nq1 0 b 2.7\n",
  });
  assertEquals(topics.get("q1")?.get("0"), {
    docnos: ["a", "b"],
    rels: [1, 2],
  });
  assertEquals(topics.get("q1")?.get("1"), { docnos: ["a"], rels: [0] });
});
