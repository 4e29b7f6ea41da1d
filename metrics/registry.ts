/**
 * The metric registry: resolves specs to bound metrics and accepts plugins.
 *
 * @module
 */

import type {
  AnyMetricDefinition,
  BoundMetric,
  MetricAlias,
  MetricDefinition,
  Params,
  ParamSpec,
  ParamValue,
} from "./metric.ts";
import { formatParamValue, parseSpec, splitNumberSuffix } from "./spec.ts";
import { quoted } from "../model/quote.ts";

interface AliasEntry {
  readonly definition: AnyMetricDefinition;
  readonly params: Params;
  /** The parameter `@x` sets instead of the cutoff. */
  readonly atParam?: string;
  /** Peer parameter names to the definition's. */
  readonly paramNames?: Readonly<Record<string, string>>;
  /** The alias takes a trec_eval-style `_k` suffix. */
  readonly suffix: boolean;
  /** The parameter a decimal `_x` suffix sets, if not the cutoff. */
  readonly suffixParam?: string;
}

/**
 * Metric definitions by name and alias. A registry may extend a parent, so a
 * plugin registry sees every built-in metric.
 *
 * @example Register a plugin metric and resolve it
 * ```ts
 * import { Registry } from "./registry.ts";
 * import { builtinRegistry } from "./builtin.ts";
 * import type { JudgedRanking } from "../model/judged_ranking.ts";
 *
 * const mine = new Registry(builtinRegistry);
 * mine.register<JudgedRanking>({
 *   name: "first_grade",
 *   description: "The grade of the top-ranked document.",
 *   cutoff: "none",
 *   create: () => (ranking) => Math.max(ranking.grades[0] ?? 0, 0),
 * });
 * console.log(mine.resolve("first_grade").label); // "first_grade"
 * console.log(mine.resolve("nDCG@10").label); // "ndcg@10"
 * ```
 */
export class Registry {
  #parent: Registry | undefined;
  #definitions = new Map<string, AnyMetricDefinition>();
  // One entry per kind: ranx's f1 ranks, UltraRAG's f1 scores answers.
  #aliases = new Map<string, AliasEntry[]>();

  /**
   * Creates a registry.
   *
   * @param parent A registry whose metrics this one also resolves.
   */
  constructor(parent?: Registry) {
    this.#parent = parent;
  }

