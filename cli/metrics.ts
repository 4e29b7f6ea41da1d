/**
 * `ranklens metrics`: list the registry with parameters and descriptions.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { builtinRegistry } from "../metrics/builtin.ts";
import { metricListing } from "../metrics/listing.ts";
import type { AnyMetricDefinition, MetricAlias } from "../metrics/metric.ts";
import type { Registry } from "../metrics/registry.ts";
import { formatParamValue } from "../metrics/spec.ts";
import { usageErrors } from "./options.ts";

const USAGE = "deno run -R cli.ts metrics [--json]";

const HELP = `Usage: ${USAGE}

Lists every metric of the registry: the shape of its spec with parameters
and their defaults, what it measures, and the other names it answers to.

Options:
      --json   the list as a JSON array, for programs
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
  const params = Object.entries(def.params ?? {}).map(([k, p]) =>
    p.default === undefined ? `${k}=?` : `${k}=${formatParamValue(p.default)}`
  );
  const cutoff = def.cutoff === "none"
    ? ""
    : def.cutoff === "required"
    ? "@k"
    : "[@k]";
  const shape = def.name + (params.length ? `(${params.join(",")})` : "") +
    cutoff;
  const aliases = (def.aliases ?? []).map((a: string | MetricAlias) =>
    typeof a === "string" ? a : a.name
  );
  const kind = def.kind && def.kind !== "ranking" ? ` [${def.kind}]` : "";
  return `${shape}${kind}\n    ${def.description}` +
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
export function run(args: string[]): Promise<number> {
  const { values } = usageErrors(USAGE, () =>
    parseArgs({
      args,
      options: {
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  if (values.help) {
    console.log(HELP);
    return Promise.resolve(0);
  }
  if (values.json) {
    console.log(JSON.stringify(metricListing(), null, 2));
  } else console.log(listMetrics().trimEnd());
  return Promise.resolve(0);
}
