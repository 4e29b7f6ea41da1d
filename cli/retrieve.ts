/**
 * `ranklens retrieve --dataset PATH`: run a retriever (the BM25 baseline or
 * an HTTP endpoint) over a dataset's judged queries and evaluate it.
 *
 * @module
 */

import { join } from "node:path";
import { ANALYZER_NAMES, type AnalyzerName } from "../adapters/analyzer.ts";
import { Bm25Index, Bm25Retriever } from "../adapters/bm25.ts";
import {
  DEFAULT_K_VALUES,
  DEFAULT_RETRIEVAL_METRICS,
  evaluateDataset,
} from "../adapters/evaluate_retrieval.ts";
import { HttpRetriever } from "../adapters/http_retriever.ts";
import {
  SEARCH_ENGINE_PRESET_NAMES,
  type SearchEnginePresetName,
} from "../adapters/search_engine_presets.ts";
import type { RetrievalReport } from "../adapters/retrieval_report.ts";
import { RetrievalError, type Retriever } from "../adapters/retriever.ts";
import type { RetrievalDataset } from "../formats/dataset.ts";
import { builtinFormats } from "../formats/format_registry.ts";
import { checkUniqueKeys } from "../formats/json_text.ts";
import { EVALUATION_FORMATS, renderEvaluation } from "../report/evaluation.ts";
import { ExitError, UsageError } from "./errors.ts";
import {
  choiceOption,
  intOption,
  metricOptions,
  usageErrors,
} from "./options.ts";
import { defineCommand, OUTPUT_OPTIONS } from "./command.ts";
import type { ParsedValues } from "./_args.ts";

const USAGE =
  "ranklens retrieve --dataset PATH [--retriever bm25 [--index DIR] [--k1 X] [--b X] [--analyzer anserini|split] | --url URL [--preset P] ...] [-m SPEC]... [-k 1,5,10] [--limit N] [--save-run FILE] [--format trec|json|csv|markdown] [--out FILE] [-q] [--strict]";

const HELP =
  `Runs a retriever over every judged query of a dataset (Go-style JSON or a
BEIR directory, detected) and evaluates the rankings.

Dataset:
      --dataset PATH        a Go-style JSON file or a BEIR directory (required)

Retriever:
      --retriever bm25      the built-in BM25 baseline (the default): Anserini's
                            BM25 (Lucene's BM25Similarity, one-byte lengths,
                            Anserini's English analyzer and tiebreaker)
      --k1 X                BM25 term saturation (default 0.9)
      --b X                 BM25 length normalisation, 0 to 1 (default 0.4)
      --analyzer A          anserini (default: StandardTokenizer, possessive,
                            lower case, Lucene's stop words, Porter) or split
                            (split on white space and punctuation, then the same)
      --index DIR           keep the index in DIR and reuse it while the corpus
                            and the analyzer are unchanged
      --url URL             an HTTP search endpoint; by default it is sent
                            POST {"query": TEXT, "limit": N} and answers with
                            an array of ids or hits, or {"hits"|"results": [...]}
      --preset P            elasticsearch, opensearch (POST a multi_match to
                            INDEX/_search, hits at hits.hits[]._id/_score),
                            solr (GET select?q=&rows=&fl=id,score, hits at
                            response.docs) or vespa (POST userQuery() to
                            search/, hits at root.children[].id/relevance);
                            the options below override its parts
      --method M            POST (default) or GET (the template as parameters)
      --request-template J  the request as JSON with {{query}}, {{limit}} and
                            {{queryId}} placeholders
      --response-path P     where the hits are, e.g. data.hits
      --header "K: V"       an extra request header (repeatable)
      --concurrency N       requests in flight (default 4)
      --timeout MS          per attempt (default 30000)
      --retries N           retries of timeouts, network errors, 408, 429, 5xx
                            (default 2)
      --max-response-bytes N
                            refuse a response body (inflated) larger than N
                            bytes (default 67108864, 64 MiB); redirects are
                            followed only within the URL's origin

Evaluation:
  -m, --metric SPEC   a metric spec; a bare name (ndcg, recall, P, rr, ap) is
                      computed at every cutoff of -k (repeatable; default:
                      ${DEFAULT_RETRIEVAL_METRICS.join(", ")})
  -k, --k-values LIST cutoffs for bare names (default ${
    DEFAULT_K_VALUES.join(",")
  })
      --limit N       results to ask for per query (default: deepest cutoff)
      --save-run FILE write the rankings as a TREC run (atomically)
      --format F      trec (default), json, csv or markdown; with --out, told
                      by its extension (.txt, .json, .csv, .md) when not given
      --out FILE      write the report to FILE (atomically) instead of stdout
  -q, --per-query     also print each query's values
      --strict        a failed query or an id outside the corpus is fatal;
                      otherwise failed queries score 0 and are listed on stderr
  -h, --help          this help`;

