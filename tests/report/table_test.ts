import { assertEquals } from "../assert.ts";
import { toCsv, toMarkdown } from "../../report/table.ts";
import { compare } from "../../metrics/compare.ts";
import { renderComparison } from "../../report/comparison_formats.ts";

const table = {
  header: ["run", "rr"],
  rows: [["a|b\nc<script>", "0.5000"], ['x,"y"\r\nz', "1.0000"]],
};

Deno.test("toMarkdown keeps each row on one line and ids from opening HTML", () => {
  assertEquals(
    toMarkdown(table),
    "| run | rr |\n|:---|---:|\n" +
      "| a\\|b c&lt;script> | 0.5000 |\n" +
      '| x,"y" z | 1.0000 |\n',
  );
});

Deno.test("toCsv quotes commas, quotes and line breaks", () => {
  assertEquals(
    toCsv(table),
    'run,rr\n"a|b\nc<script>",0.5000\n"x,""y""\r\nz",1.0000\n',
  );
});

Deno.test("toCsv neutralizes cells a spreadsheet would run as formulas (OWASP), not negative numbers", () => {
  assertEquals(
    toCsv({
      header: ["run", "diff"],
      rows: [
        ['=HYPERLINK("http://x")', "-0.0500"],
        ["+1", "-1e-5"],
        ["+cmd|' /C calc'!A0", "1"],
        ["-cmd", "+0.5"],
        ["@SUM(A1)", "0.1"],
        ["\tx", "-"],
      ],
    }),
    'run,diff\n"\'=HYPERLINK(""http://x"")",-0.0500\n' +
      "+1,-1e-5\n'+cmd|' /C calc'!A0,1\n'-cmd,+0.5\n'@SUM(A1),0.1\n'\tx,'-\n",
  );
});

Deno.test("toCsv writes the bytes csv-stringify 6.9.0 wrote with its defaults", () => {
  // Reference: csv-stringify 6.9.0's `stringify` of the same rows, which
  // toCsv replaced.
  assertEquals(
    toCsv({
      header: ["h", "k"],
      rows: [["", " sp "], ["cr\rx", '"'], [",", "é;x"], ["tab\tin", "a\nb"]],
    }),
    'h,k\n, sp \n"cr\rx",""""\n",",é;x\ntab\tin,"a\nb"\n',
  );
});

Deno.test("a comparison's CSV keeps scipy's -inf t statistic a number, not a neutralized formula", async () => {
  // Run b finds the one relevant document at rank 1 of both queries, run a
  // never: every difference of P@1 is -1, and scipy.stats.ttest_rel([0, 0],
  // [1, 1]) gives statistic -inf, p-value 0. The cells were "'-Infinity",
  // which Python's float() and pandas read as text.
  const qrels = new Map([
    ["q1", new Map([["d1", 1]])],
    ["q2", new Map([["d1", 1]])],
  ]);
  const comparison = await compare(
    {
      a: [{ queryId: "q1", docs: ["d2"] }, { queryId: "q2", docs: ["d2"] }],
      b: [{ queryId: "q1", docs: ["d1"] }, { queryId: "q2", docs: ["d1"] }],
    },
    qrels,
    ["P@1"],
  );
  const [header, row] = renderComparison(comparison, "csv").split("\n");
  const cells = Object.fromEntries(
    header.split(",").map((name, i) => [name, row.split(",")[i]]),
  );
  assertEquals(
    [cells.statistic, cells.pValue, cells.effectSize, cells.diff],
    ["-Infinity", "0", "-Infinity", "-1"],
  );
});
