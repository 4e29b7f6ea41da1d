/**
 * `ranklens compare QRELS RUN_A RUN_B [RUN...]`: compare runs with paired
 * significance tests and print or save a report.
 *
 * @module
 */

import {
  checkComparable,
  compareEvaluations,
  type Comparison,
  curveSpecs,
  DEFAULT_COMPARE_SPECS,
  DEFAULT_CURVE_CUTOFFS,
  QUERY_SETS,
  type QuerySet,
} from "../metrics/compare.ts";
import type { Evaluation } from "../metrics/evaluate.ts";
import { resolve } from "../metrics/builtin.ts";
import type { Qrels } from "../model/types.ts";
import {
  COMPARISON_FORMATS,
  renderComparison,
} from "../report/comparison_formats.ts";
import type { ReportInput } from "../report/html.ts";
import { UsageError } from "./errors.ts";
import { isReadOnce } from "../formats/source.ts";
import { checkStdinOnce, inputName, readQrelsFile } from "./input_files.ts";
import {
  choiceOption,
  intOption,
  metricOptions,
  SCORING_OPTIONS,
  scoringChoices,
  usageErrors,
} from "./options.ts";
import {
  significanceOptionDefinitions,
  significanceOptions,
} from "./significance_options.ts";
import { defineCommand, OUTPUT_OPTIONS } from "./command.ts";
import { evaluateRunFile } from "./run_file.ts";
import {
  INPUT_OPTIONS,
  INPUT_OPTIONS_HELP,
  inputChoices,
} from "./input_options.ts";

const USAGE =
  "ranklens compare QRELS RUN_A RUN_B [RUN...] [-m SPEC]... [--test t|permutation|fisher|wilcoxon|bootstrap|tukey] [--alternative two-sided|less|greater] [--zero-method wilcox|pratt|zsplit] [--continuity-correction] [--correction holm|bonferroni|none] [--alpha 0.05] [--seed N] [--resamples N] [--query-set judged|intersection] [--baseline NAME] [-l N] [-M N] [-J] [--format table|markdown|csv|json|latex|html] [-q] [--out FILE]";

const HELP =
  `Scores every run against QRELS and compares them query by query: means with
confidence intervals, a paired significance test for every pair of runs and
metric, corrected for multiple comparisons, effect sizes and wins/ties/losses.

Options:
  -m, --metric SPEC      a metric spec (repeatable; default: ap, ndcg@10, P@10, rr)
      --test T           t (default), permutation, fisher, wilcoxon, bootstrap or
                         tukey (Tukey's HSD over all runs at once, as ranx)
      --alternative H    two-sided (default), less (RUN_A lower) or greater
                         (RUN_A higher), as scipy's alternative
      --zero-method Z    Wilcoxon zeros: wilcox (default, dropped), pratt or
                         zsplit, as scipy's zero_method
      --continuity-correction
                         Wilcoxon normal approximation with continuity
                         correction (scipy's correction=True; default off)
      --correction C     holm (default), bonferroni or none, over all tests
      --alpha A          significance level (default 0.05)
      --seed N           seed of sampled tests and bootstrap intervals (default 42)
      --resamples N      resamples of sampled tests and intervals (default 10000)
      --query-set S      judged (default: every judged query, a query a run did
                         not return scores 0, as trec_eval -c) or intersection
      --baseline NAME    compare every run with this one instead of all pairs
  -l, --level N          relevance level: grades >= N are relevant (default 1)
  -M, --depth N          keep the top N documents of each ranking
  -J, --judged-only      drop unjudged documents before scoring
      --format F         table (default), markdown, csv, json, latex or html;
                         with --out, told by its extension (.html, .md, .csv,
                         .json, .tex) when not given
  -q, --per-query        include per-query values in json
      --out FILE         write the report to FILE (atomically) instead of stdout
${INPUT_OPTIONS_HELP}
  -h, --help             this help

Runs are named by their run tag, or by file name when tags repeat.`;

/**
 * Names runs by their tags when every run has a distinct tag, else by file
 * name (made unique with a numeric suffix).
 *
 * @param paths The run files.
 * @param tags Their tags.
 * @returns The names.
 */
export function runNames(
  paths: readonly string[],
  tags: readonly (string | undefined)[],
): string[] {
  if (
    tags.every((t) => t !== undefined) && new Set(tags).size === tags.length
  ) {
    return tags as string[];
  }
  const seen = new Map<string, number>();
  return paths.map((p) => {
    const base = fileName(p) || p;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}#${count}`;
  });
}

/**
 * node:path's `basename` (trailing separators dropped), without node:path,
 * whose import would set up Node compatibility before anything is compared.
 */
function fileName(path: string): string {
  const separator = Deno.build.os === "windows" ? /[\\/]/ : /\//;
  let end = path.length;
  while (end > 0 && separator.test(path[end - 1])) end--;
  let start = end;
  while (start > 0 && !separator.test(path[start - 1])) start--;
  return path.slice(start, end);
}

/** Everything `compare` and `gate` share about scoring run files. */
export interface ScoreOptions {
  /** Metric specs. */
  readonly metrics: readonly string[];
  /** Extra specs scored for curves only. */
  readonly extra?: readonly string[];
  /** The runs' format (default: detected). */
  readonly runFormat?: string;
  /** The query set. */
  readonly querySet: QuerySet;
  /** Relevance level. */
  readonly relevanceLevel?: number;
  /** Depth. */
  readonly depth?: number;
  /** Judged only. */
  readonly judgedOnly?: boolean;
}

