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
