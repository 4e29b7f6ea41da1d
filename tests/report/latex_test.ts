import { assertEquals } from "../assert.ts";
import { escapeLatex } from "../../report/latex.ts";

Deno.test("escapeLatex writes every special character as text", () => {
  assertEquals(
    escapeLatex("a_b 10% $x$ #1 & {c} ~^\\"),
    "a\\_b 10\\% \\$x\\$ \\#1 \\& \\{c\\} \\textasciitilde{}\\textasciicircum{}\\textbackslash{}",
  );
});

Deno.test("escapeLatex keeps < and > and a cell on one paragraph", () => {
  assertEquals(
    escapeLatex("<run>\n\nB\r\n"),
    "\\textless{}run\\textgreater{}  B  ",
  );
});
