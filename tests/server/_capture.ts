/**
 * Runs a CLI command in-process and returns what it wrote to stdout.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { capture } from "../cli/_cli.ts";

/**
 * Runs `command(args)` in-process, expecting exit status 0.
 *
 * @param command A command's `run`.
 * @param args Its arguments.
 * @returns The text it wrote.
 */
export async function stdoutOf(
  command: (args: string[]) => Promise<number>,
  args: string[],
): Promise<string> {
  const { status, out } = await capture(() => command(args));
  assertEquals(status, 0);
  return out;
}

/** A file of the repository as a path. */
export function repoPath(path: string): string {
  return new URL(`../../${path}`, import.meta.url).pathname;
}
