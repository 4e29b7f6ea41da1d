/**
 * Reading option values on the command line: every mistake is a
 * {@linkcode UsageError} carrying the usage line of the command it was made
 * in.
 *
 * @module
 */

import { checkMetricCount } from "../formats/limits.ts";
import { builtinRegistry } from "../metrics/builtin.ts";
import { expandMeasureList, knownIn } from "../metrics/measure_list.ts";
import { UsageError, usageErrors } from "./errors.ts";

export { usageErrors };

/**
 * Parses an integer option.
 *
 * @example
 * ```ts
 * import { intOption } from "./options.ts";
 * console.log(intOption("-M", "100", "eval QRELS RUN", 1)); // 100
 * ```
 *
 * @param name The option, for the message.
 * @param value Its text.
 * @param usage The command's usage line.
 * @param min The smallest allowed value.
 * @param max The largest allowed value. Default: `Number.MAX_SAFE_INTEGER`.
 * @returns The integer.
 * @throws {UsageError} If the text is not a decimal integer in range.
 */
export function intOption(
  name: string,
  value: string,
  usage: string,
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
): number {
  const n = Number(value);
  if (!/^[+-]?\d+$/.test(value) || n < min) {
    throw new UsageError(
      `option ${name} must be an integer >= ${min}, got "${value}"`,
      usage,
    );
  }
  if (n > max) {
    throw new UsageError(
      `option ${name} must be at most ${max}, got "${value}"`,
      usage,
    );
  }
  return n;
}

/**
 * Parses a number option in an open interval.
 *
 * @example
 * ```ts
 * import { numberOption } from "./options.ts";
 * console.log(numberOption("--alpha", "0.01", "compare ...", 0, 1)); // 0.01
 * ```
 *
 * @param name The option, for the message.
 * @param value Its text.
 * @param usage The command's usage line.
 * @param low Exclusive lower bound.
 * @param high Exclusive upper bound.
 * @returns The number.
 * @throws {UsageError} If the text is not a number strictly between the bounds.
 */
export function numberOption(
  name: string,
  value: string,
  usage: string,
  low: number,
  high: number,
): number {
  const n = Number(value);
  if (value.trim() === "" || !(n > low && n < high)) {
    throw new UsageError(
      `option ${name} must be a number in (${low}, ${high}), got "${value}"`,
      usage,
    );
  }
  return n;
}

/**
 * Checks an option whose value is one of a few words.
 *
 * @example
 * ```ts
 * import { choiceOption } from "./options.ts";
 * console.log(choiceOption("--format", "csv", "eval ...", ["trec", "csv"] as const)); // "csv"
 * ```
 *
 * @param name The option, for the message.
 * @param value Its text.
 * @param usage The command's usage line.
 * @param choices The allowed values.
 * @returns The value.
 * @throws {UsageError} If the value is not one of the choices.
 */
export function choiceOption<T extends string>(
  name: string,
  value: string,
  usage: string,
  choices: readonly T[],
): T {
  if (!(choices as readonly string[]).includes(value)) {
    throw new UsageError(
      `${name} must be one of ${choices.join(", ")}, got "${value}"`,
      usage,
    );
  }
  return value as T;
}

/**
 * Refuses more metric specs than `--max-metrics` allows, before any is
 * parsed (100,000 of them overflowed the stack): a usage error (exit 2),
 * not a bug.
 *
 * @example
 * ```ts
 * import { checkSpecCount } from "./options.ts";
 * checkSpecCount(3, "usage: ranklens eval QRELS RUN");
 * ```
 *
 * @param count How many specs.
 * @param usage The command's usage line.
 * @throws {UsageError} If there are more than the bound.
 */
export function checkSpecCount(count: number, usage: string): void {
  try {
    checkMetricCount(count);
  } catch (error) {
    throw new UsageError((error as Error).message, usage);
  }
}

