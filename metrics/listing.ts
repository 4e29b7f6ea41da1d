/**
 * The registry as data: what `cli.ts metrics --json` prints and
 * `GET /v1/metrics` answers.
 *
 * @module
 */

import { builtinRegistry } from "./builtin.ts";
import type {
  AnyMetricDefinition,
  MetricAlias,
  ParamSchema,
  Peer,
} from "./metric.ts";
import { formatParamValue } from "./spec.ts";
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
  /** The tools whose users write the canonical name itself. */
  peers: Peer[];
  /** Each alias with the tools it comes from (empty: ranklens's own). */
  aliasPeers: { name: string; peers: Peer[] }[];
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
    peers: [...d.peers ?? []],
    aliasPeers: aliasPeers(d),
    params: d.params ?? {},
  }));
}

function aliasPeers(d: AnyMetricDefinition): { name: string; peers: Peer[] }[] {
  return (d.aliases ?? []).map((a: string | MetricAlias) => {
    const alias = typeof a === "string" ? { name: a } : a;
    const peer = alias.peer ?? [];
    return {
      name: alias.name,
      peers: typeof peer === "string" ? [peer] : [...peer],
    };
  });
}

/**
 * The spec shape of a definition: name, parameters at their defaults (`?`
 * for one without a default) and the cutoff, `[@k]` when optional.
 *
 * @example
 * ```ts
 * import { specShape } from "./listing.ts";
 * import { BUILTIN_METRICS } from "./builtin.ts";
 * console.log(specShape(BUILTIN_METRICS[0])); // "ndcg(gain=linear,dcg=log2,judged_only=False)[@k]"
 * ```
 *
 * @param def The definition.
 * @returns The shape.
 */
export function specShape(def: AnyMetricDefinition): string {
  const params = Object.entries(def.params ?? {}).map(([k, p]) =>
    p.default === undefined ? `${k}=?` : `${k}=${formatParamValue(p.default)}`
  );
  const cutoff = def.cutoff === "none"
    ? ""
    : def.cutoff === "required"
    ? "@k"
    : "[@k]";
  return def.name + (params.length ? `(${params.join(",")})` : "") + cutoff;
}

/**
 * The rows of the README's metric table: spec shape, kind, what it
 * measures, whose name the canonical name is, and each alias with the peer
 * it comes from.
 *
 * @example
 * ```ts
 * import { metricTableRows } from "./listing.ts";
 * const [header, , ndcg] = metricTableRows();
 * console.log(header[0], ndcg[3]); // "spec" "trec_eval, ranx"
 * ```
 *
 * @param registry The registry. Default: the built-in one.
 * @returns The header, the separator and one row per definition, as cells.
 */
export function metricTableRows(
  registry: Registry = builtinRegistry,
): string[][] {
  const rows = registry.definitions().map((d) => [
    `\`${specShape(d)}\``,
    d.kind ?? "ranking",
    d.description,
    (d.peers ?? []).join(", ") || "ranklens",
    aliasPeers(d).map((a) =>
      `\`${a.name}\` (${a.peers.join(", ") || "ranklens"})`
    ).join(", "),
  ]);
  return [
    ["spec", "kind", "what it measures", "name of", "also (whose name)"],
    ["-", "-", "-", "-", "-"],
    ...rows,
  ];
}
