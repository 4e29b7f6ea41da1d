/**
 * Timing of whole commands for the end-to-end benchmarks: wall time, CPU
 * time and peak memory of each run, and medians over rounds in which the
 * commands take turns, so that a change in the machine's load falls on all
 * of them alike.
 *
 * @module
 */

/** One run of a command. */
export interface Timing {
  /** Wall time in seconds, from spawning the command to its exit. */
  readonly wall: number;
  /** CPU time in seconds (user + system), from GNU time. */
  readonly cpu: number;
  /** Peak resident memory in KiB, from GNU time. */
  readonly peakKiB: number;
  /** What the command printed. */
  readonly stdout: string;
}

/** Medians of several runs of a command. */
export interface Measured {
  /** Median wall time in seconds. */
  readonly wall: number;
  /** Median CPU time in seconds. */
  readonly cpu: number;
  /** Median peak resident memory in MiB. */
  readonly peakMiB: number;
  /** What the first run printed. */
  readonly stdout: string;
}

/**
 * Runs a command once under GNU time (`/usr/bin/time -f "%U %S %M"`), for
 * CPU time and peak RSS; wall time is measured here, to the microsecond
 * (GNU time's `%e` has 10 ms steps, a quarter of trec_eval's time on a TREC
 * run).
 *
 * @example
 * ```ts ignore
 * import { timeOnce } from "./_timing.ts";
 * console.log((await timeOnce(["true"])).wall < 1); // true
 * ```
 *
 * @param command The program and its arguments.
 * @returns The timing.
 * @throws {Error} If the command fails.
 */
export async function timeOnce(command: readonly string[]): Promise<Timing> {
  const start = performance.now();
  const output = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%U %S %M", ...command],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const wall = (performance.now() - start) / 1000;
  const stderr = new TextDecoder().decode(output.stderr).trim().split("\n");
  if (!output.success) {
    throw new Error(`${command.join(" ")} failed:\n${stderr.join("\n")}`);
  }
  const [user, system, peak] = stderr.at(-1)!.split(" ").map(Number);
  return {
    wall,
    cpu: user + system,
    peakKiB: peak,
    stdout: new TextDecoder().decode(output.stdout),
  };
}

/**
 * The median of numbers.
 *
 * @example
 * ```ts ignore
 * import { median } from "./_timing.ts";
 * console.log(median([3, 1, 2, 10])); // 2.5
 * ```
 *
 * @param xs The numbers, at least one.
 * @returns The median.
 */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? s[(s.length - 1) / 2]
    : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * Runs the commands in turn, `rounds` rounds, and takes the medians of each.
 *
 * @example
 * ```ts ignore
 * import { measure } from "./_timing.ts";
 * const [a, b] = await measure(3, ["true"], ["false"]);
 * ```
 *
 * @param rounds How many times each command runs.
 * @param commands The commands.
 * @returns The medians of each command, in order.
 */
export async function measure(
  rounds: number,
  ...commands: (readonly string[])[]
): Promise<Measured[]> {
  const timings: Timing[][] = commands.map(() => []);
  for (let i = 0; i < rounds; i++) {
    for (const [c, command] of commands.entries()) {
      timings[c].push(await timeOnce(command));
    }
  }
  return timings.map((t) => ({
    wall: median(t.map((x) => x.wall)),
    cpu: median(t.map((x) => x.cpu)),
    peakMiB: median(t.map((x) => x.peakKiB)) / 1024,
    stdout: t[0].stdout,
  }));
}
