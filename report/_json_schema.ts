/**
 * A JSON Schema (draft 2020-12) checker for the keywords ranklens' own
 * schemas (`report/schemas/*.json`) use, so `gate` refuses a baseline off its
 * schema and names the field without a validator dependency at run time. A
 * schema with any other assertion keyword is refused with a `TypeError`, so
 * a schema cannot grow a rule this checker would skip; the tests check that
 * it agrees with Ajv on every schema.
 *
 * @module
 */

import { excerpt } from "../model/quote.ts";

type SchemaObject = { readonly [keyword: string]: unknown };
type Schema = boolean | SchemaObject;
type Path = readonly (string | number)[];

/** Keywords that say what a value is without asserting anything. */
const ANNOTATIONS = new Set([
  "$schema",
  "$id",
  "$defs",
  "$comment",
  "title",
  "description",
  "default",
  "examples",
]);

/** The assertion keywords this checker applies. */
const ASSERTIONS = new Set([
  "$ref",
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "dependentRequired",
  "propertyNames",
  "minProperties",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "pattern",
]);

const TYPE_NAMES: Readonly<Record<string, string>> = {
  object: "an object",
  array: "an array",
  string: "a string",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  null: "null",
};

/**
 * A value as an error message quotes it: its JSON, cut at 40 characters
 * (saying its length).
 *
 * @param value The value.
 * @returns The text.
 */
export function shownValue(value: unknown): string {
  const json = JSON.stringify(value);
  return json === undefined ? String(value) : excerpt(json, 40);
}

/**
 * A field's path as messages name it: `options.relevanceLevel`,
 * `perQuery.q1.ap`, `pairs[0].aMean`; a name that is not an identifier is
 * quoted in brackets (`perQuery["q 1"]`).
 *
 * @param path The keys and indexes from the document's root.
 * @returns The text.
 */
export function fieldPath(path: Path): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else if (/^[A-Za-z_$][\w$@-]*$/.test(key)) {
      text += text === "" ? key : `.${key}`;
    } else text += `[${JSON.stringify(key)}]`;
  }
  return text;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    default:
      return typeOf(value) === type;
  }
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeOf(a) !== typeOf(b) || typeof a !== "object" || a === null) {
    return false;
  }
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => equal(v, other[i]));
  }
  const x = a as Record<string, unknown>, y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length &&
    keys.every((k) => Object.hasOwn(y, k) && equal(x[k], y[k]));
}

/** Why a value is off its schema: where, and what was expected. */
export interface SchemaViolation {
  /** The keys and indexes from the document's root to the refused value. */
  readonly path: Path;
  /** What was wrong, e.g. `expected a number, got "2"`. */
  readonly reason: string;
}

/**
 * A set of schemas that refer to each other by `$id` (relative `$ref`s such
 * as `evaluation.json#/$defs/counts` resolve against the referring
 * document's `$id`).
 *
 * @example
 * ```ts
 * import { SchemaSet } from "./_json_schema.ts";
 * const schemas = new SchemaSet([{
 *   $id: "https://example.com/a.json",
 *   type: "object",
 *   properties: { level: { type: "integer", minimum: 0 } },
 * }]);
 * console.log(schemas.violation({ level: "2" }, "https://example.com/a.json"));
 * // { path: [ "level" ], reason: 'expected a whole number, got "2"' }
 * ```
 */
export class SchemaSet {
  #byId = new Map<string, SchemaObject>();

  /**
   * Takes the schemas, each with an absolute `$id`.
   *
   * @param schemas The schema documents.
   * @throws {TypeError} If a schema lacks an `$id` or uses a keyword this
   * checker does not apply.
   */
  constructor(schemas: Iterable<object>) {
    for (const schema of schemas) {
      const id = (schema as SchemaObject).$id;
      if (typeof id !== "string") {
        throw new TypeError(
          `Each schema needs an absolute $id, got ${shownValue(id)}`,
        );
      }
      checkKeywords(schema as SchemaObject, id);
      this.#byId.set(id, schema as SchemaObject);
    }
  }

  /**
   * The first place where a value is off a schema, in document order.
   *
   * @param value The parsed JSON.
   * @param id The `$id` of the schema to check it against.
   * @returns The violation, or undefined when the value conforms.
   * @throws {TypeError} If the schema or a `$ref` names no schema of the set.
   */
  violation(value: unknown, id: string): SchemaViolation | undefined {
    return this.#check(value, this.#document(id), id, []);
  }

