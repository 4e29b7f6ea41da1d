/**
 * The spec language: `name[(key=value, ...)][@k]`.
 *
 * @module
 */

import type { GainMap, ParamValue } from "./metric.ts";

/** A spec split into its parts, before any name or parameter is checked. */
export interface ParsedSpec {
  /** The metric name as written. */
  readonly name: string;
  /** The parameters as written, numbers already parsed. */
  readonly params: Readonly<Record<string, ParamValue>>;
  /** The `@k` cutoff, if any. */
  readonly cutoff: number | undefined;
}

// A trec_eval name may end in a decimal after `_`: iprec_at_recall_0.10.
const NAME = /^[A-Za-z_][A-Za-z0-9_\-]*(?:(?<=_\d+)\.\d+)?/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Splits a spec such as `err(max_rel=3)@20` into name, parameters and
 * cutoff. Values are numbers, words or gain maps such as `{0:0,1:1,2:3}`.
 *
 * @example Parse a spec
 * ```ts
 * import { parseSpec } from "./spec.ts";
 * const spec = parseSpec("err(max_rel=3)@20");
 * console.log(spec.name, spec.params.max_rel, spec.cutoff); // "err" 3 20
 * ```
 *
 * @param spec The spec text.
 * @returns The parts.
 * @throws {SyntaxError} If the text is not a spec.
 */
export function parseSpec(spec: string): ParsedSpec {
  const text = spec.trim();
  const fail = (why: string): never => {
    throw new SyntaxError(`Invalid metric spec "${spec}": ${why}`);
  };
  const nameMatch = NAME.exec(text);
  if (!nameMatch) fail("expected a metric name");
  const name = nameMatch![0];
  let rest = text.slice(name.length);
  const params: Record<string, ParamValue> = {};
  if (rest.startsWith("(")) {
    const close = findClose(rest);
    if (close < 0) fail("missing closing parenthesis");
    const inner = rest.slice(1, close).trim();
    rest = rest.slice(close + 1);
    for (const part of splitTopLevel(inner)) {
      const eq = part.indexOf("=");
      if (eq <= 0) fail(`expected key=value, got "${part}"`);
      const key = part.slice(0, eq).trim();
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) {
        fail(`invalid parameter name "${key}"`);
      }
      if (key in params) fail(`parameter "${key}" is given twice`);
      params[key] = parseValue(part.slice(eq + 1).trim(), fail);
    }
  }
  let cutoff: number | undefined;
  if (rest.startsWith("@")) {
    const k = rest.slice(1);
    if (!/^\d+$/.test(k)) fail(`cutoff must be a positive integer, got "${k}"`);
    cutoff = Number(k);
    if (cutoff < 1 || !Number.isSafeInteger(cutoff)) {
      throw new RangeError(
        `Invalid metric spec "${spec}": cutoff must be a positive integer, got "${k}"`,
      );
    }
    rest = "";
  }
  if (rest !== "") fail(`unexpected "${rest}"`);
  return { name, params, cutoff };
}

function findClose(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(" || text[i] === "{") depth++;
    else if (text[i] === ")" || text[i] === "}") {
      depth--;
      if (depth === 0) return text[i] === ")" ? i : -1;
    }
  }
  return -1;
}

function splitTopLevel(inner: string): string[] {
  if (inner === "") return [];
  const parts: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === "," && depth === 0) {
      parts.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(inner.slice(start).trim());
  return parts;
}

function parseValue(raw: string, fail: (why: string) => never): ParamValue {
  if (raw === "") fail("empty parameter value");
  if (NUMBER.test(raw)) return Number(raw);
  if (raw.startsWith("{")) {
    if (!raw.endsWith("}")) fail(`unterminated gain map "${raw}"`);
    const map: Record<string, number> = {};
    const body = raw.slice(1, -1).trim();
    for (const entry of body === "" ? [] : body.split(",")) {
      const [grade, gain, extra] = entry.split(":").map((s) => s.trim());
      if (
        extra !== undefined || !NUMBER.test(grade ?? "") ||
        !NUMBER.test(gain ?? "")
      ) {
        fail(`expected grade:gain in gain map, got "${entry.trim()}"`);
      }
      const key = String(Number(grade));
      if (Object.hasOwn(map, key)) {
        fail(`grade ${key} is given twice in gain map "${raw}"`);
      }
      map[key] = Number(gain);
    }
    return map as GainMap;
  }
  if (!/^[A-Za-z0-9_.\-]+$/.test(raw)) fail(`invalid value "${raw}"`);
  return raw;
}

/**
 * Prints a parameter value the way {@linkcode parseSpec} reads it.
 *
 * @example
 * ```ts
 * import { formatParamValue } from "./spec.ts";
 * console.log(formatParamValue({ "2": 3, "1": 1 })); // "{1:1,2:3}"
 * ```
 *
 * @param value The value.
 * @returns Its spec text.
 */
export function formatParamValue(value: ParamValue): string {
  if (typeof value !== "object") return String(value);
  const entries = Object.entries(value).sort((a, b) =>
    Number(a[0]) - Number(b[0])
  );
  return `{${entries.map(([k, v]) => `${k}:${v}`).join(",")}}`;
}
