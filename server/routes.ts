/**
 * The routes of the server, each declared once with `@hono/zod-openapi`:
 * its request schema (the same one that checks the request) and its
 * answers, whose JSON bodies are the published report schemas
 * (`report/schemas/*.json`). `GET /openapi.json` is generated from these
 * declarations.
 *
 * @module
 */

import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { COMPARE_REQUEST } from "./compare.ts";
import { EVALUATE_REQUEST } from "./evaluate.ts";
import { RAG_REQUEST } from "./rag.ts";
import { TREC_EVAL_REQUEST } from "./trec_eval.ts";
import comparisonSchema from "../report/schemas/comparison.json" with {
  type: "json",
};
import evaluationSchema from "../report/schemas/evaluation.json" with {
  type: "json",
};
import metricListingSchema from "../report/schemas/metric_listing.json" with {
  type: "json",
};
import problemSchema from "../report/schemas/problem.json" with {
  type: "json",
};
import ragEvaluationSchema from "../report/schemas/rag_evaluation.json" with {
  type: "json",
};

/** Options of {@linkcode apiRoutes}. */
export interface ApiRoutesOptions {
  /** Whether `/v1/*` needs a bearer token. Default: false. */
  token?: boolean;
}

// The answers' bodies are the report formats' JSON Schemas (draft 2020-12,
// which OpenAPI 3.1 schemas are), registered as components as they are
// published, so the document cannot drift from them. Each keeps its `$id`,
// against which its references to the others resolve
// (`comparison.json` refers to `evaluation.json`).
const REPORT_SCHEMAS = {
  Evaluation: evaluationSchema,
  Comparison: comparisonSchema,
  RagEvaluation: ragEvaluationSchema,
  MetricListing: metricListingSchema,
  Problem: problemSchema,
} as const;

const reportSchema = (name: keyof typeof REPORT_SCHEMAS) => ({
  $ref: `#/components/schemas/${name}`,
});

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: reportSchema("Problem") } },
});

const ERRORS = {
  400: problem(
    "Malformed input: `detail` says what and where (`run:12: ...`); `file` and `line` name the place, `field` a bad request field.",
  ),
  401: problem("The bearer token is missing or wrong."),
  408: problem("The body took longer than the server's time limit to arrive."),
  413: problem("The body or the answer is larger than the server's limit."),
  415: problem("The body is not declared as JSON, or is compressed."),
  422: problem("The request asks for more work than a budget allows."),
  429: problem(
    "The server holds as many request bodies as it may; see Retry-After.",
  ),
  500: problem("A bug: the server logged it; the answer shows no internals."),
  503: problem("Too many requests are running or waiting; see Retry-After."),
  504: problem("The request took longer than the server's time limit."),
};

const page = (summary: string, path: string, operationId: string) =>
  createRoute({
    method: "get",
    path,
    summary,
    operationId,
    responses: {
      200: {
        description: "An HTML page.",
        content: { "text/html": { schema: z.string() } },
      },
    },
  });

const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

/**
 * The routes, declared for `@hono/zod-openapi`; `/v1/*` carry the bearer
 * security requirement when the server has a token.
 *
 * @example
 * ```ts
 * import { apiRoutes } from "./routes.ts";
 * const routes = apiRoutes({ token: true });
 * console.log(routes.evaluate.path, routes.evaluate.security); // "/v1/evaluate" [ { bearer: [] } ]
 * ```
 *
 * @param options Whether there is a token.
 * @returns The routes by name.
 */
