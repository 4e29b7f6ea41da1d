/**
 * A server process's resident memory for the memory benchmarks
 * (`load.ts`, `large_request_memory.ts`), from Linux's `/proc`.
 *
 * @module
 */

/**
 * A field of `/proc/PID/status` in KiB: `VmRSS` now, `VmHWM` the peak
 * since the process started.
 *
 * @example
 * ```ts
 * import { statusKiB } from "./_memory.ts";
 * console.log(statusKiB(Deno.pid, "VmHWM") >= statusKiB(Deno.pid, "VmRSS")); // true
 * ```
 *
 * @param pid The process.
 * @param field Which field.
 * @returns Its value in KiB.
 */
export function statusKiB(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))![1]);
}

/** How a process's memory came back after work: {@linkcode settle}. */
export interface Settled {
  /** The resident KiB when it came back, or after `longest`. */
  kib: number;
  /** Seconds it took, from the call. */
  seconds: number;
  /** Whether it came within `margin` of the idle level. */
  back: boolean;
}

/**
 * Waits, reading once a second, until a process's resident memory is back
 * within `marginKiB` of `idleKiB` or `longestSeconds` have passed. Memory
 * comes back in steps: replaced workers once idle for a second, and the V8
 * heap pages they leave after tens of seconds more.
 *
 * @example
 * ```ts
 * import { settle, statusKiB } from "./_memory.ts";
 * const settled = await settle(Deno.pid, statusKiB(Deno.pid, "VmRSS"));
 * console.log(settled.back, settled.seconds); // true 0
 * ```
 *
 * @param pid The process.
 * @param idleKiB Its idle level.
 * @param marginKiB How far above it counts as back. Default: 32 MiB.
 * @param longestSeconds How long to wait at most. Default: 60.
 * @returns When and where it settled.
 */
export async function settle(
  pid: number,
  idleKiB: number,
  marginKiB = 32 * 1024,
  longestSeconds = 60,
): Promise<Settled> {
  const start = performance.now();
  for (;;) {
    const kib = statusKiB(pid, "VmRSS");
    const seconds = Math.round((performance.now() - start) / 1000);
    const back = kib <= idleKiB + marginKiB;
    if (back || seconds >= longestSeconds) return { kib, seconds, back };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
