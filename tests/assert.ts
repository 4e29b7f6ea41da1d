/**
 * The assertions tests use: node's strict assert, re-exported under the
 * names of `@std/assert` so a later switch is one line.
 *
 * @module
 */
import assert from "node:assert/strict";

/** Asserts deep equality. */
export const assertEquals: <T>(
  actual: unknown,
  expected: T,
  message?: string,
) => void = assert.deepStrictEqual;
/** Asserts that a function throws an error of a class with a message matching. */
export function assertThrows(
  fn: () => unknown,
  errorClass: new (...args: never[]) => Error,
  includes?: string | RegExp,
): Error {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  if (!(caught instanceof errorClass)) {
    throw new assert.AssertionError({
      message: `Expected ${errorClass.name}, got ${caught}`,
    });
  }
  if (includes !== undefined) {
    assert.match(
      caught.message,
      typeof includes === "string" ? new RegExp(escape(includes)) : includes,
    );
  }
  return caught;
}
/** Async {@linkcode assertThrows}. */
export async function assertRejects(
  fn: () => Promise<unknown>,
  errorClass: new (...args: never[]) => Error,
  includes?: string | RegExp,
): Promise<Error> {
  let caught: unknown;
  try {
    await fn();
  } catch (error) {
    caught = error;
  }
  if (!(caught instanceof errorClass)) {
    throw new assert.AssertionError({
      message: `Expected ${errorClass.name}, got ${caught}`,
    });
  }
  if (includes !== undefined) {
    assert.match(
      caught.message,
      typeof includes === "string" ? new RegExp(escape(includes)) : includes,
    );
  }
  return caught;
}
/** Asserts two numbers are within `epsilon`. */
export function assertAlmostEquals(
  actual: number,
  expected: number,
  epsilon = 1e-12,
  message?: string,
): void {
  if (!(Math.abs(actual - expected) <= epsilon)) {
    throw new assert.AssertionError({
      message: `${
        message ? message + ": " : ""
      }expected ${expected} ± ${epsilon}, got ${actual}`,
    });
  }
}
function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
