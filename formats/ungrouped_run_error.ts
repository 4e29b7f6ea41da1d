/**
 * The error the TREC run readers throw when a topic's lines are not
 * contiguous and the run cannot be read again: `readRun`'s judge catches it
 * and reads a file again whole; a stream read once gives it to the caller.
 *
 * @module
 */

import { InputError } from "../model/errors.ts";

/**
 * A topic's lines were not contiguous; read again with `collect: true`.
 *
 * @example
 * ```ts
 * import { readRun } from "./trec_run.ts";
 * import { UngroupedRunError } from "./ungrouped_run_error.ts";
 * const text = "q1 Q0 a 1 1 t\nq2 Q0 b 1 1 t\nq1 Q0 c 2 2 t\n";
 * try {
 *   for await (const _ of readRun({ text }, { name: "run.txt" })) {
 *     // streamed topic by topic
 *   }
 * } catch (error) {
 *   console.log(error instanceof UngroupedRunError); // true
 *   console.log((error as Error).message); // 'run.txt:3: topic "q1" appears again after other topics; the run is not grouped by topic'
 * }
 * for await (const list of readRun({ text }, { collect: true })) {
 *   console.log(list.queryId, list.docs); // q1 ["c", "a"], then q2 ["b"]
 * }
 * ```
 */
export class UngroupedRunError extends InputError {}
