/**
 * Errors as `application/problem+json` (RFC 9457): one error class the
 * routes and middleware throw, and the function that turns any error into a
 * problem response.
 *
 * @module
 */

import { UsageError } from "../cli/errors.ts";
import { InputError } from "../model/errors.ts";
import { excerpt } from "../model/quote.ts";

/** The media type of every error response. */
export const PROBLEM_MEDIA_TYPE = "application/problem+json";

/** The body of an error response. */
export interface ProblemDetails {
  /** `about:blank`: the status code says what kind of problem it is. */
  type: string;
  /** The status phrase, e.g. `Bad Request`. */
  title: string;
  /** The HTTP status. */
  status: number;
  /** What was wrong, for a person. */
  detail: string;
  /** Extension members, e.g. `file` and `line` of malformed input. */
  [extension: string]: unknown;
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** Options of {@linkcode HttpProblem}. */
export interface HttpProblemOptions {
  /** Extension members of the body, e.g. `{ field: "depth" }`. Default: none. */
  extensions?: Record<string, unknown>;
  /** Response headers, e.g. `Retry-After`. Default: none. */
  headers?: Record<string, string>;
}

/**
 * An error that answers the request with a given status and detail.
 *
 * @example
 * ```ts
 * import { HttpProblem } from "./problem.ts";
 * const problem = new HttpProblem(400, 'Field "depth" must be an integer >= 1, got 0', {
 *   extensions: { field: "depth" },
 * });
 * console.log(problem.toJSON().title); // "Bad Request"
 * ```
 */
export class HttpProblem extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** Extension members of the body. */
  readonly extensions: Readonly<Record<string, unknown>>;
  /** Extra response headers. */
  readonly headers: Readonly<Record<string, string>>;

  /**
   * Creates the error.
   *
   * @param status The HTTP status.
   * @param detail What was wrong, for a person.
   * @param options Extension members and headers.
   */
  constructor(
    status: number,
    detail: string,
    options: HttpProblemOptions = {},
  ) {
    super(detail);
    this.name = "HttpProblem";
    this.status = status;
    this.extensions = options.extensions ?? {};
    this.headers = options.headers ?? {};
  }

  /**
   * The problem details.
   *
   * @returns The body as a plain object.
   */
  toJSON(): ProblemDetails {
    return {
      type: "about:blank",
      title: TITLES[this.status] ?? "Error",
      status: this.status,
      detail: this.message,
      ...this.extensions,
    };
  }

  /**
   * The response.
   *
   * @returns A `application/problem+json` response.
   */
  toResponse(): Response {
    return new Response(JSON.stringify(this.toJSON()), {
      status: this.status,
      headers: { "content-type": PROBLEM_MEDIA_TYPE, ...this.headers },
    });
  }
}

/** The most characters of the client's input an error message quotes. */
export const MAX_EXCERPT = 200;

/**
 * Whether an error is the client's: the server's own problems, malformed
 * input (`InputError`) and command-line mistakes (`UsageError`). Any other
 * error, a `TypeError` included, is a bug of the server.
 *
 * @example
 * ```ts
 * import { InputError } from "../model/errors.ts";
 * import { isUserError } from "./problem.ts";
 * console.log(isUserError(new InputError("run", 1, "expected 6 fields"))); // true
 * console.log(isUserError(new TypeError("Cannot read properties of undefined"))); // false
 * ```
 *
 * @param error What was thrown.
 * @returns `true` for the client's errors.
 */
export function isUserError(error: unknown): boolean {
  return error instanceof HttpProblem || error instanceof InputError ||
    error instanceof UsageError;
}

/**
 * Classifies any error by its class: the server's problems answer as they
 * are, malformed input (with its `file` and `line`) and usage errors are the
 * client's fault (400, quoting at most {@linkcode MAX_EXCERPT} characters of
 * it); anything else is a bug of the server (500, without internals: the
 * caller logs the error itself).
 *
 * @example Malformed input keeps its place
 * ```ts
 * import { InputError } from "../model/errors.ts";
 * import { problemOf } from "./problem.ts";
 * const problem = problemOf(new InputError("run", 12, "expected 6 fields"));
 * console.log(problem.status, problem.message); // 400 "run:12: expected 6 fields"
 * console.log(problem.extensions); // { file: "run", line: 12, reason: "expected 6 fields" }
 * ```
 *
 * @example A bug says nothing about itself
 * ```ts
 * import { problemOf } from "./problem.ts";
 * const problem = problemOf(new TypeError("Cannot read properties of undefined"));
 * console.log(problem.status, problem.message); // 500 "The server failed to answer this request."
 * ```
 *
 * @param error What was thrown.
 * @returns The problem to answer with.
 */
export function problemOf(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof InputError) {
    // Data from no file (an in-memory comparison, a sample's texts) has no
    // place to name.
    return new HttpProblem(400, excerpt(error.message, MAX_EXCERPT), {
      extensions: error.file === "" ? {} : {
        file: excerpt(error.file, 100),
        line: error.line,
        reason: excerpt(error.reason, MAX_EXCERPT),
      },
    });
  }
  if (error instanceof UsageError) {
    return new HttpProblem(400, excerpt(error.message, MAX_EXCERPT));
  }
  return new HttpProblem(500, "The server failed to answer this request.");
}

/**
 * Runs a library call that only checks the request (resolving a metric spec,
 * checking options), whose documented `TypeError`/`RangeError`/`SyntaxError`
 * are about the request, answering them with a 400 problem. Scoring is never
 * wrapped: there those classes are bugs, and the data's refusals are
 * `InputError`s.
 *
 * @example
 * ```ts
 * import { HttpProblem, userInput } from "./problem.ts";
 * try {
 *   userInput("metrics", () => {
 *     throw new RangeError('Unknown metric "ndgc"');
 *   });
 * } catch (error) {
 *   console.log((error as HttpProblem).status); // 400
 * }
 * ```
 *
 * @param field The request field the call checks, named in the problem.
 * @param call The library call.
 * @returns What the call returns.
 * @throws {HttpProblem} 400 on the call's input errors.
 */
export function userInput<T>(field: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw asUserProblem(field, error);
  }
}

function asUserProblem(field: string, error: unknown): unknown {
  if (
    error instanceof TypeError || error instanceof RangeError ||
    (error instanceof SyntaxError && !(error instanceof InputError))
  ) {
    return new HttpProblem(400, excerpt(error.message, MAX_EXCERPT), {
      extensions: { field },
    });
  }
  return error;
}
