/**
 * The spec language: `name[(key=value, ...)][@k]`, with ir_measures' Python
 * spellings of values (`'exp-log2'`, `True`, `{0:1,1:4}`).
 *
 * Every scanner here is hand-written and reads each character once, so a
 * hostile spec (a megabyte of digits) is refused in linear time.
 *
 * @module
 */

import type { GainMap, ParamValue } from "./metric.ts";
import { quoted } from "../model/quote.ts";

/** A spec split into its parts, before any name or parameter is checked. */
export interface ParsedSpec {
  /** The metric name as written. */
  readonly name: string;
  /** The parameters as written, numbers already parsed. */
  readonly params: Readonly<Record<string, ParamValue>>;
  /** The `@k` cutoff when it is a positive integer. */
  readonly cutoff: number | undefined;
  /**
   * The number after `@` as written, when it is a number at all: ir_measures'
   * `IPrec@0.1` sets a recall level, not a cutoff, so the registry decides.
   */
  readonly at?: string;
}

/**
 * Whether `text` is a decimal number: `[+-]digits[.digits][e[+-]digits]` or
 * `[+-].digits[...]`, checked in one pass.
 *
 * @example
 * ```ts
 * import { isDecimal } from "./spec.ts";
 * console.log(isDecimal("0.10"), isDecimal("-1e3"), isDecimal("1.2.3")); // true true false
 * ```
 *
 * @param text The text.
 * @returns Whether it is a number.
 */
export function isDecimal(text: string): boolean {
  let i = 0;
  const n = text.length;
  if (text[i] === "+" || text[i] === "-") i++;
  let digits = 0;
  while (i < n && isDigit(text.charCodeAt(i))) i++, digits++;
  if (text[i] === ".") {
    i++;
    while (i < n && isDigit(text.charCodeAt(i))) i++, digits++;
  }
  if (digits === 0) return false;
  if (text[i] === "e" || text[i] === "E") {
    i++;
    if (text[i] === "+" || text[i] === "-") i++;
    const start = i;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    if (i === start) return false;
  }
  return i === n;
}

/**
 * Splits a name such as `iprec_at_recall_0.10` or `ndcg_cut_10` into the
 * prefix through its last `_` and the number after it, in one pass from
 * the end.
 *
 * @example
 * ```ts
 * import { splitNumberSuffix } from "./spec.ts";
 * console.log(splitNumberSuffix("iprec_at_recall_0.10")); // ["iprec_at_recall_", "0.10"]
 * console.log(splitNumberSuffix("ndcg")); // undefined
 * ```
 *
 * @param name The name.
 * @returns `[prefix, number]`, or undefined when it ends in no `_number`.
 */
export function splitNumberSuffix(
  name: string,
): [string, string] | undefined {
  // The one candidate is the last "_": a number after an earlier one would
  // contain this "_".
  const underscore = name.lastIndexOf("_");
  const number = name.slice(underscore + 1);
  if (underscore < 0 || number === "") return undefined;
  let dots = 0;
  for (let i = 0; i < number.length; i++) {
    if (number[i] === ".") dots++;
    else if (!isDigit(number.charCodeAt(i))) return undefined;
  }
  if (dots > 1 || number.endsWith(".")) return undefined;
  return [name.slice(0, underscore + 1), number];
}

/**
 * Splits a sequence of specs as users write them, `nDCG@10 P@5 AP` or
 * `ndcg@10,P@5`: at spaces and at commas outside parentheses, braces and
 * quotes, so `SetF(rel=1, beta=0.5)` stays one spec.
 *
 * @example
 * ```ts
 * import { splitSpecList } from "./spec.ts";
 * console.log(splitSpecList("nDCG@10 P@5,SetF(rel=1, beta=0.5)")); // ["nDCG@10", "P@5", "SetF(rel=1, beta=0.5)"]
 * ```
 *
 * @param text The list.
 * @param options `commas: false` splits at spaces only. Default: at both.
 * @returns The specs, empty ones dropped.
 * @throws {SyntaxError} If a parenthesis, brace or quote is left open.
 */