/** The options that choose and set up the retriever. */
const RETRIEVER_OPTIONS = {
  retriever: { type: "string" },
  k1: { type: "string" },
  b: { type: "string" },
  analyzer: { type: "string" },
  index: { type: "string" },
  url: { type: "string" },
  preset: { type: "string" },
  "max-response-bytes": { type: "string" },
  method: { type: "string" },
  "request-template": { type: "string" },
  "response-path": { type: "string" },
  header: { type: "string", multiple: true },
  concurrency: { type: "string" },
  timeout: { type: "string" },
  retries: { type: "string" },
} as const;

const BM25_ONLY = ["k1", "b", "analyzer", "index"] as const;
const HTTP_ONLY = [
  "preset",
  "max-response-bytes",
  "method",
  "request-template",
  "response-path",
  "header",
  "concurrency",
  "timeout",
  "retries",
] as const;

/**
 * Runs the command.
 *
 * @param args The arguments after `retrieve`.
 * @returns The exit status.
 */
export const run: (args: string[]) => Promise<number> = defineCommand({
  usage: USAGE,
  help: HELP,
  options: {
    dataset: { type: "string" },
    ...RETRIEVER_OPTIONS,
    metric: { type: "string", short: "m", multiple: true },
    "k-values": { type: "string", short: "k" },
    limit: { type: "string" },
    "save-run": { type: "string" },
    ...OUTPUT_OPTIONS,
    "per-query": { type: "boolean", short: "q" },
    strict: { type: "boolean" },
  },
  output: { formats: EVALUATION_FORMATS, fallback: "trec" },
  permissions: ({ values }) => {
    // A URL the retriever refuses is a usage error, not a host to ask for.
    if (values.url !== undefined) httpRetrieverOf(values);
    const index = values.index === undefined
      ? undefined
      : indexFile(values.index, values.analyzer);
    return {
      read: [values.dataset, index],
      write: [values["save-run"], index],
      net: [values.url],
    };
  },
  async run({ values, format, emit }) {
    if (values.dataset === undefined) {
      throw new UsageError("missing --dataset PATH", USAGE);
    }
    const kValues = values["k-values"] === undefined
      ? DEFAULT_K_VALUES
      : values["k-values"].split(",").map((k) =>
        intOption("-k", k.trim(), USAGE, 1)
      );
    const limit = values.limit === undefined
      ? undefined
      : intOption("--limit", values.limit, USAGE, 1);

    const metrics = values.metric?.length
      ? metricOptions(values.metric, "ranking", USAGE)
      : undefined;

    const datasetFormat = await builtinFormats.detect(values.dataset, {
      kinds: ["dataset"],
    });
    const dataset = await datasetFormat.read(
      values.dataset,
    ) as RetrievalDataset;
    // Progress only where a person watches: both streams on a terminal.
    const interactive = Deno.stderr.isTerminal() && Deno.stdout.isTerminal();
    const retriever = await retrieverOf(values, dataset, interactive);

    const progress = interactive ? progressBar("queries") : undefined;
    let report: RetrievalReport;
    try {
      report = await evaluateDataset(retriever, dataset, {
        kValues,
        metrics,
        limit,
        strict: values.strict,
        onProgress: progress?.update,
      });
    } catch (error) {
      if (error instanceof RetrievalError) {
        throw new ExitError(1, `ranklens retrieve: ${error.message}`);
      }
      throw error;
    } finally {
      progress?.clear();
    }

    for (const failure of report.failures) {
      console.error(
        `ranklens retrieve: warning: query "${failure.queryId}" failed (${failure.kind}): ${failure.message}`,
      );
    }
    for (const [queryId, ids] of report.unknownIds) {
      console.error(
        `ranklens retrieve: warning: query "${queryId}" returned ${ids.length} id(s) not in the corpus: ${
          ids.slice(0, 5).map((id) => JSON.stringify(id)).join(", ")
        }`,
      );
    }
    if (report.failures.length) {
      console.error(
        `ranklens retrieve: warning: ${report.failures.length} of ${report.nQueries} queries failed and scored 0; --strict makes this fatal`,
      );
    }
    if (report.skipped.length) {
      console.error(
        `ranklens retrieve: note: ${report.skipped.length} judged queries skipped (${
          report.skipped.slice(0, 3).map((s) => `"${s.queryId}": ${s.reason}`)
            .join("; ")
        }${report.skipped.length > 3 ? "; ..." : ""})`,
      );
    }
    if (values["save-run"] !== undefined) {
      await report.saveRun(values["save-run"]);
    }

    const perQuery = values["per-query"] ?? false;
    await emit(
      format === "json"
        ? JSON.stringify(
          {
            ...(dataset.name !== undefined ? { dataset: dataset.name } : {}),
            ...report.toJSON(),
            ...(perQuery ? {} : { perQuery: {} }),
          },
          null,
          2,
        ) + "\n"
        : renderEvaluation(report.evaluation!, format, {
          perQuery,
          runId: report.retriever,
        }),
    );
    return 0;
  },
});

