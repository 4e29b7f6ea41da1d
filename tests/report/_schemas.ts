/**
 * The published JSON Schemas (`report/schemas/*.json`) under Ajv, a
 * validator the tests use and the package does not, and under the package's
 * own checker, so a test sees both verdicts.
 *
 * @module
 */

import { Ajv2020 } from "ajv/dist/2020.js";
import { SchemaSet } from "../../report/_json_schema.ts";
import { VERSION } from "../../version.ts";

/** The folder of the schemas. */
export const SCHEMA_DIR = new URL("../../report/schemas/", import.meta.url);

/** Where the package publishes a schema: its `$id`. */
export function schemaId(file: string): string {
  return `https://jsr.io/@ranklens/ranklens/${VERSION}/report/schemas/${file}`;
}

/** File name to schema document, every schema of the folder. */
export const SCHEMAS: ReadonlyMap<string, Record<string, unknown>> = new Map(
  await Promise.all(
    [...Deno.readDirSync(SCHEMA_DIR)].filter((e) => e.name.endsWith(".json"))
      .map(async (e) =>
        [
          e.name,
          JSON.parse(await Deno.readTextFile(new URL(e.name, SCHEMA_DIR))),
        ] as const
      ),
  ),
);

const ajv = new Ajv2020({
  strict: true,
  allowUnionTypes: true,
  allErrors: true,
});
for (const schema of SCHEMAS.values()) ajv.addSchema(schema);
const own = new SchemaSet(SCHEMAS.values());

/** Both validators' verdicts on a value. */
export interface Verdicts {
  /** Ajv's errors, `[]` when valid. */
  ajv: string[];
  /** The package's checker: the first violation, or undefined. */
  own: string | undefined;
}

/**
 * Validates a value against a schema with Ajv and with the package's checker.
 *
 * @param file The schema's file name, e.g. `evaluation.json`.
 * @param value The parsed JSON.
 * @returns The verdicts.
 */
export function verdicts(file: string, value: unknown): Verdicts {
  const validate = ajv.getSchema(schemaId(file));
  if (validate === undefined) throw new Error(`no schema ${file}`);
  const valid = validate(value) as boolean;
  const violation = own.violation(value, schemaId(file));
  return {
    ajv: valid
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`),
    own: violation &&
      `${JSON.stringify(violation.path)} ${violation.reason}`,
  };
}

/**
 * Asserts a value conforms to a schema, for both validators.
 *
 * @param file The schema's file name.
 * @param value The parsed JSON.
 * @param what What the value is, for the failure message.
 */
export function assertConforms(file: string, value: unknown, what: string) {
  const found = verdicts(file, value);
  if (found.ajv.length || found.own !== undefined) {
    throw new Error(
      `${what} is off ${file}: Ajv: ${
        found.ajv.join("; ") || "valid"
      }; ranklens: ${found.own ?? "valid"}`,
    );
  }
}
