import { assertEquals } from "../assert.ts";
import { excerpt, quoted } from "../../model/quote.ts";

Deno.test("quoted keeps a short value whole and cuts a long one, saying its length", () => {
  assertEquals(quoted("ndcg@10"), '"ndcg@10"');
  assertEquals(quoted("x".repeat(80)), `"${"x".repeat(80)}"`);
  assertEquals(
    quoted("x".repeat(81)),
    `"${"x".repeat(80)}..." (81 characters)`,
  );
  assertEquals(quoted("abcdef", 3), '"abc..." (6 characters)');
  assertEquals(quoted(""), '""');
});

Deno.test("excerpt cuts without quotes, saying the full length", () => {
  assertEquals(excerpt("abcdefghij", 4), "abcd... (10 characters)");
  assertEquals(excerpt("abcd", 4), "abcd");
  // A megabyte of input gives a message of a few dozen characters.
  assertEquals(
    excerpt("z".repeat(1_000_000), 5),
    "zzzzz... (1000000 characters)",
  );
});

Deno.test("a cut never splits a surrogate pair", () => {
  // "😀" is two code units; cutting after one would leave a lone surrogate.
  assertEquals(excerpt("a😀b", 2), "a... (4 characters)");
  assertEquals(quoted("😀😀", 3), '"😀..." (4 characters)');
});
