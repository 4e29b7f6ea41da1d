/**
 * Runs a CLI command in-process and returns what it wrote to stdout.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";

/**
 * Runs `command(args)`, expecting exit status 0, with `Deno.stdout.write`
 * captured.
 *
 * @param command A command's `run`.
 * @param args Its arguments.
 * @returns The text it wrote.
 */
export async function stdoutOf(
  command: (args: string[]) => Promise<number>,
  args: string[],
): Promise<string> {
  const decoder = new TextDecoder();
  let printed = "";
  const write = Deno.stdout.write;
  Deno.stdout.write = (bytes: Uint8Array) => {
    printed += decoder.decode(bytes, { stream: true });
    return Promise.resolve(bytes.length);
  };
  try {
    assertEquals(await command(args), 0);
  } finally {
    Deno.stdout.write = write;
  }
  return printed;
}

/** A file of the repository as a path. */
export function repoPath(path: string): string {
  return new URL(`../../${path}`, import.meta.url).pathname;
}
