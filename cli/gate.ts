/**
 * `ranklens gate QRELS RUN --baseline BASELINE`: fail (exit 1) when a run
 * scores worse than a baseline by more than allowed, for CI; any error exits
 * 2, so that 1 always means a regression.
 *
 * @module
 */

import { isReadOnce, openSource, readLines } from "../formats/source.ts";
import { readRun } from "../formats/trec_run.ts";
import { checkUtf8 } from "../formats/utf8.ts";
import { resolve } from "../metrics/builtin.ts";
import {
  checkComparable,
  compareEvaluations,
  type Comparison,
  type PairComparison,
} from "../metrics/compare.ts";
import { evaluate, type Evaluation } from "../metrics/evaluate.ts";
import { baselineEvaluation, parseSavedReport } from "../report/baseline.ts";
import {
  formatDifference,
  formatPValue,
  formatScore,
  TEST_NAMES,
} from "../report/comparison.ts";
import { toAligned } from "../report/table.ts";
import { UsageError } from "./errors.ts";
import {
  checkInputFile,
  checkStdinOnce,
  inputName,
  readQrelsFile,
} from "./input_files.ts";
import { intOption, metricOptions, usageErrors } from "./options.ts";
import { InputError } from "../model/errors.ts";
import {
  significanceOptionDefinitions,
  significanceOptions,
} from "./significance_options.ts";
import { defineCommand } from "./command.ts";
import { scoreRunFiles } from "./compare.ts";
import {
  INPUT_OPTIONS,
  INPUT_OPTIONS_HELP,
  inputChoices,
} from "./input_options.ts";

const USAGE =
  "ranklens gate QRELS RUN --baseline BASELINE [-m SPEC=MAX_DROP]... [--require-significance] [--test t|permutation|fisher|wilcoxon|bootstrap|tukey] [--alternative two-sided|less|greater] [--zero-method wilcox|pratt|zsplit] [--continuity-correction] [--correction none|holm|bonferroni] [--alpha 0.05] [--seed N] [--top N]";

const HELP =
  `Scores RUN on every judged query of QRELS (a query it did not return scores
0, as trec_eval -c) and compares it query by query with BASELINE: a run file
(TREC, JSON or JSON Lines), or a report saved by "eval --save-report" (then
scored with the options the report was saved with). Exits 1 when a metric's
mean falls by more than its MAX_DROP (and, with --require-significance, the
fall is significant), 0 otherwise; a usage or input error exits 2 with a
message, so that a CI step can tell a regression from a broken input.

Options:
      --baseline FILE       baseline run file or saved JSON report (required)
  -m, --metric SPEC=DROP    a metric and the largest allowed fall of its mean:
                            an absolute amount (0.01) or a share of the
                            baseline mean (2%); "SPEC" alone allows none.
                            Repeatable. Default: every metric of a saved
                            report, or ap and ndcg@10 for a baseline run.
      --require-significance  fail only when the fall is also significant
      --test T              t (default), permutation, fisher, wilcoxon, bootstrap
                            or tukey (unpaired, two-sided)
      --alternative H       two-sided (default), less (the run scores lower:
                            the one-sided test of a regression) or greater,
                            as scipy's alternative
      --zero-method Z       Wilcoxon zeros: wilcox (default), pratt or zsplit
      --continuity-correction
                            Wilcoxon normal approximation with continuity
                            correction (scipy's correction=True; default off)
      --correction C        none (default), holm or bonferroni over the metrics
      --alpha A             significance level (default 0.05)
      --seed N              seed of sampled tests (default 42)
      --top N               queries listed per failing metric (default 5)
${INPUT_OPTIONS_HELP}
  -h, --help                this help`;

/** A gated metric: its label and the largest allowed fall of its mean. */
export interface GateRule {
  /** The metric spec as written. */
  readonly spec: string;
  /** The allowed fall: an amount, or a fraction of the baseline mean. */
  readonly maxDrop: number;
  /** Whether `maxDrop` is a fraction of the baseline mean. */
  readonly relative: boolean;
}

