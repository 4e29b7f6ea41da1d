/**
 * The ranklens HTTP service: a JSON API under `/v1`, an OpenAPI description
 * and a web page, as a Hono app.
 *
 * Importing this module does nothing. Its default export is the
 * `{ fetch }` object `deno serve` and Deno Deploy run; it reads its settings
 * from `RANKLENS_*` environment variables on the first request.
 * {@linkcode createApp} builds an app from explicit options instead.
 *
 * @example Serve locally
 * ```sh
 * deno serve --allow-env server.ts
 * ```
 *
 * @example Evaluate through the app without a network
 * ```ts
 * import { createApp } from "./server.ts";
 * const app = createApp();
 * const response = await app.request("/v1/evaluate", {
 *   method: "POST",
 *   headers: { "content-type": "application/json" },
 *   body: JSON.stringify({
 *     qrels: "q1 0 d1 1\n",
 *     run: "q1 Q0 d2 1 2.0 bm25\nq1 Q0 d1 2 1.0 bm25\n",
 *     metrics: ["rr"],
 *   }),
 * });
 * console.log((await response.json()).aggregate); // { rr: 0.5 }
 * ```
 *
 * @module
 */

import { Hono } from "hono";
import { cors } from "hono/cors";
import { methodNotAllowed } from "hono/method-not-allowed";
import { bearerToken } from "./server/bearer_token.ts";
import { bodyLimit, DEFAULT_BODY_LIMIT } from "./server/body_limit.ts";
import { closeAfterLargeBody } from "./server/close_after_large_body.ts";
import { compareRequest, COMPARISON_MEDIA_TYPES } from "./server/compare.ts";
import { concurrencyLimit } from "./server/concurrency.ts";
import { evaluateRequest } from "./server/evaluate.ts";
import { readJsonObject } from "./server/json_body.ts";
import { metricListing } from "./metrics/listing.ts";
import { openApiDocument } from "./server/openapi.ts";
import {
  DEFAULT_MAX_RUNNING,
  DEFAULT_MAX_WAITING,
  DEFAULT_TIME_LIMIT,
  type ServerOptions,
  serverOptionsFromProcessEnv,
} from "./server/options.ts";
import { PAGE_HTML, pageContentSecurityPolicy } from "./server/page.ts";
import { HttpProblem, problemOf } from "./server/problem.ts";
import { ragRequest } from "./server/rag.ts";
import {
  apiPageHtml,
  metricsPageHtml,
  referencePageContentSecurityPolicy,
} from "./server/reference_pages.ts";
import { timeLimit, type TimeLimitVariables } from "./server/time_limit.ts";
import { trecEvalOnTexts, trecEvalRequest } from "./server/trec_eval.ts";

export type { ServerOptions } from "./server/options.ts";
export type { TrecEvalOutput, TrecEvalRunner } from "./server/trec_eval.ts";
export type { Deadline, TimeLimitVariables } from "./server/time_limit.ts";
export type { HttpProblem, ProblemDetails } from "./server/problem.ts";

/** The Hono environment of the app: the request deadline. */
export type ServerEnv = { Variables: TimeLimitVariables };

/**
 * Builds the app: routes, limits and error handling.
 *
 * @example
 * ```ts
 * import { createApp } from "./server.ts";
 * const app = createApp({ token: "s3cret" });
 * console.log((await app.request("/healthz")).status); // 200
 * console.log((await app.request("/v1/metrics")).status); // 401
 * ```
 *
 * @param options Token, limits, CORS origins, registry and trec_eval runner.
 * @returns The app; serve it with `Deno.serve(app.fetch)`.
 */
