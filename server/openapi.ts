/**
 * `GET /openapi.json`: an OpenAPI 3.1 description of the routes the server
 * has.
 *
 * @module
 */

/** Which optional routes a server has. */
export interface OpenApiRoutes {
  /** Whether `/v1/*` needs a bearer token. Default: false. */
  token?: boolean;
}

const problem = (description: string) => ({
  description,
  content: {
    "application/problem+json": {
      schema: { $ref: "#/components/schemas/Problem" },
    },
  },
});

const json = (schema: unknown) => ({ "application/json": { schema } });

const ERRORS = {
  "400": problem(
    "Malformed input: `detail` says what and where (`run:12: ...`); `file` and `line` name the place, `field` a bad request field.",
  ),
  "401": problem("The bearer token is missing or wrong."),
  "413": problem("The body is larger than the server's limit."),
  "415": problem("The body is not declared as JSON."),
  "503": problem("Too many requests are running or waiting; see Retry-After."),
  "504": problem("The request took longer than the server's time limit."),
};

const RANKING_INPUT_NOTE = "TREC text, or a JSON object keyed by query id.";

/**
 * Builds the description.
 *
 * @example
 * ```ts
 * import { openApiDocument } from "./openapi.ts";
 * const doc = openApiDocument();
 * console.log(doc.openapi, Object.keys(doc.paths as object).includes("/v1/evaluate")); // "3.1.0" true
 * ```
 *
 * @param routes Which optional routes exist.
 * @returns The OpenAPI document.
 */
export function openApiDocument(
  routes: OpenApiRoutes = {},
): Record<string, unknown> {
  const secured = routes.token ? { security: [{ bearer: [] }] } : {};
  const paths: Record<string, unknown> = {
    "/healthz": {
      get: {
        summary: "Liveness",
        operationId: "health",
        responses: {
          "200": {
            description: "The server is up.",
            content: json({
              type: "object",
              properties: { status: { const: "ok" } },
              required: ["status"],
            }),
          },
        },
      },
    },
    "/openapi.json": {
      get: {
        summary: "This description",
        operationId: "openapi",
        responses: { "200": { description: "OpenAPI 3.1", content: json({}) } },
      },
    },
    "/v1/metrics": {
      get: {
        summary: "The metric registry: names, parameters, descriptions",
        operationId: "listMetrics",
        ...secured,
        responses: {
          "200": {
            description: "One entry per metric definition.",
            content: json({
              type: "array",
              items: { $ref: "#/components/schemas/MetricDefinition" },
            }),
          },
          "401": ERRORS["401"],
        },
      },
    },
    "/v1/evaluate": {
      post: {
        summary: "Score a run against qrels (the `eval` command)",
        description:
          "Answers exactly what `cli.ts eval --format json` prints for the same input and options.",
        operationId: "evaluate",
        ...secured,
        requestBody: {
          required: true,
          content: json({ $ref: "#/components/schemas/EvaluateRequest" }),
        },
        responses: {
          "200": {
            description: "The evaluation.",
            content: json({ $ref: "#/components/schemas/Evaluation" }),
          },
          ...ERRORS,
        },
      },
    },
    "/v1/trec_eval": {
      post: {
        summary: "trec_eval 10.0 on texts",
        operationId: "trecEval",
        ...secured,
        requestBody: {
          required: true,
          content: json({ $ref: "#/components/schemas/TrecEvalRequest" }),
        },
        responses: {
          "200": {
            description: "trec_eval's standard output.",
            content: { "text/plain": { schema: { type: "string" } } },
          },
          ...ERRORS,
        },
      },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "ranklens",
      version: "1",
      description:
        "Evaluate search and RAG systems with trec_eval's exact numbers. Errors are RFC 9457 problem details.",
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: SCHEMAS,
    },
  };
}