/** Where `--index DIR` keeps the index of an analyzer. */
function indexFile(folder: string, analyzer: string | undefined): string {
  return join(folder, `bm25-${analyzer ?? "anserini"}.index`);
}

/** The retriever's options. */
type RetrieverValues = ParsedValues<typeof RETRIEVER_OPTIONS>;

async function retrieverOf(
  values: RetrieverValues,
  dataset: RetrievalDataset,
  interactive: boolean,
): Promise<Retriever> {
  if (values.url === undefined) {
    const stray = HTTP_ONLY.find((name) => values[name] !== undefined);
    if (stray) {
      throw new UsageError(`--${stray} needs --url`, USAGE);
    }
    if (values.retriever !== undefined && values.retriever !== "bm25") {
      throw new UsageError(
        `--retriever must be bm25 (or give --url), got "${values.retriever}"`,
        USAGE,
      );
    }
    return await bm25Of(values, dataset, interactive);
  }
  return httpRetrieverOf(values);
}

/**
 * The HTTP retriever of `--url` and its options, which it checks without
 * sending anything.
 */
function httpRetrieverOf(values: RetrieverValues): HttpRetriever {
  const strayBm25 = BM25_ONLY.find((name) => values[name] !== undefined);
  if (strayBm25) {
    throw new UsageError(`--${strayBm25} is for --retriever bm25`, USAGE);
  }
  if (values.retriever !== undefined) {
    throw new UsageError("give --retriever or --url, not both", USAGE);
  }
  const preset = values.preset === undefined
    ? undefined
    : choiceOption<SearchEnginePresetName>(
      "--preset",
      values.preset,
      USAGE,
      SEARCH_ENGINE_PRESET_NAMES,
    );
  const method = values.method?.toUpperCase();
  if (method !== undefined && method !== "POST" && method !== "GET") {
    throw new UsageError(
      `--method must be POST or GET, got "${values.method}"`,
      USAGE,
    );
  }
  let requestTemplate: unknown;
  if (values["request-template"] !== undefined) {
    const text = values["request-template"];
    try {
      requestTemplate = JSON.parse(text);
    } catch (error) {
      throw new UsageError(
        `--request-template must be JSON: ${(error as Error).message}`,
        USAGE,
      );
    }
    try {
      // A repeated key would be sent with its last value only, as every
      // other JSON input of ranklens refuses.
      checkUniqueKeys(text, requestTemplate, { name: "--request-template" });
    } catch (error) {
      throw new UsageError((error as Error).message, USAGE);
    }
  }
  const headers = new Headers();
  for (const header of values.header ?? []) {
    const colon = header.indexOf(":");
    if (colon <= 0) {
      throw new UsageError(
        `--header must be "Name: value", got "${header}"`,
        USAGE,
      );
    }
    try {
      headers.append(
        header.slice(0, colon).trim(),
        header.slice(colon + 1).trim(),
      );
    } catch {
      throw new UsageError(`invalid --header "${header}"`, USAGE);
    }
  }
  const concurrency = values.concurrency === undefined
    ? undefined
    : intOption("--concurrency", values.concurrency, USAGE, 1);
  const timeout = values.timeout === undefined
    ? undefined
    : intOption("--timeout", values.timeout, USAGE, 1);
  const retries = values.retries === undefined
    ? undefined
    : intOption("--retries", values.retries, USAGE, 0);
  const maxResponseBytes = values["max-response-bytes"] === undefined
    ? undefined
    : intOption("--max-response-bytes", values["max-response-bytes"], USAGE, 1);
  // What the constructor refuses (a URL, a placeholder, a response path) was
  // given on the command line.
  return usageErrors(USAGE, () =>
    new HttpRetriever({
      url: values.url!,
      preset,
      method,
      requestTemplate,
      responsePath: values["response-path"],
      headers,
      concurrency,
      timeout,
      retries,
      maxResponseBytes,
    }));
}

