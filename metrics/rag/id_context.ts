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

function precisionApplies(input: RagInput): boolean {
  return input.contextIdsListed &&
    input.sample.reference_context_ids !== undefined;
}

/**
 * Distinct retrieved ids that are reference ids, over distinct retrieved
 * ids. Applies when the sample has reference ids and the evaluation lists
 * retrieved ids. A sample that retrieved no id scores 0, or with
 * `none_retrieved=skip` is left out, as Ragas' `IDBasedContextPrecision`
 * scores it NaN and its mean skips NaN; Ragas' name implies `skip`.
 */
export const idContextPrecision: MetricDefinition<RagInput> = {
  name: "id_context_precision",
  aliases: [{
    name: "id_based_context_precision",
    peer: "Ragas",
    params: { none_retrieved: "skip" },
  }],
  kind: "rag",
  description:
    "share of the distinct retrieved context ids that are reference ids; needs reference_context_ids; none retrieved scores 0 (skip: left out, as Ragas)",
  params: {
    none_retrieved: {
      type: "string",
      description:
        "a sample that retrieved no id: zero scores 0; skip leaves it out, as Ragas' NaN that its mean skips (implied by id_based_context_precision)",
      default: "zero",
      choices: ["zero", "skip"],
    },
  },
  cutoff: "none",
  createAppliesTo: (params) =>
    params.none_retrieved === "skip"
      ? (input) =>
        precisionApplies(input) &&
        (input.sample.retrieved_context_ids?.length ?? 0) > 0
      : precisionApplies,
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
