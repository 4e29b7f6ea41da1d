/**
 * The novelty and diversity measures of TREC's ndeval (version 4.5), as
 * ir_measures takes them from pyndeval: ERR-IA, alpha-nDCG, NRBP, MAP-IA,
 * P-IA and subtopic recall, over subtopic qrels.
 *
 * @module
 */

import type { MetricDefinition, Params, ParamSpec } from "../metric.ts";
import { REL_PARAM } from "../builtin/_shared.ts";
import type { SubtopicRanking } from "./subtopic_ranking.ts";

/** The kind of the diversity measures: they score a {@linkcode SubtopicRanking}. */
export const DIVERSITY_KIND = "diversity";

const ALPHA_PARAM: ParamSpec = {
  type: "number",
  description:
    "redundancy intolerance: a subtopic's gain falls by 1 - alpha per document already seen",
  default: 0.5,
  min: 0,
  max: 1,
};

const BETA_PARAM: ParamSpec = {
  type: "number",
  description: "patience: chance of looking at the next document",
  default: 0.5,
  min: 0,
  max: 1,
};

const JUDGED_ONLY: ParamSpec = {
  type: "boolean",
  description: "drop documents the qrels do not judge before scoring",
  default: false,
};

const levelOf = (params: Params) =>
  typeof params.rel === "number" ? params.rel : 1;

/** Novel gain at each rank: sum over its subtopics of (1 - alpha)^(seen before). */
function novelGains(
  ranked: readonly (readonly number[])[],
  subtopics: number,
  alpha: number,
  depth: number,
): Float64Array {
  const gain = new Array<number>(subtopics).fill(1);
  const gains = new Float64Array(Math.min(depth, ranked.length));
  for (let i = 0; i < gains.length; i++) {
    let score = 0;
    for (const s of ranked[i]) {
      score += gain[s];
      gain[s] *= 1 - alpha;
    }
    gains[i] = score;
  }
  return gains;
}

/**
 * ndeval's cumulative measure at depth k: the sum of gain times discount
 * over the top k, over the same sum for a ranking that covers every subtopic
 * at every rank ("ideal ideal"), except at k = 1, which ndeval leaves
 * unnormalized.
 */
function cumulative(
  gains: Float64Array,
  subtopics: number,
  alpha: number,
  k: number,
  discount: (i: number) => number,
): number {
  if (subtopics === 0) return 0;
  let total = 0, ideal = 0, idealGain = subtopics;
  for (let i = 0; i < k; i++) {
    if (i < gains.length) total += gains[i] * discount(i);
    ideal += idealGain * discount(i);
    idealGain *= 1 - alpha;
  }
  return k === 1 ? total : total / ideal;
}

const LOG_DISCOUNT = (i: number) => Math.log(2) / Math.log(i + 2);
const RANK_DISCOUNT = (i: number) => 1 / (i + 1);

type Input = SubtopicRanking;

function prepared(
  params: Params,
  ranking: SubtopicRanking,
): SubtopicRanking {
  return params.judged_only === true ? ranking.judgedOnly() : ranking;
}

function cutoffMeasure(
  name: string,
  peerName: string,
  description: string,
  score: (ranking: SubtopicRanking, params: Params, k: number) => number,
  params: Record<string, ParamSpec>,
  greek?: string,
): MetricDefinition<Input> {
  return {
    name,
    kind: DIVERSITY_KIND,
    peers: ["ir_measures"],
    aliases: [
      { name: peerName, peer: "ndeval" },
      ...(greek ? [{ name: greek, peer: "ir_measures" as const }] : []),
    ],
    description,
    params,
    // ndeval prints @5, @10 and @20; ir_measures passes the cutoff on.
    cutoff: "required",
    create: (bound, cutoff) => (ranking) =>
      score(prepared(bound, ranking), bound, cutoff!),
  };
}

function alphaDcg(
  ranking: SubtopicRanking,
  params: Params,
  k: number,
  discount: (i: number) => number,
): number {
  const level = levelOf(params), alpha = params.alpha as number;
  const { subtopics, ranked } = ranking.relevance(level);
  return cumulative(
    novelGains(ranked, subtopics, alpha, k),
    subtopics,
    alpha,
    k,
    discount,
  );
}

