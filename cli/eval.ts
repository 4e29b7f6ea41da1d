/**
 * `ranklens eval QRELS RUN`: score a TREC run with any registry metric.
 *
 * @module
 */

import { OFFICIAL_SPECS } from "../metrics/official.ts";
import {
  EVALUATION_FORMATS,
  type EvaluationFormat,
  renderEvaluation,
} from "../report/evaluation.ts";
import { UsageError } from "./errors.ts";
import { readQrelsFile } from "./input_files.ts";
import {
  checkSpecCount,
  metricOptions,
  SCORING_OPTIONS,
  scoringChoices,
} from "./options.ts";
import { evaluateRunFile } from "./run_file.ts";
import { checkInputFile, checkStdinOnce, inputName } from "./input_files.ts";
import { readRun } from "../formats/trec_run.ts";
import { InputError } from "../model/errors.ts";
import { defineCommand, OUTPUT_OPTIONS } from "./command.ts";
import {
  INPUT_OPTIONS,
  INPUT_OPTIONS_HELP,
  inputChoices,
} from "./input_options.ts";

const USAGE =
  "ranklens eval QRELS RUN [SPECS]... [-m SPEC]... [-q] [-c] [-l N] [-M N] [-J] [--strict] [--format trec|json|csv|markdown] [--out FILE] [--save-report FILE] [--qrels-format F] [--run-format F] [--split NAME]";

const HELP =
  `Scores every judged query of RUN against QRELS. RUN is a TREC run, a JSON
dict {qid: {docid: score}} (ranx, pytrec_eval), the same as JSON Lines or an
MS MARCO qid<TAB>pid<TAB>rank TSV; QRELS is TREC qrels, BEIR TSV, a BEIR
folder, a Go JSON dataset or a JSON dict {qid: {docid: relevance}}. Each may
be gzipped; the format is detected unless named.

SPECS after the files are metrics too, as the ir_measures CLI takes them:
eval QRELS RUN 'nDCG@10 P@5 AP'.

Diversity measures (alpha_nDCG@10, ERR_IA@20, NRBP, ...) read QRELS as
subtopic qrels, ndeval's "qid subtopic docno rel", in an eval of their own.

Options:
  -m, --metric SPEC   a metric spec such as ndcg@10, P(rel=2)@5, map_cut_100,
                      several separated by spaces or commas ('nDCG@10 P@5'),
                      trec_eval's name.params (ndcg_cut.10, P.5,10) or a
                      nickname (official, all_trec, set)
                      (repeatable; default: trec_eval's official set)
  -q, --per-query     also print each query's values
  -c, --complete      average over every judged query; missing ones score 0
  -l, --level N       relevance level: grades >= N are relevant (default 1)
  -M, --depth N       keep the top N documents of each ranking
  -J, --judged-only   drop unjudged documents before scoring
      --strict        a run query without judgements is an error
      --format F      trec (default), json, csv or markdown; with --out, told
                      by its extension (.txt, .json, .csv, .md) when not given
      --out FILE      write the report to FILE (atomically) instead of stdout
      --save-report FILE  also save a JSON report with every per-query value
                      (atomically), a baseline for "gate"
${INPUT_OPTIONS_HELP}
  -h, --help          this help`;

/**
 * Runs the command.
 *
 * @param args The arguments after `eval`.
 * @returns The exit status.
 */
