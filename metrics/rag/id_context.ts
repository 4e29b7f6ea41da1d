/**
 * Context precision and recall by id, as Ragas' ID-based metrics: ids are
 * compared by their text (7 and "7" are one id) and counted once each.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";
import type { ContextId } from "../../model/rag_sample.ts";

function idSet(ids: readonly ContextId[]): Set<string> {
  return new Set(ids.map(String));
}

function shared(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const id of a) if (b.has(id)) n++;
  return n;
}

/**
 * Distinct retrieved ids that are reference ids, over distinct retrieved
 * ids. Undefined (skipped) when no id was retrieved.
 */
export const idContextPrecision: MetricDefinition<RagInput> = {
  name: "id_context_precision",
  aliases: [{ name: "id_based_context_precision", peer: "Ragas" }],
  kind: "rag",
  description:
    "share of the distinct retrieved context ids that are reference ids; needs non-empty retrieved_context_ids and reference_context_ids",
  cutoff: "none",
  appliesTo: ({ sample }) =>
    sample.reference_context_ids !== undefined &&
    (sample.retrieved_context_ids?.length ?? 0) > 0,
  create: () => ({ sample }) => {
    const retrieved = idSet(sample.retrieved_context_ids!);
    return shared(retrieved, idSet(sample.reference_context_ids!)) /
      retrieved.size;
  },
};

/**
 * Distinct reference ids that were retrieved, over distinct reference ids.
 * Undefined (skipped) when the sample has no reference id.
 */
export const idContextRecall: MetricDefinition<RagInput> = {
  name: "id_context_recall",
  aliases: [{ name: "id_based_context_recall", peer: "Ragas" }],
  kind: "rag",
  description:
    "share of the distinct reference context ids that were retrieved; needs retrieved_context_ids and non-empty reference_context_ids",
  cutoff: "none",
  appliesTo: ({ sample }) =>
    sample.retrieved_context_ids !== undefined &&
    (sample.reference_context_ids?.length ?? 0) > 0,
  create: () => ({ sample }) => {
    const reference = idSet(sample.reference_context_ids!);
    return shared(reference, idSet(sample.retrieved_context_ids!)) /
      reference.size;
  },
};