export function splitSpecList(
  text: string,
  options: { readonly commas?: boolean } = {},
): string[] {
  const commas = options.commas ?? true;
  const specs: string[] = [];
  let depth = 0, quote = "", start = 0;
  const flush = (end: number) => {
    const spec = text.slice(start, end).trim();
    if (spec !== "") specs.push(spec);
    start = end + 1;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "(" || c === "{") depth++;
    else if (c === ")" || c === "}") depth--;
    else if (depth === 0 && ((commas && c === ",") || isSpace(c))) {
      // One pass over the run of separators, so a long run stays linear.
      let j = i, comma = false;
      while (
        j < text.length && ((commas && text[j] === ",") || isSpace(text[j]))
      ) {
        if (text[j] === ",") comma = true;
        j++;
      }
      // "P (rel=2)" and "nDCG @ 10" are one spec each.
      const joins = !comma &&
        (text[j] === "(" || text[j] === "@" || text[i - 1] === "@");
      if (!joins) {
        flush(i);
        start = j;
      }
      i = j - 1;
    }
  }
  if (quote || depth !== 0) {
    throw new SyntaxError(
      `Invalid metric list ${quoted(text)}: unclosed ${
        quote ? `quote ${quote}` : depth > 0 ? "parenthesis or brace" : ")"
      }`,
    );
  }
  flush(text.length);
  return specs;
}

/**
 * Splits a spec such as `err(max_rel=3)@20` into name, parameters and
 * cutoff. Values are numbers, words, quoted words (`'exp-log2'`), `True` or
 * `False`, or gain maps such as `{0:0,1:1,2:3}`.
 *
 * @example Parse a spec
 * ```ts
 * import { parseSpec } from "./spec.ts";
 * const spec = parseSpec("err(max_rel=3)@20");
 * console.log(spec.name, spec.params.max_rel, spec.cutoff); // "err" 3 20
 * console.log(parseSpec("P(judged_only=True)@4").params); // { judged_only: true }
 * ```
 *
 * @param spec The spec text.
 * @returns The parts.
 * @throws {SyntaxError} If the text is not a spec.
 * @throws {RangeError} If the cutoff is 0.
 */
export function parseSpec(spec: string): ParsedSpec {
  return new SpecParser(spec).parse();
}

class SpecParser {
  readonly #spec: string;
  #i = 0;

  constructor(spec: string) {
    this.#spec = spec;
  }

  fail(why: string): never {
    throw new SyntaxError(`Invalid metric spec ${quoted(this.#spec)}: ${why}`);
  }

