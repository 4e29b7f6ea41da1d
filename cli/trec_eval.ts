/**
 * `ranklens trec_eval`: not built yet; its issue adds it.
 *
 * @module
 */

/**
 * Runs the command.
 *
 * @param _args The arguments.
 * @returns The exit status.
 */
export function run(_args: string[]): Promise<number> {
  console.error("ranklens trec_eval: not available in this version");
  return Promise.resolve(2);
}
