/**
 * Helpers shared by the JSON-based dataset formats: keeping the fields a
 * format does not interpret and writing them back after the known ones.
 *
 * @module
 */

import type { ExtraFields } from "./dataset.ts";
import { excerpt } from "../model/quote.ts";

/**
 * Whether a parsed JSON value is an object (not an array, not null).
 *
 * @param value The value.
 * @returns Whether it is a plain JSON object.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A short JSON rendering of a value for an error message.
 *
 * @param value The value.
 * @returns At most 40 characters of its JSON, and its length when cut;
 * `nothing` for a missing value.
 */
export function describeJson(value: unknown): string {
  if (value === undefined) return "nothing";
  return excerpt(JSON.stringify(value), 40);
}

/**
 * The fields of a record outside `known`, as an `extra` property to spread.
 *
 * @param record The parsed record.
 * @param known The fields the format interprets.
 * @returns `{ extra }`, or nothing when there are none.
 */
export function extraOf(
  record: Record<string, unknown>,
  known: readonly string[],
): { extra?: ExtraFields } {
  const extra = Object.fromEntries(
    Object.entries(record).filter(([key]) => !known.includes(key)),
  );
  return Object.keys(extra).length ? { extra } : {};
}

/**
 * A record with the known fields in `order` (undefined ones left out), then
 * the extra fields, which never override a known one.
 *
 * @param known The known fields' values.
 * @param order Their order.
 * @param extra The extra fields.
 * @returns The record to serialise.
 */
export function withExtra(
  known: Record<string, unknown>,
  order: readonly string[],
  extra: ExtraFields | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of order) if (known[key] !== undefined) out[key] = known[key];
  for (const [key, value] of Object.entries(extra ?? {})) {
    if (!order.includes(key)) out[key] = value;
  }
  return out;
}