  /**
   * Adds a metric definition under its name and aliases.
   *
   * @param definition The metric.
   * @returns This registry.
   * @throws {TypeError} If a name or alias is already taken here.
   */
  register<Input>(definition: MetricDefinition<Input>): this {
    const def = definition as AnyMetricDefinition;
    if (!/^[A-Za-z_][A-Za-z0-9_\-]*$/.test(def.name)) {
      throw new TypeError(`Invalid metric name "${def.name}"`);
    }
    checkEvaluationHooks(def);
    const entries: [string, AliasEntry][] = [[def.name, {
      definition: def,
      params: {},
      suffix: false,
    }]];
    for (const alias of def.aliases ?? []) {
      const { name, params = {}, suffixParam, atParam, paramNames } =
        typeof alias === "string" ? { name: alias } as MetricAlias : alias;
      const suffix = name.endsWith("_");
      // An alias spelt as the name in another case (ir_measures' nDCG)
      // takes the name's place, with its parameter names.
      if (name.toLowerCase() === def.name.toLowerCase()) entries.shift();
      entries.push([name, {
        definition: def,
        params,
        suffix,
        suffixParam,
        atParam,
        paramNames,
      }]);
    }
    const kind = def.kind ?? "ranking";
    const seen = new Set<string>();
    for (const [name] of entries) {
      const taken = this.#aliases.get(name.toLowerCase())?.some((e) =>
        (e.definition.kind ?? "ranking") === kind
      );
      if (taken || seen.has(name.toLowerCase())) {
        throw new TypeError(`Metric name "${name}" is already registered`);
      }
      seen.add(name.toLowerCase());
    }
    this.#definitions.set(def.name, def);
    for (const [name, entry] of entries) {
      const key = name.toLowerCase();
      this.#aliases.set(key, [...this.#aliases.get(key) ?? [], entry]);
    }
    return this;
  }

  /**
   * Every definition this registry resolves, its parent's first.
   *
   * @returns The definitions.
   */
  definitions(): AnyMetricDefinition[] {
    const own = [...this.#definitions.values()];
    const inherited = this.#parent?.definitions() ?? [];
    return [
      ...inherited.filter((d) => !this.#definitions.has(d.name)),
      ...own,
    ];
  }

  /**
   * Resolves a spec such as `ndcg@10`, `err(max_rel=3)@20` or `ndcg_cut_10`.
   *
   * @typeParam Input What the metric scores.
   * @param spec The spec.
   * @param kind The kind a name shared by metrics of several kinds means
   * (`f1` is ranx's ranking F1 and UltraRAG's answer F1). Default: `ranking`.
   * @returns The bound metric, whose `label` is the canonical spec.
   * @throws {SyntaxError} If the spec is malformed.
   * @throws {TypeError} If the metric or a parameter name is unknown.
   * @throws {RangeError} If a parameter value or the cutoff is out of range.
   */
  resolve<Input = import("../model/judged_ranking.ts").JudgedRanking>(
    spec: string,
    kind?: string,
  ): BoundMetric<Input> {
    const parsed = parseSpec(spec);
    let cutoff = parsed.cutoff;
    let entry = this.#lookup(parsed.name, kind);
    if (entry?.suffix) {
      // A trailing-underscore alias is a prefix for its suffix, not a name:
      // "ndcg_cut_" alone would otherwise be ndcg without a cutoff.
      throw new TypeError(
        `Unknown metric ${
          quoted(parsed.name)
        }: add a number after the "_", such as "${parsed.name}${
          entry.suffixParam ? "0.5" : "10"
        }"`,
      );
    }
    let suffixParams: Params = {};
    // The name scanners are linear: a regular expression such as
    // /^(.*_)(\d*\.?\d+)$/ backtracks quadratically on a long digit run.
    const split = entry ? undefined : splitNumberSuffix(parsed.name);
    if (split) {
      const withParam = this.#lookup(split[0], kind);
      const key = withParam?.suffixParam;
      if (key) {
        if (key in parsed.params) {
          throw new SyntaxError(
            `Invalid metric spec ${quoted(spec)}: parameter ${
              quoted(key)
            } is given twice`,
          );
        }
        entry = withParam;
        suffixParams = { [key]: Number(split[1]) };
      } else if (withParam?.suffix && !split[1].includes(".")) {
        if (cutoff !== undefined || parsed.at !== undefined) {
          throw new SyntaxError(
            `Invalid metric spec ${quoted(spec)}: the cutoff is given twice`,
          );
        }
        entry = withParam;
        cutoff = Number(split[1]);
        if (cutoff < 1 || !Number.isSafeInteger(cutoff)) {
          throw new RangeError(
            `Invalid metric spec ${
              quoted(spec)
            }: cutoff must be a positive integer, got "${split[1]}"`,
          );
        }
      }
    }
    if (!entry) {
      const close = this.suggest(parsed.name);
      throw new TypeError(
        `Unknown metric ${quoted(parsed.name)}` +
          (close.length
            ? `: did you mean ${close.map((name) => quoted(name)).join(", ")}?`
            : ""),
      );
    }
    const given: Record<string, ParamValue> = {};
    for (const [key, value] of Object.entries(parsed.params)) {
      // ir_measures takes the cutoff as a parameter too: P(cutoff=5).
      if (key === "cutoff" && !(key in (entry.definition.params ?? {}))) {
        if (cutoff !== undefined || parsed.at !== undefined) {
          throw new SyntaxError(
            `Invalid metric spec ${quoted(spec)}: the cutoff is given twice`,
          );
        }
        if (
          typeof value !== "number" || !Number.isSafeInteger(value) ||
          value < 1
        ) {
          throw new RangeError(
            `Invalid metric spec ${
              quoted(spec)
            }: cutoff must be a positive integer, got ${JSON.stringify(value)}`,
          );
        }
        cutoff = value;
        continue;
      }
      const own = entry.paramNames?.[key] ?? key;
      if (own in given) {
        throw new SyntaxError(
          `Invalid metric spec ${quoted(spec)}: parameter ${
            quoted(own)
          } is given twice`,
        );
      }
      given[own] = value;
    }
    if (entry.atParam && parsed.at !== undefined) {
      if (entry.atParam in given) {
        throw new SyntaxError(
          `Invalid metric spec ${quoted(spec)}: parameter ${
            quoted(entry.atParam)
          } is given twice`,
        );
      }
      given[entry.atParam] = Number(parsed.at);
      cutoff = undefined;
    } else if (parsed.at !== undefined && cutoff === undefined) {
      const why = `Invalid metric spec ${
        quoted(spec)
      }: cutoff must be a positive integer, got ${quoted(parsed.at)}`;
      if (/^0+$/.test(parsed.at)) throw new RangeError(why);
      throw new SyntaxError(why);
    }
    return bind(
      entry.definition,
      { ...entry.params, ...suffixParams, ...given },
      cutoff,
    ) as BoundMetric<Input>;
  }

  /**
   * The registered names closest to a misspelt one.
   *
   * @param name The unknown name.
   * @returns Up to three names, closest first.
   */
  suggest(name: string): string[] {
    // Edit distance is quadratic: a name far longer than any metric's is
    // close to none.
    if (name.length > 64) return [];
    const lower = name.toLowerCase();
    const names = new Map<string, string>();
    const add = (n: string) => {
      if (!names.has(n.toLowerCase())) names.set(n.toLowerCase(), n);
    };
    for (const def of this.definitions()) {
      add(def.name);
      for (const a of def.aliases ?? []) {
        add(typeof a === "string" ? a : a.name);
      }
    }
    return [...names.values()]
      .map((n) => ({ n, d: editDistance(lower, n.toLowerCase()) }))
      .filter(({ n, d }) => d <= Math.max(2, Math.floor(n.length / 3)))
      .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
      .slice(0, 3)
      .map(({ n }) => n);
  }

  #lookup(name: string, kind = "ranking"): AliasEntry | undefined {
    const entries = this.#aliases.get(name.toLowerCase());
    const ofKind = (e: AliasEntry | undefined) =>
      e !== undefined && (e.definition.kind ?? "ranking") === kind;
    // A name of another kind only still resolves: the caller's kind check
    // then says what it scores.
    const own = entries?.find(ofKind) ?? entries?.[0];
    if (ofKind(own) || !this.#parent) return own;
    const inherited = this.#parent.#lookup(name, kind);
    return ofKind(inherited) ? inherited : own ?? inherited;
  }
}

function bind(
  def: AnyMetricDefinition,
  given: Params,
  cutoff: number | undefined,
): BoundMetric<unknown> {
  const schema = def.params ?? {};
  const mode = def.cutoff ?? "optional";
  if (mode === "none" && cutoff !== undefined) {
    throw new RangeError(
      `Metric "${def.name}" takes no cutoff, got @${cutoff}`,
    );
  }
  if (mode === "required" && cutoff === undefined) {
    throw new RangeError(`Metric "${def.name}" needs a cutoff such as @10`);
  }
  for (const key of Object.keys(given)) {
    if (!(key in schema)) {
      const known = Object.keys(schema);
      throw new TypeError(
        `Unknown parameter ${quoted(key)} of metric "${def.name}"` +
          (known.length
            ? `: expected one of ${
              known.map((name) => quoted(name)).join(", ")
            }`
            : ": it takes none"),
      );
    }
  }
  const params: Record<string, ParamValue> = {};
  const shown: string[] = [];
  for (const [key, spec] of Object.entries(schema)) {
    const value = given[key] ?? spec.default;
    if (value === undefined) continue;
    params[key] = checkParam(def.name, key, spec, value);
    if (given[key] !== undefined && !sameValue(value, spec.default)) {
      shown.push(`${key}=${formatParamValue(params[key])}`);
    }
  }
  Object.freeze(params);
  const label = def.name + (shown.length ? `(${shown.join(",")})` : "") +
    (cutoff !== undefined ? `@${cutoff}` : "");
  return Object.freeze({
    name: def.name,
    label,
    kind: def.kind ?? "ranking",
    params,
    cutoff,
    aggregate: def.aggregate ?? "mean",
    // Dropping unjudged documents moves deeper ones within the cutoff.
    depth: def.readsToCutoff && cutoff !== undefined &&
        params.judged_only !== true
      ? cutoff
      : Infinity,
    readsDocs: def.readsDocs ?? false,
    score: def.create(params, cutoff),
    ...(def.createAppliesTo
      ? { appliesTo: def.createAppliesTo(params, cutoff) }
      : def.appliesTo
      ? { appliesTo: def.appliesTo }
      : {}),
    ...(def.createCorpus
      ? { scoreCorpus: def.createCorpus(params, cutoff) }
      : {}),
  });
}

// The ranking evaluator scores every judged query and streams, keeping only
// values: a hook it would ignore must fail at registration, not mis-score.
function checkEvaluationHooks(def: AnyMetricDefinition): void {
  const ranking = (def.kind ?? "ranking") === "ranking";
  // The ranking evaluator leaves a query out of a metric's mean only
  // through createAppliesTo (as NaN), and keeps no rankings for a corpus.
  if (ranking && (def.appliesTo || def.createCorpus)) {
    throw new TypeError(
      `Metric "${def.name}": appliesTo and createCorpus are for kinds other than ranking (a ranking metric takes createAppliesTo)`,
    );
  }
  if ((def.aggregate === "corpus") !== (def.createCorpus !== undefined)) {
    throw new TypeError(
      `Metric "${def.name}": aggregate "corpus" and createCorpus go together`,
    );
  }
}

function checkParam(
  metric: string,
  key: string,
  spec: ParamSpec,
  value: ParamValue,
): ParamValue {
  const bad = (expected: string): never => {
    throw new RangeError(
      `Invalid parameter ${
        quoted(key)
      } of metric "${metric}": expected ${expected}, got ${
        typeof value === "string" ? quoted(value) : JSON.stringify(value)
      }`,
    );
  };
  switch (spec.type) {
    case "boolean":
      // ir_measures writes True and False; a lowercase word means the same.
      if (value === "true" || value === "True") return true;
      if (value === "false" || value === "False") return false;
      if (typeof value !== "boolean") bad("True or False");
      return value;
    case "gains":
      if (typeof value !== "object") {
        if (
          typeof value === "string" && spec.choices?.includes(String(value))
        ) return value;
        bad(
          `a gain map such as {0:0,1:1,2:3}${
            spec.choices ? ` or one of ${spec.choices.join(", ")}` : ""
          }`,
        );
      }
      for (const [grade, gain] of Object.entries(value as object)) {
        // Negative grades mark unjudged documents, which gain nothing: a
        // gain for one would be ignored.
        const g = Number(grade);
        if (!Number.isFinite(g) || g < 0) bad("grades of at least 0");
        if (!Number.isFinite(gain)) bad("finite gains");
      }
      return Object.freeze({ ...(value as object) });
    case "string":
      if (
        typeof value !== "string" ||
        (spec.choices && !spec.choices.includes(value))
      ) {
        bad(spec.choices ? `one of ${spec.choices.join(", ")}` : "a word");
      }
      return value;
    default: {
      if (typeof value !== "number" || !Number.isFinite(value)) bad("a number");
      const n = value as number;
      if (spec.type === "integer" && !Number.isInteger(n)) bad("an integer");
      const lo = spec.min, hi = spec.max;
      const below = lo !== undefined && (spec.exclusiveMin ? n <= lo : n < lo);
      const above = hi !== undefined && (spec.exclusiveMax ? n >= hi : n > hi);
      if (below || above) {
        bad(
          `a number in ${spec.exclusiveMin ? "(" : "["}${lo ?? "-inf"}, ${
            hi ?? "inf"
          }${spec.exclusiveMax ? ")" : "]"}`,
        );
      }
      return n;
    }
  }
}

function sameValue(a: ParamValue, b: ParamValue | undefined): boolean {
  return b !== undefined && formatParamValue(a) === formatParamValue(b);
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        prev[j] + 1,
        row[j - 1] + 1,
        prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = row;
  }
  return prev[b.length];
}
