/**
 * The permissions a command needs, asked for before it does any work: a
 * missing one is said once, with the flag that grants it, instead of
 * failing late (after the work) or once per query.
 *
 * @module
 */

/** What a command will touch. */
export interface PermissionNeeds {
  /** Files or folders it reads (`-` is standard input and needs none). */
  readonly read?: readonly (string | undefined)[];
  /** Files it writes, atomically: through a temporary file beside each. */
  readonly write?: readonly (string | undefined)[];
  /** URLs it fetches. */
  readonly net?: readonly (string | undefined)[];
}

/**
 * The folder of a path as given (`.` for a bare name), without node:path,
 * whose loading sets up Node compatibility at start-up. Deno resolves a
 * relative folder against the working directory when asked about it.
 */
function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  if (cut < 0) return ".";
  return cut === 0 ? path[0] : path.slice(0, cut);
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
 * await checkPermissions({ write: ["report.html"] });
 * ```
 *
 * @param needs What it will read, write and fetch.
 * @throws {Deno.errors.NotCapable} Naming each missing permission and the
 * flag that grants it.
 */
export async function checkPermissions(
  needs: PermissionNeeds,
): Promise<void> {
  const reads = new Set<string>();
  const writes = new Set<string>();
  const folders = new Set<string>();
  const hosts = new Set<string>();
  for (const path of needs.read ?? []) {
    if (path === undefined || path === "-") continue;
    if (!await granted({ name: "read", path })) reads.add(path);
  }
  for (const path of needs.write ?? []) {
    if (path === undefined || path === "-") continue;
    // An atomic write makes a temporary file in the same folder.
    const folder = folderOf(path);
    if (
      !await granted({ name: "write", path }) ||
      !await granted({ name: "write", path: folder })
    ) {
      writes.add(path);
      folders.add(folder);
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
    if (!await granted({ name: "net", host })) hosts.add(host);
  }
  const missing: string[] = [];
  const flags: string[] = [];
  const list = (items: Set<string>) => [...items].join(", ");
  if (reads.size) {
    missing.push(`read access to ${list(reads)}`);
    flags.push("-R (--allow-read)");
  }
  if (writes.size) {
    missing.push(
      `write access to ${list(writes)} and ${
        writes.size > 1 ? "their folders" : "its folder"
      }`,
    );
    flags.push(`-W (or --allow-write=${[...folders].join(",")})`);
  }
  if (hosts.size) {
    missing.push(`network access to ${list(hosts)}`);
    flags.push(`-N (or --allow-net=${[...hosts].join(",")})`);
  }
  if (missing.length) {
    throw new Deno.errors.NotCapable(
      `needs ${missing.join(", ")}: run it with ${flags.join(" and ")}`,
    );
  }
}