// ndeval divides by the ideal ranking's value only where the run's DCG at
// that depth is not 0 (and leaves 0 there).
function normalized(
  ranking: SubtopicRanking,
  params: Params,
  k: number,
  discount: (i: number) => number,
): number {
  const level = levelOf(params), alpha = params.alpha as number;
  const { subtopics, ranked } = ranking.relevance(level);
  const gains = novelGains(ranked, subtopics, alpha, k);
  if (cumulative(gains, subtopics, alpha, k, LOG_DISCOUNT) === 0) return 0;
  const ideal = novelGains(ranking.ideal(level, alpha), subtopics, alpha, k);
  return cumulative(gains, subtopics, alpha, k, discount) /
    cumulative(ideal, subtopics, alpha, k, discount);
}

const AT_PARAMS = {
  rel: REL_PARAM,
  alpha: ALPHA_PARAM,
  judged_only: JUDGED_ONLY,
};

/** `alpha_dcg(rel=1,alpha=0.5)@k`: ndeval's alpha-DCG, ideal-ideal normalized. */
export const alphaDcgMetric: MetricDefinition<Input> = cutoffMeasure(
  "alpha_dcg",
  "alpha-DCG",
  "alpha-DCG@k over a ranking covering every subtopic at every rank (ndeval alpha-DCG, ir_measures alpha_DCG)",
  (r, p, k) => alphaDcg(r, p, k, LOG_DISCOUNT),
  AT_PARAMS,
  "α_DCG",
);

/** `alpha_ndcg(rel=1,alpha=0.5)@k`: ndeval's alpha-nDCG. */
export const alphaNdcgMetric: MetricDefinition<Input> = cutoffMeasure(
  "alpha_ndcg",
  "alpha-nDCG",
  "alpha-nDCG@k: novelty-discounted gain over ndeval's greedy ideal ranking (ndeval alpha-nDCG, ir_measures alpha_nDCG)",
  (r, p, k) => normalized(r, p, k, LOG_DISCOUNT),
  AT_PARAMS,
  "α_nDCG",
);

/** `err_ia(rel=1,alpha=0.5)@k`: ndeval's ERR-IA. */
export const errIaMetric: MetricDefinition<Input> = cutoffMeasure(
  "err_ia",
  "ERR-IA",
  "intent-aware ERR@k with novelty-discounted gains, ideal-ideal normalized (ndeval ERR-IA, ir_measures ERR_IA)",
  (r, p, k) => alphaDcg(r, p, k, RANK_DISCOUNT),
  AT_PARAMS,
);

/** `nerr_ia(rel=1,alpha=0.5)@k`: ndeval's nERR-IA. */
export const nErrIaMetric: MetricDefinition<Input> = cutoffMeasure(
  "nerr_ia",
  "nERR-IA",
  "intent-aware ERR@k over ndeval's greedy ideal ranking (ndeval nERR-IA, ir_measures nERR_IA)",
  (r, p, k) => normalized(r, p, k, RANK_DISCOUNT),
  AT_PARAMS,
);

/** `p_ia(rel=1)@k`: intent-aware precision. */
export const pIaMetric: MetricDefinition<Input> = cutoffMeasure(
  "p_ia",
  "P-IA",
  "intent-aware precision@k: (document, subtopic) hits in the top k over k times the subtopics (ndeval P-IA, ir_measures P_IA)",
  (ranking, params, k) => {
    const { subtopics, ranked } = prepared(params, ranking).relevance(
      levelOf(params),
    );
    if (subtopics === 0) return 0;
    let hits = 0;
    for (let i = 0; i < Math.min(k, ranked.length); i++) {
      hits += ranked[i].length;
    }
    return hits / (k * subtopics);
  },
  { rel: REL_PARAM, judged_only: JUDGED_ONLY },
);

/** `strecall(rel=1)@k`: subtopic recall. */
export const stRecallMetric: MetricDefinition<Input> = cutoffMeasure(
  "strecall",
  "strec",
  "subtopic recall@k: the share of subtopics the top k cover (ndeval strec, ir_measures StRecall)",
  (ranking, params, k) => {
    const { subtopics, ranked } = ranking.relevance(levelOf(params));
    if (subtopics === 0) return 0;
    const seen = new Set<number>();
    for (let i = 0; i < Math.min(k, ranked.length); i++) {
      for (const s of ranked[i]) seen.add(s);
    }
    return seen.size / subtopics;
  },
  { rel: REL_PARAM },
);

