/**
 * Discounted cumulative gain, as trec_eval's `dcg`.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { dcgOf, gainFunction } from "./_gain.ts";
import { GAIN_PARAM } from "./_trec.ts";
import { gained } from "./_trec_eval.ts";

/** `dcg(gain=...)@k`: discounted cumulative gain. */
export const dcg: MetricDefinition = {
  name: "dcg",
  peers: ["trec_eval", "ranx"],
  aliases: [{ name: "dcg_burges", peer: "ranx", params: { gain: "exp" } }],
  description: "discounted cumulative gain, gain/log2(rank+1) (trec_eval dcg)",
  params: { gain: GAIN_PARAM },
  trecEval: [
    {
      name: "dcg",
      params: "pairs",
      print: "double",
      summary: "mean",
      perTopic: true,
      since10: true,
      spec: "dcg(gain={level:gain,...})",
      bind: gained((r, gains) => dcgOf(r, undefined, gains)),
    },
  ],
  create: (params, cutoff) => {
    const gain = gainFunction(params.gain);
    return (ranking) => dcgOf(ranking, cutoff, gain);
  },
};
