/**
 * The share of samples whose retrieval returned anything.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";

/**
 * 1 when the sample retrieved at least one context (text or id), else 0;
 * its mean is the share of samples that retrieved anything. Applies to
 * every sample when the evaluation lists `retrieved_contexts` or
 * `retrieved_context_ids` (a sample that lists neither scores 0).
 */
export const nonEmptyRate: MetricDefinition<RagInput> = {
  name: "non_empty_rate",
  kind: "rag",
  description:
    "1 if any context was retrieved, else 0 (the mean is the share of samples that retrieved something); needs contexts or context ids in the file",
  cutoff: "none",
  appliesTo: (input) => input.contextsListed || input.contextIdsListed,
  create: () => ({ sample }) =>
    (sample.retrieved_contexts?.length ?? 0) > 0 ||
      (sample.retrieved_context_ids?.length ?? 0) > 0
      ? 1
      : 0,
};