function nrbp(
  ranked: readonly (readonly number[])[],
  subtopics: number,
  alpha: number,
  beta: number,
): number {
  if (subtopics === 0) return 0;
  const gains = novelGains(ranked, subtopics, alpha, Infinity);
  let total = 0, decay = 1;
  for (let i = 0; i < gains.length; i++) {
    total += gains[i] * decay;
    decay *= beta;
  }
  return total * (1 - (1 - alpha) * beta) / subtopics;
}

const NRBP_PARAMS = { rel: REL_PARAM, alpha: ALPHA_PARAM, beta: BETA_PARAM };

/** `nrbp(rel=1,alpha=0.5,beta=0.5)`: novelty- and rank-biased precision. */
export const nrbpMetric: MetricDefinition<Input> = {
  name: "nrbp",
  kind: DIVERSITY_KIND,
  peers: ["ir_measures", "ndeval"],
  description:
    "novelty- and rank-biased precision over the whole ranking (ndeval NRBP, ir_measures NRBP)",
  params: NRBP_PARAMS,
  cutoff: "none",
  create: (params) => (ranking) => {
    const { subtopics, ranked } = ranking.relevance(levelOf(params));
    return nrbp(
      ranked,
      subtopics,
      params.alpha as number,
      params.beta as number,
    );
  },
};

/** `nnrbp(rel=1,alpha=0.5,beta=0.5)`: NRBP over the ideal ranking's. */
export const nNrbpMetric: MetricDefinition<Input> = {
  name: "nnrbp",
  kind: DIVERSITY_KIND,
  peers: ["ir_measures", "ndeval"],
  description:
    "NRBP over the NRBP of ndeval's greedy ideal ranking; 0 without relevant documents (ndeval nNRBP, ir_measures nNRBP)",
  params: NRBP_PARAMS,
  cutoff: "none",
  create: (params) => (ranking) => {
    const level = levelOf(params);
    const alpha = params.alpha as number, beta = params.beta as number;
    const { subtopics, ranked } = ranking.relevance(level);
    // ndeval prints 0/0 (nan) for a query without relevant documents.
    if (subtopics === 0) return 0;
    return nrbp(ranked, subtopics, alpha, beta) /
      nrbp(ranking.ideal(level, alpha), subtopics, alpha, beta);
  },
};

/** `ap_ia(rel=1)`: intent-aware average precision. */
export const apIaMetric: MetricDefinition<Input> = {
  name: "ap_ia",
  kind: DIVERSITY_KIND,
  peers: ["ir_measures"],
  aliases: [{ name: "MAP-IA", peer: "ndeval" }, {
    name: "MAP_IA",
    peer: "ir_measures",
  }],
  description:
    "intent-aware average precision: AP per subtopic, averaged over the subtopics (ndeval MAP-IA, ir_measures AP_IA)",
  params: { rel: REL_PARAM, judged_only: JUDGED_ONLY },
  cutoff: "none",
  create: (params) => (input) => {
    const ranking = prepared(params, input);
    const { subtopics, ranked, perSubtopic } = ranking.relevance(
      levelOf(params),
    );
    if (subtopics === 0) return 0;
    const found = new Array<number>(subtopics).fill(0);
    const sums = new Array<number>(subtopics).fill(0);
    for (let i = 0; i < ranked.length; i++) {
      for (const s of ranked[i]) sums[s] += ++found[s] / (i + 1);
    }
    let total = 0;
    for (let s = 0; s < subtopics; s++) total += sums[s] / perSubtopic[s];
    return total / subtopics;
  },
};

/** ndeval's measures, in its output order. */
export const DIVERSITY_METRICS: readonly MetricDefinition<SubtopicRanking>[] = [
  errIaMetric,
  nErrIaMetric,
  alphaDcgMetric,
  alphaNdcgMetric,
  nrbpMetric,
  nNrbpMetric,
  apIaMetric,
  pIaMetric,
  stRecallMetric,
];
