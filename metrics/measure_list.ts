/**
 * Measure lists as users of the peers write them: several specs in one
 * argument (`nDCG@10 P@5 AP`, as the ir_measures CLI takes them), and
 * trec_eval's `-m name.params` (`ndcg_cut.10`, `P.5,10`) and nicknames
 * (`official`, `all_trec`, `set`), turned into specs of the registry.
 *
 * @module
 */

import { ELEVEN_POINTS } from "./builtin/iprec_avg.ts";
import { isDecimal, splitSpecList } from "./spec.ts";
import { nicknames } from "./trec_nicknames.ts";

const STANDARD_CUTOFFS = [5, 10, 15, 20, 30, 100, 200, 500, 1000];
const R_MULTIPLES = [0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6, 1.8, 2];

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

const TREC_NAMES: ReadonlyMap<string, TrecName> = new Map<string, TrecName>([
  ["num_q", { spec: "num_q" }],
  ["num_ret", { spec: "num_ret" }],
  ["num_rel", { spec: "num_rel" }],
  ["num_rel_ret", { spec: "num_rel_ret" }],
  ["map", { spec: "ap" }],
  ["gm_map", { spec: "gm_map" }],
  ["Rprec", { spec: "rprec" }],
  ["bpref", { spec: "bpref" }],
  ["recip_rank", { spec: "rr" }],
  ["iprec_at_recall", {
    cutoffs: "iprec_at_recall(recall=x)",
    defaults: ELEVEN_POINTS,
    integers: false,
  }],
  ["P", { cutoffs: "P@k", defaults: STANDARD_CUTOFFS, integers: true }],
  ["recall", {
    cutoffs: "recall@k",
    defaults: STANDARD_CUTOFFS,
    integers: true,
  }],
  ["infAP", { spec: "infap" }],
  ["gm_bpref", { spec: "gm_bpref" }],
  ["Rprec_mult", {
    cutoffs: "rprec_mult(mult=x)",
    defaults: R_MULTIPLES,
    integers: false,
  }],
  ["utility", { spec: "utility" }],
  ["11pt_avg", { spec: "iprec_avg" }],
  ["binG", { spec: "binG" }],
  ["G", { gains: "G" }],
  ["dcg", { gains: "dcg" }],
  ["ideal_dcg", { gains: "ideal_dcg" }],
  ["ndcg", { gains: "ndcg" }],
  ["ndcg_rel", { gains: "ndcg_rel" }],
  ["Rndcg", { gains: "rndcg" }],
  ["ndcg_cut", {
    cutoffs: "ndcg@k",
    defaults: STANDARD_CUTOFFS,
    integers: true,
  }],
  ["map_cut", { cutoffs: "ap@k", defaults: STANDARD_CUTOFFS, integers: true }],
  ["relative_P", {
    cutoffs: "relative_P@k",
    defaults: STANDARD_CUTOFFS,
    integers: true,
  }],
  ["success", { cutoffs: "success@k", defaults: [1, 5, 10], integers: true }],
  ["set_P", { spec: "P" }],
  ["set_relative_P", { spec: "relative_P" }],
  ["set_recall", { spec: "recall" }],
  ["set_map", { spec: "set_map" }],
  ["set_F", { cutoffs: "set_F(beta2=x)", defaults: [1], integers: false }],
  ["num_nonrel_judged_ret", { spec: "num_nonrel_judged_ret" }],
  ["yaap", { spec: "yaap" }],
  ["rbp", { gains: "rbp_trec", persistence: true }],
  ["rbp_resid", { gains: "rbp_resid", persistence: true }],
  ["unj", { cutoffs: "unj@k", defaults: [5, 10, 20], integers: true }],
]);

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
      const trec = trecSpecs(word, known);
      if (trec) specs.push(...trec);
      else specs.push(...splitSpecList(word));
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
    throw new SyntaxError(`Invalid trec_eval measure "${word}": ${why}`);
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
      if (!isDecimal(value)) fail(`expected numbers, got "${value}"`);
    }
    return values.map((value) => {
      const n = Number(value);
      if (entry.integers && !(Number.isSafeInteger(n) && n > 0)) {
        fail(`cutoff must be a positive integer, got "${value}"`);
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
      fail(`expected level=gain pairs, got "${pair}"`);
    }
    if (level === "p" && entry.persistence) p = value;
    else if (isDecimal(level)) gains.push(`${level}:${value}`);
    else fail(`expected level=gain pairs, got "${pair}"`);
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