async function bm25Of(
  values: { k1?: string; b?: string; analyzer?: string; index?: string },
  dataset: RetrievalDataset,
  interactive: boolean,
): Promise<Bm25Retriever> {
  const number = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (value.trim() === "" || Number.isNaN(n)) {
      throw new UsageError(
        `option --${name} must be a number, got "${value}"`,
        USAGE,
      );
    }
    return n;
  };
  const analyzer = values.analyzer === undefined
    ? undefined
    : choiceOption<AnalyzerName>(
      "--analyzer",
      values.analyzer,
      USAGE,
      ANALYZER_NAMES,
    );
  const options = {
    k1: number("k1", values.k1),
    b: number("b", values.b),
    analyzer,
  };
  // The parameters are checked before minutes of indexing.
  usageErrors(USAGE, () => new Bm25Retriever([], options));
  const progress = interactive ? progressBar("documents") : undefined;
  const build = () => {
    try {
      return new Bm25Retriever(dataset.documents, {
        ...options,
        onProgress: progress?.update,
      });
    } finally {
      progress?.clear();
    }
  };
  if (values.index === undefined) return build();
  const path = indexFile(values.index, analyzer);
  let saved: Bm25Index | undefined;
  try {
    saved = await Bm25Index.load(path);
  } catch (error) {
    // A file that is not an index is replaced; one that cannot be read is
    // reported when it cannot be written either.
    if (error instanceof SyntaxError) {
      console.error(
        `ranklens retrieve: note: ${
          (error as Error).message
        }; indexing the corpus again`,
      );
    }
  }
  if (saved !== undefined) {
    if (
      Bm25Retriever.matches(saved, options) &&
      saved.fingerprint === Bm25Index.fingerprintOf(dataset.documents)
    ) {
      return new Bm25Retriever(saved, options);
    }
    console.error(
      `ranklens retrieve: note: the corpus or the analysis changed since ${path} was written; indexing again`,
    );
  }
  const retriever = build();
  try {
    await Deno.mkdir(values.index, { recursive: true });
    await retriever.index.save(path);
  } catch (error) {
    // The run goes on; only the next one pays for it.
    console.error(
      `ranklens retrieve: warning: the index could not be saved to ${path}: ${
        (error as Error).message
      }`,
    );
  }
  return retriever;
}

/**
 * A line redrawn in place on a terminal's stderr: how many items are done,
 * how fast, and how long the rest should take.
 */
function progressBar(unit: string): {
  update: (done: number, total: number | undefined) => void;
  clear: () => void;
} {
  const encoder = new TextEncoder();
  const write = (text: string) => Deno.stderr.writeSync(encoder.encode(text));
  const start = performance.now();
  let drawn = false;
  let last = 0;
  return {
    update(done, total) {
      const now = performance.now();
      // At most ten redraws a second, and always the last.
      if (now - last < 100 && done !== total) return;
      last = now;
      const seconds = (now - start) / 1000;
      const rate = seconds > 0 ? done / seconds : 0;
      const width = 30;
      const filled = total ? Math.round((done / total) * width) : 0;
      const eta = total && rate > 0
        ? `, ${Math.ceil((total - done) / rate)} s left`
        : "";
      write(
        `\r\x1b[K[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}${
          total ? `/${total}` : ""
        } ${unit}, ${Math.round(rate)}/s${eta}`,
      );
      drawn = true;
    },
    clear() {
      if (drawn) write("\r\x1b[K");
    },
  };
}
