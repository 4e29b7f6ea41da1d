/**
 * Expected reciprocal rank (Chapelle et al., 2009).
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf } from "./_shared.ts";

/**
 * ERR@k = sum over ranks r <= k of (1/r) R_r prod_{i<r} (1 - R_i), with
 * R = (2^g - 1) / 2^max_rel the chance the user stops at a document of
 * grade g. `max_rel` is the top grade of the scale (default 4, as TREC's
 * gdeval); grades above it count as `max_rel`, negative ones as 0.
 */
export const err: MetricDefinition = {
  name: "err",
  peers: ["ir_measures"],
  description:
    "expected reciprocal rank with stop probability (2^g-1)/2^max_rel",
  params: {
    max_rel: {
      type: "number",
      description: "top grade of the relevance scale",
      default: 4,
      min: 0,
      exclusiveMin: true,
      // 2^1024 overflows: every stop probability would be Infinity/Infinity.
      max: 1023,
    },
  },
  readsToCutoff: true,
  create: (params, cutoff) => {
    const maxRel = params.max_rel as number;
    const scale = 2 ** maxRel;
    return (ranking) => {
      const depth = depthOf(ranking, cutoff);
      const grades = ranking.grades;
      let total = 0, stillLooking = 1;
      for (let i = 0; i < depth; i++) {
        const g = Math.min(Math.max(grades[i], 0), maxRel);
        const stop = (2 ** g - 1) / scale;
        total += stillLooking * stop / (i + 1);
        stillLooking *= 1 - stop;
      }
      return total;
    };
  },
};
