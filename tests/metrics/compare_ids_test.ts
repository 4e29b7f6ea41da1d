import { assertEquals } from "../assert.ts";
import { compareIds } from "../../model/compare_ids.ts";

Deno.test("compareIds orders ids as strcmp orders their UTF-8 bytes", () => {
  // UTF-8 lead bytes: "Z" 5A, "a" 61, "é" C3, U+E000 EE, U+FFFF EF, "😀" F0.
  // UTF-16 code units put "😀" (D83D DE00) before U+E000 and U+FFFF.
  const ids = ["\u{1F600}", "\uffff", "\ue000", "é", "a", "Z", "q9", "q10", ""];
  assertEquals([...ids].sort(compareIds), [
    "",
    "Z",
    "a",
    "q10",
    "q9",
    "é",
    "\ue000",
    "\uffff",
    "\u{1F600}",
  ]);
  assertEquals(compareIds("q1", "q1"), 0);
  assertEquals(Math.sign(compareIds("q1", "q12")), -1);
  assertEquals(Math.sign(compareIds("\u{1F600}", "\uffff")), 1);
});
