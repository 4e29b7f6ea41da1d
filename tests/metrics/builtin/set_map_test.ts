import { assertEquals } from "../../assert.ts";
import { setMap } from "../../../metrics/builtin/set_map.ts";
import { EMPTY, RANKING } from "./_trec_fixture.ts";

Deno.test("setMap is k^2 / (n R)", () => {
  assertEquals(setMap(RANKING), 9 / 30);
  assertEquals(setMap(EMPTY), 0);
});