export function createApp(options: ServerOptions = {}): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  const scoring = [
    closeAfterLargeBody(),
    concurrencyLimit({
      running: options.maxRunning ?? DEFAULT_MAX_RUNNING,
      waiting: options.maxWaiting ?? DEFAULT_MAX_WAITING,
    }),
    timeLimit(options.timeLimit ?? DEFAULT_TIME_LIMIT),
    bodyLimit(options.bodyLimit ?? DEFAULT_BODY_LIMIT),
  ] as const;

  app.onError((error) => {
    const problem = problemOf(error);
    if (problem.status === 500) console.error(error);
    return problem.toResponse();
  });
  app.notFound((c) =>
    new HttpProblem(404, `Nothing is at "${c.req.path}".`).toResponse()
  );
  app.use(async (c, next) => {
    await next();
    c.header("x-content-type-options", "nosniff");
    c.header("referrer-policy", "no-referrer");
    if (c.req.path !== "/") c.header("cache-control", "no-store");
  });
  app.use(methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) =>
      new HttpProblem(
        405,
        `${c.req.method} is not allowed on "${c.req.path}"; use ${
          methods.join(" or ")
        }.`,
        { headers: { allow: methods.join(", ") } },
      ).toResponse(),
  }));
  if (options.corsOrigins?.length) {
    const origins = options.corsOrigins;
    app.use(cors({
      origin: origins.includes("*") ? "*" : [...origins],
      allowMethods: ["GET", "POST"],
      allowHeaders: ["authorization", "content-type"],
      maxAge: 600,
    }));
  }
  if (options.token !== undefined) app.use("/v1/*", bearerToken(options.token));

  app.get("/", async (c) => {
    c.header("content-security-policy", await pageContentSecurityPolicy());
    return c.html(PAGE_HTML);
  });
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  const openApi = openApiDocument({ token: options.token !== undefined });
  app.get("/openapi.json", (c) => c.json(openApi));
  const listing = metricListing(options.registry);
  app.get("/v1/metrics", (c) => c.json(listing));
  // The same two as pages to read, open without the token like the page.
  const metricsPage = metricsPageHtml(listing);
  const apiPage = apiPageHtml(openApi);
  app.get("/metrics", async (c) => {
    c.header(
      "content-security-policy",
      await referencePageContentSecurityPolicy(),
    );
    return c.html(metricsPage);
  });
  app.get("/api", async (c) => {
    c.header(
      "content-security-policy",
      await referencePageContentSecurityPolicy(),
    );
    return c.html(apiPage);
  });
  app.post("/v1/evaluate", ...scoring, async (c) =>
    c.json(
      await evaluateRequest(await readJsonObject(c), {
        registry: options.registry,
        deadline: c.get("deadline"),
      }),
    ));
  app.post("/v1/compare", ...scoring, async (c) => {
    const { format, body } = await compareRequest(await readJsonObject(c), {
      registry: options.registry,
      deadline: c.get("deadline"),
    });
    if (format === "json") return c.json(body);
    // The report is a page of its own: styles inline, nothing to run.
    if (format === "html") {
      c.header(
        "content-security-policy",
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'",
      );
    }
    return c.body(body as string, 200, {
      "content-type": COMPARISON_MEDIA_TYPES[format],
    });
  });
  app.post("/v1/rag", ...scoring, async (c) =>
    c.json(
      await ragRequest(await readJsonObject(c), {
        registry: options.registry,
        deadline: c.get("deadline"),
      }),
    ));
  const runner = options.trecEval ?? trecEvalOnTexts;
  app.post("/v1/trec_eval", ...scoring, async (c) =>
    c.body(
      await trecEvalRequest(
        await readJsonObject(c),
        runner,
        c.get("deadline").signal,
      ),
      200,
      { "content-type": "text/plain; charset=utf-8" },
    ));
  return app;
}

/**
 * The app configured from the environment, or the problem every request
 * gets when the settings cannot be read.
 */
function appFromEnvironment(): Hono<ServerEnv> | HttpProblem {
  try {
    return createApp(serverOptionsFromProcessEnv());
  } catch (error) {
    return new HttpProblem(
      500,
      `The server is misconfigured: ${(error as Error).message}.`,
    );
  }
}

let configured: Hono<ServerEnv> | HttpProblem | undefined;

/** What `deno serve server.ts` and Deno Deploy run. */
const server: { fetch: (request: Request) => Response | Promise<Response> } = {
  fetch(request: Request): Response | Promise<Response> {
    if (configured === undefined) {
      configured = appFromEnvironment();
      if (configured instanceof HttpProblem) console.error(configured.message);
    }
    return configured instanceof HttpProblem
      ? configured.toResponse()
      : configured.fetch(request);
  },
};

export default server;
