/**
 * The RAG metric definitions registered beside the ranking metrics.
 *
 * @module
 */

import type { AnyMetricDefinition } from "../metric.ts";
import { acc } from "./acc.ts";
import { bleu } from "./bleu.ts";
import { chrf } from "./chrf.ts";
import { gleu } from "./gleu.ts";
import { stringSimilarityMetric } from "./string_similarity.ts";
import { contextPrecision } from "./context_precision.ts";
import { contextRecall } from "./context_recall.ts";
import { coverEm } from "./cover_em.ts";
import { exactMatch } from "./exact_match.ts";
import { idContextPrecision, idContextRecall } from "./id_context.ts";
import { nonEmptyRate } from "./non_empty_rate.ts";
import { rouge1, rouge2, rougeLMetric, rougeLsumMetric } from "./rouge.ts";
import { stringEm } from "./string_em.ts";
import { tokenF1Metric } from "./token_f1.ts";

/** Every built-in RAG metric, kind `rag`, in the order `cli.ts metrics` lists them. */
export const RAG_METRICS: readonly AnyMetricDefinition[] = [
  exactMatch,
  tokenF1Metric,
  acc,
  coverEm,
  stringEm,
  rouge1,
  rouge2,
  rougeLMetric,
  rougeLsumMetric,
  bleu,
  chrf,
  gleu,
  stringSimilarityMetric,
  contextRecall,
  contextPrecision,
  idContextPrecision,
  idContextRecall,
  nonEmptyRate,
];
