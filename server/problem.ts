/**
 * Errors as `application/problem+json` (RFC 9457): one error class the
 * routes and middleware throw, and the function that turns any error into a
 * problem response.
 *
 * @module
 */

import { InputError } from "../model/errors.ts";

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
  413: "Content Too Large",
  415: "Unsupported Media Type",
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

const DATA_ERRORS = ["SyntaxError", "TypeError", "RangeError"];

/**
 * Classifies any error the way the CLI does: malformed input (with its
 * `file` and `line`) and bad specs or options are the client's fault (400);
 * anything else is the server's (500, without internals).
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
 * @param error What was thrown.
 * @returns The problem to answer with.
 */
export function problemOf(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof InputError) {
    return new HttpProblem(400, error.message, {
      extensions: { file: error.file, line: error.line, reason: error.reason },
    });
  }
  if (error instanceof Error && DATA_ERRORS.includes(error.name)) {
    return new HttpProblem(400, error.message);
  }
  return new HttpProblem(500, "The server failed to answer this request.");
}
