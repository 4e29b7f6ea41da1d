/**
 * Measure lists as users of the peers write them: several specs in one
 * argument (`nDCG@10 P@5 AP`, as the ir_measures CLI takes them), and
 * trec_eval's `-m name.params` (`ndcg_cut.10`, `P.5,10`) and nicknames
 * (`official`, `all_trec`, `set`), turned into specs of the registry.
 *
 * @module
 */

import type { TrecEvalMeasure } from "./metric.ts";
import type { Registry } from "./registry.ts";
import { BUILTIN_METRICS, TREC_EVAL_ROWS } from "./ranking_metrics.ts";
import { isDecimal, splitSpecList } from "./spec.ts";
import { nicknames, TREC_EVAL_ORDER } from "./trec_nicknames.ts";
import { quoted } from "../model/quote.ts";

/**
 * How trec_eval's measure takes `.params`, and the spec each value gives:
 * `k` stands for a cutoff, `x` for a number; `gain` measures take
 * `level=gain` pairs (and `rbp` a `p=`).
 */
type TrecName =
  | { readonly spec: string }
  | {
    readonly cutoffs: string;
    readonly defaults: readonly number[];
    readonly integers: boolean;
  }
  | { readonly gains: string; readonly persistence?: boolean };

/** The spec language's reading of a registry metric's trec_eval row. */
function trecName(row: TrecEvalMeasure): TrecName {
  const name = row.spec.split("(")[0];
  if (row.params === "pairs") {
    return { gains: name, persistence: row.spec.includes("p=x") };
  }
  if (row.spec.endsWith("@k") || row.spec.includes("=x")) {
    return {
      cutoffs: row.spec,
      defaults: row.defaults ?? [],
      integers: row.params === "long_cutoffs",
    };
  }
  return { spec: name };
}

// In trec_eval's order, which is the order a nickname's measures print in:
// the registry's trec_eval rows, and `num_q`, a registry metric that only
// trec_eval's drop-in computes as trec_eval does.
const TREC_NAMES: ReadonlyMap<string, TrecName> = (() => {
  const names = new Set(BUILTIN_METRICS.map((d) => d.name));
  return new Map(
    TREC_EVAL_ORDER.flatMap((name) => {
      const row = TREC_EVAL_ROWS.get(name);
      if (row) return [[name, trecName(row)] as const];
      return names.has(name) ? [[name, { spec: name }] as const] : [];
    }),
  );
})();

// trec_eval 10's nicknames of measures of rankings, less what is no number
// of a query (`runid`, `relstring`) and `num_q`, which `eval` prints itself.
const NOT_SPECS = new Set(["runid", "num_q", "relstring"]);
const NICKNAMES: ReadonlyMap<string, readonly string[]> = new Map(
  ["official", "set", "all_trec"].map((nick) => [
    nick,
    nicknames(10).get(nick)!.filter((name) => !NOT_SPECS.has(name)),
  ]),
);

/**
 * The `known` of {@linkcode expandMeasureList} for a registry: whether it
 * resolves a bare name as a metric of one of `kinds`. `eval -m` and the
 * server's `metrics` field ask it of the registry that scores them.
 *
 * @example
 * ```ts
 * import { knownIn } from "./measure_list.ts";
 * import { builtinRegistry } from "./builtin.ts";
 * const known = knownIn(builtinRegistry, ["ranking"]);
 * console.log(known("ndcg"), known("ndcg_cut")); // true false
 * ```
 *
 * @param registry The registry.
 * @param kinds The kinds a name may be of.
 * @returns The test.
 */
export function knownIn(
  registry: Registry,
  kinds: readonly string[],
): (name: string) => boolean {
  return (name) =>
    kinds.some((kind) => {
      try {
        registry.resolve(name, kind);
        return true;
      } catch {
        return false;
      }
    });
}

/**
 * Turns measure arguments into registry specs: each argument may hold
 * several specs separated by spaces or commas (commas inside parentheses,
 * braces or quotes belong to a parameter); a trec_eval nickname expands to
 * its measures; `name.params` with a trec_eval measure name, or a bare
 * trec_eval name the registry does not know (`ndcg_cut`, `11pt_avg`),
 * expands as trec_eval's `-m` does, at its default cutoffs when none are
 * given.
 *
 * @example
 * ```ts
 * import { expandMeasureList } from "./measure_list.ts";
 * console.log(expandMeasureList(["nDCG@10 P@5", "P.5,10", "ndcg_cut.10"])); // ["nDCG@10", "P@5", "P@5", "P@10", "ndcg@10"]
 * console.log(expandMeasureList(["official"]).length); // 28
 * console.log(expandMeasureList(["precision@5-l2", "rbp.95"])); // ["precision(rel=2)@5", "rbp(p=0.95,utility=grade)"]
 * ```
 *
 * @param args The arguments as given.
 * @param known Whether the registry resolves a bare name; such a name is
 * left as it is. Default: every name that is no trec_eval-only name.
 * @returns The specs, in order.
 * @throws {SyntaxError} If a list leaves a parenthesis open or a trec_eval
 * parameter is not a number.
 */
