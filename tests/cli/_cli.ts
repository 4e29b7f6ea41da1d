/**
 * Runs `cli.ts` in a child Deno, as a user would, for tests that need the
 * real exit status and output streams.
 *
 * @module
 */

import { main } from "../../cli.ts";

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

/** Runs `deno run -R -W cli.ts ...args`, with `stdin` as standard input. */
export function runCli(args: string[], stdin?: string): Promise<CliResult> {
  return runCliWith(["-R", "-W"], args, stdin);
}

/**
 * Runs `deno run ...flags cli.ts ...args`, with `stdin` as standard input
 * (default: none), for tests of what a permission changes.
 */
export async function runCliWith(
  flags: string[],
  args: string[],
  stdin?: string,
): Promise<CliResult> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...flags, CLI, ...args],
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  if (stdin !== undefined) {
    await ReadableStream.from([new TextEncoder().encode(stdin)]).pipeTo(
      child.stdin,
    );
  }
  const { code, stdout, stderr } = await child.output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code, stdout: decode(stdout), stderr: decode(stderr) };
}

/** What a command run in-process returned and wrote. */
export interface CapturedRun {
  /** The exit status. */
  status: number;
  /** What it wrote to `Deno.stdout`. */
  out: string;
  /** What it printed with `console.error`. */
  err: string;
}

/**
 * Runs `fn` with `Deno.stdout`'s writes and `console.error` captured, for tests
 * that call a command in-process.
 */
export async function capture(
  fn: () => Promise<number>,
): Promise<CapturedRun> {
  const decoder = new TextDecoder();
  let out = "", err = "";
  const write = Deno.stdout.write;
  const writeSync = Deno.stdout.writeSync;
  const error = console.error;
  Deno.stdout.write = (bytes: Uint8Array) => {
    out += decoder.decode(bytes, { stream: true });
    return Promise.resolve(bytes.length);
  };
  // The commands write synchronously; a stray asynchronous write is kept too.
  Deno.stdout.writeSync = (bytes: Uint8Array) => {
    out += decoder.decode(bytes, { stream: true });
    return bytes.length;
  };
  console.error = (...parts: unknown[]) => {
    err += parts.join(" ") + "\n";
  };
  try {
    const status = await fn();
    return { status, out, err };
  } finally {
    Deno.stdout.write = write;
    Deno.stdout.writeSync = writeSync;
    console.error = error;
  }
}

/** Runs `cli.ts ...args` in-process (through `main`). */
export function runInProcess(args: string[]): Promise<CapturedRun> {
  return capture(() => main(args));
}
