/**
 * The RAG metric definitions registered beside the ranking metrics.
 *
 * @module
 */

import type { AnyMetricDefinition } from "../metric.ts";

/** Every built-in RAG metric, kind `rag`. */
export const RAG_METRICS: readonly AnyMetricDefinition[] = [];
