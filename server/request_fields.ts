/**
 * The fields of the JSON requests, declared once with zod: the same
 * declaration checks a request (here, on the thread that scores it) and
 * describes it in `GET /openapi.json` (`routes.ts`).
 *
 * Each builder gives its field the message a client reads, quoting a short
 * excerpt of the bad value. Lists and records stop at their first bad entry,
 * so a hostile body of millions of bad items costs one issue, not millions.
 *
 * @module
 */

import { z } from "zod";
import { HttpProblem } from "./problem.ts";
import { describe, excerpt } from "../model/quote.ts";

/** A JSON object as parsed. */
export type JsonObject = Record<string, unknown>;

/** What the message of a missing or mistyped field says. */
function mustBe(expected: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined
      ? "is required."
      : `must be ${expected}, got ${describe(issue.input)}.`;
}

/**
 * A boolean field.
 *
 * @example
 * ```ts
 * import { flag } from "./request_fields.ts";
 * console.log(flag("Drop unjudged documents.").safeParse("yes").error?.issues[0].message);
 * // 'must be true or false, got the string "yes".'
 * ```
 *
 * @param description What it means.
 * @returns The optional field, `false` when absent.
 */
export function flag(description: string) {
  return z.boolean({ error: mustBe("true or false") }).default(false).meta({
    description,
  });
}

/**
 * An integer field of at least `min` (and at most `max`).
 *
 * @example
 * ```ts
 * import { integer } from "./request_fields.ts";
 * console.log(integer(1, "Depth.").safeParse(0).error?.issues[0].message);
 * // "must be an integer >= 1, got number 0."
 * ```
 *
 * @param min The smallest allowed value.
 * @param description What it means.
 * @param max The largest allowed value. Default: none.
 * @returns The required field; add `.optional()` or `.default()`.
 */
export function integer(min: number, description: string, max?: number) {
  const message = mustBe(`an integer >= ${min}`);
  let schema = z.int({ error: message }).min(min, { error: message });
  if (max !== undefined) {
    schema = schema.max(max, {
      error: (issue) => `must be at most ${max}, got ${issue.input}.`,
    });
  }
  return schema.meta({ description });
}

/**
 * A finite number field.
 *
 * @example
 * ```ts
 * import { number } from "./request_fields.ts";
 * console.log(number("Alpha.").safeParse("0.05").error?.issues[0].message);
 * // 'must be a number, got the string "0.05".'
 * ```
 *
 * @param description What it means.
 * @returns The required field; add `.optional()` or `.default()`.
 */
export function number(description: string) {
  return z.number({ error: mustBe("a number") }).meta({ description });
}

/**
 * A string field out of a fixed set.
 *
 * @example
 * ```ts
 * import { choice } from "./request_fields.ts";
 * console.log(choice(["a", "b"], "A letter.").safeParse("c").error?.issues[0].message);
 * // 'must be one of "a", "b", got the string "c".'
 * ```
 *
 * @param choices The allowed values.
 * @param description What it means.
 * @returns The required field; add `.optional()` or `.default()`.
 */
export function choice<const T extends readonly [string, ...string[]]>(
  choices: T,
  description: string,
) {
  return z.enum(choices, {
    error: mustBe(`one of ${choices.map((c) => `"${c}"`).join(", ")}`),
  }).meta({ description });
}

/**
 * A string field.
 *
 * @example
 * ```ts
 * import { text } from "./request_fields.ts";
 * console.log(text("A name.").safeParse(1).error?.issues[0].message);
 * // "must be a string, got number 1."
 * ```
 *
 * @param description What it means.
 * @param expected How a message names it. Default: `"a string"`.
 * @returns The required field; add `.optional()`.
 */
export function text(description: string, expected = "a string") {
  return z.string({ error: mustBe(expected) }).meta({ description });
}

/**
 * A list field whose items are checked one by one up to the first bad one,
 * which alone is reported (`item 3 is ...`).
 *
 * @example
 * ```ts
 * import { listOf } from "./request_fields.ts";
 * import { z } from "zod";
 * const strings = listOf(z.string(), "strings", "Names.");
 * console.log(strings.safeParse(["a", 1, 2]).error?.issues[0].message);
 * // "must be an array of strings; item 1 is number 1."
 * ```
 *
 * @param item The schema of one item.
 * @param items How messages name the items, e.g. `"strings"`.
 * @param description What the list means.
 * @param isItem Whether a value is an item, as `item` would check it.
 * Default: `item.safeParse(value).success`.
 * @returns The required field; add `.optional()`.
 */
