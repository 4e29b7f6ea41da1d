/// <reference lib="dom" />
/**
 * Where the browser tests find Chromium (Debian's package), and whether they
 * run: always under CI (`.ci/run` installs Chromium, so a missing one fails
 * there), and elsewhere only when Chromium is installed, so the test command
 * works on a machine with only Node.js and npm.
 *
 * @module
 */

/** Debian's Chromium. */
export const CHROMIUM = "/usr/bin/chromium";

/** The flags that keep headless Chromium off the network and quiet. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function installed(): boolean {
  try {
    return Deno.statSync(CHROMIUM).isFile;
  } catch {
    return false;
  }
}

/** True when browser tests are skipped: not under CI and no Chromium. */
export const SKIP_BROWSER_TESTS: boolean = Deno.env.get("CI") !== "true" &&
  !installed();

if (SKIP_BROWSER_TESTS) {
  console.error(
    `browser tests skipped: ${CHROMIUM} is missing (apt-get install chromium)`,
  );
}

/** A chart text drawn outside its chart. */
export interface TextOutside {
  /** The chart's title. */
  readonly chart: string;
  /** The text. */
  readonly text: string;
  /** Its box and the chart's, as `left,top,right,bottom` in CSS pixels. */
  readonly box: string;
  readonly svg: string;
}

/**
 * Every text of every visible SVG chart on the page whose rendered box (after
 * its rotation, in the browser's own font) reaches outside its chart's box,
 * that is outside the viewBox as drawn: what a reader would see cut off.
 *
 * @param page A playwright page.
 * @returns The texts outside, empty when every label fits.
 */
export async function textsOutsideCharts(
  page: import("playwright-core").Page,
): Promise<TextOutside[]> {
  return await page.evaluate(() => {
    const out: {
      chart: string;
      text: string;
      box: string;
      svg: string;
    }[] = [];
    const edges = (r: DOMRect) =>
      [r.left, r.top, r.right, r.bottom].map((v) => v.toFixed(1)).join(",");
    for (const svg of document.querySelectorAll("svg")) {
      const frame = svg.getBoundingClientRect();
      if (frame.width === 0) continue; // Folded away.
      for (const text of svg.querySelectorAll("text")) {
        const box = text.getBoundingClientRect();
        if (box.width === 0) continue;
        // Half a pixel for rounding.
        if (
          box.left < frame.left - 0.5 || box.top < frame.top - 0.5 ||
          box.right > frame.right + 0.5 || box.bottom > frame.bottom + 0.5
        ) {
          out.push({
            chart: svg.querySelector("title")?.textContent ?? "",
            text: text.textContent ?? "",
            box: edges(box),
            svg: edges(frame),
          });
        }
      }
    }
    return out;
  });
}