  #document(id: string): SchemaObject {
    const schema = this.#byId.get(id);
    if (schema === undefined) {
      throw new TypeError(`No schema has the $id ${JSON.stringify(id)}`);
    }
    return schema;
  }

  #resolve(ref: string, base: string): { schema: Schema; base: string } {
    const hash = ref.indexOf("#");
    const address = hash === -1 ? ref : ref.slice(0, hash);
    const pointer = hash === -1 ? "" : ref.slice(hash + 1);
    const id = address === "" ? base : new URL(address, base).href;
    let schema: unknown = this.#document(id);
    for (const token of pointer.split("/").slice(1)) {
      const key = decodeURIComponent(token).replaceAll("~1", "/")
        .replaceAll("~0", "~");
      schema = (schema as Record<string, unknown> | undefined)?.[key];
    }
    if (typeof schema !== "boolean" && typeOf(schema) !== "object") {
      throw new TypeError(`The $ref ${JSON.stringify(ref)} names no schema`);
    }
    return { schema: schema as Schema, base: id };
  }

  #check(
    value: unknown,
    schema: Schema,
    base: string,
    path: Path,
  ): SchemaViolation | undefined {
    if (schema === true) return undefined;
    if (schema === false) return { path, reason: "not allowed here" };
    const fail = (reason: string) => ({ path, reason });
    const got = `got ${shownValue(value)}`;
    if (typeof schema.$ref === "string") {
      const target = this.#resolve(schema.$ref, base);
      const found = this.#check(value, target.schema, target.base, path);
      if (found) return found;
    }
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (!types.some((t) => hasType(value, t))) {
        return fail(
          `expected ${types.map((t) => TYPE_NAMES[t]).join(" or ")}, ${got}`,
        );
      }
    }
    if ("const" in schema && !equal(value, schema.const)) {
      return fail(`expected ${shownValue(schema.const)}, ${got}`);
    }
    if (
      Array.isArray(schema.enum) && !schema.enum.some((v) => equal(v, value))
    ) {
      return fail(
        `expected one of ${schema.enum.map(shownValue).join(", ")}, ${got}`,
      );
    }
    if (typeof value === "number") {
      const bounds: [string, (limit: number) => boolean, string][] = [
        ["minimum", (l) => value >= l, ">="],
        ["maximum", (l) => value <= l, "<="],
        ["exclusiveMinimum", (l) => value > l, ">"],
        ["exclusiveMaximum", (l) => value < l, "<"],
      ];
      for (const [keyword, holds, sign] of bounds) {
        const limit = schema[keyword];
        if (typeof limit === "number" && !holds(limit)) {
          return fail(`expected a number ${sign} ${limit}, ${got}`);
        }
      }
    }
    if (typeof value === "string" && typeof schema.pattern === "string") {
      if (!new RegExp(schema.pattern, "u").test(value)) {
        return fail(`expected text matching /${schema.pattern}/, ${got}`);
      }
    }
    if (Array.isArray(value)) {
      return this.#checkArray(value, schema, base, path);
    }
    if (typeOf(value) === "object") {
      return this.#checkObject(
        value as Record<string, unknown>,
        schema,
        base,
        path,
      );
    }
    return undefined;
  }

  #checkArray(
    value: readonly unknown[],
    schema: SchemaObject,
    base: string,
    path: Path,
  ): SchemaViolation | undefined {
    const { minItems, maxItems } = schema;
    if (typeof minItems === "number" && value.length < minItems) {
      return {
        path,
        reason: `expected at least ${minItems} items, got ${value.length}`,
      };
    }
    if (typeof maxItems === "number" && value.length > maxItems) {
      return {
        path,
        reason: `expected at most ${maxItems} items, got ${value.length}`,
      };
    }
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    for (let i = 0; i < value.length; i++) {
      const item = i < prefix.length ? prefix[i] : schema.items;
      if (item === undefined) continue;
      const found = this.#check(value[i], item as Schema, base, [...path, i]);
      if (found) return found;
    }
    return undefined;
  }

  #checkObject(
    value: Readonly<Record<string, unknown>>,
    schema: SchemaObject,
    base: string,
    path: Path,
  ): SchemaViolation | undefined {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const key of (schema.required ?? []) as string[]) {
      if (!Object.hasOwn(value, key)) {
        return { path: [...path, key], reason: "missing" };
      }
    }
    const dependent = (schema.dependentRequired ?? {}) as Record<
      string,
      string[]
    >;
    for (const [key, needed] of Object.entries(dependent)) {
      if (!Object.hasOwn(value, key)) continue;
      const absent = needed.find((k) => !Object.hasOwn(value, k));
      if (absent !== undefined) {
        return {
          path: [...path, absent],
          reason: `missing (it goes with "${key}")`,
        };
      }
    }
    const keys = Object.keys(value);
    if (
      typeof schema.minProperties === "number" &&
      keys.length < schema.minProperties
    ) {
      return {
        path,
        reason: `expected at least ${schema.minProperties} member(s), got ${
          shownValue(value)
        }`,
      };
    }
    for (const key of keys) {
      const at = [...path, key];
      if (schema.propertyNames !== undefined) {
        const found = this.#check(
          key,
          schema.propertyNames as Schema,
          base,
          at,
        );
        if (found) return { path: at, reason: `its name: ${found.reason}` };
      }
      if (Object.hasOwn(properties, key)) {
        const found = this.#check(value[key], properties[key], base, at);
        if (found) return found;
      } else if (schema.additionalProperties === false) {
        return {
          path: at,
          reason: `not a field here (expected ${
            Object.keys(properties).join(", ")
          })`,
        };
      } else if (schema.additionalProperties !== undefined) {
        const found = this.#check(
          value[key],
          schema.additionalProperties as Schema,
          base,
          at,
        );
        if (found) return found;
      }
    }
    return undefined;
  }
}

/** Refuses a keyword this checker would skip, anywhere in a schema. */
function checkKeywords(schema: unknown, id: string): void {
  if (typeof schema === "boolean") return;
  if (typeOf(schema) !== "object") {
    throw new TypeError(`${id}: a schema must be an object or a boolean`);
  }
  for (const [keyword, value] of Object.entries(schema as SchemaObject)) {
    if (keyword === "$defs" || keyword === "properties") {
      for (const sub of Object.values(value as object)) checkKeywords(sub, id);
    } else if (keyword === "prefixItems") {
      for (const sub of value as unknown[]) checkKeywords(sub, id);
    } else if (
      keyword === "items" || keyword === "additionalProperties" ||
      keyword === "propertyNames"
    ) {
      checkKeywords(value, id);
    } else if (!ANNOTATIONS.has(keyword) && !ASSERTIONS.has(keyword)) {
      throw new TypeError(
        `${id}: the keyword "${keyword}" is not one this checker applies`,
      );
    }
  }
}
