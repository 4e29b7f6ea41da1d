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
    "/metrics": {
      get: {
        summary: "The metric registry as a page to read (HTML, no token)",
        operationId: "metricsPage",
        responses: {
          "200": {
            description: "An HTML page.",
            content: { "text/html": { schema: { type: "string" } } },
          },
        },
      },
    },
    "/api": {
      get: {
        summary: "This description as a page to read (HTML, no token)",
        operationId: "apiPage",
        responses: {
          "200": {
            description: "An HTML page.",
            content: { "text/html": { schema: { type: "string" } } },
          },
        },
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
    "/v1/compare": {
      post: {
        summary:
          "Compare runs with paired significance tests (the `compare` command)",
        description:
          "With `format: json` (the default) answers what `cli.ts compare --format json` prints for the same runs; the other formats are its other reports (`html` with SVG plots).",
        operationId: "compare",
        ...secured,
        requestBody: {
          required: true,
          content: json({ $ref: "#/components/schemas/CompareRequest" }),
        },
        responses: {
          "200": {
            description: "The comparison.",
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/Comparison" },
              },
              "text/html": { schema: { type: "string" } },
              "text/csv": { schema: { type: "string" } },
              "text/markdown": { schema: { type: "string" } },
              "application/x-latex": { schema: { type: "string" } },
              "text/plain": { schema: { type: "string" } },
            },
          },
          ...ERRORS,
        },
      },
    },
    "/v1/rag": {
      post: {
        summary: "Score RAG answers and contexts (the `rag` command)",
        description:
          "Answers what `cli.ts rag --format json` prints for the same samples and options.",
        operationId: "rag",
        ...secured,
        requestBody: {
          required: true,
          content: json({ $ref: "#/components/schemas/RagRequest" }),
        },
        responses: {
          "200": {
            description: "The RAG evaluation.",
            content: json({ $ref: "#/components/schemas/RagEvaluation" }),
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
  CompareRequest: {
    type: "object",
    additionalProperties: false,
    properties: {
      qrels: { $ref: "#/components/schemas/Qrels" },
      runs: {
        description:
          "From 2 to 20 runs: an object of name to run, or a list of `{name, run}` (keeps the order of names that look like integers).",
        oneOf: [
          {
            type: "object",
            additionalProperties: { $ref: "#/components/schemas/Run" },
          },
          {
            type: "array",
            items: {
              type: "object",
              properties: {
                name: { type: "string" },
                run: { $ref: "#/components/schemas/Run" },
              },
              required: ["name", "run"],
            },
          },
        ],
      },
      metrics: {
        type: "array",
        items: { type: "string" },
        description: "Metric specs. Default: ap, ndcg@10, P@10, rr.",
      },
      test: {
        enum: ["t", "permutation", "fisher", "wilcoxon", "bootstrap"],
        default: "t",
      },
      correction: { enum: ["holm", "bonferroni", "none"], default: "holm" },
      alpha: {
        type: "number",
        default: 0.05,
        exclusiveMinimum: 0,
        exclusiveMaximum: 1,
      },
      seed: { type: "integer", default: 42, minimum: 0, maximum: 4294967295 },
      resamples: {
        type: "integer",
        default: 10000,
        minimum: 1,
        maximum: 100000,
      },
      querySet: {
        enum: ["judged", "intersection"],
        default: "judged",
        description:
          "judged: every judged query, a query a run did not return scores 0 (trec_eval -c); intersection: queries every run returned.",
      },
      baseline: {
        type: "string",
        description: "Compare every run with this one instead of every pair.",
      },
      relevanceLevel: { type: "integer", default: 1 },
      depth: { type: "integer", minimum: 1 },
      judgedOnly: { type: "boolean", default: false },
      format: {
        enum: ["json", "table", "markdown", "csv", "latex", "html"],
        default: "json",
      },
      perQuery: {
        type: "boolean",
        default: false,
        description: "Per-query values in the json format.",
      },
    },
    required: ["qrels", "runs"],
  },
  Comparison: {
    type: "object",
    description:
      "The JSON Schema report/schemas/comparison.json of the package. Each entry of `pairs` carries UltraRAG's aliases (A_mean, B_mean, p_value) besides ranklens' own keys.",
    properties: {
      querySet: { type: "string" },
      nQueries: { type: "integer" },
      test: { type: "string" },
      correction: { type: "string" },
      alpha: { type: "number" },
      seed: { type: "integer" },
      resamples: { type: "integer" },
      metrics: { type: "array", items: { type: "string" } },
      systems: { type: "array", items: { type: "object" } },
      pairs: { type: "array", items: { type: "object" } },
      curves: { type: "array", items: { type: "object" } },
    },
  },
  RagRequest: {
    type: "object",
    additionalProperties: false,
    properties: {
      samples: {
        description:
          "JSON Lines text, or a list of records (read as one line each, so errors name the record's position).",
        oneOf: [
          { type: "string" },
          { type: "array", items: { type: "object" } },
        ],
      },
      input: {
        enum: ["ragas", "answers"],
        description:
          "ragas: Ragas' user_input, response, reference, retrieved_contexts...; answers: keys named by keyMap. Default: ragas, or answers with a keyMap.",
      },
      keyMap: {
        description:
          "Part to key: question, reference, response, contexts, context_ids, reference_contexts, reference_context_ids. Default (UltraRAG): question, golden_answers, pred_answer.",
        oneOf: [
          { type: "object", additionalProperties: { type: "string" } },
          { type: "string", description: "part=key,part=key" },
        ],
      },
      metrics: {
        type: "array",
        items: { type: "string" },
        description:
          "RAG metric specs. Default: exact_match, token_f1, context_recall, context_precision, non_empty_rate.",
      },
      normalize: { enum: ["squad", "ultrarag"], default: "squad" },
      perSample: { type: "boolean", default: false },
    },
    required: ["samples"],
  },
  RagEvaluation: {
    type: "object",
    properties: {
      nSamples: { type: "integer" },
      normalize: { type: "string" },
      metrics: { type: "array", items: { type: "string" } },
      aggregate: {
        type: "object",
        additionalProperties: { type: ["number", "null"] },
        description: "null when the metric applied to no sample.",
      },
      coverage: {
        type: "object",
        additionalProperties: { type: "integer" },
      },
      perSample: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: { type: ["number", "null"] },
        },
      },
      sampleIds: {
        type: "array",
        items: { type: "string" },
        description:
          "Beside perSample: each sample's id, or its 1-based position when the samples lack distinct ids.",
      },
      responses: {
        type: "array",
        items: { type: ["string", "null"] },
        description: "Beside perSample: each sample's response.",
      },
      bestReferences: {
        type: "array",
        items: { type: ["string", "null"] },
        description:
          "Beside perSample: each sample's reference with the highest token F1 against its response.",
      },
    },
    required: ["nSamples", "normalize", "metrics", "coverage"],
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