/**
 * Checks the metric specs of `-m` options against the registry and returns
 * their labels, each once: a metric asked for twice (`-m map -m ap`) is
 * scored, printed and counted among the tests once. An option may hold
 * several specs (`-m 'nDCG@10 P@5'`, `-m ndcg@10,P@5`), trec_eval's
 * `name.params` (`-m P.5,10`) or nicknames (`-m official`).
 *
 * @example
 * ```ts
 * import { metricOptions } from "./options.ts";
 * console.log(metricOptions(["map", "ndcg_cut_10", "ap"], "ranking", "eval ...")); // ["ap", "ndcg@10"]
 * console.log(metricOptions(["nDCG@10 P@5", "ndcg_cut.10"], "ranking", "eval ...")); // ["ndcg@10", "P@5"]
 * ```
 *
 * @param specs The specs as given.
 * @param kind What the command scores: `ranking`, `rag` or `diversity`
 * (rankings against subtopic qrels).
 * @param usage The command's usage line.
 * @returns The labels (canonical specs) in first-seen order.
 * @throws {UsageError} If a spec is malformed, names no metric, or names a
 * metric of another kind.
 */
export function metricOptions(
  specs: readonly string[],
  kind: "ranking" | "rag" | "diversity",
  usage: string,
): string[] {
  checkSpecCount(specs.length, usage);
  const labels = new Set<string>();
  const expanded = usageErrors(
    usage,
    () => expandMeasureList(specs, knownIn(builtinRegistry, [kind])),
  );
  for (const spec of expanded) {
    const metric = usageErrors(
      usage,
      () => builtinRegistry.resolve(spec, kind),
    );
    if (metric.kind !== kind) {
      const what = kind === "rag"
        ? "RAG samples"
        : kind === "diversity"
        ? "rankings against subtopic qrels"
        : "rankings";
      const hint = metric.kind === "diversity"
        ? "; the diversity measures read subtopic qrels (qid subtopic docno rel): score them in an eval of their own"
        : "";
      throw new UsageError(
        `Metric "${metric.label}" scores ${metric.kind} inputs, not ${what}${hint}`,
        usage,
      );
    }
    labels.add(metric.label);
  }
  return [...labels];
}

/** The `parseArgs` definitions of `-l`, `-M` and `-J`. */
export const SCORING_OPTIONS = {
  level: { type: "string", short: "l" },
  depth: { type: "string", short: "M" },
  "judged-only": { type: "boolean", short: "J" },
} as const;

/** What `-l`, `-M` and `-J` ask of the evaluation. */
export interface ScoringChoices {
  /** `-l`: grades from this one are relevant. Default 1. */
  readonly relevanceLevel: number;
  /** `-M`: the documents kept of each ranking. Default: all. */
  readonly depth: number | undefined;
  /** `-J`: drop unjudged documents. */
  readonly judgedOnly: boolean | undefined;
}

/**
 * Parses `-l`, `-M` and `-J`, as trec_eval reads them.
 *
 * @example
 * ```ts
 * import { scoringChoices } from "./options.ts";
 * console.log(scoringChoices({ level: "2" }, "eval ...")); // { relevanceLevel: 2, depth: undefined, judgedOnly: undefined }
 * ```
 *
 * @param values The parsed options.
 * @param usage The command's usage line, for errors.
 * @returns The choices.
 * @throws {UsageError} If `-l` is not a whole number or `-M` not a positive one.
 */
export function scoringChoices(
  values: { level?: string; depth?: string; "judged-only"?: boolean },
  usage: string,
): ScoringChoices {
  return {
    relevanceLevel: values.level === undefined
      ? 1
      : intOption("-l", values.level, usage, 0),
    depth: values.depth === undefined
      ? undefined
      : intOption("-M", values.depth, usage, 1),
    judgedOnly: values["judged-only"],
  };
}

/** The largest `--seed`: the sampled tests seed a 32-bit generator. */
export const MAX_SEED = 0xffffffff;
