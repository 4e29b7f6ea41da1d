/**
 * bpref combined by geometric mean, as trec_eval's `gm_bpref`.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { bpref } from "./bpref.ts";
import { geometric } from "./_trec_eval.ts";

/**
 * Per-query bpref whose aggregate is exp(mean(log(max(bpref, 1e-5)))).
 */
export const gmBpref: MetricDefinition = {
  ...bpref,
  name: "gm_bpref",
  peers: ["trec_eval"],
  aggregate: "geometric",
  trecEval: [
    {
      name: "gm_bpref",
      params: "none",
      print: "double",
      summary: "geometric",
      perTopic: false,
      spec: "gm_bpref",
      bind: geometric(() => bpref.create({}, undefined)),
    },
  ],
  description: "geometric mean of bpref (trec_eval gm_bpref)",
};
