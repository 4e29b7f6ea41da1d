/**
 * Reading a JSON request body and its fields, with errors that name the
 * field and quote the bad value.
 *
 * @module
 */

import type { Context } from "hono";
import { HttpProblem } from "./problem.ts";

/** A JSON object as parsed. */
export type JsonObject = Record<string, unknown>;

const UTF8 = new TextDecoder("utf-8", { fatal: true });

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Parses the body of a request as a JSON object.
 *
 * @param c The context.
 * @returns The object.
 * @throws {HttpProblem} 415 when the body is not declared as JSON, 400 when
 * it is not UTF-8 or not a JSON object.
 */
export async function readJsonObject(c: Context): Promise<JsonObject> {
  const type = c.req.header("content-type") ?? "";
  if (!JSON_MEDIA_TYPE.test(type)) {
    throw new HttpProblem(
      415,
      `The request body must be JSON ("Content-Type: application/json"), got ${
        type ? `"${type}"` : "no Content-Type"
      }.`,
    );
  }
  // JSON is UTF-8 (RFC 8259); decoding other bytes to U+FFFD would make
  // distinct ids equal and score them silently.
  let text: string;
  try {
    text = UTF8.decode(await c.req.arrayBuffer());
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new HttpProblem(400, "The request body is not valid UTF-8.");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpProblem(
      400,
      `The request body is not valid JSON: ${(error as Error).message}`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HttpProblem(
      400,
      `The request body must be a JSON object, got ${describe(value)}.`,
    );
  }
  return value as JsonObject;
}

/**
 * A short description of a JSON value for messages: its type, and the value
 * itself when it is short.
 *
 * @example
 * ```ts
 * import { describe } from "./json_body.ts";
 * console.log(describe("ten")); // 'the string "ten"'
 * console.log(describe([1])); // "an array"
 * ```
 *
 * @param value The value.
 * @returns The description.
 */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return value.length > 40
        ? `a string of ${value.length} characters`
        : `the string ${JSON.stringify(value)}`;
    case "number":
    case "boolean":
      return `${typeof value} ${value}`;
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

function invalid(field: string, detail: string): HttpProblem {
  return new HttpProblem(400, `Field "${field}" ${detail}`, {
    extensions: { field },
  });
}

/**
 * The fields of a request object, checked one by one; a field the request
 * type does not know is an error, so a misspelt option is not ignored.
 *
 * @example
 * ```ts
 * import { Fields } from "./json_body.ts";
 * const fields = new Fields({ depth: 10, judgedOnly: true }, ["depth", "judgedOnly", "perQuery"]);
 * console.log(fields.integer("depth", 1)); // 10
 * console.log(fields.boolean("perQuery")); // undefined
 * ```
 */
export class Fields {
  readonly #object: JsonObject;

  /**
   * Checks that every field is known.
   *
   * @param object The request object.
   * @param known The field names the request type has.
   * @throws {HttpProblem} 400 on an unknown field.
   */
  constructor(object: JsonObject, known: readonly string[]) {
    for (const name of Object.keys(object)) {
      if (!known.includes(name)) {
        // The name is the client's: quoted short, so the answer stays small.
        const shown = name.length > 40
          ? `${name.slice(0, 40)}… (${name.length} characters)`
          : name;
        throw new HttpProblem(
          400,
          `Field "${shown}" is not known; expected ${
            known.map((k) => `"${k}"`).join(", ")
          }.`,
          { extensions: { field: shown } },
        );
      }
    }
    this.#object = object;
  }

  /**
   * The raw value of a field that must be present.
   *
   * @param name The field.
   * @returns The value.
   * @throws {HttpProblem} 400 when the field is missing.
   */
  required(name: string): unknown {
    const value = this.#object[name];
    if (value === undefined || value === null) {
      throw invalid(name, "is required.");
    }
    return value;
  }

  /**
   * The raw value of an optional field.
   *
   * @param name The field.
   * @returns The value, `undefined` when absent or null.
   */
  optional(name: string): unknown {
    return this.#object[name] ?? undefined;
  }

  /**
   * An optional boolean.
   *
   * @param name The field.
   * @returns The value, `undefined` when absent.
   * @throws {HttpProblem} 400 when it is not a boolean.
   */
  boolean(name: string): boolean | undefined {
    const value = this.optional(name);
    if (value === undefined || typeof value === "boolean") return value;
    throw invalid(name, `must be true or false, got ${describe(value)}.`);
  }

  /**
   * An optional integer of at least `min`.
   *
   * @param name The field.
   * @param min The smallest allowed value.
   * @returns The value, `undefined` when absent.
   * @throws {HttpProblem} 400 when it is not such an integer.
   */
  integer(name: string, min: number): number | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (
      typeof value !== "number" || !Number.isSafeInteger(value) || value < min
    ) {
      throw invalid(
        name,
        `must be an integer >= ${min}, got ${describe(value)}.`,
      );
    }
    return value;
  }

  /**
   * An optional finite number.
   *
   * @param name The field.
   * @returns The value, `undefined` when absent.
   * @throws {HttpProblem} 400 when it is not a finite number.
   */
  number(name: string): number | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw invalid(name, `must be a number, got ${describe(value)}.`);
    }
    return value;
  }

  /**
   * An optional string out of a fixed set.
   *
   * @param name The field.
   * @param choices The allowed values.
   * @returns The value, `undefined` when absent.
   * @throws {HttpProblem} 400 when it is not one of the choices.
   */
  choice<T extends string>(
    name: string,
    choices: readonly T[],
  ): T | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (!(choices as readonly unknown[]).includes(value)) {
      throw invalid(
        name,
        `must be one of ${choices.map((c) => `"${c}"`).join(", ")}, got ${
          describe(value)
        }.`,
      );
    }
    return value as T;
  }

  /**
   * An optional string.
   *
   * @param name The field.
   * @returns The value, `undefined` when absent.
   * @throws {HttpProblem} 400 when it is not a string.
   */
  string(name: string): string | undefined {
    const value = this.optional(name);
    if (value === undefined || typeof value === "string") return value;
    throw invalid(name, `must be a string, got ${describe(value)}.`);
  }

  /**
   * An optional array of strings.
   *
   * @param name The field.
   * @returns The value, `undefined` when absent.
   * @throws {HttpProblem} 400 when it is not an array of strings.
   */
  strings(name: string): string[] | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) {
      throw invalid(
        name,
        `must be an array of strings, got ${describe(value)}.`,
      );
    }
    value.forEach((item, i) => {
      if (typeof item !== "string") {
        throw invalid(
          name,
          `must be an array of strings; item ${i} is ${describe(item)}.`,
        );
      }
    });
    return value as string[];
  }
}