/**
 * Scores run files for a comparison: trec_eval `-c` for the judged query set.
 *
 * @param qrels The judgements.
 * @param paths The run files.
 * @param options Metrics and evaluation options.
 * @returns Each run's evaluation and tag.
 */
export async function scoreRunFiles(
  qrels: Qrels,
  paths: readonly string[],
  options: ScoreOptions,
): Promise<{ evaluation: Evaluation; runId: string | undefined }[]> {
  const out = [];
  for (const path of paths) {
    out.push(
      await evaluateRunFile(
        qrels,
        path,
        [...options.metrics, ...(options.extra ?? [])],
        {
          relevanceLevel: options.relevanceLevel,
          depth: options.depth,
          judgedOnly: options.judgedOnly,
          averageOverQrels: options.querySet === "judged",
          format: options.runFormat,
        },
      ),
    );
  }
  return out;
}

/**
 * The input files as the HTML report's header names them: each path as
 * given (`<stdin>` for `-`), with the SHA-256 of its bytes when it is one
 * file: standard input or a pipe was consumed by the reading, and a BEIR
 * folder is several files.
 *
 * @param qrelsPath The qrels file.
 * @param runPaths The run files.
 * @param names The runs' names, aligned with `runPaths`.
 * @returns The inputs.
 */
async function reportInputs(
  qrelsPath: string,
  runPaths: readonly string[],
  names: readonly string[],
): Promise<ReportInput[]> {
  const hash = async (path: string) => {
    if (isReadOnce(path) || (await Deno.stat(path)).isDirectory) {
      return undefined;
    }
    const digest = await crypto.subtle.digest(
      "SHA-256",
      await Deno.readFile(path),
    );
    return [...new Uint8Array(digest)].map((b) =>
      b.toString(16).padStart(2, "0")
    ).join("");
  };
  return [
    {
      role: "qrels",
      name: inputName(qrelsPath),
      sha256: await hash(qrelsPath),
    },
    ...await Promise.all(runPaths.map(async (path, i) => ({
      role: `run ${names[i]}`,
      name: inputName(path),
      sha256: await hash(path),
    }))),
  ];
}

/**
 * Runs the command.
 *
 * @param args The arguments after `compare`.
 * @returns The exit status.
 */
export const run: (args: string[]) => Promise<number> = defineCommand({
  usage: USAGE,
  help: HELP,
  options: {
    metric: { type: "string", short: "m", multiple: true },
    ...significanceOptionDefinitions("holm"),
    resamples: { type: "string", default: "10000" },
    "query-set": { type: "string", default: "judged" },
    baseline: { type: "string" },
    ...SCORING_OPTIONS,
    ...OUTPUT_OPTIONS,
    "per-query": { type: "boolean", short: "q" },
    ...INPUT_OPTIONS,
  },
  positionals: {
    min: 3,
    max: Infinity,
    expected: "QRELS and at least two runs",
  },
  output: { formats: COMPARISON_FORMATS, fallback: "table" },
  permissions: ({ positionals }) => ({ read: positionals }),
  async run({ values, positionals, format, emit }) {
    const significance = significanceOptions(values, USAGE);
    const querySet = choiceOption<QuerySet>(
      "--query-set",
      values["query-set"],
      USAGE,
      QUERY_SETS,
    );
    const resamples = intOption("--resamples", values.resamples, USAGE, 1);
    const scoring = scoringChoices(values, USAGE);
    const [qrelsPath, ...runPaths] = positionals;
    checkStdinOnce(positionals, USAGE);
    const metrics = metricOptions(
      values.metric?.length ? values.metric : DEFAULT_COMPARE_SPECS,
      "ranking",
      USAGE,
    );
    for (const spec of metrics) {
      usageErrors(USAGE, () => checkComparable(resolve(spec)));
    }
    const curveCutoffs = format === "html" ? DEFAULT_CURVE_CUTOFFS : [];
    const inputs = inputChoices(values, USAGE);
    const qrels = await readQrelsFile(qrelsPath, inputs.qrels);
    const scored = await scoreRunFiles(qrels, runPaths, {
      runFormat: inputs.run.format,
      metrics,
      extra: curveSpecs(metrics, curveCutoffs),
      querySet,
      ...scoring,
    });
    const names = runNames(runPaths, scored.map((s) => s.runId));
    if (values.baseline !== undefined && !names.includes(values.baseline)) {
      throw new UsageError(
        `--baseline must name one of the runs (${
          names.join(", ")
        }), got "${values.baseline}"`,
        USAGE,
      );
    }
    const comparison: Comparison = compareEvaluations(
      new Map(scored.map((s, i) => [names[i], s.evaluation])),
      {
        ...significance,
        resamples,
        querySet,
        baseline: values.baseline,
        metrics,
        judgedQueries: qrels.keys(),
        curveCutoffs,
      },
    );
    const html = format === "html"
      ? {
        inputs: await reportInputs(qrelsPath, runPaths, names),
        options: {
          metrics: metrics.join(" "),
          "relevance level": String(scoring.relevanceLevel),
          depth: scoring.depth === undefined ? "all" : String(scoring.depth),
          "judged only": scoring.judgedOnly ? "yes" : "no",
        },
      }
      : undefined;
    const color = format === "table" && values.out === undefined &&
      Deno.stdout.isTerminal() && !Deno.noColor;
    await emit(renderComparison(comparison, format, {
      color,
      perQuery: values["per-query"],
      html,
    }));
    return 0;
  },
});
