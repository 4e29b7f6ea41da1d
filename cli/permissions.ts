/**
 * The permissions a command needs, asked for before it does any work: a
 * missing one is said once, with the flag that grants it, instead of
 * failing late (after the work) or once per query.
 *
 * @module
 */

import { dirname, resolve } from "node:path";

/** What a command will touch. */
export interface PermissionNeeds {
  /** Files or folders it reads (`-` is standard input and needs none). */
  readonly read?: readonly (string | undefined)[];
  /** Files it writes, atomically: through a temporary file beside each. */
  readonly write?: readonly (string | undefined)[];
  /** URLs it fetches. */
  readonly net?: readonly (string | undefined)[];
}

async function granted(
  descriptor: Deno.PermissionDescriptor,
): Promise<boolean> {
  const { state } = await Deno.permissions.query(descriptor);
  // Deno asks a person at a terminal itself; anywhere else a prompt is a no.
  return state === "granted" || state === "prompt" && Deno.stdin.isTerminal();
}

/**
 * Checks every permission a command needs before it starts, so a missing
 * one fails at once, in one message naming the flag to add.
 *
 * @example
 * ```ts ignore
 * import { checkPermissions } from "./permissions.ts";
 * await checkPermissions("compare", { write: ["report.html"] });
 * ```
 *
 * @param command The command's name, for the message.
 * @param needs What it will read, write and fetch.
 * @throws {Deno.errors.NotCapable} Naming each missing permission and the
 * flag that grants it.
 */
export async function checkPermissions(
  _command: string,
  needs: PermissionNeeds,
): Promise<void> {
  const missing: string[] = [];
  const flags = new Set<string>();
  for (const path of needs.read ?? []) {
    if (path === undefined || path === "-") continue;
    if (!await granted({ name: "read", path })) {
      missing.push(`read access to ${path}`);
      flags.add("-R (--allow-read)");
    }
  }
  for (const path of needs.write ?? []) {
    if (path === undefined || path === "-") continue;
    // An atomic write makes a temporary file in the same folder.
    const folder = dirname(resolve(path));
    if (
      !await granted({ name: "write", path }) ||
      !await granted({ name: "write", path: folder })
    ) {
      missing.push(`write access to ${path} and its folder`);
      flags.add(`-W (or --allow-write=${dirname(path)})`);
    }
  }
  for (const url of needs.net ?? []) {
    if (url === undefined) continue;
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      continue; // The command refuses the URL itself, with its own words.
    }
    if (!await granted({ name: "net", host })) {
      missing.push(`network access to ${host}`);
      flags.add(`-N (or --allow-net=${host})`);
    }
  }
  if (missing.length) {
    throw new Deno.errors.NotCapable(
      `needs ${missing.join(", ")}: run it with ${[...flags].join(" and ")}`,
    );
  }
}
