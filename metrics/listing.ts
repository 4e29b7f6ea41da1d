/**
 * The registry as data: what `cli.ts metrics --json` prints and
 * `GET /v1/metrics` answers.
 *
 * @module
 */

import { builtinRegistry } from "./builtin.ts";
import type { ParamSchema } from "./metric.ts";
import type { Registry } from "./registry.ts";

/** One metric definition as the listing shows it. */
export interface MetricListing {
  /** The canonical name. */
  name: string;
  /** What it scores: `ranking`, `rag`, ... */
  kind: string;
  /** What it measures. */
  description: string;
  /** Whether `@k` is `optional`, `required` or `none`. */
  cutoff: string;
  /** How per-query values combine: `mean`, `sum` or `geometric`. */
  aggregate: string;
  /** Other spellings. */
  aliases: string[];
  /** The parameter schema. */
  params: ParamSchema;
}

/**
 * Lists a registry's definitions, defaults filled in.
 *
 * @example
 * ```ts
 * import { metricListing } from "./listing.ts";
 * const ndcg = metricListing().find((m) => m.name === "ndcg");
 * console.log(ndcg?.cutoff, ndcg?.aggregate); // "optional" "mean"
 * ```
 *
 * @param registry The registry. Default: the built-in one.
 * @returns One entry per definition, in registry order.
 */
export function metricListing(
  registry: Registry = builtinRegistry,
): MetricListing[] {
  return registry.definitions().map((d) => ({
    name: d.name,
    kind: d.kind ?? "ranking",
    description: d.description,
    cutoff: d.cutoff ?? "optional",
    aggregate: d.aggregate ?? "mean",
    aliases: (d.aliases ?? []).map((a) => typeof a === "string" ? a : a.name),
    params: d.params ?? {},
  }));
}
