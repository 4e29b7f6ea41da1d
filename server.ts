/**
 * The ranklens HTTP service: a JSON API under `/v1`, an OpenAPI description
 * and a web page, as a Hono app.
 *
 * Importing this module does nothing. Its default export is the
 * `{ fetch }` object `deno serve` and Deno Deploy run; it reads its settings
 * from `RANKLENS_*` environment variables on the first request. As the main
 * module of `deno serve`, it also keeps serving when accepting a connection
 * fails for want of file descriptors (`server/listen_again.ts`).
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

import { OpenAPIHono } from "@hono/zod-openapi";
import { cors } from "hono/cors";
import { methodNotAllowed } from "hono/method-not-allowed";
import { bearerToken } from "./server/bearer_token.ts";
import { type Budgets, DEFAULT_BUDGETS } from "./server/budgets.ts";
import { closeAfterLargeBody } from "./server/close_after_large_body.ts";
import { concurrencyLimit } from "./server/concurrency.ts";
import { metricListing } from "./metrics/listing.ts";
import {
  DEFAULT_MAX_RUNNING,
  DEFAULT_MAX_WAITING,
  DEFAULT_QUEUE_TIME_LIMIT,
  DEFAULT_TIME_LIMIT,
  type ServerOptions,
  serverOptionsFromProcessEnv,
} from "./server/options.ts";
import { PAGE_HTML, pageContentSecurityPolicy } from "./server/page.ts";
import { HttpProblem, problemOf } from "./server/problem.ts";
import { excerpt } from "./model/quote.ts";
import {
  apiPageHtml,
  metricsPageHtml,
  referencePageContentSecurityPolicy,
} from "./server/reference_pages.ts";
import {
  ByteBudget,
  DEFAULT_BODY_LIMIT,
  DEFAULT_BODY_TIME_LIMIT,
  DEFAULT_MAX_BUFFERED_BYTES,
  requestBody,
  type RequestBodyVariables,
} from "./server/request_body.ts";
import { API_INFO, registerApiRoutes } from "./server/routes.ts";
import { answerScoring, type ScoringRoute } from "./server/scoring.ts";
import { sendAnswer } from "./server/answer_body.ts";
import { ScoringPool, scoringWorkersAllowed } from "./server/scoring_pool.ts";
import {
  type ListeningAgainOptions,
  serveListeningAgain,
} from "./server/listen_again.ts";
import { timeLimit, type TimeLimitVariables } from "./server/time_limit.ts";

// The registry ServerOptions takes, with the types its signatures name.
export type * from "./model/types.ts";
export type { JudgedRanking } from "./model/mod.ts";
export type * from "./metrics/metric.ts";
export type { Registry } from "./metrics/registry.ts";
export type { ServerOptions } from "./server/options.ts";
export type { TrecEvalOutput, TrecEvalRunner } from "./server/trec_eval.ts";
export type { Deadline, TimeLimitVariables } from "./server/time_limit.ts";
export type { HttpProblem, ProblemDetails } from "./server/problem.ts";
export type { Budgets } from "./server/budgets.ts";

export type { RequestBodyVariables } from "./server/request_body.ts";
export type { ScoredAnswer, ScoringRoute } from "./server/scoring.ts";
export type { ScoringRunOptions } from "./server/scoring_pool.ts";
export { ScoringPool } from "./server/scoring_pool.ts";

/** The Hono environment of the app: the request deadline and body. */
export type ServerEnv = {
  Variables: TimeLimitVariables & RequestBodyVariables;
};

/**
 * The app {@linkcode createApp} builds, as far as its callers use it: a
 * Hono app (`@hono/zod-openapi`'s `OpenAPIHono`).
 */
export interface ServerApp {
  /**
   * Answers a request: what `Deno.serve` and `deno serve` call.
   *
   * @param request The request.
   * @returns The answer.
   */
  fetch(request: Request): Response | Promise<Response>;
  /**
   * Answers a request given by path or URL, without a network.
   *
   * @param input A path such as `/healthz`, a URL or a request.
   * @param init The method, headers and body.
   * @returns The answer.
   */
  request(
    input: string | URL | Request,
    init?: RequestInit,
  ): Response | Promise<Response>;
  /** The routes with their handlers, middleware included. */
  readonly routes: readonly { method: string; path: string }[];
}

function budgetsOf(options: ServerOptions): Budgets {
  const budgets = { ...DEFAULT_BUDGETS };
  for (const key of Object.keys(budgets) as (keyof Budgets)[]) {
    budgets[key] = options[key] ?? budgets[key];
  }
  return budgets;
}

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
 * @param options Token, limits, budgets, CORS origins, registry, trec_eval
 * runner and scoring workers.
 * @returns The app; serve it with `Deno.serve(app.fetch)`.
 * @throws {TypeError} On scoring workers with a custom registry or runner.
 */
