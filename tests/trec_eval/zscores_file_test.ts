import { assertEquals, assertRejects } from "../assert.ts";
import { readTrecZscores } from "../../trec_eval/zscores_file.ts";
import { MalformedLineError } from "../../trec_eval/lines.ts";

Deno.test("readTrecZscores reads means and deviations, with no comments", async () => {
  const { means } = await readTrecZscores({ text: "301 P_5 0.4892 0.3703\n" });
  assertEquals(means.get("301")?.get("P_5"), { mean: 0.4892, stddev: 0.3703 });
  // trec_eval has no comments in this file: a '#' line is data or malformed.
  const hash = await readTrecZscores({ text: "# map 1 2\n" });
  assertEquals(hash.means.get("#")?.get("map"), { mean: 1, stddev: 2 });
  await assertRejects(
    () => readTrecZscores({ text: "# a comment\n" }),
    MalformedLineError,
  );
});