export const run: (args: string[]) => Promise<number> = defineCommand({
  usage: USAGE,
  help: HELP,
  options: {
    metric: { type: "string", short: "m", multiple: true },
    "per-query": { type: "boolean", short: "q" },
    complete: { type: "boolean", short: "c" },
    ...SCORING_OPTIONS,
    strict: { type: "boolean" },
    ...OUTPUT_OPTIONS,
    "save-report": { type: "string" },
    ...INPUT_OPTIONS,
  },
  positionals: { min: 2, max: Infinity, expected: "QRELS and RUN" },
  output: { formats: EVALUATION_FORMATS, fallback: "trec" },
  permissions: ({ values, positionals: [qrels, run] }) => ({
    read: [qrels, run],
    write: [values["save-report"]],
  }),
  async run({ values, positionals, format, emit }) {
    const specs = [...positionals.slice(2), ...values.metric ?? []];
    checkSpecCount(specs.length, USAGE);
    const [qrelsPath, runPath] = positionals;
    checkStdinOnce([qrelsPath, runPath], USAGE);
    const inputs = inputChoices(values, USAGE);
    const { relevanceLevel, depth, judgedOnly } = scoringChoices(
      values,
      USAGE,
    );
    const requested = specs.length ? specs : OFFICIAL_SPECS;
    if (allDiversity(requested)) {
      return await evalDiversity(qrelsPath, runPath, requested, {
        depth,
        format,
        emit,
        perQuery: values["per-query"],
        complete: values.complete,
        refused: [
          values.level !== undefined && "-l (give each measure rel=)",
          values["judged-only"] && "-J (give each measure judged_only=True)",
          values.strict && "--strict",
          values["save-report"] !== undefined && "--save-report",
        ].filter((o): o is string => typeof o === "string"),
      });
    }
    const metrics = metricOptions(requested, "ranking", USAGE);
    const qrels = await readQrelsFile(qrelsPath, inputs.qrels);
    const options = {
      relevanceLevel,
      depth,
      judgedOnly,
      averageOverQrels: values.complete,
      strict: values.strict,
    };
    const { evaluation, runId } = await evaluateRunFile(
      qrels,
      runPath,
      metrics,
      { ...options, ...inputs.run },
    );
    if (values["save-report"] !== undefined) {
      // Loaded when asked for, as the diversity path is: a plain eval
      // needs neither.
      const [{ writeFileAtomic }, { savedReport }] = await Promise.all([
        import("../formats/atomic_write.ts"),
        import("../report/baseline.ts"),
      ]);
      await writeFileAtomic(
        values["save-report"],
        JSON.stringify(savedReport(evaluation, options, runId), null, 2) +
          "\n",
      );
    }
    warnNotRetrieved(evaluation.counts.notRetrieved, values.complete);
    // As in trec_eval's layout, the summary rows are named "all": a query of
    // that name is printed, but cannot be told from them in a table.
    if (
      values["per-query"] && format !== "json" &&
      evaluation.perQuery.has("all")
    ) {
      console.error(
        'ranklens eval: warning: query "all" has the name of the summary rows; use --format json to tell them apart',
      );
    }
    await emit(renderEvaluation(evaluation, format, {
      perQuery: values["per-query"],
      runId,
    }));
    return 0;
  },
});

// Judged queries the run lacks are left out of the means, as trec_eval
// leaves them; ir_measures and ranx (make_comparable) score them 0, which is
// -c. The means differ, so the choice is told.
function warnNotRetrieved(count: number, complete: boolean | undefined) {
  if (complete || count === 0) return;
  console.error(
    `ranklens eval: warning: ${count} judged quer${
      count > 1 ? "ies are" : "y is"
    } not in the run and left out of the means, as trec_eval leaves them; -c scores them 0, as ir_measures and ranx (make_comparable) do`,
  );
}

// Whether every spec names a diversity measure: then QRELS is read as
// subtopic qrels. Spec by spec, so the first of another kind settles it
// (the official measures' first), not after resolving all of them.
function allDiversity(specs: readonly string[]): boolean {
  for (const spec of specs) {
    try {
      metricOptions([spec], "diversity", USAGE);
    } catch {
      return false;
    }
  }
  return true;
}

async function evalDiversity(
  qrelsPath: string,
  runPath: string,
  specs: readonly string[],
  options: {
    depth: number | undefined;
    format: EvaluationFormat;
    emit: (text: string) => Promise<void>;
    perQuery: boolean | undefined;
    complete: boolean | undefined;
    refused: string[];
  },
): Promise<number> {
  if (options.refused.length) {
    throw new UsageError(
      `the diversity measures do not take ${options.refused.join(", ")}`,
      USAGE,
    );
  }
  const metrics = metricOptions(specs, "diversity", USAGE);
  const [{ readSubtopicQrels }, { evaluateDiversity }] = await Promise.all([
    import("../formats/subtopic_qrels.ts"),
    import("../metrics/diversity/evaluate.ts"),
  ]);
  await checkInputFile(qrelsPath);
  const qrels = await readSubtopicQrels(qrelsPath);
  const qrelsName = inputName(qrelsPath);
  if (qrels.size === 0) {
    throw new InputError(
      qrelsName,
      0,
      "no judgements: the qrels file has no data lines",
    );
  }
  await checkInputFile(runPath);
  const run = readRun(runPath);
  const evaluation = await evaluateDiversity(run, qrels, metrics, {
    depth: options.depth,
    averageOverQrels: options.complete,
    requireJudged: true,
  });
  warnNotRetrieved(evaluation.counts.notRetrieved, options.complete);
  await options.emit(renderEvaluation(evaluation, options.format, {
    perQuery: options.perQuery,
    runId: run.tag,
  }));
  return 0;
}