export function createApp(options: ServerOptions = {}): ServerApp {
  const pool = options.scoring;
  if (pool && (options.registry || options.trecEval)) {
    throw new TypeError(
      "A custom registry or trec_eval runner cannot be sent to scoring workers: leave out the scoring pool",
    );
  }
  const app = new OpenAPIHono<ServerEnv>();
  const budgets = budgetsOf(options);
  const buffered = new ByteBudget(
    options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
  );
  const running = pool?.size ?? options.maxRunning ?? DEFAULT_MAX_RUNNING;
  // Answers being sent, one answer's budget per slot: clients that read
  // slowly cannot pile up answers beyond it; one that finds no room waits
  // in it as long as a request may wait for a slot, holding its slot.
  const answers = new ByteBudget(running * budgets.maxOutputBytes);
  const queueTimeLimit = options.queueTimeLimit ?? DEFAULT_QUEUE_TIME_LIMIT;
  // One line of requests for every scoring route: bodies are read before a
  // request takes its place in it. Each wait has its own bound and the time
  // limit starts with the work: a 504 then says the request asked too much,
  // a 503 that the server is busy and a retry may pass.
  const slots = concurrencyLimit({
    running,
    waiting: options.maxWaiting ?? DEFAULT_MAX_WAITING,
    waitLimit: queueTimeLimit,
    waitLimitSetting: "RANKLENS_QUEUE_TIME_LIMIT_MS",
  });
  const bodyTimeLimit = options.bodyTimeLimit ?? DEFAULT_BODY_TIME_LIMIT;
  const scoring = (route: ScoringRoute) =>
    [
      closeAfterLargeBody(),
      requestBody({
        limit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
        timeLimit: bodyTimeLimit,
        buffered,
      }),
      slots,
      timeLimit(options.timeLimit ?? DEFAULT_TIME_LIMIT),
      async (c: import("hono").Context<ServerEnv>) => {
        const deadline = c.get("deadline");
        const answer = pool
          ? await pool.run(route, c.get("body"), {
            budgets,
            signal: deadline.signal,
          })
          : await answerScoring(route, c.get("body"), {
            budgets,
            registry: options.registry,
            trecEval: options.trecEval,
            deadline,
          });
        return await sendAnswer(
          c,
          answer,
          answers,
          queueTimeLimit,
          deadline.signal,
          bodyTimeLimit,
        );
      },
    ] as const;

  app.onError((error, c) => {
    const problem = problemOf(error);
    if (problem.status === 500) {
      console.error(
        `ranklens: a bug answering ${c.req.method} ${
          excerpt(c.req.path, 100)
        }:`,
        error,
      );
    }
    return problem.toResponse();
  });
  app.notFound((c) =>
    new HttpProblem(404, `Nothing is at "${excerpt(c.req.path, 100)}".`)
      .toResponse()
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
        `${excerpt(c.req.method, 20)} is not allowed on "${
          excerpt(c.req.path, 100)
        }"; use ${methods.join(" or ")}.`,
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
  // Each route's declaration, request schema included, is registered here
  // and its handler below; the scoring routes check their bodies with the
  // same schemas where they are scored.
  registerApiRoutes(app, { token: options.token !== undefined });
  const openApi = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: API_INFO,
  });
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
  app.post("/v1/evaluate", ...scoring("evaluate"));
  app.post("/v1/compare", ...scoring("compare"));
  app.post("/v1/rag", ...scoring("rag"));
  app.post("/v1/trec_eval", ...scoring("trec_eval"));
  return app;
}

/**
 * The app configured from the environment, or the problem every request
 * gets when the settings cannot be read.
 */
function appFromEnvironment(): ServerApp | HttpProblem {
  try {
    const options = serverOptionsFromProcessEnv();
    if (scoringWorkersAllowed()) {
      const pool = new ScoringPool({ size: options.maxRunning });
      pool.warm();
      closeOnSignals(pool);
      options.scoring = pool;
    } else {
      console.warn(
        "ranklens: scoring runs on the serving thread: grant --allow-read to the ranklens modules for workers the time limit can stop",
      );
    }
    return createApp(options);
  } catch (error) {
    return new HttpProblem(
      500,
      `The server is misconfigured: ${(error as Error).message}.`,
    );
  }
}

/**
 * `deno serve` stops listening on SIGTERM or SIGINT and then waits for the
 * event loop to empty, which live workers never let it do: the pool closes
 * on the same signals, so the process ends.
 */
function closeOnSignals(pool: ScoringPool): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    try {
      Deno.addSignalListener(signal, () => pool.close());
    } catch {
      // A platform without signals (Deno Deploy, Windows for SIGTERM) ends
      // its isolates itself.
    }
  }
}

/**
 * `deno serve` (Deno 2.9) starts its server with `Deno.serve` right after
 * loading this module and drops the server it gets back
 * (`registerDeclarativeServer` in `ext/http/00_serve.ts`): when accepting
 * fails for want of file descriptors its `finished` rejects unhandled and
 * the process exits. So, when this module is the main one, that one call
 * is served by {@linkcode serveListeningAgain}, which closes the idle
 * connections and listens again instead; `Deno.serve` is put back first.
 * Where `Deno.serve` cannot be replaced, `deno serve` runs as it is.
 */
function listenAgainUnderDenoServe(): void {
  const serve = Deno.serve;
  const namespace = Deno as unknown as { serve: unknown };
  try {
    namespace.serve = (options: unknown, ...rest: unknown[]) => {
      namespace.serve = serve;
      // deno serve passes one options object with its handler in it.
      return rest.length === 0 && typeof options === "object" &&
          options !== null && "handler" in options && !("path" in options)
        ? serveListeningAgain(options as ListeningAgainOptions, serve)
        : (serve as (...args: unknown[]) => unknown)(options, ...rest);
    };
  } catch {
    // Read-only here.
  }
}

if (import.meta.main) listenAgainUnderDenoServe();

let configured: ServerApp | HttpProblem | undefined;

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
