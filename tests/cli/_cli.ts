/**
 * Runs `cli.ts` in a child Deno, as a user would, for tests that need the
 * real exit status and output streams.
 *
 * @module
 */

const CLI = new URL("../../cli.ts", import.meta.url).pathname;

/** What a CLI run printed and returned. */
export interface CliResult {
  /** The exit status. */
  code: number;
  /** Standard output. */
  stdout: string;
  /** Standard error. */
  stderr: string;
}

/** Runs `deno run -R -W cli.ts ...args`. */
export async function runCli(args: string[]): Promise<CliResult> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-R", "-W", CLI, ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code, stdout: decode(stdout), stderr: decode(stderr) };
}
