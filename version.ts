/**
 * The ranklens version, as `deno.json` states it (a test keeps the two equal).
 *
 * @example
 * ```ts
 * import { VERSION } from "./version.ts";
 * console.log(/^\d+\.\d+\.\d+/.test(VERSION)); // true
 * ```
 *
 * @module
 */

/** The version of this package. */
export const VERSION: string = "0.1.0";
