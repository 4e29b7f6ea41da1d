import { assertEquals } from "../../assert.ts";
import { IdTable } from "../../../trec_eval/id_table.ts";

Deno.test("IdTable finds every id and the first repeat, through collisions and growth", () => {
  // Enough ids to fill many slots, some colliding, with byte-string ids.
  const ids = Array.from({ length: 5000 }, (_, i) => `d${(i * 7919) % 10007}`);
  const table = new IdTable(ids);
  assertEquals(table.firstRepeat, -1);
  for (const i of [0, 1, 2500, 4999]) assertEquals(table.indexOf(ids[i]), i);
  assertEquals(table.indexOf("d10008"), -1);
  assertEquals(table.indexOf(""), -1);
  const repeated = new IdTable([...ids, "\u00ff\u0080", ids[17], ids[3]]);
  assertEquals(repeated.firstRepeat, 5001);
  assertEquals(repeated.indexOf(ids[17]), 17);
  assertEquals(repeated.indexOf("\u00ff\u0080"), 5000);
  assertEquals(new IdTable([]).indexOf("a"), -1);
});