export function apiRoutes(options: ApiRoutesOptions = {}) {
  const secured = options.token ? { security: [{ bearer: [] }] } : {};
  const scoring = (
    path: string,
    operationId: string,
    summary: string,
    description: string | undefined,
    request: z.ZodType,
    answers: Record<string, { schema: z.ZodType | { $ref: string } }>,
    answer: string,
  ) =>
    createRoute({
      method: "post",
      path,
      summary,
      ...(description ? { description } : {}),
      operationId,
      ...secured,
      request: { body: jsonBody(request) },
      responses: { 200: { description: answer, content: answers }, ...ERRORS },
    });
  const plain = { schema: z.string() };
  return {
    health: createRoute({
      method: "get",
      path: "/healthz",
      summary: "Liveness",
      operationId: "health",
      responses: {
        200: {
          description: "The server is up.",
          content: {
            "application/json": {
              schema: z.object({ status: z.literal("ok") }),
            },
          },
        },
      },
    }),
    openApi: createRoute({
      method: "get",
      path: "/openapi.json",
      summary: "This description",
      operationId: "openapi",
      responses: {
        200: {
          description: "OpenAPI 3.1",
          content: { "application/json": { schema: z.object({}) } },
        },
      },
    }),
    metricsPage: page(
      "The metric registry as a page to read (HTML, no token)",
      "/metrics",
      "metricsPage",
    ),
    apiPage: page(
      "This description as a page to read (HTML, no token)",
      "/api",
      "apiPage",
    ),
    metrics: createRoute({
      method: "get",
      path: "/v1/metrics",
      summary: "The metric registry: names, parameters, descriptions",
      operationId: "listMetrics",
      ...secured,
      responses: {
        200: {
          description: "One entry per metric definition.",
          content: {
            "application/json": { schema: reportSchema("MetricListing") },
          },
        },
        401: ERRORS[401],
      },
    }),
    evaluate: scoring(
      "/v1/evaluate",
      "evaluate",
      "Score a run against qrels (the `eval` command)",
      "Answers exactly what `cli.ts eval --format json` prints for the same input and options.",
      EVALUATE_REQUEST,
      { "application/json": { schema: reportSchema("Evaluation") } },
      "The evaluation.",
    ),
    compare: scoring(
      "/v1/compare",
      "compare",
      "Compare runs with paired significance tests (the `compare` command)",
      "With `format: json` (the default) answers what `cli.ts compare --format json` prints for the same runs; the other formats are its other reports (`html` with SVG plots).",
      COMPARE_REQUEST,
      {
        "application/json": { schema: reportSchema("Comparison") },
        "text/html": plain,
        "text/csv": plain,
        "text/markdown": plain,
        "application/x-latex": plain,
        "text/plain": plain,
      },
      "The comparison.",
    ),
    rag: scoring(
      "/v1/rag",
      "rag",
      "Score RAG answers and contexts (the `rag` command)",
      "Answers what `cli.ts rag --format json` prints for the same samples and options.",
      RAG_REQUEST,
      { "application/json": { schema: reportSchema("RagEvaluation") } },
      "The RAG evaluation.",
    ),
    trecEval: scoring(
      "/v1/trec_eval",
      "trecEval",
      "trec_eval 10.0 on texts",
      undefined,
      TREC_EVAL_REQUEST,
      { "text/plain": plain },
      "trec_eval's standard output.",
    ),
  };
}

/** The document's `info`. */
export const API_INFO = {
  title: "ranklens",
  version: "1",
  description:
    "Evaluate search and RAG systems with trec_eval's exact numbers. Errors are RFC 9457 problem details.",
};

/**
 * The OpenAPI 3.1 document of a set of routes, as `GET /openapi.json`
 * serves it.
 *
 * @example
 * ```ts
 * import { openApiDocument } from "./routes.ts";
 * const doc = openApiDocument();
 * console.log(doc.openapi, Object.keys(doc.paths ?? {}).includes("/v1/evaluate")); // "3.1.0" true
 * ```
 *
 * @param options Whether there is a token.
 * @returns The document.
 */
export function openApiDocument(
  options: ApiRoutesOptions = {},
): ReturnType<OpenAPIHono["getOpenAPI31Document"]> {
  const app = new OpenAPIHono();
  registerApiRoutes(app, options);
  return app.getOpenAPI31Document({ openapi: "3.1.0", info: API_INFO });
}

/**
 * Registers the routes' declarations (not their handlers) with an app, and
 * the bearer scheme when there is a token.
 *
 * @example
 * ```ts
 * import { OpenAPIHono } from "@hono/zod-openapi";
 * import { registerApiRoutes } from "./routes.ts";
 * const app = new OpenAPIHono();
 * registerApiRoutes(app, { token: true });
 * console.log(Object.keys(app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }).paths!).length); // 9
 * ```
 *
 * @param app The app.
 * @param options Whether there is a token.
 */
export function registerApiRoutes(
  app: Pick<OpenAPIHono, "openAPIRegistry">,
  options: ApiRoutesOptions = {},
): void {
  if (options.token) {
    app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
      type: "http",
      scheme: "bearer",
    });
  }
  // A JSON import types `"type": "object"` as a string, not the literal.
  type SchemaObject = Parameters<
    typeof app.openAPIRegistry.registerComponent<"schemas">
  >[2];
  for (const [name, schema] of Object.entries(REPORT_SCHEMAS)) {
    app.openAPIRegistry.registerComponent(
      "schemas",
      name,
      schema as SchemaObject,
    );
  }
  for (const route of Object.values(apiRoutes(options))) {
    app.openAPIRegistry.registerPath(route);
  }
}
