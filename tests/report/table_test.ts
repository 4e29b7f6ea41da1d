import { assertEquals } from "../assert.ts";
import { toCsv, toMarkdown } from "../../report/table.ts";

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