const RULE = /^(.+)=\s*(\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?\s*(%?)$/;

/**
 * Parses `SPEC=MAX_DROP` (`ndcg@10=0.02`, `ap=5%`) or a bare `SPEC`
 * (no fall allowed). The split is at the last `=` followed by a number, so
 * specs with parameters (`P(rel=2)@5=0.01`) work.
 *
 * @example
 * ```ts
 * import { parseGateRule } from "./gate.ts";
 * console.log(parseGateRule("P(rel=2)@5=2%")); // { spec: "P(rel=2)@5", maxDrop: 0.02, relative: true }
 * ```
 *
 * @param text The option value.
 * @returns The rule.
 * @throws {UsageError} If the spec is empty.
 */
export function parseGateRule(text: string): GateRule {
  const match = RULE.exec(text);
  if (!match) {
    if (text.trim() === "") throw new UsageError("empty metric spec", USAGE);
    return { spec: text.trim(), maxDrop: 0, relative: false };
  }
  const number = Number(match[2] + (match[3] ? `e${match[3]}` : ""));
  const relative = match[4] === "%";
  return {
    spec: match[1].trim(),
    maxDrop: relative ? number / 100 : number,
    relative,
  };
}

/**
 * The baseline's text when it is read here: a JSON report (a `{` first),
 * plain or gzipped, or whatever standard input or a pipe holds, which can
 * be read only once (a run there is scored from this text).
 */
async function baselineText(path: string): Promise<string | undefined> {
  if (!isReadOnce(path) && !(await isJsonReport(path))) return undefined;
  const { name, stream } = await openSource(path);
  return await new Response(checkUtf8(stream, name)).text();
}

/**
 * Whether a baseline's text is a saved report, not a JSON run (an object of
 * query ids) or a JSON Lines run, which begin with `{` too: a report is one
 * JSON object with `perQuery`, `metrics` or `ranklens`. Text that is not
 * one JSON value is a report cut short, unless its first line is a JSON
 * value of its own (JSON Lines).
 */
function isSavedReport(text: string): boolean {
  const start = text.trimStart();
  if (!start.startsWith("{")) return false;
  let value: unknown;
  try {
    value = JSON.parse(start);
  } catch {
    try {
      JSON.parse(start.split("\n", 1)[0]);
      return false;
    } catch {
      return true;
    }
  }
  return typeof value === "object" && value !== null &&
    ("perQuery" in value || "metrics" in value || "ranklens" in value);
}

async function isJsonReport(path: string): Promise<boolean> {
  const { stream } = await openSource(path);
  for await (const line of readLines(stream, { name: path })) {
    const text = line.text.trim();
    if (text === "") continue;
    await stream.cancel().catch(() => {});
    return text.startsWith("{");
  }
  return false;
}

/** One gated metric's verdict. */
export interface GateVerdict {
  /** The comparison of run and baseline on the metric. */
  readonly pair: PairComparison;
  /** The allowed fall of the mean, as an amount. */
  readonly allowed: number;
  /** How much the mean fell (negative: it rose). */
  readonly drop: number;
  /** Whether the metric fails the gate. */
  readonly failed: boolean;
}

/**
 * How far beyond the allowed fall a mean may fall and still pass, relative
 * to the baseline mean (at least 1): the rounding of means summed in
 * floating point. P@20 of DL 2020's tasb and bm25 runs are 669/1080 and
 * 507/1080, a fall of exactly 0.15 computed as 0.15000000000000002, which
 * failed `-m P@20=0.15`. A naive sum of a million values in [0, 1] is off by
 * at most about 2e-10.
 */
const DROP_TOLERANCE = 1e-9;

/**
 * Judges each metric of a run-versus-baseline comparison (`a` = run,
 * `b` = baseline): it fails when the mean fell by more than allowed (beyond
 * the rounding of the means, 1e-9 of the baseline mean) and, with
 * `requireSignificance`, the fall is significant.
 *
 * @param comparison The comparison.
 * @param rules The rules, aligned with the comparison's metrics.
 * @param requireSignificance Fail only on significant falls.
 * @returns One verdict per metric.
 */
export function judgeGate(
  comparison: Comparison,
  rules: readonly GateRule[],
  requireSignificance: boolean,
): GateVerdict[] {
  return comparison.pairs.map((pair, i) => {
    const rule = rules[i];
    const allowed = rule.relative ? rule.maxDrop * pair.bMean : rule.maxDrop;
    const drop = pair.bMean - pair.aMean;
    const failed =
      drop - allowed > DROP_TOLERANCE * Math.max(1, Math.abs(pair.bMean)) &&
      (!requireSignificance || pair.significant);
    return { pair, allowed, drop, failed };
  });
}

/**
 * The text `gate` prints: one row per metric, then for each failing metric
 * the queries that fell most.
 *
 * @param comparison The comparison.
 * @param verdicts The verdicts.
 * @param top How many queries to list per failing metric.
 * @returns The text.
 */
export function gateReport(
  comparison: Comparison,
  verdicts: readonly GateVerdict[],
  top: number,
): string {
  const table = toAligned({
    header: [
      "metric",
      "baseline",
      "run",
      "change",
      "allowed drop",
      "p",
      "status",
    ],
    rows: verdicts.map((v) => [
      v.pair.metric,
      formatScore(v.pair.bMean),
      formatScore(v.pair.aMean),
      formatDifference(v.pair.diff),
      formatScore(v.allowed),
      formatPValue(v.pair.pAdjusted),
      v.failed ? "FAIL" : "ok",
    ]),
    alignRight: [false, true, true, true, true, true, false],
  });
  const lines = [
    `gate: ${comparison.queries.length} judged queries; ${
      TEST_NAMES[comparison.test]
    }${
      comparison.alternative === "two-sided"
        ? ""
        : `, ${comparison.alternative}`
    }, alpha ${comparison.alpha}${
      comparison.correction === "none" ? "" : `, ${comparison.correction}`
    }`,
    table.trimEnd(),
  ];
  const run = comparison.systems.find((s) => s.name === "run")!;
  const base = comparison.systems.find((s) => s.name === "baseline")!;
  for (const v of verdicts.filter((v) => v.failed)) {
    const m = v.pair.metric;
    lines.push(
      "",
      `FAIL ${m} fell by ${formatScore(v.drop)} (from ${
        formatScore(v.pair.bMean)
      } to ${formatScore(v.pair.aMean)}; allowed ${formatScore(v.allowed)}; p ${
        pEquals(formatPValue(v.pair.pAdjusted))
      })`,
    );
    const fell = [...v.pair.differences.keys()]
      .filter((i) => v.pair.differences[i] < 0)
      .sort((i, j) => v.pair.differences[i] - v.pair.differences[j])
      .slice(0, top);
    if (fell.length) {
      lines.push(`  queries that fell most (of ${v.pair.losses} that fell):`);
      for (const i of fell) {
        lines.push(
          `    ${comparison.queries[i]}  ${
            formatDifference(v.pair.differences[i])
          }  (${formatScore(base.values[m][i])} -> ${
            formatScore(run.values[m][i])
          })`,
        );
      }
    }
  }
  const failed = verdicts.filter((v) => v.failed).length;
  lines.push(
    "",
    failed
      ? `gate: FAILED: ${failed} of ${verdicts.length} metric(s) regressed`
      : `gate: passed: ${verdicts.length} metric(s) within bounds`,
  );
  return lines.join("\n") + "\n";
}

/**
 * Runs the command.
 *
 * @param args The arguments after `gate`.
 * @returns The exit status: 1 when a metric regressed.
 */
export const run: (args: string[]) => Promise<number> = defineCommand({
  usage: USAGE,
  help: HELP,
  options: {
    baseline: { type: "string" },
    metric: { type: "string", short: "m", multiple: true },
    "require-significance": { type: "boolean" },
    ...significanceOptionDefinitions("none"),
    top: { type: "string", default: "5" },
    ...INPUT_OPTIONS,
  },
  positionals: { min: 2, expected: "QRELS and RUN" },
  permissions: ({ values, positionals }) => ({
    read: [...positionals, values.baseline],
  }),
  async run({ values, positionals }) {
    if (values.baseline === undefined) {
      throw new UsageError("--baseline is required", USAGE);
    }
    const significance = significanceOptions(values, USAGE);
    const top = intOption("--top", values.top, USAGE, 0);
    const given = values.metric?.length
      ? values.metric.map(parseGateRule)
      : undefined;
    const gated = new Map<string, string>();
    given?.forEach((rule, i) => {
      const [label] = metricOptions([rule.spec], "ranking", USAGE);
      // Refused before any file is read, as compare refuses it.
      usageErrors(USAGE, () => checkComparable(resolve(label)));
      const earlier = gated.get(label);
      if (earlier !== undefined) {
        throw new UsageError(
          `"${values.metric![i]}" gates ${label} again (after "${earlier}")`,
          USAGE,
        );
      }
      gated.set(label, values.metric![i]);
    });
    const [qrelsPath, runPath] = positionals;
    checkStdinOnce([qrelsPath, runPath, values.baseline], USAGE);
    const inputs = inputChoices(values, USAGE);
    const qrels = await readQrelsFile(qrelsPath, inputs.qrels);

    await checkInputFile(values.baseline);
    const text = await baselineText(values.baseline);
    const saved = text !== undefined && isSavedReport(text)
      ? parseSavedReport(text, inputName(values.baseline))
      : undefined;
    const rules = given ??
      (saved?.metrics ?? ["ap", "ndcg@10"]).map((spec) => ({
        spec,
        maxDrop: 0,
        relative: false,
      }));
    // A saved report's sums and geometric means are not gated by default,
    // nor a metric undefined for some queries.
    const usable = given ??
      rules.filter((r) => {
        const metric = resolve(r.spec);
        return metric.aggregate === "mean" && !metric.appliesTo;
      });
    // Nothing gated would print "passed" on nothing compared.
    if (usable.length === 0 && saved !== undefined) {
      throw new InputError(
        inputName(values.baseline),
        0,
        `holds no metric averaged over queries, which gate compares by default (it holds ${
          JSON.stringify(saved.metrics)
        }); name one to gate with -m`,
      );
    }
    const labels = usable.map((r) => resolve(r.spec).label);
    const options = {
      metrics: labels,
      querySet: "judged" as const,
      ...(saved?.options ?? {}),
    };
    const [scored] = await scoreRunFiles(qrels, [runPath], {
      ...options,
      runFormat: inputs.run.format,
    });
    const baseline: Evaluation = saved
      ? baselineEvaluation(saved, qrels, labels)
      : text !== undefined && isReadOnce(values.baseline)
      ? await evaluate(
        readRun({ text }, {
          name: inputName(values.baseline),
        }),
        qrels,
        labels,
        {
          averageOverQrels: true,
          requireJudged: true,
        },
      )
      : (await scoreRunFiles(qrels, [values.baseline], options))[0].evaluation;
    const comparison = compareEvaluations(
      new Map([["run", scored.evaluation], ["baseline", baseline]]),
      {
        baseline: "baseline",
        ...significance,
        metrics: labels,
        judgedQueries: qrels.keys(),
      },
    );
    const verdicts = judgeGate(
      comparison,
      usable,
      values["require-significance"] ?? false,
    );
    await Deno.stdout.write(
      new TextEncoder().encode(gateReport(comparison, verdicts, top)),
    );
    return verdicts.some((v) => v.failed) ? 1 : 0;
  },
});

/** `= 0.0312`, or `< 0.0001` as it stands. */
function pEquals(text: string): string {
  return text.startsWith("<") ? text : `= ${text}`;
}
