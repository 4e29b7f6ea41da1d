/**
 * The number of queries scored, as trec_eval's `num_q` and ir_measures'
 * `NumQ`.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";

/** 1 for every scored query, summed: the number of queries. */
export const numQ: MetricDefinition = {
  name: "num_q",
  peers: ["trec_eval"],
  aliases: [{ name: "NumQ", peer: "ir_measures" }],
  description: "number of queries scored; summed over queries",
  cutoff: "none",
  aggregate: "sum",
  readsToCutoff: true,
  create: () => () => 1,
};