export function listOf<T extends z.ZodType>(
  item: T,
  items: string,
  description: string,
  isItem: (value: unknown) => boolean = (value) =>
    item.safeParse(value).success,
) {
  return z.preprocess(
    (value, context) => {
      if (!Array.isArray(value)) return value;
      for (let i = 0; i < value.length; i++) {
        if (isItem(value[i])) continue;
        context.addIssue({
          code: "custom",
          message: `must be an array of ${items}; item ${i} is ${
            describe(value[i])
          }.`,
        });
        break;
      }
      return value;
    },
    z.array(item, { error: mustBe(`an array of ${items}`) }),
  ).meta({ description });
}

/**
 * A list of strings.
 *
 * @example
 * ```ts
 * import { strings } from "./request_fields.ts";
 * console.log(strings("Specs.").safeParse("ap").error?.issues[0].message);
 * // 'must be an array of strings, got the string "ap".'
 * ```
 *
 * @param description What the list means.
 * @returns The required field; add `.optional()`.
 */
export function strings(description: string) {
  return listOf(
    z.string(),
    "strings",
    description,
    (value) => typeof value === "string",
  );
}

/**
 * An object of any keys whose values are checked one by one up to the first
 * bad one, which alone is reported with `message`.
 *
 * @example
 * ```ts
 * import { recordOf } from "./request_fields.ts";
 * import { z } from "zod";
 * const grades = recordOf(z.number(), (key, value) => `maps "${key}" to ${typeof value}.`, "Grades.");
 * console.log(grades.safeParse({ a: 1, b: "x" }).error?.issues[0].message); // 'maps "b" to string.'
 * ```
 *
 * @param value The schema of one value.
 * @param message The message of a bad entry.
 * @param description What the object means.
 * @returns The required field; add `.optional()`.
 */
export function recordOf<T extends z.ZodType>(
  value: T,
  message: (key: string, value: unknown) => string,
  description: string,
) {
  return z.preprocess(
    (given, context) => {
      if (typeof given !== "object" || given === null) return given;
      for (const [key, entry] of Object.entries(given)) {
        if (value.safeParse(entry).success) continue;
        context.addIssue({
          code: "custom",
          message: message(excerpt(key, 40), entry),
        });
        break;
      }
      return given;
    },
    z.record(z.string(), value, { error: mustBe("an object") }),
  ).meta({ description });
}

/** A request's schema: an object of named fields. */
export type RequestSchema = z.ZodObject;

/**
 * Checks a request object against its schema: an unknown field first (so a
 * misspelt option is not ignored), then the first bad field. A field that
 * is `null` counts as absent.
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { integer, parseRequest } from "./request_fields.ts";
 * const schema = z.strictObject({ depth: integer(1, "Depth.").optional() });
 * console.log(parseRequest(schema, { depth: 10 })); // { depth: 10 }
 * try {
 *   parseRequest(schema, { dpeth: 10 });
 * } catch (error) {
 *   console.log((error as Error).message); // 'Field "dpeth" is not known; expected "depth".'
 * }
 * ```
 *
 * @param schema The request's schema.
 * @param body The request object.
 * @returns The checked request, defaults filled in.
 * @throws {HttpProblem} 400 naming the field.
 */
export function parseRequest<T extends RequestSchema>(
  schema: T,
  body: JsonObject,
): z.output<T> {
  const given: JsonObject = {};
  for (const [name, value] of Object.entries(body)) {
    if (value !== null) given[name] = value;
  }
  const result = schema.safeParse(given, { reportInput: false });
  if (result.success) return result.data;
  const issues = result.error.issues;
  const unknown = issues.find((issue) => issue.code === "unrecognized_keys");
  if (unknown) {
    // The name is the client's: quoted short, so the answer stays small.
    const name = excerpt(unknown.keys[0], 40);
    const known = Object.keys(schema.shape).map((k) => `"${k}"`).join(", ");
    return fail(name, `is not known; expected ${known}.`);
  }
  const [first] = issues;
  return fail(String(first.path[0]), messageOf(first));
}

/**
 * An issue's message; for a field of alternatives, the message of the
 * alternative whose kind matched but whose entries did not, when there is
 * one ("item 3 is ..." says more than "must be text or a list").
 */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code !== "invalid_union") return issue.message;
  for (const alternative of issue.errors) {
    const entry = alternative.find((inner) =>
      inner.code === "custom" && inner.path.length === 0
    );
    if (entry) return entry.message;
  }
  return issue.message;
}

function fail(field: string, detail: string): never {
  throw new HttpProblem(400, `Field "${field}" ${detail}`, {
    extensions: { field },
  });
}
