/**
 * trec_eval's `official` measure set in the spec language: what `eval` and
 * `POST /v1/evaluate` compute when no metric is named.
 *
 * @module
 */

/**
 * The specs of trec_eval's `official` measures (`runid` and `num_q` are
 * printed by the trec renderer itself).
 *
 * @example
 * ```ts
 * import { OFFICIAL_SPECS } from "./official.ts";
 * console.log(OFFICIAL_SPECS.length); // 28
 * ```
 */
export const OFFICIAL_SPECS: readonly string[] = [
  "num_ret",
  "num_rel",
  "num_rel_ret",
  "ap",
  "gm_map",
  "rprec",
  "bpref",
  "rr",
  ...[0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1].map((x) =>
    `iprec_at_recall(recall=${x})`
  ),
  ...[5, 10, 15, 20, 30, 100, 200, 500, 1000].map((k) => `P@${k}`),
];