  parse(): ParsedSpec {
    const s = this.#spec;
    this.#skipSpace();
    const name = this.#name();
    if (name === "") this.fail("expected a metric name");
    this.#skipSpace();
    const params: Record<string, ParamValue> = {};
    if (s[this.#i] === "(") {
      this.#i++;
      this.#params(params);
      this.#skipSpace();
    }
    let cutoff: number | undefined;
    let at: string | undefined;
    if (s[this.#i] === "@") {
      this.#i++;
      this.#skipSpace();
      const start = this.#i;
      while (this.#i < s.length && !isSpace(s[this.#i])) this.#i++;
      const k = s.slice(start, this.#i);
      if (!isDecimal(k) || k[0] === "-" || k[0] === "+") {
        this.fail(`cutoff must be a positive integer, got ${quoted(k)}`);
      }
      at = k;
      if (isDigits(k)) {
        const n = Number(k);
        if (!Number.isSafeInteger(n)) {
          throw new RangeError(
            `Invalid metric spec ${
              quoted(s)
            }: cutoff must be a positive integer, got ${quoted(k)}`,
          );
        }
        // 0 is no cutoff, but IPrec@0 is recall level 0: the registry decides.
        if (n > 0) cutoff = n;
      }
      this.#skipSpace();
    }
    if (this.#i < s.length) this.fail(`unexpected ${quoted(s.slice(this.#i))}`);
    return at === undefined ? { name, params, cutoff } : {
      name,
      params,
      cutoff,
      at,
    };
  }

  #skipSpace(): void {
    while (this.#i < this.#spec.length && isSpace(this.#spec[this.#i])) {
      this.#i++;
    }
  }

  // A trec_eval name may end in a decimal after `_`: iprec_at_recall_0.10.
  #name(): string {
    const s = this.#spec;
    const start = this.#i;
    if (!isNameStart(s.charCodeAt(this.#i))) return "";
    this.#i++;
    while (this.#i < s.length && isNameChar(s.charCodeAt(this.#i))) {
      this.#i++;
    }
    if (s[this.#i] === "." && isDigit(s.charCodeAt(this.#i + 1))) {
      let j = this.#i - 1;
      while (j > start && isDigit(s.charCodeAt(j))) j--;
      if (j < this.#i - 1 && s[j] === "_") {
        this.#i++;
        while (this.#i < s.length && isDigit(s.charCodeAt(this.#i))) {
          this.#i++;
        }
      }
    }
    return s.slice(start, this.#i);
  }

  #params(params: Record<string, ParamValue>): void {
    const s = this.#spec;
    for (;;) {
      this.#skipSpace();
      if (this.#i >= s.length) this.fail("missing closing parenthesis");
      if (s[this.#i] === ")") {
        this.#i++;
        return;
      }
      const start = this.#i;
      while (
        this.#i < s.length && !"=,)".includes(s[this.#i]) &&
        !isSpace(s[this.#i])
      ) this.#i++;
      const key = s.slice(start, this.#i);
      this.#skipSpace();
      if (s[this.#i] !== "=") {
        if (this.#i >= s.length) this.fail("missing closing parenthesis");
        this.fail(`expected key=value, got ${quoted(key)}`);
      }
      if (!isIdentifier(key)) {
        this.fail(`invalid parameter name ${quoted(key)}`);
      }
      if (key in params) this.fail(`parameter ${quoted(key)} is given twice`);
      this.#i++;
      this.#skipSpace();
      params[key] = this.#value();
      this.#skipSpace();
      if (s[this.#i] === ",") this.#i++;
      else if (s[this.#i] !== ")") {
        if (this.#i >= s.length) this.fail("missing closing parenthesis");
        this.fail(`unexpected ${quoted(s.slice(this.#i))}`);
      }
    }
  }

  #value(): ParamValue {
    const s = this.#spec;
    const c = s[this.#i];
    if (c === "'" || c === '"') {
      const end = s.indexOf(c, this.#i + 1);
      if (end < 0) this.fail(`unclosed quote ${c}`);
      const word = s.slice(this.#i + 1, end);
      this.#i = end + 1;
      if (!isWord(word)) this.fail(`invalid value ${quoted(word)}`);
      return word;
    }
    if (c === "{") return this.#gainMap();
    const start = this.#i;
    while (
      this.#i < s.length && !",)".includes(s[this.#i]) && !isSpace(s[this.#i])
    ) this.#i++;
    const raw = s.slice(start, this.#i);
    if (raw === "") this.fail("empty parameter value");
    if (isDecimal(raw)) return Number(raw);
    if (raw === "True") return true;
    if (raw === "False") return false;
    if (!isWord(raw)) this.fail(`invalid value ${quoted(raw)}`);
    return raw;
  }

  #gainMap(): GainMap {
    const s = this.#spec;
    const start = this.#i;
    const close = s.indexOf("}", start);
    if (close < 0) this.fail(`unterminated gain map ${quoted(s.slice(start))}`);
    const raw = s.slice(start, close + 1);
    this.#i = close + 1;
    const map: Record<string, number> = {};
    const body = raw.slice(1, -1).trim();
    const entries = body === "" ? [] : body.split(",");
    // Python allows a trailing comma: {0:1,1:4,}
    if (entries.length > 1 && entries[entries.length - 1].trim() === "") {
      entries.pop();
    }
    for (const entry of entries) {
      const [grade, gain, extra] = entry.split(":").map((p) => p.trim());
      if (
        extra !== undefined || !isDecimal(grade ?? "") ||
        !isDecimal(gain ?? "")
      ) {
        this.fail(
          `expected grade:gain in gain map, got ${quoted(entry.trim())}`,
        );
      }
      const key = String(Number(grade));
      if (Object.hasOwn(map, key)) {
        this.fail(`grade ${key} is given twice in gain map ${quoted(raw)}`);
      }
      map[key] = Number(gain);
    }
    return map;
  }
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isDigits(text: string): boolean {
  if (text === "") return false;
  for (let i = 0; i < text.length; i++) {
    if (!isDigit(text.charCodeAt(i))) return false;
  }
  return true;
}

function isSpace(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r";
}

// ASCII letters, "_", and the α of ir_measures' α_nDCG.
function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) ||
    code === 95 || code === 0x3b1;
}

function isNameChar(code: number): boolean {
  return isNameStart(code) || isDigit(code) || code === 45;
}

function isIdentifier(text: string): boolean {
  if (text === "" || !isNameStart(text.charCodeAt(0))) return false;
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isNameStart(code) && !isDigit(code)) return false;
  }
  return true;
}

function isWord(text: string): boolean {
  if (text === "") return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isNameChar(code) && code !== 46) return false;
  }
  return true;
}

/**
 * Prints a parameter value the way {@linkcode parseSpec} reads it.
 *
 * @example
 * ```ts
 * import { formatParamValue } from "./spec.ts";
 * console.log(formatParamValue({ "2": 3, "1": 1 })); // "{1:1,2:3}"
 * console.log(formatParamValue(true)); // "True"
 * ```
 *
 * @param value The value.
 * @returns Its spec text.
 */
export function formatParamValue(value: ParamValue): string {
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value !== "object") return String(value);
  const entries = Object.entries(value).sort((a, b) =>
    Number(a[0]) - Number(b[0])
  );
  return `{${entries.map(([k, v]) => `${k}:${v}`).join(",")}}`;
}