export function expandMeasureList(
  args: readonly string[],
  known: (name: string) => boolean = () => true,
): string[] {
  const specs: string[] = [];
  for (const arg of args) {
    for (const word of splitSpecList(arg, { commas: false })) {
      // Loops, not push(...list): a list of 125,000 specs overflows the stack.
      for (const spec of trecSpecs(word, known) ?? splitSpecList(word)) {
        specs.push(spec);
      }
    }
  }
  return specs;
}

// ranx writes RBP's persistence after a dot: rbp.95 is p = 0.95, and its
// utility is the grade of a relevant document.
function ranxRbp(word: string): string | undefined {
  if (!word.startsWith("rbp.")) return undefined;
  const digits = word.slice(4);
  if (digits === "" || ![...digits].every((c) => c >= "0" && c <= "9")) {
    return undefined;
  }
  return `rbp(p=0.${digits},utility=grade)`;
}

// ranx writes the relevance level after "-l": ndcg@10-l2, r-precision-l2.
function ranxLevel(word: string): string | undefined {
  const dash = word.lastIndexOf("-l");
  const level = word.slice(dash + 2);
  if (dash <= 0 || level === "" || word.includes("(")) return undefined;
  if (![...level].every((c) => c >= "0" && c <= "9")) return undefined;
  const base = word.slice(0, dash);
  const rbp = ranxRbp(base);
  if (rbp) return rbp.replace(")", `,rel=${Number(level)})`);
  const at = base.indexOf("@");
  return at < 0
    ? `${base}(rel=${Number(level)})`
    : `${base.slice(0, at)}(rel=${Number(level)})${base.slice(at)}`;
}

function trecSpecs(
  word: string,
  known: (name: string) => boolean,
): string[] | undefined {
  const ranx = ranxRbp(word) ?? ranxLevel(word);
  if (ranx) return [ranx];
  const nick = NICKNAMES.get(word);
  if (nick) {
    // trec_eval prints a nickname's measures in its table's order.
    const names = new Set(nick);
    return [...TREC_NAMES.keys()]
      .filter((name) => names.has(name))
      .flatMap((name) => expandTrec(name, undefined, word));
  }
  const dot = word.indexOf(".");
  const name = dot < 0 ? word : word.slice(0, dot);
  if (!TREC_NAMES.has(name)) return undefined;
  if (dot < 0) {
    // A name the registry knows keeps its meaning there: `P` alone is set
    // precision, as in the spec language, not P at trec_eval's cutoffs.
    return known(name) ? undefined : expandTrec(name, undefined, word);
  }
  return expandTrec(name, word.slice(dot + 1), word);
}

function expandTrec(
  name: string,
  params: string | undefined,
  word: string,
): string[] {
  const entry = TREC_NAMES.get(name)!;
  const fail = (why: string): never => {
    throw new SyntaxError(`Invalid trec_eval measure ${quoted(word)}: ${why}`);
  };
  if ("spec" in entry) {
    if (params) fail(`${name} takes no parameters`);
    return [entry.spec];
  }
  if ("cutoffs" in entry) {
    const values = params === undefined
      ? entry.defaults.map(String)
      : params.split(",").map((v) => v.trim());
    for (const value of values) {
      if (!isDecimal(value)) fail(`expected numbers, got ${quoted(value)}`);
    }
    return values.map((value) => {
      const n = Number(value);
      if (entry.integers && !(Number.isSafeInteger(n) && n > 0)) {
        fail(`cutoff must be a positive integer, got ${quoted(value)}`);
      }
      return entry.cutoffs.replace(/@k$/, `@${n}`).replace("=x", `=${n}`);
    });
  }
  if (params === undefined || params === "") return [entry.gains];
  const gains: string[] = [];
  let p: string | undefined;
  for (const pair of params.split(",")) {
    const [level, value, extra] = pair.split("=").map((s) => s.trim());
    if (extra !== undefined || value === undefined || !isDecimal(value)) {
      fail(`expected level=gain pairs, got ${quoted(pair)}`);
    }
    if (level === "p" && entry.persistence) p = value;
    else if (isDecimal(level)) gains.push(`${level}:${value}`);
    else fail(`expected level=gain pairs, got ${quoted(pair)}`);
  }
  const parts = [
    ...(p === undefined ? [] : [`p=${p}`]),
    ...(gains.length ? [`gain={${gains.join(",")}}`] : []),
  ];
  return [`${entry.gains}(${parts.join(",")})`];
}

/**
 * Whether a word is one of trec_eval's measure names or nicknames, so a
 * caller can say where a name comes from.
 *
 * @example
 * ```ts
 * import { isTrecMeasureName } from "./measure_list.ts";
 * console.log(isTrecMeasureName("ndcg_cut"), isTrecMeasureName("nDCG")); // true false
 * ```
 *
 * @param word The word.
 * @returns Whether trec_eval knows it.
 */
export function isTrecMeasureName(word: string): boolean {
  return TREC_NAMES.has(word) || NICKNAMES.has(word);
}
