/// <reference lib="dom" />
// The HTML report in headless Chromium (Debian's package, driven by
// playwright-core): it renders without console errors or network requests,
// and every number the plots print is the one in the tables.
import { assertEquals } from "../assert.ts";
import { chromium } from "playwright-core";
import { compare, DEFAULT_CURVE_CUTOFFS } from "../../metrics/compare.ts";
import { readQrels } from "../../formats/trec_qrels.ts";
import { readRun } from "../../formats/trec_run.ts";
import { comparisonToHtml } from "../../report/html.ts";
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  SKIP_BROWSER_TESTS,
  textsOutsideCharts,
} from "../_browser.ts";
import { run as compareCommand } from "../../cli/compare.ts";

const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;

Deno.test({
  name:
    "the HTML report renders in Chromium and its plots show the tables' numbers",
  ignore: SKIP_BROWSER_TESTS,
}, async () => {
  const qrels = await readQrels(`${EXAMPLES}qrels.txt`);
  const runs = new Map();
  for (const name of ["bm25", "hybrid"]) {
    runs.set(
      name,
      await Array.fromAsync(readRun(`${EXAMPLES}run.${name}.txt`)),
    );
  }
  // A third run, bm25 with its first topic gone, so a pair has mixed signs.
  runs.set(
    "bm25-q01",
    runs.get("bm25").filter((r: { queryId: string }) => r.queryId !== "q01"),
  );
  // recall@100: its curve's highlighted cutoff is the last, at the edge.
  const metrics = ["ndcg@10", "ap", "P@5", "recall@100"];
  const comparison = await compare(runs, qrels, metrics, {
    test: "permutation",
    curveCutoffs: DEFAULT_CURVE_CUTOFFS,
  });
  const html = comparisonToHtml(comparison);
  const dir = await Deno.makeTempDir();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 1280, height: 900 },
    });
    const errors: string[] = [];
    const requests: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("request", (r) => requests.push(r.url()));
    await Deno.writeTextFile(`${dir}/report.html`, html);
    await page.goto(`file://${dir}/report.html`);
    const shot = await page.screenshot({
      path: `${dir}/report.png`,
      fullPage: true,
    });
    assertEquals(errors, []);
    // The page itself and nothing else: no scripts, fonts or images fetched.
    assertEquals(requests, [`file://${dir}/report.html`]);
    // A PNG, and one taller than the viewport: the whole report was laid out.
    assertEquals([...shot.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    const height = new DataView(shot.buffer, shot.byteOffset).getUint32(20);
    assertEquals(height > 2000, true, `screenshot height ${height}`);

    const seen = await page.evaluate(() => {
      const texts = (selector: string) =>
        [...document.querySelectorAll(selector)].map((e) =>
          e.textContent!.trim()
        );
      const column = (table: string, header: string) => {
        const heads = texts(`${table} thead th`);
        const i = heads.indexOf(header);
        return [...document.querySelectorAll(`${table} tbody tr`)].map((row) =>
          row.children[i].textContent!.trim()
        );
      };
      const boxes = [...document.querySelectorAll("svg")].map((svg) => {
        const r = svg.getBoundingClientRect();
        return [r.width, r.height];
      });
      return {
        means: texts("#means td.mean"),
        meanLabels: texts("#means-section svg text.value"),
        diffs: column("#tests", "diff"),
        diffLabels: texts("#differences-section svg text.value"),
        curveLabels: texts("#curves-section svg text.value"),
        curveCells: texts("#curves-section table.curve td"),
        titles: texts("svg > title"),
        boxes,
      };
    });
    // 4 metrics x 3 runs; every mean in the table is printed on its bar.
    assertEquals(seen.means.length, 12);
    assertEquals(seen.meanLabels.sort(), [...seen.means].sort());
    // One difference chart per pair and metric, labelled with the table's diff.
    assertEquals(seen.diffs.length, 12);
    assertEquals(seen.diffLabels, seen.diffs.map((d) => `mean ${d}`));
    // Curves print the compared cutoff's means (ndcg@10, P@5, recall@100;
    // ap has no compared cutoff), the same text as the means table and the
    // curve table.
    assertEquals(seen.curveLabels.length, 9);
    for (const label of seen.curveLabels) {
      assertEquals(seen.means.includes(label), true, label);
      assertEquals(seen.curveCells.includes(label), true, label);
    }
    assertEquals(seen.titles.length, 1 + 12 + 4);
    for (const [w, h] of seen.boxes) assertEquals(w > 300 && h > 200, true);
    // No label leaves its chart: the curves' end labels, the slanted or
    // rotated ones, the legends, the query ids.
    assertEquals(await textsOutsideCharts(page), []);
    // The same at a narrow window, where the charts are scaled down.
    await page.setViewportSize({ width: 420, height: 900 });
    assertEquals(await textsOutsideCharts(page), []);
  } finally {
    await browser.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name:
    "compare --format html names its input files with their sha256, the options, the version and the time",
  ignore: SKIP_BROWSER_TESTS,
}, async () => {
  const dir = await Deno.makeTempDir();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const before = Date.now();
    const out = `${dir}/report.html`;
    await compareCommand([
      `${EXAMPLES}qrels.txt`,
      `${EXAMPLES}run.bm25.txt`,
      `${EXAMPLES}run.hybrid.txt`,
      ...["-m", "ndcg@10", "-m", "P@5", "--test", "permutation", "-l", "2"],
      ...["--format", "html", "--out", out],
    ]);
    const after = Date.now();
    const page = await browser.newPage();
    await page.goto(`file://${out}`);
    const header = await page.$$eval(
      "header.provenance dt",
      (dts) =>
        dts.map((dt) => [
          dt.textContent!,
          dt.nextElementSibling!.textContent!.replace(/\s+/g, " ").trim(),
        ]),
    );
    // sha256sum of the bundled files.
    assertEquals(header.slice(0, 3), [
      [
        "qrels",
        `${EXAMPLES}qrels.txt sha256 90112ce324f230792aa92487bb6bbdd3ee48509ed5adcdb24612345a2fdf244a`,
      ],
      [
        "run bm25",
        `${EXAMPLES}run.bm25.txt sha256 73f751ccbfc1c8d57a35bf0210ab797ec85e6d17a2b5e1657cc1ecca15ec9c0c`,
      ],
      [
        "run hybrid",
        `${EXAMPLES}run.hybrid.txt sha256 63661b0185da49a4336b13b8be6ffdd6c84df6322b2cd9ee74fcfef951769a1a`,
      ],
    ]);
    assertEquals(header[3], [
      "options",
      "metrics ndcg@10 P@5, relevance level 2, depth all, judged only no, test permutation, correction holm, alpha 0.05, seed 42, resamples 10000, query set judged",
    ]);
    const version = JSON.parse(
      await Deno.readTextFile(new URL("../../deno.json", import.meta.url)),
    ).version;
    assertEquals(header[4][0], "made by");
    assertEquals(header[4][1].startsWith(`ranklens ${version} on `), true);
    const time = Date.parse(
      await page.textContent("header.provenance time") ?? "",
    );
    assertEquals(before <= time && time <= after, true, String(time));
    // The tests table prints its p-values in the one format.
    const printed = await page.$$eval(
      "#tests tbody tr",
      (rows) =>
        rows.flatMap((r) => [9, 10].map((i) => r.children[i].textContent!)),
    );
    for (const text of printed) {
      assertEquals(/^(< 0\.0001|[01]\.\d{4})$/.test(text), true, text);
    }
  } finally {
    await browser.close();
    await Deno.remove(dir, { recursive: true });
  }
});
