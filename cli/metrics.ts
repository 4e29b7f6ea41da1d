/**
 * `ranklens metrics`: list the registry with parameters and descriptions.
 *
 * @module
 */

import { builtinRegistry } from "../metrics/builtin.ts";
import {
  metricListing,
  metricTableRows,
  specShape,
} from "../metrics/listing.ts";
import type { AnyMetricDefinition, MetricAlias } from "../metrics/metric.ts";
import type { Registry } from "../metrics/registry.ts";
import { UsageError } from "./errors.ts";
import { defineCommand } from "./command.ts";

const USAGE = "ranklens metrics [NAME]... [--json | --markdown]";

const HELP =
  `Lists every metric of the registry: the shape of its spec with parameters
and their defaults, what it measures, the tools whose name it is, and the
other names it answers to with the tool each comes from (trec_eval,
ir_measures, ranx, ...). With NAMEs (a metric's name, an alias or a spec
such as ndcg_cut_10), shows only those metrics.

Options:
      --json       the list as a JSON array, for programs
      --markdown   the list as the README's table
  -h, --help   this help`;

/**
 * One line per metric: spec shape, aliases, parameters with defaults, and
 * what it measures.
 *
 * @example
 * ```ts
 * import { describeMetric } from "./metrics.ts";
 * import { BUILTIN_METRICS } from "../metrics/builtin.ts";
 * console.log(describeMetric(BUILTIN_METRICS[0]).startsWith("ndcg(gain=linear)[@k]")); // true
 * ```
 *
 * @param def The definition.
 * @returns The description text.
 */
export function describeMetric(def: AnyMetricDefinition): string {
  const shape = specShape(def);
  const aliases = (def.aliases ?? []).map((a: string | MetricAlias) => {
    if (typeof a === "string") return a;
    const peers = typeof a.peer === "string" ? [a.peer] : a.peer ?? [];
    return peers.length ? `${a.name} (${peers.join(", ")})` : a.name;
  });
  const kind = def.kind && def.kind !== "ranking" ? ` [${def.kind}]` : "";
  return `${shape}${kind}\n    ${def.description}` +
    (def.peers?.length ? `\n    name of: ${def.peers.join(", ")}` : "") +
    (aliases.length ? `\n    also: ${aliases.join(", ")}` : "") +
    Object.entries(def.params ?? {}).map(([k, p]) =>
      `\n    ${k}: ${p.description}`
    ).join("");
}

/**
 * Lists every metric of a registry.
 *
 * @param registry The registry. Default: the built-in one.
 * @returns The listing.
 */
export function listMetrics(registry: Registry = builtinRegistry): string {
  return registry.definitions().map(describeMetric).join("\n") + "\n";
}

/**
 * Runs the command.
 *
 * @param args `--json` for a machine-readable list.
 * @returns The exit status.
 * @throws {UsageError} On an unknown option or an argument.
 */
export const run: (args: string[]) => Promise<number> = defineCommand({
  usage: USAGE,
  help: HELP,
  options: { json: { type: "boolean" }, markdown: { type: "boolean" } },
  positionals: { min: 0, max: Infinity, expected: "metric names" },
  // deno-lint-ignore require-await
  async run({ values, positionals }) {
    if (positionals.length) {
      const defs = positionals.map((name) => definitionOf(name));
      if (values.json) {
        const names = new Set(defs.map((d) => d.name));
        console.log(
          JSON.stringify(
            metricListing().filter((m) => names.has(m.name)),
            null,
            2,
          ),
        );
      } else {
        console.log(
          defs.map((def, i) => {
            const label = resolvedLabel(positionals[i], def);
            return describeMetric(def) +
              (label !== undefined && label !== def.name
                ? `\n    "${positionals[i]}" is ${label}`
                : "");
          }).join("\n"),
        );
      }
      return 0;
    }
    if (values.json) {
      console.log(JSON.stringify(metricListing(), null, 2));
    } else if (values.markdown) {
      console.log(
        metricTableRows().map((cells) =>
          `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`
        ).join("\n"),
      );
    } else console.log(listMetrics().trimEnd());
    return 0;
  },
});

/** The kinds of metric the registry holds, ranking first. */
function kinds(registry: Registry): string[] {
  return [
    ...new Set([
      "ranking",
      ...registry.definitions().map((d) => d.kind ?? "ranking"),
    ]),
  ];
}

/** The definition a name, an alias or a spec names, of any kind. */
function definitionOf(
  name: string,
  registry: Registry = builtinRegistry,
): AnyMetricDefinition {
  let first: unknown;
  for (const kind of kinds(registry)) {
    try {
      const bound = registry.resolve(name, kind);
      const def = registry.definitions().find((d) => d.name === bound.name);
      if (def) return def;
    } catch (error) {
      first ??= error;
    }
  }
  throw new UsageError(
    first instanceof Error ? first.message : `Unknown metric "${name}"`,
    USAGE,
  );
}

function resolvedLabel(
  name: string,
  def: AnyMetricDefinition,
): string | undefined {
  try {
    return builtinRegistry.resolve(name, def.kind ?? "ranking").label;
  } catch {
    return undefined;
  }
}