const SCHEMAS = {
  Problem: {
    type: "object",
    properties: {
      type: { type: "string" },
      title: { type: "string" },
      status: { type: "integer" },
      detail: { type: "string" },
      file: {
        type: "string",
        description: "The input at fault: qrels or run.",
      },
      line: {
        type: "integer",
        description: "The 1-based line of TREC text, 0 for JSON input.",
      },
      reason: { type: "string", description: "`detail` without the place." },
      field: { type: "string", description: "The request field at fault." },
    },
    required: ["type", "title", "status", "detail"],
  },
  MetricDefinition: {
    type: "object",
    properties: {
      name: { type: "string" },
      kind: { type: "string" },
      description: { type: "string" },
      cutoff: { enum: ["optional", "required", "none"] },
      aggregate: { enum: ["mean", "sum", "geometric"] },
      aliases: { type: "array", items: { type: "string" } },
      params: {
        type: "object",
        additionalProperties: {
          type: "object",
          properties: {
            type: { enum: ["number", "integer", "string", "gains"] },
            description: { type: "string" },
            default: {},
            min: { type: "number" },
            max: { type: "number" },
            choices: { type: "array", items: { type: "string" } },
          },
        },
      },
    },
    required: [
      "name",
      "kind",
      "description",
      "cutoff",
      "aggregate",
      "aliases",
      "params",
    ],
  },
  Qrels: {
    description: `Relevance judgements: ${RANKING_INPUT_NOTE}`,
    oneOf: [
      { type: "string", description: "TREC qrels: `qid iter docno rel`." },
      {
        type: "object",
        additionalProperties: {
          type: "object",
          additionalProperties: { type: "number" },
        },
        description: "Query id to document id to grade.",
      },
    ],
  },
  Run: {
    description: `A run: ${RANKING_INPUT_NOTE}`,
    oneOf: [
      {
        type: "string",
        description: "TREC run: `qid iter docno rank score tag`.",
      },
      {
        type: "object",
        additionalProperties: {
          oneOf: [
            {
              type: "object",
              additionalProperties: { type: "number" },
              description:
                "Document id to score; ranked by score descending, then document id descending, as trec_eval ranks.",
            },
            {
              type: "array",
              items: { type: "string" },
              description: "Document ids in rank order.",
            },
          ],
        },
      },
    ],
  },
  EvaluateRequest: {
    type: "object",
    additionalProperties: false,
    properties: {
      qrels: { $ref: "#/components/schemas/Qrels" },
      run: { $ref: "#/components/schemas/Run" },
      metrics: {
        type: "array",
        items: { type: "string" },
        description:
          "Metric specs such as `ndcg@10`, `P(rel=2)@5`, `map_cut_100`. Default: trec_eval's official set.",
      },
      relevanceLevel: {
        type: "integer",
        default: 1,
        description: "Grades >= this are relevant (trec_eval -l).",
      },
      judgedOnly: {
        type: "boolean",
        default: false,
        description: "Drop unjudged documents before scoring (-J).",
      },
      depth: {
        type: "integer",
        minimum: 1,
        description: "Keep the top N documents of each ranking (-M).",
      },
      averageOverQrels: {
        type: "boolean",
        default: false,
        description:
          "Average over every judged query; missing ones score 0 (-c).",
      },
      strict: {
        type: "boolean",
        default: false,
        description: "A run query without judgements is an error.",
      },
      perQuery: {
        type: "boolean",
        default: false,
        description: "Also return each query's values (-q).",
      },
    },
    required: ["qrels", "run"],
  },
  Evaluation: {
    type: "object",
    properties: {
      runId: {
        type: "string",
        description: "The tag of the run's last line (TREC text only).",
      },
      metrics: { type: "array", items: { type: "string" } },
      aggregate: {
        type: "object",
        additionalProperties: { type: "number" },
        description: "Metric label to its mean (or sum) over scored queries.",
      },
      perQuery: {
        type: "object",
        additionalProperties: {
          type: "object",
          additionalProperties: { type: "number" },
        },
      },
      counts: {
        type: "object",
        properties: {
          scored: { type: "integer" },
          unjudged: { type: "integer" },
          withoutRelevant: { type: "integer" },
          notRetrieved: { type: "integer" },
        },
      },
      segments: { type: "object" },
    },
    required: ["metrics", "aggregate", "perQuery", "counts", "segments"],
  },
  TrecEvalRequest: {
    type: "object",
    additionalProperties: false,
    properties: {
      qrels: { type: "string", description: "TREC qrels text." },
      run: { type: "string", description: "TREC run text." },
      args: {
        type: "array",
        items: { type: "string" },
        description:
          "trec_eval's options, e.g. `-q`, `-m`, `ndcg_cut.10`; no file names (-Z is refused).",
      },
    },
    required: ["qrels", "run"],
  },
};
