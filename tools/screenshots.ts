/**
 * Makes the README's screenshots: the web page after "Load example" and
 * Evaluate, and the `compare --format html` report of the same example
 * runs, in headless Chromium (Debian's package).
 *
 * ```sh
 * deno run -A tools/screenshots.ts            # writes docs/page.png and docs/report.png
 * deno run -A tools/screenshots.ts OUT_DIR
 * ```
 *
 * @module
 */

import { chromium } from "playwright-core";
import { createApp } from "../server.ts";
import { CHROMIUM, CHROMIUM_ARGS } from "../tests/_browser.ts";
import { run as compareCommand } from "../cli/compare.ts";

const root = new URL("../", import.meta.url);
const out = Deno.args[0] ?? new URL("docs/", root).pathname.replace(/\/$/, "");
await Deno.mkdir(out, { recursive: true });

const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen() {} },
  createApp().fetch,
);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [...CHROMIUM_ARGS],
});
const dir = await Deno.makeTempDir();
try {
  const page = await browser.newPage({
    viewport: { width: 1120, height: 900 },
    colorScheme: "light",
  });
  await page.goto(`http://127.0.0.1:${server.addr.port}/`);
  await page.click("#load-example");
  await page.click("#evaluate");
  await page.waitForSelector("#comparison svg");
  // From the Evaluate button to the means chart: the results, the tests.
  const top = await page.$eval(
    ".actions",
    (e) => e.getBoundingClientRect().top + globalThis.scrollY,
  );
  const bottom = await page.$eval(
    "#comparison .plots svg",
    (e) => e.getBoundingClientRect().bottom + globalThis.scrollY,
  );
  await page.screenshot({
    path: `${out}/page.png`,
    fullPage: true,
    clip: { x: 0, y: top - 16, width: 1120, height: bottom - top + 40 },
  });

  // From the repository's root, so the report names the files as a reader
  // of the README would type them.
  Deno.chdir(root);
  const report = `${dir}/report.html`;
  await compareCommand([
    "examples/qrels.txt",
    "examples/run.bm25.txt",
    "examples/run.hybrid.txt",
    ...["ndcg@10", "ap", "P@5", "recall@100"].flatMap((m) => ["-m", m]),
    "--format",
    "html",
    "--out",
    report,
  ]);
  const html = await browser.newPage({
    viewport: { width: 1120, height: 900 },
  });
  await html.goto(`file://${report}`);
  // The header, the means and the tests, and the first difference charts.
  const end = await html.$eval(
    "#differences-section .plots svg",
    (e) => e.getBoundingClientRect().bottom + globalThis.scrollY,
  );
  await html.screenshot({
    path: `${out}/report.png`,
    fullPage: true,
    clip: { x: 0, y: 0, width: 1120, height: end + 24 },
  });
  console.log(`wrote ${out}/page.png and ${out}/report.png`);
} finally {
  await browser.close();
  await server.shutdown();
  await Deno.remove(dir, { recursive: true });
}
