/**
 * Rank-biased precision (Moffat and Zobel, 2008).
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import { depthOf, levelOf, REL_PARAM } from "./_shared.ts";

/**
 * RBP@k = (1 - p) sum over ranks r <= k of u_r p^(r-1): the user moves on to
 * the next document with probability `p`. Utility u is binary (grade >= rel)
 * unless `max_rel` is given, then min(grade, max_rel) / max_rel, so `rel`
 * and `max_rel` exclude each other. The unseen tail is ignored, so this is
 * RBP's lower bound.
 */
export const rbp: MetricDefinition = {
  name: "rbp",
  peers: ["ir_measures"],
  description:
    "rank-biased precision with persistence p (lower bound; binary unless max_rel)",
  params: {
    p: {
      type: "number",
      description: "persistence: chance of looking at the next document",
      default: 0.8,
      min: 0,
      max: 1,
      exclusiveMin: true,
      exclusiveMax: true,
    },
    rel: REL_PARAM,
    max_rel: {
      type: "number",
      description: "grade of full utility; given, utility is graded",
      min: 0,
      exclusiveMin: true,
    },
    utility: {
      type: "string",
      description:
        "binary (1 from grade rel on) or grade (the grade itself from rel on, as ranx's rbp.95)",
      default: "binary",
      choices: ["binary", "grade"],
    },
  },
  readsToCutoff: true,
  create: (params, cutoff) => {
    const p = params.p as number;
    const maxRel = params.max_rel as number | undefined;
    if (maxRel !== undefined && params.rel !== undefined) {
      throw new RangeError(
        `Metric "rbp" takes rel (binary utility) or max_rel (graded), not both, got rel=${params.rel} and max_rel=${maxRel}`,
      );
    }
    const byGrade = params.utility === "grade";
    if (byGrade && maxRel !== undefined) {
      throw new RangeError(
        `Metric "rbp" takes max_rel or utility=grade, not both, got max_rel=${maxRel}`,
      );
    }
    return (ranking) => {
      const level = levelOf(params, ranking);
      const depth = depthOf(ranking, cutoff);
      const grades = ranking.grades;
      let total = 0, weight = 1;
      for (let i = 0; i < depth; i++) {
        const g = grades[i];
        const utility = maxRel !== undefined
          ? Math.min(Math.max(g, 0), maxRel) / maxRel
          : g >= level
          ? (byGrade ? g : 1)
          : 0;
        total += utility * weight;
        weight *= p;
      }
      return (1 - p) * total;
    };
  },
};
