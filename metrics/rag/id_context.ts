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
 * ids; 0 when no id was retrieved. Applies when the sample has reference
 * ids and the evaluation lists retrieved ids.
 */
export const idContextPrecision: MetricDefinition<RagInput> = {
  name: "id_context_precision",
  aliases: [{ name: "id_based_context_precision", peer: "Ragas" }],
  kind: "rag",
  description:
    "share of the distinct retrieved context ids that are reference ids; needs reference_context_ids; none retrieved scores 0",
  cutoff: "none",
  appliesTo: (input) =>
    input.contextIdsListed && input.sample.reference_context_ids !== undefined,
  create: () => ({ sample }) => {
    const retrieved = idSet(sample.retrieved_context_ids ?? []);
    if (retrieved.size === 0) return 0;
    return shared(retrieved, idSet(sample.reference_context_ids!)) /
      retrieved.size;
  },
};

/**
 * Distinct reference ids that were retrieved, over distinct reference ids;
 * 0 when no id was retrieved. Skipped when the sample has no reference id.
 */
export const idContextRecall: MetricDefinition<RagInput> = {
  name: "id_context_recall",
  aliases: [{ name: "id_based_context_recall", peer: "Ragas" }],
  kind: "rag",
  description:
    "share of the distinct reference context ids that were retrieved; needs non-empty reference_context_ids; none retrieved scores 0",
  cutoff: "none",
  appliesTo: (input) =>
    input.contextIdsListed &&
    (input.sample.reference_context_ids?.length ?? 0) > 0,
  create: () => ({ sample }) => {
    const reference = idSet(sample.reference_context_ids!);
    return shared(reference, idSet(sample.retrieved_context_ids ?? [])) /
      reference.size;
  },
};
