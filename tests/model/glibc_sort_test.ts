import { assertEquals } from "../assert.ts";
import { glibcSort } from "../../model/glibc_sort.ts";

Deno.test("glibcSort is a stable merge sort", () => {
  const items = [[2, "a"], [1, "b"], [2, "c"], [1, "d"], [0, "e"]] as const;
  assertEquals(
    glibcSort([...items], (x, y) => x[0] - y[0]).map((x) => x[1]),
    ["e", "b", "d", "a", "c"],
  );
});

Deno.test("glibcSort orders like glibc when the comparison is inconsistent", () => {
  // NaN compares equal to everything, so those pairs fall to the index
  // (descending). Worked by hand through glibc's merges: [0,1] -> [1,0];
  // [3,4] -> [4,3]; [2] + [4,3] -> [4,3,2] (1 < 2 puts 3 before 2);
  // [1,0] + [4,3,2] -> 4, 3, 2 (each beats 1 on the index), then 1, 0.
  const scores = [3, NaN, 1, 2, NaN];
  const order = glibcSort([0, 1, 2, 3, 4], (a, b) => {
    const x = scores[a], y = scores[b];
    if (x > y) return -1;
    if (x < y) return 1;
    return b - a;
  });
  assertEquals(order, [4, 3, 2, 1, 0]);
  // A consistent sort by score would put 0 (score 3) before 3 (score 2).
});
